import { EMPTY_SEO, type Seo } from '../../../core/schemas/seo';
import { cached } from '../../cache/cached';
import { pageTag, TAGS } from '../../cache/tags';
import { NotFoundError } from '../../errors';
import type { Tenant } from '../../tenants/tenants';
import type { Page } from '../page-kind';
import { findPublishedRevision, SOURCE_LOCALE, type RevisionRow } from './page.repository';

/**
 * What visitors read of a page in its own language, and how a stored revision becomes a document: the read side of
 * the one page service (docs/design.md §25), shared by both document strategies (document-strategy.ts).
 */

/** A stored revision as a document: its number and its seo fields (empty for revisions saved before §20). */
export function documentOf<T extends object>(
  row: Pick<RevisionRow, 'document' | 'revision'>,
): T & { revision: number; seo: Seo } {
  const parsed = JSON.parse(row.document) as T & { seo?: Seo };
  return { ...parsed, seo: { ...EMPTY_SEO, ...parsed.seo }, revision: row.revision };
}

/** The document of a page nobody has saved yet, or a 404 for a kind whose pages always have one. */
export function emptyDocumentOf(page: Page): Record<string, unknown> {
  const empty = page.kind.emptyDocument();
  if (!empty) throw new NotFoundError(`The page ${page.displayName} has no content yet.`);
  return empty;
}

/**
 * A page's published document, kept until the page is published again (`page:Home`, in any language: publishedTags).
 * Documents were validated before they were stored.
 */
const publishedDocuments = cached({
  name: 'published-document',
  tags: (page: Page) => [pageTag(page.routing)],
  key: (page) => String(page.id),
  load: async (tenant: Tenant, page: Page): Promise<Record<string, unknown>> => {
    const row = await findPublishedRevision(tenant.db, page.id);
    return row ? documentOf<Record<string, unknown>>(row) : emptyDocumentOf(page);
  },
});

/**
 * A page's published document in its own language. Public pages and the get calls both come through here, so the
 * server-rendered HTML and the API always agree.
 */
export async function publishedDocument(tenant: Tenant, page: Page): Promise<Record<string, unknown>> {
  return publishedDocuments.get(tenant, page);
}

/**
 * What a publication of a page in a language changes: the page in every language (a translation shows the source's
 * numbers and images, and lists the others), where images are used, and for a translation the languages pages are
 * published in (a publication in the default language changes none of them: every page reads that list, so it is not
 * read again after each save of a page in the default language).
 */
export const publishedTags = (page: Pick<Page, 'routing'>, locale = SOURCE_LOCALE): string[] => [
  pageTag(page.routing),
  ...(locale === SOURCE_LOCALE ? [] : [TAGS.publishedLocales]),
  TAGS.revisions,
];

/** The revision number a document carries (0 for a page nobody has saved). */
export const revisionOf = (document: Record<string, unknown>) =>
  typeof document.revision === 'number' ? document.revision : 0;
