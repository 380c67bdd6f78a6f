import diff from 'microdiff';
import type { z } from 'zod';
import { describeContentPath } from '../../core/content/content-page';
import { describeAutowiredPath, emptyAutowiredDocument, type AutowiredDocument } from '../../core/page-defs/autowired-document';
import { CONTENT_PAGES, type ContentPage } from '../../core/pages';
import { isRichText } from '../../core/schemas/fields';
import { CONTENT_PAGE_DEFINITIONS, CONTENT_SCHEMAS } from '../../core/schemas/page-content';
import type { Change, Comparison, EditState, RevisionStatus } from '../../core/schemas/revision';
import { EMPTY_SEO, SEO_LABELS, type Seo } from '../../core/schemas/seo';
import { allowedScreens, isHeldToAccount, type SessionUser } from '../access/access';
import { audit, runAs } from '../audit/audit';
import { getSiteCompany } from '../company/company.service';
import { inTransaction } from '../db/database';
import { ForbiddenError, NotFoundError, ValidationError } from '../errors';
import { findPageByRouting, type PageRow } from '../page-defs/pages.repository';
import type { Tenant } from '../tenants/tenants';
import { autowiredCacheKey, autowiredParameters } from './autowired.service';
import { comparableMarkup } from './comparable-markup';
import {
  findNewestRevision,
  findPublishedNumber,
  findRevision,
  findScheduledRevision,
  listDueScheduled,
  listPagesOver,
  moveRevisionStatus,
  pruneRevisions,
  type RevisionRow,
} from './content.repository';
import { documentOf, type RevisionTarget } from './content.service';
import { autowiredDescription, contentDescription, pageMeta, sharingImage } from './seo';

const NO_PAGE = 'There is no page of that name.';

/** How often the job looks for scheduled revisions whose time has come: with the runner's 5 s poll, within 30 s. */
export const PUBLISH_SCHEDULED_EVERY_MS = 15_000;
/** How often pruning catches up with REVISIONS_PER_PAGE (a save prunes its own page at once). */
export const PRUNE_REVISIONS_EVERY_MS = 6 * 60 * 60_000;

/** A page whose content has revisions: one of the twelve (with its registry entry) or an Autowired page. */
export interface RevisedPage {
  row: PageRow;
  target: RevisionTarget;
  /** The registry entry of one of the twelve pages; null for an Autowired page. */
  content: ContentPage | null;
  /** The public address (`/Home1`, `/Jobs1`). */
  publicPath: string;
}

const contentById = new Map(CONTENT_PAGES.map((page) => [page.id, page]));

/** A content page by its routing name (any case), or null. */
export async function findRevisedPage(tenant: Tenant, routing: string): Promise<RevisedPage | null> {
  const row = await findPageByRouting(tenant.db, routing);
  if (!row || row.kind !== 'content') return null;
  const content = row.page_type === 'wired' ? (contentById.get(row.id) ?? null) : null;
  if (row.page_type === 'wired' && !content) return null;
  return {
    row,
    content,
    target: { id: row.id, routing: row.routing, cacheKey: content ? content.key : autowiredCacheKey(row.routing) },
    publicPath: content ? content.publicPath : `/${row.routing}1`,
  };
}

/** Whether the session's menu holds the page's editor (the access of its save call). */
export async function mayEditPage(tenant: Tenant, session: SessionUser | null, routing: string): Promise<boolean> {
  if (!session || isHeldToAccount(session)) return false;
  return (await allowedScreens(tenant, session.userId, session.groupId)).includes(routing);
}

/** The page of a staff call (edit, unschedule, compare): 404 if there is none, 403 if the caller's menu lacks its editor. */
export async function editableRevisedPage(tenant: Tenant, routing: string, session: SessionUser): Promise<RevisedPage> {
  const page = await findRevisedPage(tenant, routing);
  if (!page) throw new NotFoundError(NO_PAGE);
  if (!(await mayEditPage(tenant, session, page.row.routing))) throw new ForbiddenError('Your menu does not include this page.');
  return page;
}

/** A page's newest revision (of any status) as its document, or an Autowired page's empty one before its first save. */
export async function newestDocument(tenant: Tenant, page: RevisedPage): Promise<{ document: Record<string, unknown> & { seo: Seo }; row: RevisionRow | undefined }> {
  const row = await findNewestRevision(tenant.db, page.row.id);
  if (row) return { document: documentOf<Record<string, unknown>>(row), row };
  if (page.content) throw new NotFoundError(`The page ${page.row.display_name || page.row.name} has no content yet.`);
  return { document: { ...(emptyAutowiredDocument() as unknown as Record<string, unknown>), seo: { ...EMPTY_SEO } }, row: undefined };
}

/** The default description of a page's document: its first paragraph (DESIGN §20). */
export async function descriptionOf(tenant: Tenant, page: RevisedPage, document: object): Promise<string> {
  if (page.content) return contentDescription(page.content.key, document);
  return autowiredDescription(document as AutowiredDocument, await autowiredParameters(tenant, page.row.id));
}

/**
 * `GET /api/master/edit/:routing` (DESIGN §19): the newest revision of any status in the get call's shape, with
 * its status, when it goes live, the revision visitors see, a waiting schedule, and what the seo fields default to.
 */
export async function editDocument(tenant: Tenant, routing: string, session: SessionUser, publicBaseUrl: string): Promise<Record<string, unknown>> {
  const page = await editableRevisedPage(tenant, routing, session);
  const [{ document, row }, published, scheduled, company] = await Promise.all([
    newestDocument(tenant, page),
    findPublishedNumber(tenant.db, page.row.id),
    findScheduledRevision(tenant.db, page.row.id),
    getSiteCompany(tenant),
  ]);
  const meta = pageMeta({
    seo: EMPTY_SEO,
    pageName: page.row.display_name || page.row.name,
    company,
    description: await descriptionOf(tenant, page, document),
    publicPath: page.publicPath,
    publicBaseUrl,
  });
  const state: EditState = {
    status: row?.status ?? 'draft',
    publishAt: row?.publish_at ?? null,
    savedAt: row?.saved_at ?? null,
    published: published ?? null,
    scheduled: scheduled?.publish_at ? { revision: scheduled.revision, publishAt: scheduled.publish_at } : null,
    // The image as stored (a path for an upload), not the absolute one of the page's head: the editor shows it,
    // wherever the back office is reached (DESIGN §24).
    seoDefaults: { title: meta.title, description: meta.description, image: sharingImage(EMPTY_SEO, company), url: meta.url },
  };
  return { ...document, ...state };
}

/** Fields of a stored document that are the page's bookkeeping, not its content: never compared. */
const NOT_COMPARED = new Set(['revision', 'menupageid', 'commonrouting']);

/**
 * `GET /api/master/compare/:routing?from&to` (DESIGN §19): one entry per changed field between two revisions,
 * in the editor's words; list items by position, one entry for an item added or removed whole.
 */
export async function compareRevisions(tenant: Tenant, routing: string, session: SessionUser, from: number, to: number): Promise<Comparison> {
  const page = await editableRevisedPage(tenant, routing, session);
  const [before, after] = await Promise.all([findRevision(tenant.db, page.row.id, from), findRevision(tenant.db, page.row.id, to)]);
  if (!before) throw new NotFoundError(`Revision ${from} of this page does not exist.`);
  if (!after) throw new NotFoundError(`Revision ${to} of this page does not exist.`);
  const strip = (row: RevisionRow) => Object.fromEntries(Object.entries(documentOf<Record<string, unknown>>(row)).filter(([key]) => !NOT_COMPARED.has(key)));
  const richTextParameters = page.content ? null : new Set((await autowiredParameters(tenant, page.row.id)).filter((p) => p.type === 'Richtext').map((p) => p.parameterName));
  const isRichText = (path: readonly Path[]) =>
    page.content ? isRichTextAt(CONTENT_SCHEMAS[page.content.key], path) : path[0] !== 'seo' && richTextParameters!.has(String(path[path.length - 1]));
  const [older, newer] = [strip(before), strip(after)];
  // Rich text is weighed as a visitor sees it (DESIGN §24); the entries show the values as they were stored.
  const comparable = (document: Record<string, unknown>) => comparableDocument(document, isRichText) as Record<string, unknown>;
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

type Path = string | number;

/** A copy of a document with each rich text in its comparable form (comparable-markup.ts). */
function comparableDocument(value: unknown, isRichText: (path: readonly Path[]) => boolean, path: Path[] = []): unknown {
  if (typeof value === 'string') return isRichText(path) ? comparableMarkup(value) : value;
  if (Array.isArray(value)) return value.map((item, index) => comparableDocument(item, isRichText, [...path, index]));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, field]) => [key, comparableDocument(field, isRichText, [...path, key])]));
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
function pathText(path: readonly (string | number)[]): string {
  return path.map((part, index) => (typeof part === 'number' ? `[${part}]` : index === 0 ? part : `.${part}`)).join('');
}

function labelOf(page: RevisedPage, path: readonly (string | number)[]): string {
  if (path[0] === 'seo') return path.length === 2 && typeof path[1] === 'string' && path[1] in SEO_LABELS ? SEO_LABELS[path[1] as keyof typeof SEO_LABELS] : 'Search and sharing';
  const label = page.content ? describeContentPath(CONTENT_PAGE_DEFINITIONS[page.content.key].labels, path) : describeAutowiredPath(path);
  return label ?? pathText(path);
}

/** Whether the field at `path` of a document of `schema` holds rich text. */
function isRichTextAt(schema: z.core.$ZodType, path: readonly (string | number)[]): boolean {
  let node: z.core.$ZodType | undefined = schema;
  for (const part of path) {
    node = unwrap(node);
    if (!node) return false;
    const def = node._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
    if (typeof part === 'number') node = def.type === 'array' ? (def.element as z.core.$ZodType) : undefined;
    else node = def.type === 'object' ? (def.shape as Record<string, z.core.$ZodType>)[part] : undefined;
  }
  return node !== undefined && isRichText(unwrap(node) ?? node);
}

function unwrap(node: z.core.$ZodType | undefined): z.core.$ZodType | undefined {
  let at = node;
  while (at) {
    if (isRichText(at)) return at;
    const def = at._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
    if (def.type === 'optional' || def.type === 'nullable' || def.type === 'default' || def.type === 'readonly') at = def.innerType as z.core.$ZodType;
    else return at;
  }
  return at;
}

/** The revision a staff preview shows: the one asked for, or the newest of any status. */
export async function previewRevision(tenant: Tenant, page: RevisedPage, revision: number | null): Promise<{ document: Record<string, unknown> & { seo: Seo }; status: RevisionStatus | null; revision: number }> {
  if (revision === null) {
    const { document, row } = await newestDocument(tenant, page);
    return { document, status: row?.status ?? null, revision: row?.revision ?? 0 };
  }
  const row = await findRevision(tenant.db, page.row.id, revision);
  if (!row) throw new NotFoundError(`Revision ${revision} of this page does not exist.`);
  return { document: documentOf<Record<string, unknown>>(row), status: row.status, revision };
}

/** Checks a preview's `?revision=`: a positive whole number. */
export function previewRevisionOf(value: unknown): number | null {
  if (value === undefined) return null;
  const n = Number(value);
  if (typeof value !== 'string' || !/^\d{1,9}$/.test(value) || n <= 0) throw new ValidationError('revision must be a revision number.');
  return n;
}

/**
 * The job of scheduled publishing (DESIGN §19): every scheduled revision whose time has come is published, once
 * even with several instances (the status moves only if it is still `scheduled`), and the page's caches go.
 * Returns the revisions it published.
 */
export async function publishDueRevisions(tenant: Tenant, now: Date): Promise<Array<{ pageId: number; revision: number }>> {
  const published: Array<{ pageId: number; revision: number }> = [];
  for (const due of await listDueScheduled(tenant.db, now.toISOString())) {
    const page = await tenant.db.selectFrom('pages').select(['id', 'routing', 'page_type']).where('id', '=', due.page_id).executeTakeFirst();
    if (!page) continue;
    const content = contentById.get(page.id);
    const moved = await runAs({ userName: null, ip: null }, () =>
      inTransaction(tenant.db, async (trx) => {
        if (!(await moveRevisionStatus(trx, due.page_id, due.revision, 'scheduled', 'published'))) return false;
        const saved = await trx.selectFrom('page_revisions').select('saved_by_name').where('page_id', '=', due.page_id).where('revision', '=', due.revision).executeTakeFirst();
        await audit(trx, tenant, {
          action: 'page.publish',
          targetType: 'page',
          targetId: page.routing,
          summary: `Published ${page.routing} (revision ${due.revision}) as scheduled by ${saved?.saved_by_name ?? 'someone'}`,
          details: { revision: due.revision, scheduledFor: due.publish_at, scheduledBy: saved?.saved_by_name ?? null },
        }, now);
        return true;
      }),
    );
    if (!moved) continue;
    tenant.cache.pageSaved(page.id, content ? content.key : autowiredCacheKey(page.routing));
    published.push({ pageId: page.id, revision: due.revision });
  }
  return published;
}

/** The catch-up after REVISIONS_PER_PAGE was lowered: every page with more revisions than kept is pruned. */
export async function pruneAllRevisions(tenant: Tenant, keep: number): Promise<number> {
  if (keep <= 0) return 0;
  let pruned = 0;
  for (const pageId of await listPagesOver(tenant.db, keep)) {
    pruned += await inTransaction(tenant.db, (trx) => pruneRevisions(trx, pageId, keep));
  }
  return pruned;
}
