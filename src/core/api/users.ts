import { z } from 'zod';
import {
  UserGroupOptionSchema,
  UserIdSchema,
  UserListSchema,
  UserPageSchema,
  UserRecordSchema,
  UserSaveAnswerSchema,
  UserSchema,
  UserSearchSchema,
  UserStatusAnswerSchema,
  UserStatusSchema,
} from '../schemas/user';
import { AnyBodySchema, route, screenErrors } from './route';

/** Users (spec 001 §7 employee calls under api/master/): the userHomepage screen. */
const access = { screen: 'userHomepage' } as const;

export const listUsers = route({
  method: 'POST',
  path: '/api/master/getempmasterfroEmp',
  body: UserPageSchema,
  reply: UserListSchema,
  errors: screenErrors(),
  access,
});
export const searchUsers = route({
  method: 'POST',
  path: '/api/master/getSearchForEmployeeMaster',
  body: UserSearchSchema,
  reply: UserListSchema,
  errors: screenErrors(),
  access,
});
export const getUser = route({
  method: 'POST',
  path: '/api/master/getEmployeedByid',
  body: UserIdSchema,
  reply: UserRecordSchema,
  errors: screenErrors(404),
  access,
});
export const userGroups = route({
  method: 'POST',
  path: '/api/master/getusergroup',
  body: AnyBodySchema,
  reply: z.array(UserGroupOptionSchema),
  errors: screenErrors(),
  access,
});
/** Refusals keep the spec's shapes (status error, message, rescoremessage) on a real HTTP status. */
export const saveUser = route({
  method: 'POST',
  path: '/api/master/saveemployeemaster',
  body: UserSchema,
  reply: UserSaveAnswerSchema,
  errors: screenErrors(404, 409),
  refusal: 'error-rescore',
  access,
});
export const changeUserStatus = route({
  method: 'POST',
  path: '/api/master/Employeechangedeletstatus',
  body: UserStatusSchema,
  reply: UserStatusAnswerSchema,
  errors: screenErrors(404, 409),
  refusal: 'error',
  access,
});
