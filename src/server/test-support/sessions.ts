import type { FastifyInstance } from 'fastify';
import { createUser } from '../users/users.service';

export const ADMIN_PASSWORD = 'correct-horse-battery-staple';
export const EDITOR_PASSWORD = 'editor-password-123';

export interface LoggedIn {
  token: string;
  csrf: string;
  /** Headers of a browser-like caller: session cookie and the matching CSRF header. */
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

/** Logs in through the real endpoint and returns what a browser would hold afterwards. */
export async function logIn(
  app: FastifyInstance,
  username: string,
  password: string,
  remoteAddress = '127.0.0.1',
  /** Another tenant than the default (its `dbname` header is then sent with every call too). */
  tenant?: string,
): Promise<LoggedIn> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/signin',
    payload: { username, password },
    remoteAddress,
    ...(tenant ? { headers: { dbname: tenant } } : {}),
  });
  if (response.statusCode !== 200)
    throw new Error(`login of ${username} failed: ${response.statusCode} ${response.body}`);
  const cookies = Object.fromEntries(response.cookies.map((c) => [c.name, c.value]));
  const token = cookies.folio_session ?? '';
  const csrf = cookies['XSRF-TOKEN'] ?? '';
  return {
    token,
    csrf,
    headers: {
      cookie: `folio_session=${token}; XSRF-TOKEN=${csrf}`,
      'x-xsrf-token': csrf,
      ...(tenant ? { dbname: tenant } : {}),
    },
    body: response.json(),
  };
}

/** An Editors-group user (group 3) created directly in the database. */
export async function createEditor(app: FastifyInstance, username = 'editor', groupId = 3): Promise<number> {
  return createUser(app.tenants.default.db, { username, password: EDITOR_PASSWORD, groupId, firstName: 'Eda' });
}
