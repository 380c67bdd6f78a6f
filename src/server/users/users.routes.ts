import type { FastifyInstance } from 'fastify';
import * as users from '../../core/api/users';
import { userSchema } from '../../core/schemas/user';
import { typed } from '../http/contract';
import {
  changeUserStatus,
  getUserRecord,
  listUsersPage,
  saveUser,
  searchUsers,
  userGroupOptions,
} from './users.service';
import { readPhone } from '../../core/phone-numbers';
import { companyCountry } from '../company/company.service';
import { parseInput } from '../validation';

/** Users (spec 001 §7 employee calls under api/master/): the userHomepage screen (the user form comes with it). */
export async function userRoutes(app: FastifyInstance): Promise<void> {
  const api = typed(app);
  api.route(users.listUsers, async (request) => listUsersPage(request.tenant, request.body));
  api.route(users.searchUsers, async (request) => searchUsers(request.tenant, request.body));
  api.route(users.getUser, async (request) => getUserRecord(request.tenant, request.body.id));
  api.route(users.userGroups, async (request) => userGroupOptions(request.tenant));
  // Refusals keep the spec's shapes (status error, message, rescoremessage) on a real HTTP status.
  api.route(
    users.saveUser,
    // The mobiles read in the company's country (docs/design.md §34): E.164 when typed with + or outside India.
    async (request) =>
      saveUser(
        request.tenant,
        parseInput(userSchema({ country: await companyCountry(request.tenant), read: readPhone }), request.body),
      ),
  );
  api.route(users.changeUserStatus, async (request) => changeUserStatus(request.tenant, request.body));
}
