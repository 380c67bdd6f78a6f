import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  UserGroupOptionSchema,
  UserIdSchema,
  UserListSchema,
  UserPageSchema,
  UserRecordSchema,
  UserSaveAnswerSchema,
  UserSchema,
  userSchema,
  UserSearchSchema,
  UserStatusAnswerSchema,
  UserStatusSchema,
} from '../../core/schemas/user';
import { AnyBodySchema, screenReplies, typed } from '../http/contract';
import { changeUserStatus, getUserRecord, listUsersPage, saveUser, searchUsers, userGroupOptions } from './users.service';
import { readPhone } from '../../core/phone-numbers';
import { companyCountry } from '../company/company.service';
import { parseInput } from '../validation';

/** Users (spec 001 §7 employee calls under api/master/): the userHomepage screen (the user form comes with it). */
export async function userRoutes(app: FastifyInstance): Promise<void> {
  const api = typed(app);
  const access = { screen: 'userHomepage' } as const;
  api.post('/api/master/getempmasterfroEmp', { config: { access }, schema: { body: UserPageSchema, response: screenReplies(UserListSchema) } }, async (request) =>
    listUsersPage(request.tenant, request.body),
  );
  api.post(
    '/api/master/getSearchForEmployeeMaster',
    { config: { access }, schema: { body: UserSearchSchema, response: screenReplies(UserListSchema) } },
    async (request) => searchUsers(request.tenant, request.body),
  );
  api.post('/api/master/getEmployeedByid', { config: { access }, schema: { body: UserIdSchema, response: screenReplies(UserRecordSchema, [404]) } }, async (request) =>
    getUserRecord(request.tenant, request.body.id),
  );
  api.post('/api/master/getusergroup', { config: { access }, schema: { body: AnyBodySchema, response: screenReplies(z.array(UserGroupOptionSchema)) } }, async (request) =>
    userGroupOptions(request.tenant),
  );
  // Refusals keep the spec's shapes (status error, message, rescoremessage) on a real HTTP status.
  api.post(
    '/api/master/saveemployeemaster',
    { config: { access, refusal: 'error-rescore' }, schema: { body: UserSchema, response: screenReplies(UserSaveAnswerSchema, [404, 409], 'error-rescore') } },
    // The mobiles read in the company's country (docs/design.md §34): E.164 when typed with + or outside India.
    async (request) => saveUser(request.tenant, parseInput(userSchema({ country: await companyCountry(request.tenant), read: readPhone }), request.body)),
  );
  api.post(
    '/api/master/Employeechangedeletstatus',
    { config: { access, refusal: 'error' }, schema: { body: UserStatusSchema, response: screenReplies(UserStatusAnswerSchema, [404, 409], 'error') } },
    async (request) => changeUserStatus(request.tenant, request.body),
  );
}
