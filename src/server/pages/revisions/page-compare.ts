import diff from 'microdiff';
import type { Change, Comparison } from '../../../core/schemas/revision';
import { SEO_LABELS } from '../../../core/schemas/seo';
import { NotFoundError } from '../../errors';
import type { Tenant } from '../../tenants/tenants';
import { comparableMarkup } from './comparable-markup';
import type { Page } from '../page-kind';
import { findRevision } from './page.repository';
import type { DocumentStrategy } from '../document-strategy';

/** Fields of a stored document that are the page's bookkeeping, not its content: never compared. */
const NOT_COMPARED = new Set(['revision', 'menupageid', 'commonrouting']);

type Path = string | number;

/**
 * `GET /api/master/compare/:routing?from&to` (docs/design.md §19): one entry per changed field between two revisions,
 * in the editor's words (the page's kind names the places); list items by position, one entry for an item
 * added or removed whole.
 */
export async function compareRevisions(
  tenant: Tenant,
  page: Page,
  documents: DocumentStrategy,
  from: number,
  to: number,
): Promise<Comparison> {
  const [before, after] = await Promise.all([
    findRevision(tenant.db, page.id, from, documents.locale),
    findRevision(tenant.db, page.id, to, documents.locale),
  ]);
  if (!before) throw new NotFoundError(`Revision ${from} of ${documents.thisPage} does not exist.`);
  if (!after) throw new NotFoundError(`Revision ${to} of ${documents.thisPage} does not exist.`);
  const [first, second] = await Promise.all([
    documents.view(tenant, page, before),
    documents.view(tenant, page, after),
  ]);
  return compareDocuments(tenant, page, { from, to }, first, second);
}

/** Two documents of a page compared field by field (a translation's with the source around its texts, docs/design.md §28). */
async function compareDocuments(
  tenant: Tenant,
  page: Page,
  { from, to }: { from: number; to: number },
  first: Record<string, unknown>,
  second: Record<string, unknown>,
): Promise<Comparison> {
  const strip = (document: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(document).filter(([key]) => !NOT_COMPARED.has(key)));
  const isRichText = await page.kind.richTextPaths(tenant, page);
  const [older, newer] = [strip(first), strip(second)];
  // Rich text is weighed as a visitor sees it (docs/design.md §24); the entries show the values as they were stored.
  const comparable = (document: Record<string, unknown>) =>
    comparableDocument(document, isRichText) as Record<string, unknown>;
  const changes: Change[] = diff(comparable(older), comparable(newer)).map((d) => {
    const path = d.path;
    const item = typeof path[path.length - 1] === 'number';
    const kind = item && d.type === 'CREATE' ? 'added' : item && d.type === 'REMOVE' ? 'removed' : 'changed';
    return {
      path: pathText(path),
      label: labelOf(page, path),
      kind,
      before: d.type === 'CREATE' ? null : valueAt(older, path),
      after: d.type === 'REMOVE' ? null : valueAt(newer, path),
      richText: isRichText(path),
    };
  });
  return { from, to, changes };
}

/** A copy of a document with each rich text in its comparable form (comparable-markup.ts). */
function comparableDocument(
  value: unknown,
  isRichText: (path: readonly Path[]) => boolean,
  path: Path[] = [],
): unknown {
  if (typeof value === 'string') return isRichText(path) ? comparableMarkup(value) : value;
  if (Array.isArray(value)) return value.map((item, index) => comparableDocument(item, isRichText, [...path, index]));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, field]) => [key, comparableDocument(field, isRichText, [...path, key])]),
    );
  }
  return value;
}

/** The value at `path` of a document (undefined where there is none). */
function valueAt(document: unknown, path: readonly Path[]): unknown {
  let at = document;
  for (const part of path) at = at !== null && typeof at === 'object' ? (at as Record<Path, unknown>)[part] : undefined;
  return at;
}

/** `['skillList', 2, 'skillName']` → `skillList[2].skillName`. */
export function pathText(path: readonly Path[]): string {
  return path.map((part, index) => (typeof part === 'number' ? `[${part}]` : index === 0 ? part : `.${part}`)).join('');
}

/** A place of a page's document in the editor's words (the search and sharing fields included), else its path. */
export function labelOf(page: Page, path: readonly Path[]): string {
  if (path[0] === 'seo')
    return path.length === 2 && typeof path[1] === 'string' && path[1] in SEO_LABELS
      ? SEO_LABELS[path[1] as keyof typeof SEO_LABELS]
      : 'Search and sharing';
  return page.kind.describePath(page, path) ?? pathText(path);
}
