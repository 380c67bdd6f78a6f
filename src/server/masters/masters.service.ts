import {
  MASTER_MESSAGES,
  MASTER_PAGE_SIZE,
  type MasterChoice,
  type MasterType,
  type MasterTypeInput,
  type MasterValue,
  type MasterValueInput,
} from '../../core/masters/master-data';
import { allowedScreens, type SessionUser } from '../access/access';
import { audit, changedFields } from '../audit/audit';
import { invalidate } from '../cache/cached';
import { TAGS } from '../cache/tags';
import { inTransaction, type Db } from '../db/database';
import { ForbiddenError, NotFoundError, ValidationError } from '../errors';
import type { Tenant } from '../tenants/tenants';
import {
  findType,
  findTypeIdByCode,
  findValue,
  findValueIdByCode,
  insertType,
  insertValue,
  listActiveChoices,
  listAllTypes,
  listTypesPage,
  listValuesPage,
  routingsOfPagesUsingType,
  setTypeActive,
  setValueActive,
  setValueParent,
  typeHasValuesWithParents,
  updateType,
  updateValue,
  type MasterTypeRow,
  type MasterValueRow,
} from './masters.repository';

/**
 * Master data (spec 001 §7 common master calls, docs/design.md §14): the commonMasterType and commonMaster screens'
 * rules. Types may depend on another type (never in a cycle); a value of a dependent type has an active value
 * of that other type as its parent. Values are deactivated, never deleted.
 */

/** The screen whose callers may read any type's values for a dropdown (besides the editors of pages using it). */
const VALUES_SCREEN = 'commonMaster';

const STATUS_MESSAGES = {
  Y: 'Record activated.',
  N: 'Record deactivated: it stays where it was chosen and is no longer offered.',
} as const;
const KEEPS_TYPE = 'A value keeps its type: create the value in the other type instead.';
const keepsDependency = (type: string) =>
  `The values of ${type} already have their parents: the type it depends on cannot change under them.`;

type SaveAnswer = { status: 'Success'; message: string; id: number };
type StatusAnswer = { status: 'Success'; message: string };

function typeOf(row: MasterTypeRow): MasterType {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    dependsOn: row.depends_on,
    dependsOnName: row.depends_on_name,
    activeStatus: row.active === 1 ? 'Y' : 'N',
  };
}

function valueOf(row: MasterValueRow): MasterValue {
  return {
    id: row.id,
    typeId: row.type_id,
    typeName: row.type_name,
    code: row.code,
    name: row.name,
    sequence: row.sequence,
    parentId: row.parent_id,
    parentName: row.parent_name,
    activeStatus: row.active === 1 ? 'Y' : 'N',
  };
}

async function typeOrNotFound(db: Db, id: number): Promise<MasterTypeRow> {
  const row = await findType(db, id);
  if (!row) throw new NotFoundError(MASTER_MESSAGES.notFound);
  return row;
}

async function valueOrNotFound(db: Db, id: number): Promise<MasterValueRow> {
  const row = await findValue(db, id);
  if (!row) throw new NotFoundError(MASTER_MESSAGES.notFound);
  return row;
}

// ---- Types -------------------------------------------------------------------------------------------------

/** getCommasterType: 10 a page, oldest first; the search text matches code or name. */
export async function listMasterTypes(tenant: Tenant, { pageno, searchText }: { pageno: number; searchText: string }) {
  const offset = (pageno - 1) * MASTER_PAGE_SIZE;
  const { rows, total } = await listTypesPage(tenant.db, searchText, offset, MASTER_PAGE_SIZE);
  return { totalItems: total, items: rows.map((row, index) => ({ ...typeOf(row), srno: offset + index + 1 })) };
}

export async function getMasterType(tenant: Tenant, id: number): Promise<MasterType> {
  return typeOf(await typeOrNotFound(tenant.db, id));
}

/**
 * The types that depend on `id`, directly or through others: `id` may depend on none of them (nor on itself),
 * or the chain would close into a cycle.
 */
function dependentsOf(types: ReadonlyArray<{ id: number; depends_on: number | null }>, id: number): Set<number> {
  const found = new Set<number>([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const type of types) {
      if (type.depends_on !== null && found.has(type.depends_on) && !found.has(type.id)) {
        found.add(type.id);
        grew = true;
      }
    }
  }
  return found;
}

/** savecommonmastertype: create without `id`, update with it. Codes are unique regardless of case; no cycles. */
export async function saveMasterType(tenant: Tenant, input: MasterTypeInput): Promise<SaveAnswer> {
  const dependsOn = input.dependsOn ?? null;
  const id = await inTransaction(tenant.db, async (db) => {
    const existing = input.id === undefined ? undefined : await typeOrNotFound(db, input.id);
    if (dependsOn !== null) {
      const types = await listAllTypes(db);
      const target = types.find((type) => type.id === dependsOn);
      if (!target) throw new ValidationError(MASTER_MESSAGES.unknownType, 'dependsOn');
      if (existing && dependentsOf(types, existing.id).has(dependsOn))
        throw new ValidationError(MASTER_MESSAGES.cycle, 'dependsOn');
      if (target.active !== 1 && dependsOn !== existing?.depends_on)
        throw new ValidationError(MASTER_MESSAGES.inactiveType, 'dependsOn');
    }
    const same = await findTypeIdByCode(db, input.code);
    if (same !== undefined && same !== existing?.id)
      throw new ValidationError(MASTER_MESSAGES.duplicateTypeCode(input.code), 'code');
    if (existing && dependsOn !== existing.depends_on && (await typeHasValuesWithParents(db, existing.id))) {
      throw new ValidationError(keepsDependency(existing.name), 'dependsOn');
    }
    const values = { code: input.code, name: input.name, depends_on: dependsOn };
    if (!existing) {
      const id = await insertType(db, values, new Date().toISOString());
      await audit(db, tenant, {
        action: 'master.create',
        targetType: 'master_type',
        targetId: input.code,
        summary: `Created master type ${input.code} (${input.name})`,
        details: values,
      });
      return id;
    }
    await updateType(db, existing.id, values);
    const before = { code: existing.code, name: existing.name, depends_on: existing.depends_on };
    await audit(db, tenant, {
      action: 'master.update',
      targetType: 'master_type',
      targetId: input.code,
      summary: `Updated master type ${input.code} (${input.name})`,
      details: changedFields(before, values),
    });
    return existing.id;
  });
  return { status: 'Success', message: MASTER_MESSAGES.saved, id };
}

/** changeStatusForCommonMasterType: an inactive type is no longer offered for new parameters or values. */
export async function changeMasterTypeStatus(
  tenant: Tenant,
  { id, activeStatus }: { id: number; activeStatus: 'Y' | 'N' },
): Promise<StatusAnswer> {
  const type = await typeOrNotFound(tenant.db, id);
  await inTransaction(tenant.db, async (db) => {
    await setTypeActive(db, id, activeStatus === 'Y');
    const verb = activeStatus === 'Y' ? 'Activated' : 'Deactivated';
    await audit(db, tenant, {
      action: 'master.update',
      targetType: 'master_type',
      targetId: type.code,
      summary: `${verb} master type ${type.code}`,
      details: { active: { before: type.active === 1, after: activeStatus === 'Y' } },
    });
  });
  return { status: 'Success', message: STATUS_MESSAGES[activeStatus] };
}

const optionOf = (type: { id: number; code: string; name: string; depends_on: number | null }) => ({
  id: type.id,
  code: type.code,
  name: type.name,
  dependsOn: type.depends_on,
});

/** getCommasterTypefordropdown: the active types, by name. */
export async function masterTypeOptions(tenant: Tenant) {
  return (await listAllTypes(tenant.db)).filter((type) => type.active === 1).map(optionOf);
}

/**
 * getCommasterTypefordependacy: the active types the type `id` may depend on (every active type for a new one):
 * never itself nor a type that depends on it. The type's current choice stays listed even when inactive.
 */
export async function dependencyOptions(tenant: Tenant, id: number | undefined) {
  const types = await listAllTypes(tenant.db);
  if (id === undefined) return types.filter((type) => type.active === 1).map(optionOf);
  const own = types.find((type) => type.id === id);
  if (!own) throw new NotFoundError(MASTER_MESSAGES.notFound);
  const excluded = dependentsOf(types, id);
  return types
    .filter((type) => !excluded.has(type.id) && (type.active === 1 || type.id === own.depends_on))
    .map(optionOf);
}

// ---- Values ------------------------------------------------------------------------------------------------

/** getCommonMaster, getSearchForcommonMaster: 10 a page, optionally of one type; the text matches code or name. */
export async function listMasterValues(
  tenant: Tenant,
  { typeId, pageno, searchText }: { typeId?: number | undefined; pageno: number; searchText: string },
) {
  const offset = (pageno - 1) * MASTER_PAGE_SIZE;
  const { rows, total } = await listValuesPage(
    tenant.db,
    tenant.dialect,
    { typeId, text: searchText },
    offset,
    MASTER_PAGE_SIZE,
  );
  return { totalItems: total, items: rows.map((row, index) => ({ ...valueOf(row), srno: offset + index + 1 })) };
}

export async function getMasterValue(tenant: Tenant, id: number): Promise<MasterValue> {
  return valueOf(await valueOrNotFound(tenant.db, id));
}

/** gettypeformasterByID: the type of a value. */
export async function typeOfMasterValue(tenant: Tenant, id: number): Promise<MasterType> {
  const value = await valueOrNotFound(tenant.db, id);
  return getMasterType(tenant, value.type_id);
}

/**
 * The parent a value of `type` may have: none when the type depends on no other type; else an active value of
 * that type. A parent the value already has may have been deactivated since: it stays (values are never
 * pulled from under what chose them).
 */
async function checkParent(
  db: Db,
  type: MasterTypeRow,
  parentId: number | null,
  currentParent: number | null,
): Promise<void> {
  if (type.depends_on === null) {
    if (parentId !== null) throw new ValidationError(MASTER_MESSAGES.noParent(type.name), 'parentId');
    return;
  }
  const parentType = type.depends_on_name ?? '';
  if (parentId === null) throw new ValidationError(MASTER_MESSAGES.parentNeeded(type.name, parentType), 'parentId');
  const parent = await findValue(db, parentId);
  if (!parent || parent.type_id !== type.depends_on || (parent.active !== 1 && parentId !== currentParent)) {
    throw new ValidationError(MASTER_MESSAGES.parentWrongType(parentType), 'parentId');
  }
}

/** savecommonmaster: create without `id`, update with it. Codes are unique within a type regardless of case. */
export async function saveMasterValue(tenant: Tenant, input: MasterValueInput): Promise<SaveAnswer> {
  const parentId = input.parentId ?? null;
  const id = await inTransaction(tenant.db, async (db) => {
    const existing = input.id === undefined ? undefined : await valueOrNotFound(db, input.id);
    const type = await findType(db, input.typeId);
    if (!type) throw new ValidationError(MASTER_MESSAGES.unknownType, 'typeId');
    if (existing && existing.type_id !== type.id) throw new ValidationError(KEEPS_TYPE, 'typeId');
    if (type.active !== 1) throw new ValidationError(MASTER_MESSAGES.inactiveType, 'typeId');
    const same = await findValueIdByCode(db, type.id, input.code);
    if (same !== undefined && same !== existing?.id)
      throw new ValidationError(MASTER_MESSAGES.duplicateValueCode(input.code, type.name), 'code');
    await checkParent(db, type, parentId, existing?.parent_id ?? null);
    const values = {
      type_id: type.id,
      code: input.code,
      name: input.name,
      sequence: input.sequence,
      parent_id: parentId,
    };
    const target = `${type.code}/${input.code}`;
    if (!existing) {
      const id = await insertValue(db, values);
      await audit(db, tenant, {
        action: 'master.create',
        targetType: 'master_value',
        targetId: target,
        summary: `Created ${type.name} ${input.name} (${input.code})`,
        details: values,
      });
      return id;
    }
    await updateValue(db, existing.id, values);
    const before = {
      type_id: existing.type_id,
      code: existing.code,
      name: existing.name,
      sequence: existing.sequence,
      parent_id: existing.parent_id,
    };
    await audit(db, tenant, {
      action: 'master.update',
      targetType: 'master_value',
      targetId: target,
      summary: `Updated ${type.name} ${input.name} (${input.code})`,
      details: changedFields(before, values),
    });
    return existing.id;
  });
  // Public pages show a chosen value's name: a renamed value shows at once.
  invalidate(tenant, [TAGS.masters]);
  return { status: 'Success', message: MASTER_MESSAGES.saved, id };
}

/** changeStatusForCommonMaster: an inactive value stays where it was chosen and is no longer offered. */
export async function changeMasterValueStatus(
  tenant: Tenant,
  { id, activeStatus }: { id: number; activeStatus: 'Y' | 'N' },
): Promise<StatusAnswer> {
  const value = await valueOrNotFound(tenant.db, id);
  await inTransaction(tenant.db, async (db) => {
    const type = await typeOrNotFound(db, value.type_id);
    await setValueActive(db, id, activeStatus === 'Y');
    const verb = activeStatus === 'Y' ? 'Activated' : 'Deactivated';
    await audit(db, tenant, {
      action: 'master.update',
      targetType: 'master_value',
      targetId: `${type.code}/${value.code}`,
      summary: `${verb} ${type.name} ${value.name} (${value.code})`,
      details: { active: { before: value.active === 1, after: activeStatus === 'Y' } },
    });
  });
  return { status: 'Success', message: STATUS_MESSAGES[activeStatus] };
}

/** savecommonmasterdependancy: sets a value's parent (an active value of the type its type depends on). */
export async function saveMasterDependency(
  tenant: Tenant,
  { valueId, parentId }: { valueId: number; parentId: number },
): Promise<SaveAnswer> {
  await inTransaction(tenant.db, async (db) => {
    const value = await valueOrNotFound(db, valueId);
    const type = await typeOrNotFound(db, value.type_id);
    await checkParent(db, type, parentId, value.parent_id);
    await setValueParent(db, valueId, parentId);
    await audit(db, tenant, {
      action: 'master.update',
      targetType: 'master_value',
      targetId: `${type.code}/${value.code}`,
      summary: `Set the parent of ${type.name} ${value.name} (${value.code})`,
      details: { parent_id: { before: value.parent_id, after: parentId } },
    });
  });
  return { status: 'Success', message: MASTER_MESSAGES.saved, id: valueId };
}

/**
 * getCommonMasterfordependancy: the active values of a type a dropdown offers, optionally those of one parent,
 * in sequence then name order, plus the values of the type asked for by id (`include`: the values a document
 * holds, flagged `active: false` when deactivated since). Open to callers who may open the values screen, and to the editors of a page
 * with a parameter of that type (the page is in their menu); never to anyone else.
 */
export async function masterChoices(
  tenant: Tenant,
  session: SessionUser,
  {
    typeId,
    parentId,
    include,
  }: { typeId: number; parentId?: number | null | undefined; include?: readonly number[] | undefined },
): Promise<MasterChoice[]> {
  const screens = await allowedScreens(tenant, session.userId, session.groupId);
  if (!screens.includes(VALUES_SCREEN)) {
    const pages = await routingsOfPagesUsingType(tenant.db, typeId);
    if (!pages.some((page) => screens.includes(page)))
      throw new ForbiddenError('Your menu does not include a page that chooses from these values.');
  }
  await typeOrNotFound(tenant.db, typeId);
  const rows = await listActiveChoices(tenant.db, typeId, parentId, include ?? []);
  return rows.map((row) => ({
    id: row.id,
    code: row.code,
    name: row.name,
    parentId: row.parent_id,
    active: row.active === 1,
  }));
}
