import { hashPassword } from '../auth/passwords';
import { deleteSessionsOfUser } from '../auth/sessions.repository';
import { audit, changedFields } from '../audit/audit';
import { inTransaction, type Db } from '../db/database';
import { decodeCursor } from '../db/keyset';
import { ADMINISTRATORS_GROUP_ID } from '../../core/groups';
import {
  USER_MESSAGES,
  USER_PAGE_SIZE,
  type UserData,
  type UserList,
  type UserRecord,
  type UserSaveAnswer,
  type UserSearchInput,
  type UserStatusAnswer,
  type UserStatusInput,
} from '../../core/schemas/user';
import { ConflictError, NotFoundError, ValidationError } from '../errors';
import type { Tenant } from '../tenants/tenants';
import {
  activeAdministratorExists,
  findUserStanding,
  insertUser,
  updatePasswordHash,
  updateUserActive,
  countOtherActiveAdministrators,
  findUserForForm,
  findUserIdByUsername,
  groupExists,
  listActiveUsers,
  listUserGroups,
  listUsers,
  updateUserDetails,
  type UserSearch,
} from './users.repository';
import { showPhone } from '../../core/phone-numbers';

/** Whether an active administrator exists (until one does, companyForm is the first-run setup). */
export async function hasActiveAdministrator(db: Db): Promise<boolean> {
  return activeAdministratorExists(db);
}

export async function createUser(
  db: Db,
  user: { username: string; password: string; groupId: number; firstName?: string },
  now = new Date(),
): Promise<number> {
  const passwordHash = await hashPassword(user.password);
  return insertUser(db, {
    username: user.username,
    passwordHash,
    groupId: user.groupId,
    firstName: user.firstName ?? user.username,
    at: now.toISOString(),
  });
}

/** Activates or deactivates a user; deactivating ends every session of theirs at once. */
export async function setUserActive(db: Db, userId: number, active: boolean): Promise<void> {
  await updateUserActive(db, userId, active);
  if (!active) await deleteSessionsOfUser(db, userId);
}

/** Sets a new password; every existing session of the user ends (they log in again with the new one). */
export async function changePassword(db: Db, userId: number, password: string, now = new Date()): Promise<void> {
  await updatePasswordHash(db, userId, await hashPassword(password), now.toISOString());
  await deleteSessionsOfUser(db, userId);
}

// ---------------------------------------------------------------------------------------------------------
// The user list and user form (spec 001 §2 userHomepage, user; §7 employee calls under api/master/).

export async function listUsersPage(
  tenant: Tenant,
  { pageno, after }: { pageno: number; after?: string | undefined },
): Promise<UserList> {
  return pageOfUsers(tenant, null, pageno, after);
}

/** getSearchForEmployeeMaster: the search text reaches SQL only as words of a full-text query, bound as a parameter. */
export async function searchUsers(
  tenant: Tenant,
  { searchText, type, pageno, after }: UserSearchInput,
): Promise<UserList> {
  return pageOfUsers(tenant, { kind: type, text: searchText }, pageno, after);
}

async function pageOfUsers(
  tenant: Tenant,
  search: UserSearch | null,
  pageno: number,
  after: string | undefined,
): Promise<UserList> {
  const offset = (pageno - 1) * USER_PAGE_SIZE;
  const page = await listUsers(tenant.db, tenant.dialect, search, {
    after: after === undefined ? undefined : decodeCursor(after, ['id'])[0],
    offset,
    limit: USER_PAGE_SIZE,
  });
  return {
    totalItems: page.totalItems,
    totalCapped: page.totalCapped,
    next: page.next,
    list: page.rows.map((row, index) => ({
      srno: offset + index + 1,
      id: row.id,
      employeecode: row.employee_code,
      name: [row.first_name, row.middle_name, row.last_name].filter(Boolean).join(' '),
      username: row.username,
      usergroupid: row.group_id,
      groupname: row.group_name,
      activeStatus: row.active === 1 ? 'Y' : 'N',
    })),
  };
}

export async function getUserRecord(tenant: Tenant, id: number): Promise<UserRecord> {
  const row = await findUserForForm(tenant.db, id);
  if (!row) throw new NotFoundError(USER_MESSAGES.notFound);
  return {
    userID: row.id,
    employeecode: row.employee_code,
    salutation: row.salutation,
    gender: row.gender,
    firstname: row.first_name,
    middlename: row.middle_name,
    lastname: row.last_name,
    address: row.address,
    // Stored as E.164 when typed with + or outside India (docs/design.md §34): shown formatted, read back when saved.
    mobile: showPhone(row.mobile),
    mobile1: showPhone(row.mobile2),
    email: row.email,
    selfaccessforuser: row.username,
    usergroupid: row.group_id,
    selfactive: row.active === 1,
    activeStatus: row.active === 1 ? 'Y' : 'N',
    // An authenticator app or a passkey (docs/design.md §33): what the administrator's reset turns off.
    twoFactor: row.totp_enabled_at !== null || Number(row.passkeys ?? 0) > 0,
  };
}

/** Refuses a change that would leave no active administrator able to log in. */
async function guardLastAdministrator(db: Db, userId: number, staysActiveAdmin: boolean): Promise<void> {
  if (staysActiveAdmin) return;
  const current = await findUserStanding(db, userId);
  if (!current || current.group_id !== ADMINISTRATORS_GROUP_ID || current.active !== 1) return;
  if ((await countOtherActiveAdministrators(db, userId)) === 0) throw new ConflictError(USER_MESSAGES.lastAdmin);
}

/**
 * saveemployeemaster: creates (no userID) or updates a user. Only callers who may manage users reach it
 * (the userHomepage screen), so group, active flag and user name are theirs to set. A password given on
 * update replaces the old one and ends the user's sessions; deactivation ends them too.
 */
export async function saveUser(tenant: Tenant, input: UserData, now = new Date()): Promise<UserSaveAnswer> {
  const db = tenant.db;
  if (!(await groupExists(db, input.usergroupid))) throw new ValidationError(USER_MESSAGES.unknownGroup, 'usergroupid');
  const sameName = await findUserIdByUsername(db, input.selfaccessforuser);
  if (sameName !== undefined && sameName !== input.userID) throw new ConflictError(USER_MESSAGES.duplicateUsername);
  const details = {
    employee_code: input.employeecode,
    salutation: input.salutation,
    gender: input.gender,
    first_name: input.firstname,
    middle_name: input.middlename,
    last_name: input.lastname,
    address: input.address,
    mobile: input.mobile,
    mobile2: input.mobile1,
    email: input.email,
    username: input.selfaccessforuser,
    group_id: input.usergroupid,
    active: input.selfactive ? 1 : 0,
  };

  if (input.userID === undefined) {
    if (!input.password) throw new ValidationError(USER_MESSAGES.password, 'password');
    // Hashed before the transaction: the database is never held while argon2 works.
    const passwordHash = await hashPassword(input.password);
    const id = await inTransaction(db, async (trx) => {
      const id = await insertUser(trx, {
        username: details.username,
        passwordHash,
        groupId: details.group_id,
        firstName: details.first_name,
        at: now.toISOString(),
      });
      await updateUserDetails(trx, id, details);
      await audit(
        trx,
        tenant,
        {
          action: 'user.create',
          targetType: 'user',
          targetId: details.username,
          summary: `Created user ${details.username}`,
          details: auditedUser(details),
        },
        now,
      );
      return id;
    });
    return { status: 'Success', message: USER_MESSAGES.saved, rescoremessage: '', userID: id };
  }

  const id = input.userID;
  const before = await findUserForForm(db, id);
  if (!before) throw new NotFoundError(USER_MESSAGES.notFound);
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  await inTransaction(db, async (trx) => {
    await guardLastAdministrator(trx, id, details.group_id === ADMINISTRATORS_GROUP_ID && details.active === 1);
    await updateUserDetails(trx, id, details);
    if (passwordHash) {
      await updatePasswordHash(trx, id, passwordHash, now.toISOString());
      await deleteSessionsOfUser(trx, id);
    }
    if (!input.selfactive) await setUserActive(trx, id, false);
    const summary = `Updated user ${details.username}${passwordHash ? ' and set a new password' : ''}`;
    await audit(
      trx,
      tenant,
      {
        action: 'user.update',
        targetType: 'user',
        targetId: details.username,
        summary,
        details: changedFields(auditedUser(before), auditedUser(details)),
      },
      now,
    );
  });
  return { status: 'Success1', message: USER_MESSAGES.saved, rescoremessage: '', userID: id };
}

/** A user's fields as the audit log records them (no password, no hash: the form's details only). */
function auditedUser(
  user: {
    employee_code: string | null;
    first_name: string;
    last_name: string | null;
    email: string | null;
    mobile: string | null;
    username: string;
    group_id: number;
    active: number;
  } & Record<string, unknown>,
) {
  return {
    username: user.username,
    employeeCode: user.employee_code,
    firstName: user.first_name,
    lastName: user.last_name,
    email: user.email,
    mobile: user.mobile,
    groupId: user.group_id,
    active: user.active === 1,
  };
}

/** Employeechangedeletstatus: N deactivates (their sessions end at once), Y activates. */
export async function changeUserStatus(
  tenant: Tenant,
  { id, activeStatus }: UserStatusInput,
): Promise<UserStatusAnswer> {
  const user = await findUserForForm(tenant.db, id);
  if (!user) throw new NotFoundError(USER_MESSAGES.notFound);
  const active = activeStatus === 'Y';
  await inTransaction(tenant.db, async (trx) => {
    await guardLastAdministrator(trx, id, active);
    await setUserActive(trx, id, active);
    await audit(trx, tenant, {
      action: 'user.status',
      targetType: 'user',
      targetId: user.username,
      summary: `${active ? 'Activated' : 'Deactivated'} user ${user.username}`,
      details: { active: { before: user.active === 1, after: active } },
    });
  });
  return active
    ? { status: 'Success1', message: 'User activated.' }
    : { status: 'Success', message: 'User deactivated.' };
}

/** getusergroup: the groups the user form offers. */
export async function userGroupOptions(tenant: Tenant): Promise<Array<{ id: number; groupname: string }>> {
  return (await listUserGroups(tenant.db)).map((g) => ({ id: g.id, groupname: g.name }));
}

/** getallActiveuser: the user picker's Resource Name list. */
export async function activeUserOptions(tenant: Tenant): Promise<Array<{ id: number; name: string }>> {
  return (await listActiveUsers(tenant.db)).map((u) => ({
    id: u.id,
    name: `${[u.first_name, u.last_name].filter(Boolean).join(' ')} (${u.username})`,
  }));
}
