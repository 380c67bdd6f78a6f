import type { FastifyInstance } from 'fastify';
import { createUser } from '../users/users.service';
import { ADMIN_PASSWORD, EDITOR_PASSWORD, createEditor, logIn, type LoggedIn } from './sessions';

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
