import type { FastifyInstance } from 'fastify';

/** How long requests in flight may take to finish once an instance is told to stop (docs/design.md §18). */
export const DRAIN_MS = 10_000;

/**
 * Stops an instance the way a proxy expects (docs/design.md §18): /api/ready answers 503 and no new connection is
 * taken (Fastify's close: the `preClose` hooks, then the server stops listening); the requests in flight
 * finish, and connections still busy after `graceMs` are closed; then the `onClose` hooks stop the background
 * work (the outbox finishes or gives back its job) and close the database pools.
 */
export async function shutDown(app: FastifyInstance, graceMs = DRAIN_MS): Promise<void> {
  app.lifecycle.state = 'draining';
  // Node closes the idle keep-alive connections once, when the server closes; one busy then and idle after its
  // answer would be kept open until the grace period ends, so they are closed as they become idle.
  const sweep = setInterval(() => app.server.closeIdleConnections(), 50);
  const deadline = setTimeout(() => {
    app.log.warn({ graceMs }, 'requests still in flight after the grace period: closing their connections');
    app.server.closeAllConnections();
  }, graceMs);
  try {
    await app.close();
  } finally {
    clearInterval(sweep);
    clearTimeout(deadline);
  }
}
