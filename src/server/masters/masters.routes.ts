import type { FastifyInstance } from 'fastify';
import * as masters from '../../core/api/masters';
import { typed } from '../http/contract';
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

  // ---- Types
  api.route(masters.saveMasterType, async (request) => saveMasterType(request.tenant, request.body));
  api.route(masters.listMasterTypes, async (request) => listMasterTypes(request.tenant, request.body));
  api.route(masters.getMasterType, async (request) => getMasterType(request.tenant, request.body.id));
  api.route(masters.changeMasterTypeStatus, async (request) => changeMasterTypeStatus(request.tenant, request.body));
  api.route(masters.masterTypeOptions, async (request) => masterTypeOptions(request.tenant));
  api.route(masters.dependencyOptions, async (request) => dependencyOptions(request.tenant, request.body.id));

  // ---- Values
  api.route(masters.saveMasterValue, async (request) => saveMasterValue(request.tenant, request.body));
  for (const entry of [masters.listMasterValues, masters.searchMasterValues])
    api.route(entry, async (request) => listMasterValues(request.tenant, request.body));
  api.route(masters.getMasterValue, async (request) => getMasterValue(request.tenant, request.body.id));
  api.route(masters.typeOfMasterValue, async (request) => typeOfMasterValue(request.tenant, request.body.id));
  api.route(masters.changeMasterValueStatus, async (request) => changeMasterValueStatus(request.tenant, request.body));
  api.route(masters.saveMasterDependency, async (request) => saveMasterDependency(request.tenant, request.body));
  // The editors' dropdowns: any session; the service checks the caller's menu against the pages using the type.
  api.route(masters.masterChoices, async (request) => masterChoices(request.tenant, request.session!, request.body));
}
