import { GROUP_MESSAGES, GroupIdSchema, SaveUserGroupSchema, type GroupSaveAnswer, type UserGroupRow } from '../../core/schemas/group';
import { BUILTIN_GROUP_IDS } from '../../core/groups';
import type { Tenant } from '../tenants/tenants';
import { parseInput } from '../validation';
import { countUsersInGroup, deleteGroupAndMenu, findGroup, findGroupByName, insertGroup, listGroupsWithUserCounts, renameGroup } from './groups.repository';

/** A refusal in the spec's shape (status NO) with a real HTTP status (DESIGN §4). */
export interface GroupRefusal {
  httpStatus: 404 | 409;
  answer: GroupSaveAnswer;
}
export type GroupOutcome = { httpStatus: 200; answer: GroupSaveAnswer } | GroupRefusal;

const refuse = (httpStatus: 404 | 409, message: string): GroupRefusal => ({ httpStatus, answer: { status: 'NO', message } });

export async function listGroups(tenant: Tenant): Promise<UserGroupRow[]> {
  const rows = await listGroupsWithUserCounts(tenant.db);
  return rows.map((row, index) => ({ srno: index + 1, id: row.id, groupname: row.name, builtin: row.builtin === 1, users: Number(row.users) }));
}

/** SaveUserGroup: create `{groupname}` or rename `{id, updategroupname}`; names are unique, ignoring case. */
export async function saveGroup(tenant: Tenant, body: unknown, now = new Date()): Promise<GroupOutcome> {
  const input = parseInput(SaveUserGroupSchema, body);
  const name = 'id' in input ? input.updategroupname : input.groupname;
  const clash = await findGroupByName(tenant.db, name);
  if ('id' in input) {
    if (!(await findGroup(tenant.db, input.id))) return refuse(404, GROUP_MESSAGES.notFound);
    if (clash && clash.id !== input.id) return refuse(409, GROUP_MESSAGES.duplicate);
    await renameGroup(tenant.db, input.id, name);
  } else {
    if (clash) return refuse(409, GROUP_MESSAGES.duplicate);
    await insertGroup(tenant.db, name, now.toISOString());
  }
  return { httpStatus: 200, answer: { status: 'OK', message: GROUP_MESSAGES.saved } };
}

/** deletegroup: never a built-in group, never a group that still has users. */
export async function deleteGroup(tenant: Tenant, body: unknown): Promise<GroupOutcome> {
  const { id } = parseInput(GroupIdSchema, body);
  const group = await findGroup(tenant.db, id);
  if (!group) return refuse(404, GROUP_MESSAGES.notFound);
  if (BUILTIN_GROUP_IDS.has(id) || group.builtin === 1) return refuse(409, GROUP_MESSAGES.builtin);
  if ((await countUsersInGroup(tenant.db, id)) > 0) return refuse(409, GROUP_MESSAGES.hasUsers);
  await deleteGroupAndMenu(tenant.db, id);
  tenant.cache.clear();
  return { httpStatus: 200, answer: { status: 'OK', message: GROUP_MESSAGES.deleted } };
}
