import { randomBytes } from 'node:crypto';
import { LOGIN_MESSAGES, type SessionInfo, type SignInData, type SignInResponse } from '../../core/schemas/auth';
import { allowedScreens, hashToken } from '../access/access';
import { audit } from '../audit/audit';
import { getCompanyDetails } from '../company/company.service';
import { inTransaction } from '../db/database';
import { TooManyRequestsError, UnauthorizedError } from '../errors';
import { effectiveMenuItems } from '../menus/menus.service';
import type { Tenant } from '../tenants/tenants';
import { findLoginAccount } from '../users/users.repository';
import { hasActiveAdministrator } from '../users/users.service';
import type { LoginThrottle } from './login-throttle';
import { verifyPassword } from './passwords';
import { deleteExpiredSessions, deleteSessionByHash, insertSession } from './sessions.repository';

/** Sessions last a working day; after that the user logs in again. */
export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;

export interface SignInResult {
  response: SignInResponse;
  token: string;
  csrfToken: string;
}

/** Checks the credentials and opens a fresh session (a new random token every time). */
export async function signIn(tenant: Tenant, throttle: LoginThrottle, { username, password }: SignInData, address: string, now = new Date()): Promise<SignInResult> {
  if (await throttle.isBlocked(tenant, username, address)) {
    throw new TooManyRequestsError('Too many failed attempts. Please wait 15 minutes and try again.');
  }
  const user = await findLoginAccount(tenant.db, username);
  const ok = await verifyPassword(user?.active === 1 ? user.password_hash : null, password);
  if (!user || !ok) {
    const locked = await throttle.recordFailure(tenant, username, address);
    // The name as typed (at most 100 characters): it may be nobody's. Never the password.
    const tried = username.trim().slice(0, 100);
    await inTransaction(tenant.db, async (trx) => {
      await audit(trx, tenant, { action: 'auth.signin_failed', targetType: 'user', targetId: tried, summary: `Failed sign-in as ${tried}`, userName: null }, now);
      if (locked) await audit(trx, tenant, { action: 'auth.lockout', targetType: 'user', targetId: tried, summary: `Locked ${tried} out for 15 minutes after 5 failed sign-ins`, userName: null }, now);
    });
    // The same answer for an unknown user, a wrong password and a deactivated account.
    throw new UnauthorizedError(LOGIN_MESSAGES.invalid);
  }
  await throttle.recordSuccess(tenant, username);

  const token = randomBytes(32).toString('base64url');
  const csrfToken = randomBytes(24).toString('base64url');
  await deleteExpiredSessions(tenant.db, now.toISOString());
  await inTransaction(tenant.db, async (trx) => {
    await insertSession(trx, {
      token_hash: hashToken(token),
      user_id: user.id,
      csrf_token: csrfToken,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + SESSION_TTL_MS).toISOString(),
    });
    await audit(trx, tenant, { action: 'auth.signin', targetType: 'user', targetId: user.username, summary: `Signed in as ${user.username}`, userName: user.username }, now);
  });
  const company = await getCompanyDetails(tenant);
  return {
    token,
    csrfToken,
    response: {
      message: 'SUCCESS',
      username: user.username,
      firstName: user.first_name,
      id: user.id,
      token,
      accessToken: token,
      dbName: tenant.name,
      usergroupid: user.group_id,
      landpage: await landingPage(tenant, user.id, user.group_id),
      companyName: company.companyName,
      companyCode: company.companyCode,
    },
  };
}

export async function signOut(tenant: Tenant, token: string | undefined, username: string | null): Promise<void> {
  if (!token) return;
  await inTransaction(tenant.db, async (trx) => {
    const ended = await deleteSessionByHash(trx, hashToken(token));
    if (ended && username) await audit(trx, tenant, { action: 'auth.signout', targetType: 'user', targetId: username, summary: `Signed out ${username}` });
  });
}

/** Where login takes a user: the landing page their menu marks, else its first screen, else Blankpage. */
export async function landingPage(tenant: Tenant, userId: number, groupId: number): Promise<string> {
  const items = await effectiveMenuItems(tenant, userId, groupId);
  const withScreen = items.filter((item) => item.routing);
  const landing = withScreen.find((item) => item.land_page === 1) ?? withScreen[0];
  return landing ? `/${landing.routing}` : '/Blankpage';
}

export async function sessionInfo(tenant: Tenant, session: { userId: number; username: string; firstName: string; groupId: number } | null): Promise<SessionInfo> {
  const [company, setupDone] = await Promise.all([getCompanyDetails(tenant), hasActiveAdministrator(tenant.db)]);
  const base = { setupPending: !setupDone, companyName: company.companyName, companyCode: company.companyCode };
  if (!session) return { ...base, authenticated: false, user: null };
  return {
    ...base,
    authenticated: true,
    user: {
      id: session.userId,
      username: session.username,
      firstName: session.firstName,
      usergroupid: session.groupId,
      landpage: await landingPage(tenant, session.userId, session.groupId),
      screens: await allowedScreens(tenant, session.userId, session.groupId),
    },
  };
}
