import type { FastifyInstance } from 'fastify';
import * as pageDefs from '../../../core/api/page-defs';
import { typed } from '../../http/contract';
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
  api.route(pageDefs.listPages, async (request) => listPageDefinitions(request.tenant, request.body.pageno));
  for (const entry of [pageDefs.getPage, pageDefs.getActivity])
    api.route(entry, async (request) => getPageDefinition(request.tenant, request.body.id));
  api.route(pageDefs.modules, async (request) => getModules(request.tenant));
  // Refusals in the spec's shape: {status:'No', message}, which the page-creation form shows as it is.
  api.route(pageDefs.savePage, async (request) => savePageDefinition(request.tenant, request.body));
  api.route(pageDefs.changePageStatus, async (request) =>
    changePageStatus(request.tenant, request.body.id, request.body.activeStatus),
  );
  api.route(pageDefs.parameterLabels, async (request) => parameterLabels(request.tenant, request.body.id));
  api.route(pageDefs.pageParameters, async (request) => pageParameters(request.tenant, request.body.id));
  api.route(pageDefs.saveParameters, async (request) => saveParameters(request.tenant, request.body));
  // The menu-tree editor's module list (spec 001 §7 getmodulelst): the same modules.
  api.route(pageDefs.menuModules, async (request) => getModules(request.tenant));
}
