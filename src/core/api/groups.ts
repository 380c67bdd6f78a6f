import { z } from 'zod';
import { GroupIdSchema, GroupSaveAnswerSchema, SaveUserGroupSchema, UserGroupRowSchema } from '../schemas/group';
import { AnyBodySchema, route, screenErrors } from './route';

/** User groups (spec 001 §7 getAllgroup, SaveUserGroup, deletegroup): the newGrouphome screen; refusals as {status:'NO', message}. */
const access = { screen: 'newGrouphome' } as const;

export const listGroups = route({
  method: 'POST',
  path: '/api/menu/getAllgroup',
  body: AnyBodySchema,
  reply: z.array(UserGroupRowSchema),
  errors: screenErrors(),
  access,
});
export const saveGroup = route({
  method: 'POST',
  path: '/api/menu/SaveUserGroup',
  body: SaveUserGroupSchema,
  reply: GroupSaveAnswerSchema,
  errors: screenErrors(404, 409),
  refusal: 'NO',
  access,
});
export const deleteGroup = route({
  method: 'POST',
  path: '/api/menu/deletegroup',
  body: GroupIdSchema,
  reply: GroupSaveAnswerSchema,
  errors: screenErrors(404, 409),
  refusal: 'NO',
  access,
});
