import type { FastifyInstance } from 'fastify';
import { AnyDocumentSchema, PageContentRequestSchema, RestorePageContentSchema, SavePageContentSchema } from '../../core/page-defs/autowired-document';
import { PageHistorySchema, SavedRevisionSchema } from '../../core/schemas/revision';
import { replies, screenReplies, typed } from '../http/contract';
import { z } from 'zod';
import { PageRecordSchema } from '../../core/page-defs/page-definition';
import { ParameterSchema } from '../../core/page-defs/parameter';
import { autowiredHistory, editorDefinition, getDocumentByRouting, restoreAutowired, saveAutowiredDocument, type ImageBytes } from './autowired.service';
import type { SaveTools } from './content.service';

/**
 * Any page's content by its routing name (DESIGN §13): getpagecontent for every page, savepagecontent, history
 * and restore for Autowired pages. A save names its page in the body, so the access layer asks for a session and
 * the service checks that page against the caller's menu.
 */
export async function pageContentRoutes(app: FastifyInstance, tools: SaveTools & { imageBytes: ImageBytes }): Promise<void> {
  const api = typed(app);
  const signedIn = { access: { signedIn: true } } as const;
  api.post(
    '/api/master/getpagecontent',
    { config: { access: { public: true } }, schema: { body: PageContentRequestSchema, response: replies(AnyDocumentSchema, [400, 404]) } },
    async (request) => getDocumentByRouting(request.tenant, request.body.commonrouting, request.session) as Promise<{ revision: number }>,
  );
  api.post(
    '/api/master/savepagecontent',
    { config: signedIn, schema: { body: SavePageContentSchema, response: screenReplies(SavedRevisionSchema, [404, 409]) } },
    async (request) =>
      saveAutowiredDocument(request.tenant, request.body.commonrouting, request.body.document, request.session!, { ...tools, publish: request.body.publish }),
  );
  api.post(
    '/api/master/getpagedefinition',
    {
      config: signedIn,
      schema: { body: PageContentRequestSchema, response: screenReplies(z.object({ page: PageRecordSchema, parameters: z.array(ParameterSchema) }), [404]) },
    },
    async (request) => editorDefinition(request.tenant, request.body.commonrouting, request.session!),
  );
  api.post(
    '/api/master/getpagehistory',
    { config: signedIn, schema: { body: PageContentRequestSchema, response: screenReplies(PageHistorySchema, [404]) } },
    async (request) => autowiredHistory(request.tenant, request.body.commonrouting, request.session!),
  );
  api.post(
    '/api/master/restorepage',
    { config: signedIn, schema: { body: RestorePageContentSchema, response: screenReplies(SavedRevisionSchema, [404, 409]) } },
    async (request) => restoreAutowired(request.tenant, request.body.commonrouting, request.body.revision, request.session!, tools.keepRevisions),
  );
}
