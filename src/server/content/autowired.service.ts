import { checkDocumentEntries, checkEntry, imageSizeProblem } from '../../core/field-rules/check-entry';
import {
  autowiredDocumentSchema,
  autowiredRules,
  describeAutowiredPath,
  emptyAutowiredDocument,
  withAllFields,
  type AutowiredDocument,
} from '../../core/page-defs/autowired-document';
import type { PageRecord } from '../../core/page-defs/page-definition';
import type { Parameter } from '../../core/page-defs/parameter';
import { CONTENT_PAGES } from '../../core/pages';
import type { RevisionSummary } from '../../core/schemas/revision';
import { sanitizeDocument } from '../../core/schemas/fields';
import { allowedScreens, type SessionUser } from '../access/access';
import { ForbiddenError, NotFoundError, ValidationError } from '../errors';
import { listParameters, parameterOf } from '../page-defs/parameters.repository';
import { pageRecordOf } from '../page-defs/page-defs.service';
import { checkMasterChoices } from '../masters/page-choices';
import { findPageByRouting, type PageRow } from '../page-defs/pages.repository';
import type { Tenant } from '../tenants/tenants';
import { nameFieldsOf, parseInput } from '../validation';
import type { SavedRevision } from '../../core/schemas/revision';
import { findPublishedRevision } from './content.repository';
import { commitRevision, documentOf, getPageContent, historyOf, publishModeOf, restoreRevisionOf, type RevisionTarget, type SaveTools } from './content.service';

const NO_PAGE = 'There is no page of that name.';

/** The cache key of an Autowired page's rendered public twin. */
export const autowiredCacheKey = (routing: string) => `autowired:${routing.toLowerCase()}`;

async function pageOrNotFound(tenant: Tenant, routing: string): Promise<PageRow> {
  const row = await findPageByRouting(tenant.db, routing);
  if (!row || row.kind !== 'content') throw new NotFoundError(NO_PAGE);
  return row;
}

async function mayEdit(tenant: Tenant, session: SessionUser | null, routing: string): Promise<boolean> {
  return session !== null && (await allowedScreens(tenant, session.userId, session.groupId)).includes(routing);
}

/**
 * getpagecontent (DESIGN §13): any page's content document, the twelve pages too. The content of an inactive
 * or internal page (homepage N) is readable only by staff whose menu holds the page; anyone else gets 404.
 */
export async function getDocumentByRouting(tenant: Tenant, routing: string, session: SessionUser | null): Promise<object> {
  const row = await pageOrNotFound(tenant, routing);
  if ((row.active !== 1 || row.homepage !== 'Y') && !(await mayEdit(tenant, session, row.routing))) throw new NotFoundError(NO_PAGE);
  if (row.page_type === 'wired') {
    const page = CONTENT_PAGES.find((p) => p.id === row.id);
    if (!page) throw new NotFoundError(NO_PAGE);
    return getPageContent(tenant, page.key);
  }
  return autowiredDocument(tenant, row.id);
}

/** An Autowired page's published document; a page nobody has published yet is at revision 0, empty. */
export async function autowiredDocument(tenant: Tenant, pageId: number): Promise<AutowiredDocument> {
  const cached = tenant.cache.content.get(pageId);
  if (cached) return cached as unknown as AutowiredDocument;
  const row = await findPublishedRevision(tenant.db, pageId);
  const document = row ? documentOf<AutowiredDocument>(row) : emptyAutowiredDocument();
  tenant.cache.content.set(pageId, document as never);
  return document;
}

export async function autowiredParameters(tenant: Tenant, pageId: number): Promise<Parameter[]> {
  return (await listParameters(tenant.db, pageId)).map(parameterOf);
}

/** The editing twin of an Autowired page, checked against the caller's menu. */
async function editableAutowired(tenant: Tenant, routing: string, session: SessionUser): Promise<PageRow> {
  const row = await pageOrNotFound(tenant, routing);
  if (row.page_type !== 'Autowired') throw new ValidationError(`The page ${row.routing} is saved with its own call, not with savepagecontent.`);
  if (!(await mayEdit(tenant, session, row.routing))) throw new ForbiddenError('Your menu does not include this page.');
  return row;
}

/** The size in bytes of the tenant's stored image behind an address; null when it is not one of Folio's stored images. */
export type ImageBytes = (tenant: Tenant, url: string) => Promise<number | null>;

/**
 * Image parameters with a size in KB: each stored image (what visitors download) against the rule, the
 * header first, then the rows in order. Addresses of images elsewhere have no size Folio could check.
 */
async function checkImageFileSizes(tenant: Tenant, parameters: readonly Parameter[], document: AutowiredDocument, imageBytes: ImageBytes): Promise<void> {
  const sized = parameters.filter((p) => p.type === 'Image' && p.sizeinKB !== null);
  const parts = [
    { values: document.header, level: 'Header' },
    ...document.rows.map((values) => ({ values, level: 'Detail' })),
  ];
  for (const { values, level } of parts) {
    for (const p of sized) {
      const value = values[p.parameterName];
      if (p.pagecreationtype !== level || typeof value !== 'string' || value.trim() === '') continue;
      const problem = imageSizeProblem(p.parameterName, p, { bytes: await imageBytes(tenant, value) });
      if (problem) throw new ValidationError(problem);
    }
  }
}

const targetOf = (row: PageRow): RevisionTarget => ({ id: row.id, routing: row.routing, cacheKey: autowiredCacheKey(row.routing) });

/**
 * savepagecontent (DESIGN §13): validates the document with a schema built from the page's parameters (unknown
 * fields, wrong types, too many rows → 400 naming the place), cleans rich text, applies the parameters' rules
 * (header, then each row: first failure wins) and stores a new revision (409 on a stale save).
 */
export async function saveAutowiredDocument(
  tenant: Tenant,
  routing: string,
  submitted: Record<string, unknown>,
  session: SessionUser,
  tools: SaveTools & { imageBytes: ImageBytes; publish?: string | undefined },
  now = new Date(),
): Promise<SavedRevision> {
  const { cleanRichText, imageBytes } = tools;
  const publish = publishModeOf(tools.publish, now);
  const row = await editableAutowired(tenant, routing, session);
  const parameters = await autowiredParameters(tenant, row.id);
  const schema = autowiredDocumentSchema(parameters);
  nameFieldsOf(schema, describeAutowiredPath);
  const parsed = parseInput(schema, submitted) as AutowiredDocument;
  const document = withAllFields(sanitizeDocument(schema, parsed, cleanRichText), parameters);
  const rules = autowiredRules(parameters);
  const header = checkEntry(document.header, rules.header, now);
  if (!header.ok) throw new ValidationError(header.message);
  const rows = checkDocumentEntries({ rows: document.rows }, rules.rows, now);
  if (!rows.ok) throw new ValidationError(rows.message);
  await checkImageFileSizes(tenant, parameters, document, imageBytes);
  // Choices from master data: active values of their type, of the parent chosen beside them (DESIGN §14).
  const chosen = await checkMasterChoices(tenant, parameters, document, await autowiredDocument(tenant, row.id));
  const { menupageid: _id, commonrouting: _routing, ...stored } = chosen;
  return commitRevision(tenant, targetOf(row), stored, session, { basedOn: document.revision, publish, keepRevisions: tools.keepRevisions }, now);
}

export async function autowiredHistory(tenant: Tenant, routing: string, session: SessionUser): Promise<{ revisions: RevisionSummary[]; published: number | null }> {
  const row = await editableAutowired(tenant, routing, session);
  return historyOf(tenant, row.id);
}

export async function restoreAutowired(tenant: Tenant, routing: string, revision: number, session: SessionUser, keepRevisions: number): Promise<SavedRevision> {
  const row = await editableAutowired(tenant, routing, session);
  return restoreRevisionOf(tenant, targetOf(row), revision, session, keepRevisions);
}

/** What the generic editor of an Autowired page needs: the page and its parameters (its menu must hold the page). */
export async function editorDefinition(tenant: Tenant, routing: string, session: SessionUser): Promise<{ page: PageRecord; parameters: Parameter[] }> {
  const row = await editableAutowired(tenant, routing, session);
  return { page: pageRecordOf(row), parameters: await autowiredParameters(tenant, row.id) };
}
