import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CONTENT_PAGES } from '../../core/pages';
import { describeContentPath } from '../../core/content/content-page';
import { CONTENT_PAGE_DEFINITIONS, CONTENT_SCHEMAS } from '../../core/schemas/page-content';
import { PageHistorySchema, RestoreRevisionSchema, SavedRevisionSchema } from '../../core/schemas/revision';
import { NotFoundError } from '../errors';
import { AnyBodySchema, ErrorBodySchema, replies, screenReplies, typed } from '../http/contract';
import { nameFieldsOf } from '../validation';
import { getPageContent, pageHistory, restoreRevision, savePageContent, type SaveTools } from './content.service';

const RoutingParamsSchema = z.object({ routing: z.string().max(200) });

/**
 * The spec's get and save calls of every content page (spec 000 §7; a save publishes, stores a draft or schedules
 * as its `publish` says, DESIGN §19), history and restore (DESIGN §4).
 */
export async function contentRoutes(app: FastifyInstance, tools: SaveTools): Promise<void> {
  const api = typed(app);
  for (const page of CONTENT_PAGES) {
    const schema = CONTENT_SCHEMAS[page.key];
    // A refused save names the entry and field in the editor's words ('Skill 1: the skill name …').
    const { labels } = CONTENT_PAGE_DEFINITIONS[page.key];
    nameFieldsOf(schema, (path) => describeContentPath(labels, path));
    // The body (commonrouting, menupageid) is accepted but not needed: the call names the page.
    api.post(
      `/api/master/${page.getCall}`,
      { config: { access: { public: true } }, schema: { body: AnyBodySchema, response: replies(schema, [404]) } },
      async (request) => getPageContent(request.tenant, page.key),
    );
    // The save call belongs to the page's editing twin: only callers whose menu holds it may save.
    const editor = { access: { screen: page.routing } } as const;
    api.post(
      `/api/master/${page.saveCall}`,
      { config: editor, schema: { body: schema, response: screenReplies(SavedRevisionSchema, [409]) } },
      async (request) => savePageContent(request.tenant, page, request.body, request.session!, tools),
    );
    api.get(`/api/master/history/${page.routing}`, { config: editor, schema: { response: screenReplies(PageHistorySchema) } }, async (request) =>
      pageHistory(request.tenant, page),
    );
    api.post(
      `/api/master/restore/${page.routing}`,
      { config: editor, schema: { body: RestoreRevisionSchema, response: screenReplies(SavedRevisionSchema, [404, 409]) } },
      async (request) => restoreRevision(request.tenant, page, request.body.revision, request.session!, tools.keepRevisions),
    );
  }

  const byRouting = new Map(CONTENT_PAGES.map((p) => [p.routing.toLowerCase(), p]));
  // DESIGN §4: public content as GET with an ETag, for caches and CDNs.
  // Untyped reply: the body goes out as the exact bytes its ETag was computed from.
  app.get<{ Params: z.infer<typeof RoutingParamsSchema> }>(
    '/api/pages/:routing',
    {
      config: { access: { public: true } },
      schema: {
        params: RoutingParamsSchema,
        response: { 200: z.union(CONTENT_PAGES.map((p) => CONTENT_SCHEMAS[p.key])), 304: z.null().meta({ description: 'Not modified (If-None-Match).' }), 404: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const page = byRouting.get(request.params.routing.toLowerCase().replace(/1$/, ''));
      if (!page) throw new NotFoundError('There is no page of that name.');
      const body = JSON.stringify(await getPageContent(request.tenant, page.key));
      const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
      reply.header('etag', etag).header('cache-control', 'public, max-age=0, must-revalidate');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type('application/json; charset=utf-8').send(body);
    },
  );
}
