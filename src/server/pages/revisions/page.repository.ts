import type { RevisionStatus } from '../../../core/schemas/revision';
import type { Db } from '../../db/database';

export interface RevisionRow {
  page_id: number;
  revision: number;
  document: string;
  saved_by_name: string;
  saved_at: string;
  status: RevisionStatus;
  publish_at: string | null;
  /** '' for the source, a BCP 47 code for a translation (docs/design.md §28). */
  locale: string;
  /** A translation's: the source's published revision it was made from. */
  source_revision: number | null;
}

/**
 * The source of every page: its revisions in the default language, whatever its code (docs/design.md §28). Every read
 * names its locale; revision numbers are one sequence per page across its languages.
 */
export const SOURCE_LOCALE = '';

/** Who saved a revision, when, and its status: what a save compares against, without the document. */
export type RevisionHead = Omit<RevisionRow, 'document'>;

const HEAD = [
  'page_id',
  'revision',
  'saved_by_name',
  'saved_at',
  'status',
  'publish_at',
  'locale',
  'source_revision',
] as const;
const FULL = [...HEAD, 'document'] as const;

/** A page's newest revision of any status: what the editor starts from and a save is based on. */
export async function findNewestRevision(
  db: Db,
  pageId: number,
  locale = SOURCE_LOCALE,
): Promise<RevisionRow | undefined> {
  return db
    .selectFrom('page_revisions')
    .select(FULL)
    .where('page_id', '=', pageId)
    .where('locale', '=', locale)
    .orderBy('revision', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * What a save is based on, in one statement: the page's newest revision in a language (as findNewestRevision) and the
 * highest revision number of the page in any language (as findLastRevisionNumber), the next save's being one more.
 */
export async function findNewestRevisionAndLast(
  db: Db,
  pageId: number,
  locale = SOURCE_LOCALE,
): Promise<{ newest: RevisionRow | undefined; last: number }> {
  const row = await db
    .selectFrom('page_revisions as r')
    .select(FULL.map((column) => `r.${column}` as const))
    // The newest number walking the primary key down from the top (`max()` here read every revision of the page).
    .select((eb) =>
      eb
        .selectFrom('page_revisions as any_language')
        .select('any_language.revision')
        .where('any_language.page_id', '=', pageId)
        .orderBy('any_language.revision', 'desc')
        .limit(1)
        .as('last_revision'),
    )
    .where('r.page_id', '=', pageId)
    .where('r.locale', '=', locale)
    .orderBy('r.revision', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return { newest: undefined, last: await findLastRevisionNumber(db, pageId) };
  const { last_revision: last, ...newest } = row;
  return { newest, last: Number(last ?? newest.revision) };
}

export async function findNewestRevisionHead(
  db: Db,
  pageId: number,
  locale = SOURCE_LOCALE,
): Promise<RevisionHead | undefined> {
  return db
    .selectFrom('page_revisions')
    .select(HEAD)
    .where('page_id', '=', pageId)
    .where('locale', '=', locale)
    .orderBy('revision', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The highest revision number of a page in any language: the next revision, whatever its language, is one more. */
export async function findLastRevisionNumber(db: Db, pageId: number): Promise<number> {
  const row = await db
    .selectFrom('page_revisions')
    .select('revision')
    .where('page_id', '=', pageId)
    .orderBy('revision', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.revision ?? 0;
}

/** The revision visitors see: the page's newest published one (docs/design.md §19). */
export async function findPublishedRevision(
  db: Db,
  pageId: number,
  locale = SOURCE_LOCALE,
): Promise<RevisionRow | undefined> {
  return db
    .selectFrom('page_revisions')
    .select(FULL)
    .where('page_id', '=', pageId)
    .where('locale', '=', locale)
    .where('status', '=', 'published')
    .orderBy('revision', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The number of the revision visitors see, or undefined when none is published. */
export async function findPublishedNumber(db: Db, pageId: number, locale = SOURCE_LOCALE): Promise<number | undefined> {
  const row = await db
    .selectFrom('page_revisions')
    .select('revision')
    .where('page_id', '=', pageId)
    .where('locale', '=', locale)
    .where('status', '=', 'published')
    .orderBy('revision', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.revision;
}

/** The page's revision waiting for its time, if any (a publication or a newer schedule cancels an older one). */
export async function findScheduledRevision(
  db: Db,
  pageId: number,
  locale = SOURCE_LOCALE,
): Promise<RevisionHead | undefined> {
  return db
    .selectFrom('page_revisions')
    .select(HEAD)
    .where('page_id', '=', pageId)
    .where('locale', '=', locale)
    .where('status', '=', 'scheduled')
    .orderBy('revision', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** A revision of a page in one language (a number of another language's is not this one's). */
export async function findRevision(
  db: Db,
  pageId: number,
  revision: number,
  locale = SOURCE_LOCALE,
): Promise<RevisionRow | undefined> {
  return db
    .selectFrom('page_revisions')
    .select(FULL)
    .where('page_id', '=', pageId)
    .where('revision', '=', revision)
    .where('locale', '=', locale)
    .executeTakeFirst();
}

/** Who saved a revision and when, without its document (the scheduled-publishing job names who scheduled it). */
export async function findRevisionHead(db: Db, pageId: number, revision: number): Promise<RevisionHead | undefined> {
  return db
    .selectFrom('page_revisions')
    .select(HEAD)
    .where('page_id', '=', pageId)
    .where('revision', '=', revision)
    .executeTakeFirst();
}

export async function insertRevision(
  db: Db,
  revision: {
    page_id: number;
    revision: number;
    document: string;
    saved_by: number;
    saved_by_name: string;
    saved_at: string;
    status: RevisionStatus;
    publish_at: string | null;
    /** Absent: the source. */
    locale?: string;
    source_revision?: number | null;
  },
): Promise<void> {
  await db.insertInto('page_revisions').values(revision).execute();
}

/**
 * Moves a revision from one status to another, only if it still has the first: the one way a scheduled revision
 * is published or cancelled, so two instances (or a job and an editor) never both act on it. True if it moved.
 */
export async function moveRevisionStatus(
  db: Db,
  pageId: number,
  revision: number,
  from: RevisionStatus,
  to: RevisionStatus,
): Promise<boolean> {
  const result = await db
    .updateTable('page_revisions')
    .set({ status: to, publish_at: null })
    .where('page_id', '=', pageId)
    .where('revision', '=', revision)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * A scheduled revision that could not be published at its time (docs/design.md §32): `failed`, with why (its time kept).
 * False when it was no longer scheduled.
 */
export async function markPublishFailed(db: Db, pageId: number, revision: number, reason: string): Promise<boolean> {
  const result = await db
    .updateTable('page_revisions')
    .set({ status: 'failed', publish_error: reason })
    .where('page_id', '=', pageId)
    .where('revision', '=', revision)
    .where('status', '=', 'scheduled')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Why a scheduled revision failed at its time, if it did. */
export async function findPublishError(db: Db, pageId: number, revision: number): Promise<string | null> {
  const row = await db
    .selectFrom('page_revisions')
    .select('publish_error')
    .where('page_id', '=', pageId)
    .where('revision', '=', revision)
    .executeTakeFirst();
  return row?.publish_error ?? null;
}

/** A failed scheduled revision back in the queue, due at `at` (Retry). False when it was no longer failed. */
export async function rescheduleFailed(db: Db, pageId: number, revision: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('page_revisions')
    .set({ status: 'scheduled', publish_at: at, publish_error: null })
    .where('page_id', '=', pageId)
    .where('revision', '=', revision)
    .where('status', '=', 'failed')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Scheduled revisions whose time has come, oldest first. */
export async function listDueScheduled(
  db: Db,
  now: string,
  limit = 100,
): Promise<Array<{ page_id: number; revision: number; publish_at: string | null; locale: string }>> {
  return db
    .selectFrom('page_revisions')
    .select(['page_id', 'revision', 'publish_at', 'locale'])
    .where('status', '=', 'scheduled')
    .where('publish_at', '<=', now)
    .orderBy('publish_at')
    .limit(limit)
    .execute();
}

/** True for the error of a second writer inserting the same (page, revision): someone saved in between. */
export function isDuplicateRevision(error: unknown): boolean {
  const e = error as { code?: string };
  return e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || e?.code === '23505';
}

export async function listRevisions(
  db: Db,
  pageId: number,
  limit: number,
  locale = SOURCE_LOCALE,
): Promise<RevisionHead[]> {
  return db
    .selectFrom('page_revisions')
    .select(HEAD)
    .where('page_id', '=', pageId)
    .where('locale', '=', locale)
    .orderBy('revision', 'desc')
    .limit(limit)
    .execute();
}

/**
 * Keeps a page's newest `keep` revisions (docs/design.md §19) and, whatever their age, the published one, a
 * scheduled one and those a release holds or would put back; deletes the rest. Returns how many went.
 */
export async function pruneRevisions(db: Db, pageId: number, keep: number, locale = SOURCE_LOCALE): Promise<number> {
  if (keep <= 0) return 0;
  // One statement (a save runs it each time): the newest `keep` stay, and so do the published one and a waiting
  // schedule. Fewer than `keep` revisions: the cutoff is null and nothing compares below it.
  const result = await db
    .deleteFrom('page_revisions')
    .where('page_id', '=', pageId)
    .where('locale', '=', locale)
    .where('status', '<>', 'scheduled')
    .where('revision', '<', (eb) =>
      eb
        .selectFrom('page_revisions')
        .select('revision')
        .where('page_id', '=', pageId)
        .where('locale', '=', locale)
        .orderBy('revision', 'desc')
        .offset(keep - 1)
        .limit(1),
    )
    // The newest published, found walking the index down from the newest (`max()` with the status filter read every
    // revision of the page: the index is ordered by number, then status).
    .where('revision', '<>', (eb) =>
      eb.fn.coalesce(
        eb
          .selectFrom('page_revisions')
          .select('revision')
          .where('page_id', '=', pageId)
          .where('locale', '=', locale)
          .where('status', '=', 'published')
          .orderBy('revision', 'desc')
          .limit(1),
        eb.lit(0),
      ),
    )
    // A revision a release holds, or the one it replaced (what its Revert shows again: docs/design.md §32), stays.
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('release_items')
            .select('release_items.release_id')
            .where('release_items.page_id', '=', pageId)
            .where('release_items.locale', '=', locale)
            .where((inner) =>
              inner.or([
                inner('release_items.revision', '=', inner.ref('page_revisions.revision')),
                inner('release_items.previous_revision', '=', inner.ref('page_revisions.revision')),
              ]),
            ),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Pages (per language) with more than `keep` revisions: what the catch-up job prunes after REVISIONS_PER_PAGE is lowered. */
export async function listPagesOver(db: Db, keep: number): Promise<Array<{ pageId: number; locale: string }>> {
  const rows = await db
    .selectFrom('page_revisions')
    .select(['page_id', 'locale'])
    .groupBy(['page_id', 'locale'])
    .having((eb) => eb.fn.countAll(), '>', keep)
    .execute();
  return rows.map((r) => ({ pageId: r.page_id, locale: r.locale }));
}

/** Every page's languages with a published translation (docs/design.md §28): what hreflang and the sitemap list. */
export async function listPublishedLocales(db: Db): Promise<Array<{ page_id: number; locale: string }>> {
  return db
    .selectFrom('page_revisions')
    .select(['page_id', 'locale'])
    .distinct()
    .where('status', '=', 'published')
    .where('locale', '<>', SOURCE_LOCALE)
    .execute();
}

/** The heads of every translation revision (the translations screen weighs the newest and the published of each). */
export async function listTranslationHeads(db: Db): Promise<RevisionHead[]> {
  return db
    .selectFrom('page_revisions')
    .select(HEAD)
    .where('locale', '<>', SOURCE_LOCALE)
    .orderBy('page_id')
    .orderBy('revision', 'desc')
    .execute();
}

/** The documents of some revisions of a page, by number. */
export async function findRevisionDocuments(
  db: Db,
  pageId: number,
  revisions: number[],
): Promise<Array<{ revision: number; document: string }>> {
  if (revisions.length === 0) return [];
  return db
    .selectFrom('page_revisions')
    .select(['revision', 'document'])
    .where('page_id', '=', pageId)
    .where('revision', 'in', revisions)
    .execute();
}

/** The published revision number of every page's source: what a translation is outdated against. */
export async function listSourcePublished(db: Db): Promise<Array<{ page_id: number; revision: number }>> {
  const rows = await db
    .selectFrom('page_revisions')
    .select(['page_id', (eb) => eb.fn.max('revision').as('revision')])
    .where('locale', '=', SOURCE_LOCALE)
    .where('status', '=', 'published')
    .groupBy('page_id')
    .execute();
  return rows.map((r) => ({ page_id: r.page_id, revision: Number(r.revision) }));
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

/** The documents of a page's published, newest and scheduled revisions (one each, fewer when they coincide). */
export async function liveRevisionDocuments(db: Db, pageId: number): Promise<string[]> {
  const [published, newest, scheduled] = await Promise.all([
    findPublishedNumber(db, pageId),
    findNewestRevisionHead(db, pageId),
    findScheduledRevision(db, pageId),
  ]);
  const numbers = [
    ...new Set([published, newest?.revision, scheduled?.revision].filter((n): n is number => n !== undefined)),
  ];
  if (numbers.length === 0) return [];
  const rows = await db
    .selectFrom('page_revisions')
    .select('document')
    .where('page_id', '=', pageId)
    .where('locale', '=', SOURCE_LOCALE)
    .where('revision', 'in', numbers)
    .execute();
  return rows.map((r) => r.document);
}
