import { z } from 'zod';
import {
  DependencyOptionsRequestSchema,
  MasterChoiceSchema,
  MasterChoicesRequestSchema,
  MasterDependencyInputSchema,
  MasterIdSchema,
  MasterSaveAnswerSchema,
  MasterStatusAnswerSchema,
  MasterStatusSchema,
  MasterTypeInputSchema,
  MasterTypeListRequestSchema,
  MasterTypeListSchema,
  MasterTypeOptionSchema,
  MasterTypeSchema,
  MasterValueInputSchema,
  MasterValueListRequestSchema,
  MasterValueListSchema,
  MasterValueSchema,
} from '../masters/master-data';
import { AnyBodySchema, route, screenErrors } from './route';

/**
 * Master data (spec 001 §7 common master calls, docs/design.md §14): the type calls belong to the commonMasterType
 * screen, the value calls to commonMaster; changes refuse in the spec's shape, {status:'error', message}.
 */
const types = { screen: 'commonMasterType' } as const;
const values = { screen: 'commonMaster' } as const;

export const saveMasterType = route({
  method: 'POST',
  path: '/api/master/savecommonmastertype',
  body: MasterTypeInputSchema,
  reply: MasterSaveAnswerSchema,
  errors: screenErrors(404),
  refusal: 'error',
  access: types,
});
export const listMasterTypes = route({
  method: 'POST',
  path: '/api/master/getCommasterType',
  body: MasterTypeListRequestSchema,
  reply: MasterTypeListSchema,
  errors: screenErrors(),
  access: types,
});
export const getMasterType = route({
  method: 'POST',
  path: '/api/master/getcommasterTypeByID',
  body: MasterIdSchema,
  reply: MasterTypeSchema,
  errors: screenErrors(404),
  access: types,
});
export const changeMasterTypeStatus = route({
  method: 'POST',
  path: '/api/master/changeStatusForCommonMasterType',
  body: MasterStatusSchema,
  reply: MasterStatusAnswerSchema,
  errors: screenErrors(404),
  refusal: 'error',
  access: types,
});
export const masterTypeOptions = route({
  method: 'POST',
  path: '/api/master/getCommasterTypefordropdown',
  body: AnyBodySchema,
  reply: z.array(MasterTypeOptionSchema),
  errors: screenErrors(404),
  // The forms editor offers them too: a choice field's choices from a master data type (docs/design.md §30).
  access: { screens: ['commonMasterType', 'forms'] },
});
export const dependencyOptions = route({
  method: 'POST',
  path: '/api/master/getCommasterTypefordependacy',
  body: DependencyOptionsRequestSchema,
  reply: z.array(MasterTypeOptionSchema),
  errors: screenErrors(404),
  access: types,
});

export const saveMasterValue = route({
  method: 'POST',
  path: '/api/master/savecommonmaster',
  body: MasterValueInputSchema,
  reply: MasterSaveAnswerSchema,
  errors: screenErrors(404),
  refusal: 'error',
  access: values,
});
export const listMasterValues = route({
  method: 'POST',
  path: '/api/master/getCommonMaster',
  body: MasterValueListRequestSchema,
  reply: MasterValueListSchema,
  errors: screenErrors(),
  access: values,
});
/** The same list with a search text (the spec's second call). */
export const searchMasterValues = route({
  method: 'POST',
  path: '/api/master/getSearchForcommonMaster',
  body: MasterValueListRequestSchema,
  reply: MasterValueListSchema,
  errors: screenErrors(),
  access: values,
});
export const getMasterValue = route({
  method: 'POST',
  path: '/api/master/getcommasterByID',
  body: MasterIdSchema,
  reply: MasterValueSchema,
  errors: screenErrors(404),
  access: values,
});
export const typeOfMasterValue = route({
  method: 'POST',
  path: '/api/master/gettypeformasterByID',
  body: MasterIdSchema,
  reply: MasterTypeSchema,
  errors: screenErrors(404),
  access: values,
});
export const changeMasterValueStatus = route({
  method: 'POST',
  path: '/api/master/changeStatusForCommonMaster',
  body: MasterStatusSchema,
  reply: MasterStatusAnswerSchema,
  errors: screenErrors(404),
  refusal: 'error',
  access: values,
});
export const saveMasterDependency = route({
  method: 'POST',
  path: '/api/master/savecommonmasterdependancy',
  body: MasterDependencyInputSchema,
  reply: MasterSaveAnswerSchema,
  errors: screenErrors(404),
  refusal: 'error',
  access: values,
});
/** The editors' dropdowns: any session; the server checks the caller's menu against the pages using the type. */
export const masterChoices = route({
  method: 'POST',
  path: '/api/master/getCommonMasterfordependancy',
  body: MasterChoicesRequestSchema,
  reply: z.array(MasterChoiceSchema),
  errors: screenErrors(404),
  access: { signedIn: true },
});
