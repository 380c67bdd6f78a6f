import type { FastifyInstance } from 'fastify';
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
} from '../../core/masters/master-data';
import { AnyBodySchema, screenReplies, typed } from '../http/contract';
import {
  changeMasterTypeStatus,
  changeMasterValueStatus,
  dependencyOptions,
  getMasterType,
  getMasterValue,
  listMasterTypes,
  listMasterValues,
  masterChoices,
  masterTypeOptions,
  saveMasterDependency,
  saveMasterType,
  saveMasterValue,
  typeOfMasterValue,
} from './masters.service';

/**
 * Master data (spec 001 §7 common master calls, docs/design.md §14): the type calls belong to the commonMasterType
 * screen, the value calls to commonMaster. The editors' dropdowns (getCommonMasterfordependancy) need a
 * session; the service decides whether the caller may read that type's values. Changes refuse in the spec's
 * shape, {status:'error', message}.
 */
export async function masterDataRoutes(app: FastifyInstance): Promise<void> {
  const api = typed(app);
  const types = { screen: 'commonMasterType' } as const;
  const values = { screen: 'commonMaster' } as const;
  const options = screenReplies(z.array(MasterTypeOptionSchema), [404]);

  // ---- Types
  api.post(
    '/api/master/savecommonmastertype',
    { config: { access: types, refusal: 'error' }, schema: { body: MasterTypeInputSchema, response: screenReplies(MasterSaveAnswerSchema, [404], 'error') } },
    async (request) => saveMasterType(request.tenant, request.body),
  );
  api.post(
    '/api/master/getCommasterType',
    { config: { access: types }, schema: { body: MasterTypeListRequestSchema, response: screenReplies(MasterTypeListSchema) } },
    async (request) => listMasterTypes(request.tenant, request.body),
  );
  api.post(
    '/api/master/getcommasterTypeByID',
    { config: { access: types }, schema: { body: MasterIdSchema, response: screenReplies(MasterTypeSchema, [404]) } },
    async (request) => getMasterType(request.tenant, request.body.id),
  );
  api.post(
    '/api/master/changeStatusForCommonMasterType',
    { config: { access: types, refusal: 'error' }, schema: { body: MasterStatusSchema, response: screenReplies(MasterStatusAnswerSchema, [404], 'error') } },
    async (request) => changeMasterTypeStatus(request.tenant, request.body),
  );
  api.post('/api/master/getCommasterTypefordropdown', { config: { access: types }, schema: { body: AnyBodySchema, response: options } }, async (request) =>
    masterTypeOptions(request.tenant),
  );
  api.post(
    '/api/master/getCommasterTypefordependacy',
    { config: { access: types }, schema: { body: DependencyOptionsRequestSchema, response: options } },
    async (request) => dependencyOptions(request.tenant, request.body.id),
  );

  // ---- Values
  api.post(
    '/api/master/savecommonmaster',
    { config: { access: values, refusal: 'error' }, schema: { body: MasterValueInputSchema, response: screenReplies(MasterSaveAnswerSchema, [404], 'error') } },
    async (request) => saveMasterValue(request.tenant, request.body),
  );
  for (const url of ['/api/master/getCommonMaster', '/api/master/getSearchForcommonMaster']) {
    api.post(url, { config: { access: values }, schema: { body: MasterValueListRequestSchema, response: screenReplies(MasterValueListSchema) } }, async (request) =>
      listMasterValues(request.tenant, request.body),
    );
  }
  api.post(
    '/api/master/getcommasterByID',
    { config: { access: values }, schema: { body: MasterIdSchema, response: screenReplies(MasterValueSchema, [404]) } },
    async (request) => getMasterValue(request.tenant, request.body.id),
  );
  api.post(
    '/api/master/gettypeformasterByID',
    { config: { access: values }, schema: { body: MasterIdSchema, response: screenReplies(MasterTypeSchema, [404]) } },
    async (request) => typeOfMasterValue(request.tenant, request.body.id),
  );
  api.post(
    '/api/master/changeStatusForCommonMaster',
    { config: { access: values, refusal: 'error' }, schema: { body: MasterStatusSchema, response: screenReplies(MasterStatusAnswerSchema, [404], 'error') } },
    async (request) => changeMasterValueStatus(request.tenant, request.body),
  );
  api.post(
    '/api/master/savecommonmasterdependancy',
    { config: { access: values, refusal: 'error' }, schema: { body: MasterDependencyInputSchema, response: screenReplies(MasterSaveAnswerSchema, [404], 'error') } },
    async (request) => saveMasterDependency(request.tenant, request.body),
  );
  // The editors' dropdowns: any session; the service checks the caller's menu against the pages using the type.
  api.post(
    '/api/master/getCommonMasterfordependancy',
    { config: { access: { signedIn: true } }, schema: { body: MasterChoicesRequestSchema, response: screenReplies(z.array(MasterChoiceSchema), [404]) } },
    async (request) => masterChoices(request.tenant, request.session!, request.body),
  );
}
