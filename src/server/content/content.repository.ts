import type { Db } from '../db/database';

export interface RevisionRow {
  page_id: number;
  revision: number;
  document: string;
  saved_by_name: string;
  saved_at: string;
}

/** Who saved a page's latest revision, and when: what a save compares against, without the document. */
export type RevisionHead = Omit<RevisionRow, 'document'>;

export async function findLatestRevisionHead(db: Db, pageId: number): Promise<RevisionHead | undefined> {
  return db
    .selectFrom('page_revisions')
    .select(['page_id', 'revision', 'saved_by_name', 'saved_at'])
    .where('page_id', '=', pageId)
    .orderBy('revision', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function findLatestRevision(db: Db, pageId: number): Promise<RevisionRow | undefined> {
  return db
    .selectFrom('page_revisions')
    .select(['page_id', 'revision', 'document', 'saved_by_name', 'saved_at'])
    .where('page_id', '=', pageId)
    .orderBy('revision', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function listActivePublicPaths(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('pages')
    .select('public_path')
    .where('kind', '=', 'content')
    .where('active', '=', 1)
    .where('public_path', 'is not', null)
    .orderBy('id')
    .execute();
  return rows.flatMap((r) => (r.public_path ? [r.public_path] : []));
}

export async function insertRevision(
  db: Db,
  revision: { page_id: number; revision: number; document: string; saved_by: number; saved_by_name: string; saved_at: string },
): Promise<void> {
  await db.insertInto('page_revisions').values(revision).execute();
}

/** True for the error of a second writer inserting the same (page, revision): someone saved in between. */
export function isDuplicateRevision(error: unknown): boolean {
  const e = error as { code?: string };
  return e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || e?.code === '23505';
}

export async function listRevisions(db: Db, pageId: number, limit: number): Promise<Array<{ revision: number; saved_by_name: string; saved_at: string }>> {
  return db
    .selectFrom('page_revisions')
    .select(['revision', 'saved_by_name', 'saved_at'])
    .where('page_id', '=', pageId)
    .orderBy('revision', 'desc')
    .limit(limit)
    .execute();
}

export async function findRevision(db: Db, pageId: number, revision: number): Promise<RevisionRow | undefined> {
  return db
    .selectFrom('page_revisions')
    .select(['page_id', 'revision', 'document', 'saved_by_name', 'saved_at'])
    .where('page_id', '=', pageId)
    .where('revision', '=', revision)
    .executeTakeFirst();
}
