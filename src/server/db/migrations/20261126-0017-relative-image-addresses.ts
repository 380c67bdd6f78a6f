import { sql, type Kysely } from 'kysely';

/**
 * Image addresses are site-relative (docs/design.md §24). Uploads used to be stored with PUBLIC_BASE_URL's scheme and
 * host (`http://localhost:3000/uploads/photos/about/…`), which the public pages' CSP (`img-src 'self'`) blocks
 * once the site is reached at any other address: another host, https, a restore elsewhere. Every stored
 * address of an upload, whatever scheme and host it was stored with (the site may have moved since), becomes its
 * path `/uploads/photos/{folder}/{name}`, wherever it is stored:
 * - every revision of every page (published, drafts, scheduled, the history): the documents of the twelve pages
 *   and of pages made without code (their fields, list entries, rich text, sharing image);
 * - the company's logo.
 * Every other address (a link to another site, an image elsewhere) is left as it is. The audit log keeps its
 * words: it records what happened then.
 *
 * The pattern is copied here as it was when this migration was written (the app's own may change later; what
 * an upgrade does must not).
 */
const UPLOAD_ORIGIN = /https?:\/\/[^/?#\s"'<>\\]+(?=\/uploads\/photos\/)/gi;

/** A text with each upload's scheme and host dropped. */
export const withRelativeImageAddresses = (text: string): string => text.replace(UPLOAD_ORIGIN, '');

export async function up(db: Kysely<unknown>): Promise<void> {
  // A page at a time, and only the revisions that mention an upload: the history of a big site stays out of memory.
  const pages = await sql<{ page_id: number }>`
    select distinct page_id from page_revisions where document like ${'%/uploads/photos/%'} order by page_id`.execute(
    db,
  );
  for (const { page_id: pageId } of pages.rows) {
    const revisions = await sql<{ revision: number; document: string }>`
      select revision, document from page_revisions where page_id = ${pageId} and document like ${'%/uploads/photos/%'}`.execute(
      db,
    );
    for (const row of revisions.rows) {
      const document = withRelativeImageAddresses(row.document);
      if (document === row.document) continue;
      await sql`update page_revisions set document = ${document} where page_id = ${pageId} and revision = ${row.revision}`.execute(
        db,
      );
    }
  }

  const companies = await sql<{
    id: number;
    logo: string;
  }>`select id, logo from company where logo like ${'%/uploads/photos/%'}`.execute(db);
  for (const row of companies.rows) {
    const logo = withRelativeImageAddresses(row.logo);
    if (logo !== row.logo) await sql`update company set logo = ${logo} where id = ${row.id}`.execute(db);
  }
}

/** Nothing to undo: a path is what every Folio takes, before this migration too (as the same site's address). */
export async function down(): Promise<void> {}
