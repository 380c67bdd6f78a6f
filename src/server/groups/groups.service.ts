import { BUILTIN_GROUP_IDS } from '../../core/groups';
import {
  GROUP_MESSAGES,
  type GroupSaveAnswer,
  type SaveUserGroupData,
  type UserGroupRow,
} from '../../core/schemas/group';
import { audit, changedFields } from '../audit/audit';
import { invalidate } from '../cache/cached';
import { TAGS } from '../cache/tags';
import { inTransaction } from '../db/database';
import { ConflictError, NotFoundError } from '../errors';
import type { Tenant } from '../tenants/tenants';
import {
  countUsersInGroup,
  deleteGroupAndMenu,
  findGroup,
  findGroupByName,
  insertGroup,
  listGroupsWithUserCounts,
  updateGroup,
} from './groups.repository';

export async function listGroups(tenant: Tenant): Promise<UserGroupRow[]> {
  const rows = await listGroupsWithUserCounts(tenant.db);
  return rows.map((row, index) => ({
    srno: index + 1,
    id: row.id,
    groupname: row.name,
    builtin: row.builtin === 1,
    users: Number(row.users),
    requireTwoFactor: row.require_two_factor === 1,
    requirePasskey: row.require_passkey === 1,
    publishing: row.publishing,
  }));
}

/**
 * SaveUserGroup: create `{groupname}` or rename `{id, updategroupname}`; names are unique, ignoring case.
 * `requireTwoFactor` (docs/design.md §21) sets whether its users must turn two-step sign-in on, `requirePasskey` (§33)
 * whether they must add a passkey, `publishing` (§32) whether they publish directly or through review; absent keeps
 * each.
 */
export async function saveGroup(tenant: Tenant, input: SaveUserGroupData, now = new Date()): Promise<GroupSaveAnswer> {
  const name = 'id' in input ? input.updategroupname : input.groupname;
  const clash = await findGroupByName(tenant.db, name);
  if ('id' in input) {
    const group = await findGroup(tenant.db, input.id);
    if (!group) throw new NotFoundError(GROUP_MESSAGES.notFound);
    if (clash && clash.id !== input.id) throw new ConflictError(GROUP_MESSAGES.duplicate);
    await inTransaction(tenant.db, async (trx) => {
      await updateGroup(trx, input.id, name, input);
      const before = {
        name: group.name,
        requireTwoFactor: group.require_two_factor === 1,
        requirePasskey: group.require_passkey === 1,
        publishing: group.publishing,
      };
      const details = changedFields(before, {
        name,
        requireTwoFactor: input.requireTwoFactor ?? before.requireTwoFactor,
        requirePasskey: input.requirePasskey ?? before.requirePasskey,
        publishing: input.publishing ?? before.publishing,
      });
      const summary =
        group.name !== name
          ? `Renamed group ${group.name} to ${name}`
          : Object.keys(details).length > 0
            ? `Changed group ${name}`
            : `Saved group ${name} unchanged`;
      await audit(trx, tenant, { action: 'group.update', targetType: 'group', targetId: name, summary, details }, now);
    });
  } else {
    if (clash) throw new ConflictError(GROUP_MESSAGES.duplicate);
    await inTransaction(tenant.db, async (trx) => {
      const requireTwoFactor = input.requireTwoFactor ?? false;
      const requirePasskey = input.requirePasskey ?? false;
      const publishing = input.publishing ?? 'direct';
      const id = await insertGroup(trx, name, now.toISOString(), { requireTwoFactor, requirePasskey, publishing });
      await audit(
        trx,
        tenant,
        {
          action: 'group.create',
          targetType: 'group',
          targetId: name,
          summary: `Created group ${name}`,
          details: { id, requireTwoFactor, publishing, ...(requirePasskey ? { requirePasskey } : {}) },
        },
        now,
      );
    });
  }
  return { status: 'OK', message: GROUP_MESSAGES.saved };
}

/** deletegroup: never a built-in group, never a group that still has users. */
export async function deleteGroup(tenant: Tenant, id: number): Promise<GroupSaveAnswer> {
  const group = await findGroup(tenant.db, id);
  if (!group) throw new NotFoundError(GROUP_MESSAGES.notFound);
  if (BUILTIN_GROUP_IDS.has(id) || group.builtin === 1) throw new ConflictError(GROUP_MESSAGES.builtin);
  if ((await countUsersInGroup(tenant.db, id)) > 0) throw new ConflictError(GROUP_MESSAGES.hasUsers);
  await inTransaction(tenant.db, async (trx) => {
    await deleteGroupAndMenu(trx, id);
    await audit(trx, tenant, {
      action: 'group.delete',
      targetType: 'group',
      targetId: group.name,
      summary: `Deleted group ${group.name}`,
      details: { id },
    });
  });
  // Its menu tree went with it.
  invalidate(tenant, [TAGS.menus]);
  return { status: 'OK', message: GROUP_MESSAGES.deleted };
}
