import { sql } from 'kysely';
import { PUBLIC_USER_ID } from '../../core/groups';
import type { Db, Dialect } from '../db/database';
import { fullTextSearch, pgSearchIds } from '../db/full-text';
import { likePattern, lowerLike } from '../db/like-pattern';

/** The top bar's search (docs/design.md §23): one short read per kind, each through its full-text or name index. */

export async function searchUsers(db: Db, dialect: Dialect, text: string, limit: number) {
  const users = db.selectFrom('users as u').where('u.id', '!=', PUBLIC_USER_ID);
  const search = fullTextSearch(dialect, 'users', text);
  const columns = ['u.id', 'u.username', 'u.first_name', 'u.last_name'] as const;
  if (dialect === 'postgres') {
    const ids = await pgSearchIds(db, users, 'u', search, { order: 'asc', limit });
    return ids.length === 0 ? [] : users.select(columns).where('u.id', 'in', ids).orderBy('u.id').execute();
  }
  return users.select(columns).where(search.condition('u')).orderBy('u.id').limit(limit).execute();
}

/** Groups whose name holds the text (a firm has a handful: a LIKE over them is a glance). */
export async function searchGroups(db: Db, text: string, limit: number) {
  return db
    .selectFrom('user_groups')
    .select(['id', 'name'])
    .where(lowerLike('name', likePattern(text)))
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** The newest enquiries holding the words; on SQLite read from the full-text index newest first, on PostgreSQL as pgSearchIds finds them. */
export async function searchEnquiries(db: Db, dialect: Dialect, text: string, limit: number) {
  const search = fullTextSearch(dialect, 'enquiries', text);
  if (dialect === 'sqlite') {
    if (search.words.length === 0) return [];
    return db
      .selectFrom(sql<{ rowid: number }>`enquiries_fts`.as('f'))
      .crossJoin('enquiries as e')
      .select(['e.id', 'e.name', 'e.organization', 'e.created_at', 'e.status'])
      .where(sql<boolean>`e.id = f.rowid`)
      .where(sql<boolean>`enquiries_fts match ${search.fts5}`)
      .orderBy(sql`f.rowid`, 'desc')
      .limit(limit)
      .execute();
  }
  const ids = await pgSearchIds(db, db.selectFrom('enquiries as e'), 'e', search, { order: 'desc', limit });
  if (ids.length === 0) return [];
  return db
    .selectFrom('enquiries as e')
    .select(['e.id', 'e.name', 'e.organization', 'e.created_at', 'e.status'])
    .where('e.id', 'in', ids)
    .orderBy('e.id', 'desc')
    .execute();
}

export async function searchMasterValues(db: Db, dialect: Dialect, text: string, limit: number) {
  return db
    .selectFrom('master_values as v')
    .innerJoin('master_types as t', 't.id', 'v.type_id')
    .select(['v.id', 'v.name', 'v.code', 't.name as type_name'])
    .where(fullTextSearch(dialect, 'master_values', text).condition('v'))
    .orderBy('v.id')
    .limit(limit)
    .execute();
}
