import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';
import { changeUserStatus, getUserRecord, listUsersPage, saveUser, searchUsers, userGroupOptions, UserRefusedError } from './users.service';

/** Users (spec 001 §7 employee calls under api/master/): the userHomepage screen (the user form comes with it). */
export async function userRoutes(app: FastifyInstance): Promise<void> {
  const access = { screen: 'userHomepage' } as const;
  app.post('/api/master/getempmasterfroEmp', { config: { access } }, async (request) => listUsersPage(request.tenant, request.body));
  app.post('/api/master/getSearchForEmployeeMaster', { config: { access } }, async (request) => searchUsers(request.tenant, request.body));
  app.post('/api/master/getEmployeedByid', { config: { access } }, async (request) => getUserRecord(request.tenant, request.body));
  app.post('/api/master/getusergroup', { config: { access } }, async (request) => userGroupOptions(request.tenant));
  // Refusals keep the spec's shape (status error, message, rescoremessage) on a real HTTP status.
  app.post('/api/master/saveemployeemaster', { config: { access } }, async (request, reply) => {
    try {
      return await saveUser(request.tenant, request.body);
    } catch (error) {
      if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
      return reply.code(error.statusCode).send({ status: 'error', message: error.message, rescoremessage: error.message });
    }
  });
  app.post('/api/master/Employeechangedeletstatus', { config: { access } }, async (request, reply) => {
    try {
      return await changeUserStatus(request.tenant, request.body);
    } catch (error) {
      if (!(error instanceof UserRefusedError)) throw error;
      return reply.code(error.statusCode).send({ status: 'error', message: error.message });
    }
  });
}
