import type { Db, Dialect } from '../db/database';
import { fullTextSearch, pgSearchIds } from '../db/full-text';
import { cappedCount, pageOfRows } from '../db/keyset';
import { ADMINISTRATORS_GROUP_ID, PUBLIC_USER_ID } from '../../core/groups';
import { SEARCH_COUNT_CAP } from '../../core/schemas/paging';

/** Columns a user list or form may show: never password_hash. */
const LIST_COLUMNS = [
  'u.id',
  'u.employee_code',
  'u.first_name',
  'u.middle_name',
  'u.last_name',
  'u.username',
  'u.group_id',
  'g.name as group_name',
  'u.active',
] as const;

export type UserSearch = { kind: 'All' | 'Code' | 'Name'; text: string };

/** The FTS5 columns (SQLite) and the weight (PostgreSQL, migration 0016) of each kind of user search. */
const SEARCH_PARTS = {
  All: undefined,
  Code: { columns: ['employee_code'], weight: 'A' },
  Name: { columns: ['first_name', 'middle_name', 'last_name', 'username'], weight: 'B' },
} as const;

/** The users a list may show: all but the Public user, the visitors' identity (not a person, not managed here). */
const managedUsers = (db: Db) => db.selectFrom('users as u').where('u.id', '!=', PUBLIC_USER_ID);

function listQuery(db: Db, dialect: Dialect, search: UserSearch | null) {
  let query = managedUsers(db).innerJoin('user_groups as g', 'g.id', 'u.group_id');
  if (search && search.text !== '')
    query = query.where(fullTextSearch(dialect, 'users', search.text, SEARCH_PARTS[search.kind]).condition('u'));
  return query;
}

/** A page of users by id (after the cursor's id, else from an offset), the cursor of the next, the count up to its cap. */
export async function listUsers(
  db: Db,
  dialect: Dialect,
  search: UserSearch | null,
  page: { after?: number | undefined; offset: number; limit: number },
) {
  const searching = search !== null && search.text !== '';
  const [found, count] = await Promise.all([
    searching && dialect === 'postgres' ? pgSearchPage(db, search, page) : listPage(db, dialect, search, page),
    cappedCount(db, listQuery(db, dialect, search), searching ? SEARCH_COUNT_CAP : undefined),
  ]);
  return { ...pageOfRows(found, page.limit, (row) => [row.id]), ...count };
}

/** The page's rows and one more, by id: through the id index, or on SQLite through the FTS5 index for a search. */
function listPage(
  db: Db,
  dialect: Dialect,
  search: UserSearch | null,
  page: { after?: number | undefined; offset: number; limit: number },
) {
  let rows = listQuery(db, dialect, search).select([...LIST_COLUMNS]);
  if (page.after !== undefined) rows = rows.where('u.id', '>', page.after);
  return rows
    .orderBy('u.id')
    .limit(page.limit + 1)
    .offset(page.after === undefined ? page.offset : 0)
    .execute();
}

/** PostgreSQL's search: the matching ids in order (pgSearchIds), then their rows. */
async function pgSearchPage(
  db: Db,
  search: UserSearch,
  page: { after?: number | undefined; offset: number; limit: number },
) {
  const skip = page.after === undefined ? page.offset : 0;
  const words = fullTextSearch('postgres', 'users', search.text, SEARCH_PARTS[search.kind]);
  const ids = (
    await pgSearchIds(db, managedUsers(db), 'u', words, {
      order: 'asc',
      after: page.after,
      limit: skip + page.limit + 1,
    })
  ).slice(skip);
  if (ids.length === 0) return [];
  return listQuery(db, 'postgres', null)
    .select([...LIST_COLUMNS])
    .where('u.id', 'in', ids)
    .orderBy('u.id')
    .execute();
}

/** A user as the user form shows them; `passkeys` how many they have (a passkey is two-step sign-in: docs/design.md §33). */
export async function findUserForForm(db: Db, id: number) {
  return db
    .selectFrom('users')
    .select([
      'id',
      'employee_code',
      'salutation',
      'gender',
      'first_name',
      'middle_name',
      'last_name',
      'address',
      'mobile',
      'mobile2',
      'email',
      'username',
      'group_id',
      'active',
      'totp_enabled_at',
    ])
    .select((eb) =>
      eb
        .selectFrom('passkeys')
        .select((p) => p.fn.countAll<number | string>().as('n'))
        .whereRef('passkeys.user_id', '=', 'users.id')
        .as('passkeys'),
    )
    .where('id', '=', id)
    .where('id', '!=', PUBLIC_USER_ID)
    .executeTakeFirst();
}

export async function findUserIdByUsername(db: Db, username: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
    .executeTakeFirst();
  return row?.id;
}

/** Active administrators who can log in, other than the one named. */
export async function countOtherActiveAdministrators(db: Db, exceptUserId: number): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('group_id', '=', ADMINISTRATORS_GROUP_ID)
    .where('active', '=', 1)
    .where('password_hash', 'is not', null)
    .where('id', '!=', exceptUserId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface UserDetailsRow {
  employee_code: string;
  salutation: string;
  gender: string;
  first_name: string;
  middle_name: string;
  last_name: string;
  address: string;
  mobile: string;
  mobile2: string;
  email: string;
  username: string;
  group_id: number;
  active: number;
}

export async function updateUserDetails(db: Db, id: number, details: UserDetailsRow): Promise<void> {
  await db.updateTable('users').set(details).where('id', '=', id).execute();
}

export async function groupExists(db: Db, id: number): Promise<boolean> {
  return Boolean(await db.selectFrom('user_groups').select('id').where('id', '=', id).executeTakeFirst());
}

export async function listUserGroups(db: Db) {
  return db.selectFrom('user_groups').select(['id', 'name']).orderBy('id').execute();
}

export async function listActiveUsers(db: Db) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'first_name', 'last_name'])
    .where('active', '=', 1)
    .where('id', '!=', PUBLIC_USER_ID)
    .orderBy('first_name')
    .orderBy('id')
    .execute();
}

/** Whether an active administrator who can log in exists. */
export async function activeAdministratorExists(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('group_id', '=', ADMINISTRATORS_GROUP_ID)
    .where('active', '=', 1)
    .where('password_hash', 'is not', null)
    .limit(1)
    .executeTakeFirst();
  return Boolean(row);
}

export async function insertUser(
  db: Db,
  user: { username: string; passwordHash: string; groupId: number; firstName: string; at: string },
): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({
      username: user.username,
      password_hash: user.passwordHash,
      group_id: user.groupId,
      first_name: user.firstName,
      last_name: '',
      email: '',
      active: 1,
      created_at: user.at,
      password_changed_at: user.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateUserActive(db: Db, userId: number, active: boolean): Promise<void> {
  await db
    .updateTable('users')
    .set({ active: active ? 1 : 0 })
    .where('id', '=', userId)
    .execute();
}

/** A password an administrator set: the user's own from now on, so a one-time one from the shell is lifted too (docs/design.md §22). */
export async function updatePasswordHash(db: Db, userId: number, passwordHash: string, at: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, password_changed_at: at, password_must_change: 0 })
    .where('id', '=', userId)
    .execute();
}

/** The group and active flag of a user (the last-administrator guard). */
export async function findUserStanding(db: Db, userId: number) {
  return db.selectFrom('users').select(['group_id', 'active']).where('id', '=', userId).executeTakeFirst();
}
