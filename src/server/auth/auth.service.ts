import { randomBytes } from 'node:crypto';
import type { SecondStepWay } from '../../core/schemas/account';
import { LOGIN_MESSAGES, type SessionInfo, type SignInData, type SignInResponse } from '../../core/schemas/auth';
import { SSO_MESSAGES } from '../../core/schemas/single-sign-on';
import { allowedScreens, hashToken, isHeldToAccount } from '../access/access';
import { audit } from '../audit/audit';
import { getCompanyDetails } from '../company/company.service';
import { firmIconsOf } from '../company/firm-icons';
import { inTransaction, type Db } from '../db/database';
import { ForbiddenError, TooManyRequestsError, UnauthorizedError } from '../errors';
import { effectiveMenuItems } from '../menus/menus.service';
import type { Tenant } from '../tenants/tenants';
import { findAccount, insertChallenge } from './accounts.repository';
import { hasActiveAdministrator } from '../users/users.service';
import type { LoginThrottle } from './login-throttle';
import { mayUsePassword } from '../single-sign-on/signin-settings.service';
import { verifyPassword } from './passwords';
import { mustAddPasskey, mustTurnTwoStepOn, secondStepWays, type SecondStepFacts } from './second-step';
import { deleteExpiredSessions, deleteSessionByHash, insertSession } from './sessions.repository';

/** Sessions last a working day; after that the user logs in again. */
export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;

export interface SignInResult {
  response: SignInResponse;
  token: string;
  csrfToken: string;
}

/**
 * A sign-in's first answer: a session, or (two-step sign-in on, or a passkey) the challenge of the second step and the
 * ways it may be taken.
 */
export type SignInOutcome =
  { kind: 'session'; result: SignInResult } | { kind: 'challenge'; challenge: string; ways: SecondStepWay[] };

/** The second step's challenge lasts five minutes (docs/design.md §21). */
export const CHALLENGE_TTL_MS = 5 * 60_000;

/**
 * Checks the credentials. Without two-step sign-in, opens a fresh session (a new random token every time);
 * with it, opens a five-minute challenge for the second step instead, and the account's failure count is
 * not cleared until that step succeeds (else a known password would buy endless code guesses).
 */
export async function signIn(
  tenant: Tenant,
  throttle: LoginThrottle,
  { username, password }: SignInData,
  address: string,
  now = new Date(),
): Promise<SignInOutcome> {
  if (await throttle.isBlocked(tenant, username, address)) {
    throw new TooManyRequestsError('Too many failed attempts. Please wait 15 minutes and try again.');
  }
  const user = await findAccount(tenant.db, { username });
  const ok = await verifyPassword(user?.active === 1 ? user.password_hash : null, password);
  if (!user || !ok) {
    await recordFailedSignIn(
      tenant,
      throttle,
      username,
      address,
      `Failed sign-in as ${username.trim().slice(0, 100)}`,
      now,
    );
    // The same answer for an unknown user, a wrong password and a deactivated account.
    throw new UnauthorizedError(LOGIN_MESSAGES.invalid);
  }
  // Single sign-on may keep passwords for administrators only (docs/design.md §33).
  if (!(await mayUsePassword(tenant, user.group_id))) throw new ForbiddenError(SSO_MESSAGES.passwordOff);
  const ways = secondStepWays(user);
  if (ways.length > 0) return { kind: 'challenge', challenge: await openChallenge(tenant, user.id, now), ways };
  await throttle.recordSuccess(tenant, username);
  return { kind: 'session', result: await openSession(tenant, user, now) };
}

/** The second step's challenge of a user whose first step succeeded (a password, a single sign-on): its cookie's value. */
export async function openChallenge(tenant: Tenant, userId: number, now = new Date()): Promise<string> {
  const challenge = randomBytes(32).toString('base64url');
  await insertChallenge(tenant.db, {
    token_hash: hashToken(challenge),
    user_id: userId,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + CHALLENGE_TTL_MS).toISOString(),
  });
  return challenge;
}

/**
 * A failed sign-in (wrong password, wrong code): counted toward the lockout, and recorded with the name as
 * typed (at most 100 characters: it may be nobody's), never the password or the code.
 */
export async function recordFailedSignIn(
  tenant: Tenant,
  throttle: LoginThrottle,
  username: string,
  address: string,
  summary: string,
  now = new Date(),
): Promise<void> {
  const locked = await throttle.recordFailure(tenant, username, address);
  const tried = username.trim().slice(0, 100);
  await inTransaction(tenant.db, async (trx) => {
    await audit(
      trx,
      tenant,
      { action: 'auth.signin_failed', targetType: 'user', targetId: tried, summary, userName: null },
      now,
    );
    if (locked)
      await audit(
        trx,
        tenant,
        {
          action: 'auth.lockout',
          targetType: 'user',
          targetId: tried,
          summary: `Locked ${tried} out for 15 minutes after 5 failed sign-ins`,
          userName: null,
        },
        now,
      );
  });
}

/**
 * Opens a session for a user whose sign-in succeeded, recorded as auth.signin; `within` runs in the same
 * transaction first (the second step uses its challenge and its code there, so both go with the session).
 */
export async function openSession(
  tenant: Tenant,
  user: {
    id: number;
    username: string;
    first_name: string;
    group_id: number;
    password_must_change?: number;
  } & SecondStepFacts,
  now = new Date(),
  within?: (trx: Db) => Promise<Record<string, unknown>>,
): Promise<SignInResult> {
  const token = randomBytes(32).toString('base64url');
  const csrfToken = randomBytes(24).toString('base64url');
  await deleteExpiredSessions(tenant.db, now.toISOString());
  await inTransaction(tenant.db, async (trx) => {
    const details = within ? await within(trx) : undefined;
    await insertSession(trx, {
      token_hash: hashToken(token),
      user_id: user.id,
      csrf_token: csrfToken,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + SESSION_TTL_MS).toISOString(),
    });
    await audit(
      trx,
      tenant,
      {
        action: 'auth.signin',
        targetType: 'user',
        targetId: user.username,
        summary: `Signed in as ${user.username}`,
        userName: user.username,
        details,
      },
      now,
    );
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
      // A user whose group requires two-step sign-in, and who has neither turned it on nor added a passkey, starts on
      // /account; so does one whose group requires a passkey and who has none (§33), and one who signed in with a
      // one-time password from the shell (docs/design.md §22).
      landpage:
        mustTurnTwoStepOn(user) || mustAddPasskey(user) || user.password_must_change === 1
          ? '/account'
          : await landingPage(tenant, user.id, user.group_id),
      companyName: company.companyName,
      companyCode: company.companyCode,
    },
  };
}

export async function signOut(tenant: Tenant, token: string | undefined, username: string | null): Promise<void> {
  if (!token) return;
  await inTransaction(tenant.db, async (trx) => {
    const ended = await deleteSessionByHash(trx, hashToken(token));
    if (ended && username)
      await audit(trx, tenant, {
        action: 'auth.signout',
        targetType: 'user',
        targetId: username,
        summary: `Signed out ${username}`,
      });
  });
}

/** Where login takes a user: the landing page their menu marks, else its first screen, else Blankpage. */
export async function landingPage(tenant: Tenant, userId: number, groupId: number): Promise<string> {
  const items = await effectiveMenuItems(tenant, userId, groupId);
  const withScreen = items.filter((item) => item.routing);
  const landing = withScreen.find((item) => item.land_page === 1) ?? withScreen[0];
  return landing ? `/${landing.routing}` : '/Blankpage';
}

export async function sessionInfo(
  tenant: Tenant,
  session: {
    userId: number;
    username: string;
    firstName: string;
    groupId: number;
    twoFactor: boolean;
    mustEnrol: boolean;
    mustAddPasskey?: boolean;
    mustChangePassword: boolean;
    publishesByReview?: boolean | undefined;
  } | null,
  site: { passwordResetByMail: boolean },
): Promise<SessionInfo> {
  const [company, setupDone, icons] = await Promise.all([
    getCompanyDetails(tenant),
    hasActiveAdministrator(tenant.db),
    firmIconsOf(tenant),
  ]);
  const base = {
    setupPending: !setupDone,
    companyName: company.companyName,
    companyCode: company.companyCode,
    countryCode: company.countryCode,
    companyLogo: company.logo,
    iconVersion: icons.version,
    passwordResetByMail: site.passwordResetByMail,
  };
  if (!session) return { ...base, authenticated: false, twoFactor: false, user: null };
  // A user who must turn two-step sign-in on, or replace a one-time password, lands on /account and may open
  // nothing else until then.
  const held = isHeldToAccount(session);
  return {
    ...base,
    authenticated: true,
    twoFactor: session.twoFactor,
    user: {
      id: session.userId,
      username: session.username,
      firstName: session.firstName,
      usergroupid: session.groupId,
      landpage: held ? '/account' : await landingPage(tenant, session.userId, session.groupId),
      screens: held ? [] : await allowedScreens(tenant, session.userId, session.groupId),
      twoFactor: session.twoFactor,
      // Held until the two-step sign-in the group asks for is set up; a passkey when it asks for one (§33).
      twoFactorRequired: session.mustEnrol || session.mustAddPasskey === true,
      passkeyRequired: session.mustAddPasskey === true,
      passwordChangeRequired: session.mustChangePassword,
      publishesByReview: session.publishesByReview === true,
    },
  };
}
