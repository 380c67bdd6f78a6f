import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ModuleSchema,
  PageDefinitionSchema,
  PageIdSchema,
  PageListRequestSchema,
  PageListSchema,
  PageRecordSchema,
  PageSaveAnswerSchema,
  PageStatusAnswerSchema,
  PageStatusSchema,
} from '../../core/page-defs/page-definition';
import { ParameterLabelSchema, ParameterSchema, SaveParametersSchema } from '../../core/page-defs/parameter';
import { AnyBodySchema, screenReplies, typed } from '../http/contract';
import {
  changePageStatus,
  getModules,
  getPageDefinition,
  listPageDefinitions,
  pageParameters,
  parameterLabels,
  savePageDefinition,
  saveParameters,
} from './page-defs.service';

/**
 * Page definitions and parameter configuration (spec 001 §7, docs/design.md §11, §12): the homepages screen (page
 * creation and parameter configuration are reached from it and granted with it).
 */
export async function pageDefinitionRoutes(app: FastifyInstance): Promise<void> {
  const api = typed(app);
  const access = { screen: 'homepages' } as const;
  const modules = screenReplies(z.array(ModuleSchema));

  api.post('/api/master/getFormCreatedData', { config: { access }, schema: { body: PageListRequestSchema, response: screenReplies(PageListSchema) } }, async (request) =>
    listPageDefinitions(request.tenant, request.body.pageno),
  );
  for (const url of ['/api/master/getpageedit', '/api/master/getactivityById']) {
    api.post(url, { config: { access }, schema: { body: PageIdSchema, response: screenReplies(PageRecordSchema, [404]) } }, async (request) =>
      getPageDefinition(request.tenant, request.body.id),
    );
  }
  api.post('/api/master/getallmodeules', { config: { access }, schema: { body: AnyBodySchema, response: modules } }, async (request) => getModules(request.tenant));
  // Refusals in the spec's shape: {status:'No', message}, which the page-creation form shows as it is.
  api.post(
    '/api/master/savePageCreation',
    { config: { access, refusal: 'No' }, schema: { body: PageDefinitionSchema, response: screenReplies(PageSaveAnswerSchema, [404, 409], 'No') } },
    async (request) => savePageDefinition(request.tenant, request.body),
  );
  api.post(
    '/api/master/activitydelstatus',
    { config: { access }, schema: { body: PageStatusSchema, response: screenReplies(PageStatusAnswerSchema, [404]) } },
    async (request) => changePageStatus(request.tenant, request.body.id, request.body.activeStatus),
  );
  api.post(
    '/api/master/getactivityforparamconf',
    { config: { access }, schema: { body: PageIdSchema, response: screenReplies(z.array(ParameterLabelSchema), [404]) } },
    async (request) => parameterLabels(request.tenant, request.body.id),
  );
  api.post(
    '/api/master/getActivityParametersByid',
    { config: { access }, schema: { body: PageIdSchema, response: screenReplies(z.object({ page: PageRecordSchema, parameters: z.array(ParameterSchema) }), [404]) } },
    async (request) => pageParameters(request.tenant, request.body.id),
  );
  api.post(
    '/api/master/saveParameters',
    { config: { access }, schema: { body: SaveParametersSchema, response: screenReplies(z.object({ message: z.literal('Success') }), [404]) } },
    async (request) => saveParameters(request.tenant, request.body),
  );
  // The menu-tree editor's module list (spec 001 §7 getmodulelst): the same modules.
  api.post('/api/menu/getmodulelst', { config: { access: { screen: 'newGrouphome' } }, schema: { body: AnyBodySchema, response: modules } }, async (request) =>
    getModules(request.tenant),
  );
}
