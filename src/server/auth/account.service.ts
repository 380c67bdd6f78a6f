import { randomBytes } from 'node:crypto';
import { ACCOUNT_MESSAGES, type RecoveryCodes, type TwoFactorSetup } from '../../core/schemas/account';
import { PASSKEY_MESSAGES } from '../../core/schemas/passkey';
import { hashToken, type SessionUser } from '../access/access';
import { audit } from '../audit/audit';
import { getCompanyDetails } from '../company/company.service';
import type { AppConfig } from '../config';
import { DatabaseRateLimiter } from '../db/database-rate-limiter';
import { inTransaction, type Db } from '../db/database';
import { ConflictError, NotFoundError, TooManyRequestsError, UnauthorizedError, ValidationError } from '../errors';
import { queueStaffMail, type StaffMail } from '../mail/staff-mail';
import type { Tenant } from '../tenants/tenants';
import {
  advanceTotpStep,
  countUnusedRecoveryCodes,
  deleteChallenge,
  findAccount,
  findLiveChallenge,
  findLiveReset,
  insertPasswordReset,
  keepOnlySession,
  replaceRecoveryCodes,
  setPassword,
  setTotp,
  useRecoveryCode,
  useReset,
  voidPasswordResets,
  type Account,
} from './accounts.repository';
import { openSession, recordFailedSignIn, type SignInResult } from './auth.service';
import type { LoginThrottle } from './login-throttle';
import { hashPassword, verifyPassword } from './passwords';
import { passwordResetMail } from './password-reset-mail';
import type { SecretBox } from './secret-box';
import { deletePasskeysOfUser } from './passkeys.repository';
import { secondStepWays } from './second-step';
import { deleteSessionsOfUser } from './sessions.repository';
import { hashRecoveryCode, matchingStep, newRecoveryCodes, newTotpSecret, totpOf } from './totp';

/** A reset link works for 30 minutes (docs/design.md §21). */
export const RESET_TTL_MS = 30 * 60_000;

/** What the account calls work with: the login throttle (wrong codes count), the sealing of secrets, staff mail. */
export interface AccountDeps {
  config: AppConfig;
  throttle: LoginThrottle;
  box: SecretBox;
  mail: StaffMail;
}

/**
 * Reset mails per account: three an hour, whoever asks (a name typed by a stranger must not flood its owner's
 * inbox). Past it, the request is answered like any other and no mail goes. Counted in the database (§18).
 */
const resetLimiters = new WeakMap<Tenant, { perAccount: DatabaseRateLimiter; resets: DatabaseRateLimiter }>();
function limitersOf(tenant: Tenant) {
  let limiters = resetLimiters.get(tenant);
  if (!limiters) {
    limiters = {
      perAccount: new DatabaseRateLimiter(tenant.db, { keyPrefix: 'reset-mail-account', points: 3, duration: 60 * 60 }),
      resets: new DatabaseRateLimiter(tenant.db, { keyPrefix: 'reset-done-account', points: 5, duration: 60 * 60 }),
    };
    resetLimiters.set(tenant, limiters);
  }
  return limiters;
}

/** A limiter's point, or false when the key has used them up. */
async function takePoint(limiter: DatabaseRateLimiter, key: string): Promise<boolean> {
  try {
    await limiter.consume(key, 1);
    return true;
  } catch (error) {
    if (error instanceof Error) throw error;
    return false;
  }
}

/**
 * forgot: the same answer for every user name. For an active user with an email address, a one-time token
 * (32 random bytes; only its hash is stored) valid 30 minutes, voiding older ones, mailed through the staff
 * mail queue with a link on PUBLIC_BASE_URL (never the request's Host).
 */
export async function requestPasswordReset(
  tenant: Tenant,
  deps: AccountDeps,
  username: string,
  now = new Date(),
): Promise<{ message: string }> {
  if (!deps.mail.configured) throw new ConflictError(ACCOUNT_MESSAGES.resetNoMail);
  const answer = { message: ACCOUNT_MESSAGES.forgotSent };
  const user = await findAccount(tenant.db, { username });
  if (!user || user.active !== 1 || !user.email || !user.password_hash) return answer;
  if (!(await takePoint(limitersOf(tenant).perAccount, String(user.id)))) return answer;
  const token = randomBytes(32).toString('base64url');
  const link = new URL('reset-password', deps.config.publicBaseUrl);
  link.searchParams.set('token', token);
  if (tenant.name !== deps.config.defaultTenant) link.searchParams.set('db', tenant.name);
  const company = await getCompanyDetails(tenant);
  await inTransaction(tenant.db, async (trx) => {
    const at = now.toISOString();
    await voidPasswordResets(trx, user.id, at);
    await insertPasswordReset(trx, {
      user_id: user.id,
      token_hash: hashToken(token),
      created_at: at,
      expires_at: new Date(now.getTime() + RESET_TTL_MS).toISOString(),
    });
    await queueStaffMail(
      trx,
      passwordResetMail({
        to: user.email,
        username: user.username,
        firstName: user.first_name,
        siteName: company.companyName || 'the website',
        link: link.href,
        logo: company.logo,
        publicBaseUrl: deps.config.publicBaseUrl,
      }),
      now,
    );
    await audit(
      trx,
      tenant,
      {
        action: 'auth.reset_requested',
        targetType: 'user',
        targetId: user.username,
        summary: `Sent a password reset link to ${user.username}`,
        userName: null,
      },
      now,
    );
  });
  deps.mail.kick();
  return answer;
}

/** reset: a live token sets the password (the usual policy), voids the token and ends every session of the user. */
export async function completePasswordReset(
  tenant: Tenant,
  deps: AccountDeps,
  token: string,
  password: string,
  now = new Date(),
): Promise<{ message: string }> {
  const at = now.toISOString();
  const reset = await findLiveReset(tenant.db, hashToken(token), at);
  const user = reset && (await findAccount(tenant.db, { id: reset.user_id }));
  if (!reset || !user || user.active !== 1) throw new ValidationError(ACCOUNT_MESSAGES.resetInvalid, 'token');
  if (!(await takePoint(limitersOf(tenant).resets, String(user.id))))
    throw new TooManyRequestsError(ACCOUNT_MESSAGES.tooMany);
  const hash = await hashPassword(password);
  await inTransaction(tenant.db, async (trx) => {
    if (!(await useReset(trx, reset.id, at))) throw new ValidationError(ACCOUNT_MESSAGES.resetInvalid, 'token');
    await voidPasswordResets(trx, user.id, at);
    await setPassword(trx, user.id, hash, at);
    await deleteSessionsOfUser(trx, user.id);
    await audit(
      trx,
      tenant,
      {
        action: 'auth.reset_done',
        targetType: 'user',
        targetId: user.username,
        summary: `${user.username} set a new password through a reset link`,
        userName: user.username,
      },
      now,
    );
  });
  // A user locked out by wrong guesses can sign in with the new password at once.
  await deps.throttle.recordSuccess(tenant, user.username);
  return { message: ACCOUNT_MESSAGES.resetDone };
}

async function accountOf(tenant: Tenant, session: SessionUser): Promise<Account> {
  const user = await findAccount(tenant.db, { id: session.userId });
  if (!user) throw new UnauthorizedError();
  return user;
}

/**
 * password: the current password is needed; the user's other sessions end, this one goes on. After a one-time
 * password from the shell (docs/design.md §22) that one is the current password, and the new one lifts the session's
 * hold on /account (setPassword clears password_must_change).
 */
export async function changePassword(
  tenant: Tenant,
  deps: AccountDeps,
  session: SessionUser,
  { current, password }: { current: string; password: string },
  address: string,
  now = new Date(),
): Promise<{ message: string }> {
  const user = await accountOf(tenant, session);
  if (await deps.throttle.isBlocked(tenant, user.username, address))
    throw new TooManyRequestsError('Too many failed attempts. Please wait 15 minutes and try again.');
  if (!(await verifyPassword(user.password_hash, current))) {
    await recordFailedSignIn(
      tenant,
      deps.throttle,
      user.username,
      address,
      `Wrong current password given by ${user.username} to change it`,
      now,
    );
    throw new ValidationError(ACCOUNT_MESSAGES.wrongCurrent, 'current');
  }
  if (await verifyPassword(user.password_hash, password))
    throw new ValidationError(ACCOUNT_MESSAGES.samePassword, 'password');
  const hash = await hashPassword(password);
  await inTransaction(tenant.db, async (trx) => {
    const at = now.toISOString();
    await setPassword(trx, user.id, hash, at);
    await keepOnlySession(trx, user.id, session.sessionId, at);
    await voidPasswordResets(trx, user.id, at);
    await audit(
      trx,
      tenant,
      {
        action: 'auth.password',
        targetType: 'user',
        targetId: user.username,
        summary: `${user.username} changed their password`,
      },
      now,
    );
  });
  return { message: ACCOUNT_MESSAGES.passwordChanged };
}

/** 2fa/setup: a new secret, waiting for its first code (enable). Refused while two-step sign-in is on. */
export async function startTwoFactor(tenant: Tenant, deps: AccountDeps, session: SessionUser): Promise<TwoFactorSetup> {
  const user = await accountOf(tenant, session);
  if (user.totp_enabled_at) throw new ConflictError(ACCOUNT_MESSAGES.alreadyOn);
  const secret = newTotpSecret();
  await inTransaction(tenant.db, async (trx) => {
    await setTotp(trx, user.id, {
      totp_secret: deps.box.seal(secret, user.id),
      totp_enabled_at: null,
      totp_last_step: null,
    });
    await audit(trx, tenant, {
      action: 'auth.2fa_setup',
      targetType: 'user',
      targetId: user.username,
      summary: `${user.username} started setting up two-step sign-in`,
    });
  });
  const company = await getCompanyDetails(tenant);
  return { secret, otpauthUrl: totpOf(secret, company.companyName || 'Folio', user.username).toString() };
}

/** 2fa/enable: the first code proves the app holds the secret; ten recovery codes are made and shown once. */
export async function enableTwoFactor(
  tenant: Tenant,
  deps: AccountDeps,
  session: SessionUser,
  code: string,
  now = new Date(),
): Promise<RecoveryCodes> {
  const user = await accountOf(tenant, session);
  if (user.totp_enabled_at) throw new ConflictError(ACCOUNT_MESSAGES.alreadyOn);
  const secret = user.totp_secret && deps.box.tryOpen(user.totp_secret, user.id);
  if (!secret) throw new ConflictError(ACCOUNT_MESSAGES.notSetUp);
  const step = matchingStep(secret, code, now);
  if (step === null) throw new ValidationError(ACCOUNT_MESSAGES.wrongSetupCode, 'code');
  const codes = newRecoveryCodes();
  await inTransaction(tenant.db, async (trx) => {
    await setTotp(trx, user.id, {
      totp_secret: user.totp_secret,
      totp_enabled_at: now.toISOString(),
      totp_last_step: step,
    });
    await replaceRecoveryCodes(trx, user.id, codes.map(hashRecoveryCode));
    await audit(
      trx,
      tenant,
      {
        action: 'auth.2fa_on',
        targetType: 'user',
        targetId: user.username,
        summary: `${user.username} turned two-step sign-in on`,
      },
      now,
    );
  });
  return { message: ACCOUNT_MESSAGES.turnedOn, recoveryCodes: codes };
}

/**
 * A code of the user's app (its time step not used before) or an unused recovery code, used up in `trx`;
 * what was used, or null when it matches neither.
 */
async function useSecondFactor(
  trx: Db,
  deps: AccountDeps,
  user: Account,
  code: string,
  now: Date,
): Promise<'authenticator code' | 'recovery code' | null> {
  if (!user.totp_secret) return null;
  // A secret sealed under another SECRET_KEY (or none) matches no code: recovery codes still work (decision 016).
  const secret = deps.box.tryOpen(user.totp_secret, user.id);
  const step = secret === null ? null : matchingStep(secret, code, now);
  if (step !== null) return (await advanceTotpStep(trx, user.id, step)) ? 'authenticator code' : null;
  return (await useRecoveryCode(trx, user.id, hashRecoveryCode(code), now.toISOString())) ? 'recovery code' : null;
}

/** 2fa/disable: the password and a code (or a recovery code) are both needed; wrong ones count as failures. */
export async function disableTwoFactor(
  tenant: Tenant,
  deps: AccountDeps,
  session: SessionUser,
  { password, code }: { password: string; code: string },
  address: string,
  now = new Date(),
): Promise<{ message: string }> {
  const user = await accountOf(tenant, session);
  if (!user.totp_enabled_at) throw new ConflictError(ACCOUNT_MESSAGES.notOn);
  if (await deps.throttle.isBlocked(tenant, user.username, address))
    throw new TooManyRequestsError('Too many failed attempts. Please wait 15 minutes and try again.');
  if (!(await verifyPassword(user.password_hash, password))) {
    await recordFailedSignIn(
      tenant,
      deps.throttle,
      user.username,
      address,
      `Wrong password given by ${user.username} to turn two-step sign-in off`,
      now,
    );
    throw new ValidationError(ACCOUNT_MESSAGES.wrongPassword, 'password');
  }
  const done = await inTransaction(tenant.db, async (trx) => {
    if (!(await useSecondFactor(trx, deps, user, code, now))) return false;
    await setTotp(trx, user.id, { totp_secret: null, totp_enabled_at: null, totp_last_step: null });
    await replaceRecoveryCodes(trx, user.id, []);
    await audit(
      trx,
      tenant,
      {
        action: 'auth.2fa_off',
        targetType: 'user',
        targetId: user.username,
        summary: `${user.username} turned two-step sign-in off`,
      },
      now,
    );
    return true;
  });
  if (!done) {
    await recordFailedSignIn(
      tenant,
      deps.throttle,
      user.username,
      address,
      `Wrong code given by ${user.username} to turn two-step sign-in off`,
      now,
    );
    throw new ValidationError(ACCOUNT_MESSAGES.wrongCode, 'code');
  }
  return { message: ACCOUNT_MESSAGES.turnedOff };
}

/**
 * signin/verify: the second step. The challenge cookie names the sign-in (its hash is stored, five minutes);
 * a forged, used or expired one opens nothing. A wrong code counts toward the account's lockout.
 */
export async function verifySecondStep(
  tenant: Tenant,
  deps: AccountDeps,
  challenge: string | undefined,
  code: string,
  address: string,
  now = new Date(),
): Promise<SignInResult> {
  const live =
    challenge && challenge.length <= 200
      ? await findLiveChallenge(tenant.db, hashToken(challenge), now.toISOString())
      : undefined;
  const user = live && (await findAccount(tenant.db, { id: live.user_id }));
  const ways = user ? secondStepWays(user) : [];
  if (!live || !user || user.active !== 1 || ways.length === 0)
    throw new UnauthorizedError(ACCOUNT_MESSAGES.challengeExpired);
  // A passkey is this sign-in's second step, not a code (docs/design.md §33): said, not counted as a wrong code.
  if (!ways.includes('code'))
    throw new UnauthorizedError(
      user.totp_enabled_at ? PASSKEY_MESSAGES.codeNotAccepted : PASSKEY_MESSAGES.noAuthenticatorApp,
    );
  if (await deps.throttle.isBlocked(tenant, user.username, address))
    throw new TooManyRequestsError('Too many failed attempts. Please wait 15 minutes and try again.');
  let used: string | null = null;
  try {
    const result = await openSession(tenant, user, now, async (trx) => {
      used = await useSecondFactor(trx, deps, user, code, now);
      if (!used || !(await deleteChallenge(trx, live.id))) throw new WrongCode();
      return {
        secondStep: used,
        ...(used === 'recovery code' ? { recoveryLeft: await countUnusedRecoveryCodes(trx, user.id) } : {}),
      };
    });
    await deps.throttle.recordSuccess(tenant, user.username);
    return result;
  } catch (error) {
    if (!(error instanceof WrongCode)) throw error;
    await recordFailedSignIn(
      tenant,
      deps.throttle,
      user.username,
      address,
      `Wrong two-step sign-in code for ${user.username}`,
      now,
    );
    throw new UnauthorizedError(ACCOUNT_MESSAGES.wrongCode);
  }
}

class WrongCode extends Error {}

/**
 * resetTwoFactor: an administrator turns a user's two-step sign-in off (a lost phone and no recovery code); the
 * user's passkeys go too, as they count as two-step sign-in (a lost laptop: docs/design.md §33).
 */
export async function resetTwoFactor(
  tenant: Tenant,
  id: number,
  now = new Date(),
): Promise<{ status: 'OK'; message: string }> {
  const user = await findAccount(tenant.db, { id });
  if (!user || !user.password_hash) throw new NotFoundError(ACCOUNT_MESSAGES.userNotFound);
  await inTransaction(tenant.db, async (trx) => {
    await setTotp(trx, user.id, { totp_secret: null, totp_enabled_at: null, totp_last_step: null });
    await replaceRecoveryCodes(trx, user.id, []);
    const passkeys = await deletePasskeysOfUser(trx, user.id);
    await audit(
      trx,
      tenant,
      {
        action: 'user.reset2fa',
        targetType: 'user',
        targetId: user.username,
        summary: `Turned two-step sign-in off for ${user.username}`,
        details: {
          twoFactor: { before: Boolean(user.totp_enabled_at), after: false },
          ...(passkeys > 0 ? { passkeysRemoved: passkeys } : {}),
        },
      },
      now,
    );
  });
  return { status: 'OK', message: ACCOUNT_MESSAGES.adminReset };
}
