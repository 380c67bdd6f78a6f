import type { FastifyRequest } from 'fastify';
import { routeLimitKey } from '../db/database-rate-limiter';

/**
 * The limit of a staff preview's renders (docs/design.md §26): 20 a second per session, in the tenant's database
 * like every route limit. An editor's pane asks at most one every 300 ms; a script hammering it is held. `groupId`
 * counts each preview on its own; `hook: 'preHandler'` counts a request once its body is checked (a refused copy
 * costs no render and no count).
 */
export function previewRateLimit(groupId: string, hook?: 'preHandler') {
  return {
    max: 20,
    timeWindow: 1000,
    groupId,
    ...(hook ? { hook } : {}),
    keyGenerator: (request: FastifyRequest) =>
      routeLimitKey(request.tenant.name, `session ${request.session?.sessionId ?? request.ip}`),
  } as const;
}
