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
  return signedInBy(response, tenant);
}

/** What a browser holds after a sign-in that answered (a password's, a passkey's: docs/design.md §33). */
export function signedInBy(
  response: { cookies: { name: string; value: string }[]; json(): Record<string, unknown> },
  tenant?: string,
): LoggedIn {
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

/** A small firm's staff, signed in: an administrator, two Editors and one of a group without pages. */
export interface Team {
  boss: LoggedIn;
  writer: LoggedIn;
  colleague: LoggedIn;
  stranger: LoggedIn;
}

/**
 * Makes `boss` (Administrators), `writer` and `colleague` (Editors: the twelve pages in their menu) and `stranger` (of a
 * new group, "Front desk", with no page in its menu); `beforeSignIn` runs once they exist, before they sign in.
 */
export async function signInTeam(
  app: FastifyInstance,
  beforeSignIn?: (boss: LoggedIn) => Promise<void>,
): Promise<Team> {
  const db = app.tenants.default.db;
  await createUser(db, { username: 'boss', password: ADMIN_PASSWORD, groupId: 1 });
  const boss = await logIn(app, 'boss', ADMIN_PASSWORD);
  await createEditor(app, 'writer');
  await createEditor(app, 'colleague');
  const made = await app.inject({
    method: 'POST',
    url: '/api/menu/SaveUserGroup',
    headers: boss.headers,
    payload: { groupname: 'Front desk' },
  });
  if (made.statusCode !== 200) throw new Error(`the group Front desk was not made: ${made.body}`);
  const desk = await db
    .selectFrom('user_groups')
    .select('id')
    .where('name', '=', 'Front desk')
    .executeTakeFirstOrThrow();
  await createEditor(app, 'stranger', desk.id);
  await beforeSignIn?.(boss);
  return {
    boss,
    writer: await logIn(app, 'writer', EDITOR_PASSWORD),
    colleague: await logIn(app, 'colleague', EDITOR_PASSWORD),
    stranger: await logIn(app, 'stranger', EDITOR_PASSWORD),
  };
}

/** German (`de`, Deutsch) becomes a language of the site beside the default `en-IN`, as `admin` saves it. */
export async function addGerman(app: FastifyInstance, admin: LoggedIn): Promise<void> {
  const read = await app.inject({ method: 'GET', url: '/api/master/locales', headers: admin.headers });
  const saved = await app.inject({
    method: 'POST',
    url: '/api/master/locales',
    headers: admin.headers,
    payload: {
      defaultLocale: 'en-IN',
      locales: [
        { code: 'en-IN', name: 'English', enabled: true },
        { code: 'de', name: 'Deutsch', enabled: true },
      ],
      revision: read.json().revision,
    },
  });
  if (saved.statusCode !== 200) throw new Error(`German was not added: ${saved.body}`);
}
