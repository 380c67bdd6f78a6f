import {
  PAGE_MESSAGES,
  PAGE_PAGE_SIZE,
  reservedNameProblem,
  type Module,
  type PageDefinitionData,
  type PageList,
  type PageRecord,
} from '../../../core/page-defs/page-definition';
import {
  PARAMETER_MESSAGES,
  type Parameter,
  type ParameterLabel,
  type SaveParametersData,
} from '../../../core/page-defs/parameter';
import { audit, changedFields } from '../../audit/audit';
import { invalidate } from '../../cache/cached';
import { pageTag, TAGS } from '../../cache/tags';
import { inTransaction } from '../../db/database';
import { ConflictError, NotFoundError, ValidationError } from '../../errors';
import { emitPageChange } from '../../events/domain-events';
import { builtInKind } from '../built-in.kind';
import { pageBuilderKind } from '../page-builder.kind';
import { findPageById } from '../resolve-page';
import { findPublishedNumber } from '../revisions/page.repository';
import { redirectRenamedPage } from '../../redirects/redirects.service';
import type { Tenant } from '../../tenants/tenants';
import { listParameters, parameterOf, replaceParameters } from './parameters.repository';
import {
  findPage,
  findPageByRouting,
  insertAutowiredPage,
  isPagePublished,
  listModules,
  listPagesPage,
  moduleExists,
  nextCreatedPageId,
  pageRecordOf,
  setPageActive,
  updatePage,
} from './pages.repository';

/** getFormCreatedData: the home-pages list, 10 a page, wired pages first by id. */
export async function listPageDefinitions(tenant: Tenant, pageno: number): Promise<PageList> {
  const offset = (pageno - 1) * PAGE_PAGE_SIZE;
  const { rows, total } = await listPagesPage(tenant.db, offset, PAGE_PAGE_SIZE);
  return {
    totalItems: total,
    items: rows.map((row, index) => ({
      ...pageRecordOf(row),
      srno: offset + index + 1,
      code: row.routing,
      name: row.display_name || row.name,
    })),
  };
}

export async function getPageDefinition(tenant: Tenant, id: number): Promise<PageRecord> {
  const row = await findPage(tenant.db, id);
  if (!row) throw new NotFoundError(PAGE_MESSAGES.notFound);
  return pageRecordOf(row);
}

export async function getModules(tenant: Tenant): Promise<Module[]> {
  return listModules(tenant.db);
}

/**
 * savePageCreation (docs/design.md §11): creates an Autowired page (ids from 1000) or updates a page. A wired page
 * keeps its name, type and place on the public site (its code answers to them); its display name and module
 * may change. Names are unique regardless of case and never one of Folio's own routes or a page's twin.
 */
export async function savePageDefinition(
  tenant: Tenant,
  input: PageDefinitionData,
): Promise<{ status: 'OK'; message: string; id: number }> {
  const db = tenant.db;
  if (!(await moduleExists(db, input.module))) throw new ValidationError(PAGE_MESSAGES.module, 'module');
  const existing = input.id === undefined ? undefined : await findPage(db, input.id);
  if (input.id !== undefined && !existing) throw new NotFoundError(PAGE_MESSAGES.notFound);

  // A page with code (the built-in pages' type, which the back-office screens share) keeps what its code answers to.
  if (existing && pageRecordOf(existing).type === builtInKind.pageType) {
    if (input.filename !== existing.routing) throw new ValidationError(PAGE_MESSAGES.wiredName, 'filename');
    if (input.type !== builtInKind.pageType) throw new ValidationError(PAGE_MESSAGES.wiredType, 'type');
    if (input.homepage !== existing.homepage)
      throw new ValidationError('Whether a wired page is on the public website is fixed by its code.', 'homepage');
    await inTransaction(db, async (trx) => {
      await updatePage(trx, existing.id, { display_name: input.dspname, module_id: input.module });
      await audit(trx, tenant, {
        action: 'pagedef.update',
        targetType: 'page',
        targetId: existing.routing,
        summary: `Changed the definition of page ${existing.routing}`,
        details: changedFields(
          { displayName: existing.display_name || existing.name, module: existing.module_id },
          { displayName: input.dspname, module: input.module },
        ),
      });
    });
    invalidate(tenant, [TAGS.pages]);
    return { status: 'OK', message: PAGE_MESSAGES.saved, id: existing.id };
  }
  if (input.type !== pageBuilderKind.pageType)
    throw new ValidationError(existing ? PAGE_MESSAGES.wiredType : PAGE_MESSAGES.newWired, 'type');
  await assertNameFree(tenant, input.filename, existing?.id);

  const values = {
    routing: input.filename,
    name: input.dspname,
    display_name: input.dspname,
    module_id: input.module,
    homepage: input.homepage,
    public_path: input.homepage === 'Y' ? `/${input.filename}1` : null,
  };
  const audited = {
    name: values.routing,
    displayName: values.display_name,
    module: values.module_id,
    onWebsite: values.homepage === 'Y',
  };
  let id: number;
  if (existing) {
    await inTransaction(db, async (trx) => {
      await updatePage(trx, existing.id, values);
      const before = {
        name: existing.routing,
        displayName: existing.display_name || existing.name,
        module: existing.module_id,
        onWebsite: existing.homepage === 'Y',
      };
      const renamed = existing.routing === values.routing ? '' : ` (was ${existing.routing})`;
      await audit(trx, tenant, {
        action: 'pagedef.update',
        targetType: 'page',
        targetId: values.routing,
        summary: `Changed the definition of page ${values.routing}${renamed}`,
        details: changedFields(before, audited),
      });
      // Its name is its address (docs/design.md §27): links to the old public address keep working, with a 301 to the new one.
      // Another spelling of the same name needs none: addresses of pages are found in any case.
      if (
        existing.public_path &&
        values.public_path &&
        existing.public_path.toLowerCase() !== values.public_path.toLowerCase()
      ) {
        await redirectRenamedPage(trx, tenant, values.routing, existing.public_path, values.public_path, new Date());
      }
    });
    id = existing.id;
  } else {
    id = await inTransaction(db, async (trx) => {
      const next = await nextCreatedPageId(trx);
      await insertAutowiredPage(trx, next, values);
      await audit(trx, tenant, {
        action: 'pagedef.create',
        targetType: 'page',
        targetId: values.routing,
        summary: `Created page ${values.routing}`,
        details: { id: next, ...audited },
      });
      return next;
    });
  }
  // A page renamed: its documents were kept under its old name's tag, and its old address may now redirect.
  invalidate(tenant, existing ? [TAGS.pages, TAGS.redirects, pageTag(existing.routing)] : [TAGS.pages]);
  return { status: 'OK', message: PAGE_MESSAGES.saved, id };
}

async function assertNameFree(tenant: Tenant, name: string, ownId: number | undefined): Promise<void> {
  const reserved = reservedNameProblem(name);
  if (reserved) throw new ValidationError(reserved, 'filename');
  const same = await findPageByRouting(tenant.db, name);
  if (same && same.id !== ownId)
    throw new ConflictError(`A page named ${same.routing} already exists (names are the same regardless of case).`);
  // The public twin of a page is its name with 1: neither may collide with another page's name.
  if (name.endsWith('1')) {
    const base = await findPageByRouting(tenant.db, name.slice(0, -1));
    if (base && base.id !== ownId)
      throw new ConflictError(`${name} is the public address of the page ${base.routing}; choose another name.`);
  }
  const twin = await findPageByRouting(tenant.db, `${name}1`);
  if (twin && twin.id !== ownId)
    throw new ConflictError(`The public address ${name}1 would be the page ${twin.routing}; choose another name.`);
}

/** activitydelstatus: N unpublishes (404, out of the sitemap and menus; content and history kept). */
export async function changePageStatus(
  tenant: Tenant,
  id: number,
  activeStatus: 'Y' | 'N',
): Promise<{ status1: 'Success'; message: string }> {
  const row = await findPage(tenant.db, id);
  if (!row) throw new NotFoundError(PAGE_MESSAGES.notFound);
  if (row.kind === 'screen' && activeStatus === 'N')
    throw new ValidationError('A back-office screen cannot be deactivated: remove it from menus instead.');
  await inTransaction(tenant.db, async (trx) => {
    await setPageActive(trx, id, activeStatus === 'Y');
    const verb = activeStatus === 'Y' ? 'Activated' : 'Deactivated';
    await audit(trx, tenant, {
      action: 'pagedef.status',
      targetType: 'page',
      targetId: row.routing,
      summary: `${verb} page ${row.routing}`,
      details: changedFields({ active: row.active === 1 }, { active: activeStatus === 'Y' }),
    });
  });
  invalidate(tenant, [TAGS.pages]);
  if (row.kind !== 'screen' && (row.active === 1) !== (activeStatus === 'Y'))
    await tellVisitorsSee(tenant, row, activeStatus);
  return { status1: 'Success', message: activeStatus === 'Y' ? PAGE_MESSAGES.activated : PAGE_MESSAGES.deactivated };
}

/**
 * Visitors see the page again at its published revision (in its default language; its translations come back with it),
 * or no longer (docs/design.md §33: page.published, page.unpublished). A page never published stays unseen: no event.
 */
async function tellVisitorsSee(tenant: Tenant, row: { id: number; routing: string }, activeStatus: 'Y' | 'N') {
  const revision = activeStatus === 'Y' ? await findPublishedNumber(tenant.db, row.id) : 'unpublished';
  if (revision !== undefined) await emitPageChange(tenant, { routing: row.routing, locale: '' }, revision, new Date());
}

/**
 * getactivityforparamconf: the names the parameter dropdown offers (docs/design.md §7, §12): the fields its page's kind
 * gives rules to (a built-in page's fields with their on-screen labels, which replaces the spec's foo/nofoo
 * reload), or, for a page whose parameters are its fields, those parameters. A screen has none.
 */
export async function parameterLabels(tenant: Tenant, id: number): Promise<ParameterLabel[]> {
  const row = await findPage(tenant.db, id);
  if (!row) throw new NotFoundError(PAGE_MESSAGES.notFound);
  const fields = await fieldsForRules(tenant, id);
  return (
    fields ?? (await listParameters(tenant.db, id)).map((p) => ({ name: p.parameter_name, label: p.parameter_name }))
  );
}

/** The fields a page's rules may name, or null when any name goes (the parameters are the fields); none for a screen. */
async function fieldsForRules(tenant: Tenant, id: number): Promise<ParameterLabel[] | null> {
  const page = await findPageById(tenant, id);
  return page ? page.kind.fieldsForRules(page) : [];
}

/** getActivityParametersByid: the page and its parameters, for the configuration screen. */
export async function pageParameters(
  tenant: Tenant,
  id: number,
): Promise<{ page: PageRecord; parameters: Parameter[] }> {
  const row = await findPage(tenant.db, id);
  if (!row) throw new NotFoundError(PAGE_MESSAGES.notFound);
  return { page: pageRecordOf(row), parameters: (await listParameters(tenant.db, id)).map(parameterOf) };
}

/**
 * saveParameters: replaces a page's configuration as a whole (docs/design.md §12). The schema has refused
 * contradictions; here a wired page's parameters must name its fields. Applies to the next save at once.
 */
export async function saveParameters(
  tenant: Tenant,
  { id, parameters }: SaveParametersData,
): Promise<{ message: 'Success' }> {
  const row = await findPage(tenant.db, id);
  if (!row) throw new NotFoundError(PAGE_MESSAGES.notFound);
  const fields = await fieldsForRules(tenant, id);
  if (fields) {
    const names = new Set(fields.map((l) => l.name));
    const at = parameters.findIndex((p) => !names.has(p.parameterName));
    const stranger = parameters[at];
    if (stranger)
      throw new ValidationError(
        PARAMETER_MESSAGES.unknownField(stranger.parameterName, row.display_name || row.name),
        `parameters.${at}.parameterName`,
      );
  }
  const ordered = [...parameters]
    .sort((a, b) => a.sequence - b.sequence)
    .map((p, index) => ({ ...p, sequence: index + 1 }));
  await inTransaction(tenant.db, async (trx) => {
    const before = (await listParameters(trx, id)).map(parameterOf);
    await replaceParameters(trx, id, ordered);
    const changes = parameterChanges(before, ordered);
    await audit(trx, tenant, {
      action: 'param.update',
      targetType: 'page',
      targetId: row.routing,
      summary: `Changed the field rules of page ${row.routing} (${changes.counts})`,
      details: changes.details,
    });
  });
  invalidate(tenant, [TAGS.pages]);
  return { message: 'Success' };
}

/** What a new configuration changes: the parameters added and removed by name, and the changed fields of the others. */
function parameterChanges(
  before: readonly Parameter[],
  after: readonly Parameter[],
): { counts: string; details: Record<string, unknown> } {
  const key = (p: Parameter) => p.parameterName.toLowerCase();
  const was = new Map(before.map((p) => [key(p), p]));
  const now = new Map(after.map((p) => [key(p), p]));
  const added = after.filter((p) => !was.has(key(p))).map((p) => p.parameterName);
  const removed = before.filter((p) => !now.has(key(p))).map((p) => p.parameterName);
  const changed: Record<string, unknown> = {};
  for (const p of after) {
    const old = was.get(key(p));
    if (!old) continue;
    const fields = changedFields(old as unknown as Record<string, unknown>, p as unknown as Record<string, unknown>);
    if (Object.keys(fields).length > 0) changed[p.parameterName] = fields;
  }
  const counts = `${added.length} added, ${removed.length} removed, ${Object.keys(changed).length} changed`;
  return { counts, details: { added, removed, changed } };
}

/** Whether a page is active: a deactivated content page has no public twin (docs/design.md §11). */
export async function isPublished(tenant: Tenant, id: number): Promise<boolean> {
  return isPagePublished(tenant.db, id);
}
