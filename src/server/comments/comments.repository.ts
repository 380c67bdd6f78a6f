import type { Selectable } from 'kysely';
import type { Db } from '../db/database';
import type { PageCommentTable } from '../db/schema';

/** A comment or reply as stored (docs/design.md §32). */
export type CommentRow = Selectable<PageCommentTable>;

const COLUMNS = [
  'id',
  'page_id',
  'locale',
  'path',
  'text',
  'reply_to',
  'author_id',
  'author_name',
  'created_at',
  'resolved_at',
  'resolved_by_name',
] as const;

/** A page's comments and replies in a language ('' the source), oldest first. */
export async function listPageComments(db: Db, pageId: number, locale: string): Promise<CommentRow[]> {
  return db
    .selectFrom('page_comments')
    .select(COLUMNS)
    .where('page_id', '=', pageId)
    .where('locale', '=', locale)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function findComment(db: Db, id: number): Promise<CommentRow | undefined> {
  return db.selectFrom('page_comments').select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

export async function insertComment(db: Db, row: Omit<CommentRow, 'id' | 'resolved_at' | 'resolved_by_name'>) {
  const inserted = await db.insertInto('page_comments').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

/** Resolves (with who and when) or reopens (both null) a comment that starts a thread. */
export async function setResolved(db: Db, id: number, resolved: { at: string; by: string } | null): Promise<void> {
  await db
    .updateTable('page_comments')
    .set({ resolved_at: resolved?.at ?? null, resolved_by_name: resolved?.by ?? null })
    .where('id', '=', id)
    .where('reply_to', 'is', null)
    .execute();
}

/** Active staff of these user names (any case), with what a mention's mail needs. */
export async function findMentionedUsers(db: Db, names: readonly string[]) {
  if (names.length === 0) return [];
  const lower = names.map((name) => name.toLowerCase());
  return db
    .selectFrom('users')
    .select(['id', 'username', 'group_id', 'first_name', 'email'])
    .where('active', '=', 1)
    .where('password_hash', 'is not', null)
    .where((eb) => eb(eb.fn<string>('lower', ['username']), 'in', lower))
    .execute();
}
