import { randomBytes } from 'node:crypto';
import { audit } from '../audit/audit';
import { findAccount, type Account } from '../auth/accounts.repository';
import { hashPassword } from '../auth/passwords';
import { inTransaction } from '../db/database';
import type { Tenant } from '../tenants/tenants';
import { SingleSignOnRefusal } from './refusal';
import { insertUser } from '../users/users.repository';
import { findUsersByEmail, groupNameOf, isUsernameTaken, setSignedInUserDetails } from './single-sign-on.repository';

/** The person a provider vouched for: a verified email, and their names as the provider has them. */
export interface ProviderIdentity {
  email: string;
  givenName: string;
  familyName: string;
  name: string;
}

/**
 * The active user whose email is the provider's (in any case), or null when nobody has it. A deactivated user with
 * it is refused (a sign-in must not make a second account past a deactivation), and so are two users with it (Folio
 * cannot tell which person this is).
 */
export async function matchUser(tenant: Tenant, identity: ProviderIdentity): Promise<Account | null> {
  const users = await findUsersByEmail(tenant.db, identity.email);
  if (users.length === 0) return null;
  const active = users.filter((user) => user.active === 1);
  if (active.length > 1) throw new SingleSignOnRefusal('ambiguous', identity.email);
  if (active.length === 0) throw new SingleSignOnRefusal('inactive', identity.email);
  const account = await findAccount(tenant.db, { id: active[0]!.id });
  if (!account) throw new SingleSignOnRefusal('nouser', identity.email);
  return account;
}

/**
 * A new user for an email of the configured domain, in the configured group (audited as user.create, made by the
 * sign-in); anyone else is refused. The password is random and told to nobody: the user signs in through the provider
 * (or asks for a reset link, where passwords are still allowed).
 */
export async function joinAsNewUser(
  tenant: Tenant,
  identity: ProviderIdentity,
  provider: { joinDomain: string; joinGroupId: number | null },
  now: Date,
): Promise<Account> {
  const domain = identity.email.slice(identity.email.lastIndexOf('@') + 1).toLowerCase();
  const groupId = provider.joinGroupId;
  if (provider.joinDomain === '' || domain !== provider.joinDomain || groupId === null)
    throw new SingleSignOnRefusal('nouser', identity.email);
  const groupName = await groupNameOf(tenant.db, groupId);
  if (groupName === undefined) throw new SingleSignOnRefusal('nouser', identity.email, 'the group is gone');
  const username = await freeUsername(tenant, identity.email);
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  const id = await inTransaction(tenant.db, async (trx) => {
    const made = await insertUser(trx, {
      username,
      passwordHash,
      groupId,
      firstName: firstNameOf(identity, username),
      at: now.toISOString(),
    });
    await setSignedInUserDetails(trx, made, {
      email: identity.email.toLowerCase(),
      lastName: identity.familyName.trim().slice(0, 20),
    });
    await audit(trx, tenant, {
      action: 'user.create',
      targetType: 'user',
      targetId: username,
      summary: `Created user ${username} in ${groupName} at their first single sign-on`,
      details: { email: identity.email.toLowerCase(), group: groupName, via: 'single sign-on' },
      userName: username,
    });
    return made;
  });
  return (await findAccount(tenant.db, { id }))!;
}

/** A user name from the email's part before @ (letters, digits, dot, dash, underscore; 3 to 30), numbered when taken. */
async function freeUsername(tenant: Tenant, email: string): Promise<string> {
  const local = email
    .slice(0, email.lastIndexOf('@'))
    .replace(/[^A-Za-z0-9._-]/g, '')
    .slice(0, 26);
  const base = local.length >= 3 ? local : `${local}user`.slice(0, 26);
  for (let n = 1; n < 1000; n += 1) {
    const candidate = n === 1 ? base : `${base}${n}`;
    if (!(await isUsernameTaken(tenant.db, candidate))) return candidate;
  }
  return `${base.slice(0, 18)}${randomBytes(6).toString('hex')}`;
}

function firstNameOf(identity: ProviderIdentity, username: string): string {
  const given = identity.givenName.trim() || identity.name.trim().split(/\s+/)[0] || username;
  return given.slice(0, 20);
}
