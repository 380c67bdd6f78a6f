import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyInstance } from 'fastify';
import * as content from '../../core/api/content-api';
import { typed } from '../http/contract';
import { contentPage, contentPages } from './content-api.service';

/**
 * The content API (docs/design.md §33): answered with an ETag of its bytes (304 when the caller has them) and
 * `Cache-Control: public, max-age=60`; while it needs a token the answer varies by `Authorization`, so that a shared
 * cache never gives one caller's answer to another who sends no token.
 */
export async function contentApiRoutes(
  app: FastifyInstance,
  { publicBaseUrl }: { publicBaseUrl: string },
): Promise<void> {
  const api = typed(app);
  api.route(content.contentPages, async (request, reply) =>
    send(request, reply, { items: await contentPages(request.tenant, request.query.locale, publicBaseUrl) }),
  );
  api.route(content.contentPage, async (request, reply) =>
    send(
      request,
      reply,
      await contentPage(request.tenant, request.params.routing, request.query.locale, publicBaseUrl),
    ),
  );
}

function send(request: FastifyRequest, reply: FastifyReply, answer: object) {
  const body = JSON.stringify(answer);
  const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
  reply.header('etag', etag).header('cache-control', 'public, max-age=60');
  if (request.headers.authorization !== undefined) reply.header('vary', 'Authorization');
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(body);
}
