import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CompareQuerySchema, CompareSchema, EditStateSchema, RestoreRevisionSchema, UnscheduledSchema } from '../../core/schemas/revision';
import { screenReplies, typed } from '../http/contract';
import { unscheduleRevision } from './content.service';
import { compareRevisions, editableRevisedPage, editDocument } from './publishing.service';

const RoutingParamsSchema = z.strictObject({ routing: z.string().min(1).max(100) });

/** The editor's document with its publishing state (DESIGN §19): any page's document shape, plus EditState. */
const EditDocumentSchema = EditStateSchema.extend({ revision: z.number().int() }).loose();

/**
 * Drafts, scheduling and compare (DESIGN §19) for every page with content, the twelve and the Autowired ones, by
 * routing name. The caller's menu must hold the page's editor (the access of its save call): the service checks
 * it, since the page is named in the address.
 */
export async function publishingRoutes(app: FastifyInstance, { publicBaseUrl }: { publicBaseUrl: string }): Promise<void> {
  const api = typed(app);
  const signedIn = { access: { signedIn: true } } as const;
  api.get(
    '/api/master/edit/:routing',
    { config: signedIn, schema: { params: RoutingParamsSchema, response: screenReplies(EditDocumentSchema, [404]) } },
    async (request) => editDocument(request.tenant, request.params.routing, request.session!, publicBaseUrl) as Promise<z.infer<typeof EditDocumentSchema>>,
  );
  api.post(
    '/api/master/unschedule/:routing',
    { config: signedIn, schema: { params: RoutingParamsSchema, body: RestoreRevisionSchema, response: screenReplies(UnscheduledSchema, [404, 409]) } },
    async (request) => {
      const page = await editableRevisedPage(request.tenant, request.params.routing, request.session!);
      return unscheduleRevision(request.tenant, page.target, request.body.revision);
    },
  );
  api.get(
    '/api/master/compare/:routing',
    { config: signedIn, schema: { params: RoutingParamsSchema, querystring: CompareQuerySchema, response: screenReplies(CompareSchema, [404]) } },
    async (request) => compareRevisions(request.tenant, request.params.routing, request.session!, request.query.from, request.query.to),
  );
}
