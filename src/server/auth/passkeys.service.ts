import { randomBytes } from 'node:crypto';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { z } from 'zod';
import { ACCOUNT_MESSAGES } from '../../core/schemas/account';
import {
  PASSKEY_MESSAGES,
  type AuthenticationResponseSchema,
  type CreationOptions,
  type Passkey,
  type RegistrationResponseSchema,
  type RequestOptions,
} from '../../core/schemas/passkey';
import { hashToken, type SessionUser } from '../access/access';
import { audit } from '../audit/audit';
import { getCompanyDetails } from '../company/company.service';
import { inTransaction, type Db } from '../db/database';
import type { WebauthnChallengeTable } from '../db/schema';
import { NotFoundError, TooManyRequestsError, UnauthorizedError, ValidationError } from '../errors';
import type { Tenant } from '../tenants/tenants';
import { deleteChallenge, findAccount, findLiveChallenge, type Account } from './accounts.repository';
import { openSession, recordFailedSignIn, type SignInResult } from './auth.service';
import type { LoginThrottle } from './login-throttle';
import {
  deletePasskeyOfUser,
  findPasskeyByCredentialId,
  findPasskeyNamed,
  findPasskeyOfUser,
  insertPasskey,
  insertWebauthnChallenge,
  listPasskeysOfUser,
  recordPasskeyUse,
  takeWebauthnChallenge,
  userHandleOf,
  type PasskeyRow,
} from './passkeys.repository';
import type { RelyingParty } from './relying-party';
import { secondStepWays } from './second-step';

/**
 * @simplewebauthn/server, loaded at the first passkey call rather than at the start: with its ASN.1 and COSE libraries
 * it is some 25 MB every instance would hold at idle (docs/design.md §10).
 */
const webAuthn = () => import('@simplewebauthn/server');

/**
 * Passkeys (docs/design.md §33, decision 037): added on /account, used to sign in alone (a discoverable credential) or
 * as the second step of a password sign-in. Every ceremony's challenge is stored by its hash for five minutes and
 * taken (deleted) by the first answer that names it, so it works across instances and is usable once. A passkey
 * always checks that it is its owner (user verification: a fingerprint, a face, a PIN).
 */

/** A challenge lives five minutes; the browser's prompt is given two. */
const CHALLENGE_TTL_MS = 5 * 60_000;
const CEREMONY_TIMEOUT_MS = 2 * 60_000;
/** EdDSA, ES256, RS256: what authenticators make, and the same list for the options and the check. */
const ALGORITHMS = [-8, -7, -257];

type RegistrationResponse = z.output<typeof RegistrationResponseSchema>;
type AuthenticationResponse = z.output<typeof AuthenticationResponseSchema>;

export interface PasskeyDeps {
  throttle: LoginThrottle;
}

const transportsOf = (passkey: PasskeyRow): string[] => {
  try {
    const list: unknown = JSON.parse(passkey.transports);
    return Array.isArray(list) ? list.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
};

const listed = (row: PasskeyRow): Passkey => ({
  id: row.id,
  name: row.name,
  createdAt: row.created_at,
  lastUsedAt: row.last_used_at,
});

/** The challenge the browser signed, read from its client data; null when that is not readable. */
function challengeOf(response: { response: { clientDataJSON: string } }): string | null {
  try {
    const data: unknown = JSON.parse(Buffer.from(response.response.clientDataJSON, 'base64url').toString('utf8'));
    const challenge = data && typeof data === 'object' ? (data as { challenge?: unknown }).challenge : undefined;
    return typeof challenge === 'string' && challenge.length > 0 && challenge.length <= 200 ? challenge : null;
  } catch {
    return null;
  }
}

/** Takes the live challenge the answer names, once: the challenge and its row, or null. */
async function takeChallengeOf(
  db: Db,
  response: { response: { clientDataJSON: string } },
  purpose: WebauthnChallengeTable['purpose'],
  now: Date,
) {
  const challenge = challengeOf(response);
  if (!challenge) return null;
  const row = await takeWebauthnChallenge(db, { hash: hashToken(challenge), purpose, now: now.toISOString() });
  return row ? { challenge, row } : null;
}

async function storeChallenge(
  db: Db,
  challenge: string,
  values: { purpose: WebauthnChallengeTable['purpose']; userId?: number; userHandle?: string },
  now: Date,
): Promise<void> {
  await insertWebauthnChallenge(db, {
    challenge_hash: hashToken(challenge),
    purpose: values.purpose,
    user_id: values.userId ?? null,
    user_handle: values.userHandle ?? null,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + CHALLENGE_TTL_MS).toISOString(),
  });
}

async function accountOf(tenant: Tenant, session: SessionUser): Promise<Account> {
  const user = await findAccount(tenant.db, { id: session.userId });
  if (!user) throw new UnauthorizedError();
  return user;
}

/** POST /api/account/passkeys/options: creation options for a discoverable passkey of the signed-in user. */
export async function passkeyCreationOptions(
  tenant: Tenant,
  rp: RelyingParty,
  session: SessionUser,
  now = new Date(),
): Promise<CreationOptions> {
  const user = await accountOf(tenant, session);
  const existing = await listPasskeysOfUser(tenant.db, user.id);
  // One user handle per user, random (a user id would be the same in two tenants on one site, and an authenticator
  // keeps one passkey per site and user handle).
  const handle = (await userHandleOf(tenant.db, user.id)) ?? randomBytes(32).toString('base64url');
  const company = await getCompanyDetails(tenant);
  const options = await (
    await webAuthn()
  ).generateRegistrationOptions({
    rpName: company.companyName || 'Folio',
    rpID: rp.id,
    userName: user.username,
    userID: new Uint8Array(Buffer.from(handle, 'base64url')),
    userDisplayName: user.first_name.trim() || user.username,
    timeout: CEREMONY_TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((passkey) => ({ id: passkey.credential_id, transports: transportsOf(passkey) })),
    authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
    supportedAlgorithmIDs: ALGORITHMS,
  });
  await storeChallenge(tenant.db, options.challenge, { purpose: 'register', userId: user.id, userHandle: handle }, now);
  return { ...options };
}

/** What every answer must be: over this challenge, made on the site's origin for its relying party, by its owner. */
const expected = (rp: RelyingParty, challenge: string) => ({
  expectedChallenge: challenge,
  expectedOrigin: rp.origin,
  expectedRPID: rp.id,
  requireUserVerification: true,
});

/** What a registration answer proves, or null when it proves nothing (a wrong origin, a bad signature, …). */
async function checkRegistration(rp: RelyingParty, response: RegistrationResponse, challenge: string) {
  try {
    const { verified, registrationInfo } = await (
      await webAuthn()
    ).verifyRegistrationResponse({
      // The shape was checked by the route's schema; extensions' outputs are not read.
      response: response as RegistrationResponseJSON,
      ...expected(rp, challenge),
      supportedAlgorithmIDs: ALGORITHMS,
    });
    return verified ? registrationInfo : null;
  } catch {
    return null;
  }
}

/**
 * POST /api/account/passkeys: the browser's answer to the creation options, named. The name is checked first (a
 * taken one leaves the challenge live, so the same answer may come again with another name); then the challenge is
 * taken, the answer checked, and the passkey stored and audited together.
 */
export async function addPasskey(
  tenant: Tenant,
  rp: RelyingParty,
  session: SessionUser,
  { name, response }: { name: string; response: RegistrationResponse },
  now = new Date(),
): Promise<Passkey & { message: string }> {
  const user = await accountOf(tenant, session);
  if (await findPasskeyNamed(tenant.db, user.id, name)) throw new ValidationError(PASSKEY_MESSAGES.nameTaken, 'name');
  const taken = await takeChallengeOf(tenant.db, response, 'register', now);
  if (!taken || taken.row.user_id !== user.id || !taken.row.user_handle)
    throw new ValidationError(PASSKEY_MESSAGES.expired);
  const info = await checkRegistration(rp, response, taken.challenge);
  if (!info) throw new ValidationError(PASSKEY_MESSAGES.notAdded);
  if (await findPasskeyByCredentialId(tenant.db, info.credential.id))
    throw new ValidationError(PASSKEY_MESSAGES.alreadyAdded);
  const userHandle = taken.row.user_handle;
  const row = await inTransaction(tenant.db, async (trx) => {
    const made = await insertPasskey(trx, {
      user_id: user.id,
      credential_id: info.credential.id,
      public_key: Buffer.from(info.credential.publicKey).toString('base64url'),
      counter: info.credential.counter,
      transports: JSON.stringify(info.credential.transports ?? response.response.transports ?? []),
      user_handle: userHandle,
      device_type: info.credentialDeviceType,
      backed_up: info.credentialBackedUp ? 1 : 0,
      name,
      created_at: now.toISOString(),
    });
    await audit(
      trx,
      tenant,
      {
        action: 'auth.passkey_add',
        targetType: 'user',
        targetId: user.username,
        summary: `${user.username} added the passkey ${name}`,
        details: { name, synced: info.credentialBackedUp },
      },
      now,
    );
    return made;
  });
  return { id: row.id, name, createdAt: row.created_at, lastUsedAt: null, message: PASSKEY_MESSAGES.added };
}

/** GET /api/account/passkeys: the signed-in user's passkeys, oldest first. */
export async function listPasskeys(tenant: Tenant, session: SessionUser): Promise<{ items: Passkey[] }> {
  return { items: (await listPasskeysOfUser(tenant.db, session.userId)).map(listed) };
}

/** DELETE /api/account/passkeys/:id: one of the user's own passkeys (another user's is a 404, as one that is not). */
export async function removePasskey(
  tenant: Tenant,
  session: SessionUser,
  id: number,
  now = new Date(),
): Promise<{ message: string }> {
  const passkey = await findPasskeyOfUser(tenant.db, session.userId, id);
  if (!passkey) throw new NotFoundError(PASSKEY_MESSAGES.notFound);
  await inTransaction(tenant.db, async (trx) => {
    if (!(await deletePasskeyOfUser(trx, session.userId, id))) throw new NotFoundError(PASSKEY_MESSAGES.notFound);
    await audit(
      trx,
      tenant,
      {
        action: 'auth.passkey_remove',
        targetType: 'user',
        targetId: session.username,
        summary: `${session.username} removed the passkey ${passkey.name}`,
        details: { name: passkey.name },
      },
      now,
    );
  });
  return { message: PASSKEY_MESSAGES.removed };
}

/** POST /api/auth/passkey/options: request options for any discoverable passkey of the site (no user yet). */
export async function passkeySignInOptions(
  tenant: Tenant,
  rp: RelyingParty,
  now = new Date(),
): Promise<RequestOptions> {
  const options = await (
    await webAuthn()
  ).generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: 'required',
    timeout: CEREMONY_TIMEOUT_MS,
  });
  await storeChallenge(tenant.db, options.challenge, { purpose: 'signin' }, now);
  return { ...options };
}

/** The new signature counter when the assertion is the passkey's own over the challenge, else null. */
async function checkAssertion(
  rp: RelyingParty,
  passkey: PasskeyRow,
  response: AuthenticationResponse,
  challenge: string,
): Promise<number | null> {
  // The authenticator names the user it keeps the passkey for: it must be the one it was made for.
  const handle = response.response.userHandle;
  if (handle !== undefined && handle !== passkey.user_handle) return null;
  try {
    const { verified, authenticationInfo } = await (
      await webAuthn()
    ).verifyAuthenticationResponse({
      response: response as AuthenticationResponseJSON,
      ...expected(rp, challenge),
      credential: {
        id: passkey.credential_id,
        publicKey: new Uint8Array(Buffer.from(passkey.public_key, 'base64url')),
        counter: Number(passkey.counter),
        transports: transportsOf(passkey),
      },
    });
    return verified ? authenticationInfo.newCounter : null;
  } catch {
    return null;
  }
}

/** An answer that did not prove the user: it counts toward the account's lockout, as a wrong password does. */
class PasskeyRefused extends Error {}

/**
 * Opens the session of a user whose passkey answered: the passkey's use (its counter, from the value checked) and
 * `within` go in the session's transaction, and the sign-in is audited with the passkey's name.
 */
async function openSessionWithPasskey(
  tenant: Tenant,
  deps: PasskeyDeps,
  user: Account,
  passkey: PasskeyRow,
  counter: number,
  now: Date,
  within: (trx: Db) => Promise<Record<string, unknown>>,
): Promise<SignInResult> {
  const result = await openSession(tenant, user, now, async (trx) => {
    if (!(await recordPasskeyUse(trx, passkey, counter, now.toISOString()))) throw new PasskeyRefused();
    return { ...(await within(trx)), passkey: passkey.name };
  });
  await deps.throttle.recordSuccess(tenant, user.username);
  return result;
}

/** Runs a passkey's sign-in; a refusal is recorded as a failed sign-in of the user and answered with `message`. */
async function refusedAs<T>(
  tenant: Tenant,
  deps: PasskeyDeps,
  user: Account,
  address: string,
  message: string,
  now: Date,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof PasskeyRefused)) throw error;
    const summary = `Failed sign-in with a passkey as ${user.username}`;
    await recordFailedSignIn(tenant, deps.throttle, user.username, address, summary, now);
    throw new UnauthorizedError(message);
  }
}

/**
 * POST /api/auth/passkey: a passkey alone signs its user in, with the same answer as a password sign-in. An unknown,
 * wrong or replayed answer, and a deactivated user's passkey, are all the one 401; a locked account is a 429 as for a
 * password.
 */
export async function signInWithPasskey(
  tenant: Tenant,
  deps: PasskeyDeps,
  rp: RelyingParty,
  response: AuthenticationResponse,
  address: string,
  now = new Date(),
): Promise<SignInResult> {
  const taken = await takeChallengeOf(tenant.db, response, 'signin', now);
  const passkey = await findPasskeyByCredentialId(tenant.db, response.id);
  const user = passkey && (await findAccount(tenant.db, { id: passkey.user_id }));
  if (!passkey || !user) {
    await recordUnknownPasskey(tenant, now);
    throw new UnauthorizedError(PASSKEY_MESSAGES.signInFailed);
  }
  if (await deps.throttle.isBlocked(tenant, user.username, address))
    throw new TooManyRequestsError(PASSKEY_MESSAGES.tooMany);
  return refusedAs(tenant, deps, user, address, PASSKEY_MESSAGES.signInFailed, now, async () => {
    const counter = taken && user.active === 1 ? await checkAssertion(rp, passkey, response, taken.challenge) : null;
    if (counter === null) throw new PasskeyRefused();
    return openSessionWithPasskey(tenant, deps, user, passkey, counter, now, async () => ({ via: 'passkey' }));
  });
}

/** A passkey this site does not know (removed, or another site's): recorded, as a sign-in with an unknown name is. */
async function recordUnknownPasskey(tenant: Tenant, now: Date): Promise<void> {
  await inTransaction(tenant.db, async (trx) => {
    await audit(
      trx,
      tenant,
      {
        action: 'auth.signin_failed',
        targetType: 'user',
        targetId: '(unknown passkey)',
        summary: 'Failed sign-in with a passkey this site does not know',
        userName: null,
      },
      now,
    );
  });
}

/** The user of the second step's challenge cookie when a passkey may take that step; else the sign-in has timed out. */
async function secondStepUser(tenant: Tenant, cookie: string | undefined, now: Date) {
  const live =
    cookie && cookie.length <= 200
      ? await findLiveChallenge(tenant.db, hashToken(cookie), now.toISOString())
      : undefined;
  const user = live && (await findAccount(tenant.db, { id: live.user_id }));
  if (!live || !user || user.active !== 1 || !secondStepWays(user).includes('passkey'))
    throw new UnauthorizedError(ACCOUNT_MESSAGES.challengeExpired);
  return { live, user };
}

/** POST /api/auth/signin/passkey/options: request options for the passkeys of the user whose password was right. */
export async function secondStepOptions(
  tenant: Tenant,
  rp: RelyingParty,
  cookie: string | undefined,
  now = new Date(),
): Promise<RequestOptions> {
  const { user } = await secondStepUser(tenant, cookie, now);
  const passkeys = await listPasskeysOfUser(tenant.db, user.id);
  const options = await (
    await webAuthn()
  ).generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: passkeys.map((passkey) => ({ id: passkey.credential_id, transports: transportsOf(passkey) })),
    userVerification: 'required',
    timeout: CEREMONY_TIMEOUT_MS,
  });
  await storeChallenge(tenant.db, options.challenge, { purpose: 'second-step', userId: user.id }, now);
  return { ...options };
}

/**
 * POST /api/auth/signin/passkey: a passkey of the user takes the second step of their password sign-in (docs/design.md
 * §33): the sign-in's challenge and the passkey's are both used up with the session's opening.
 */
export async function secondStepWithPasskey(
  tenant: Tenant,
  deps: PasskeyDeps,
  rp: RelyingParty,
  cookie: string | undefined,
  response: AuthenticationResponse,
  address: string,
  now = new Date(),
): Promise<SignInResult> {
  const { live, user } = await secondStepUser(tenant, cookie, now);
  if (await deps.throttle.isBlocked(tenant, user.username, address))
    throw new TooManyRequestsError(PASSKEY_MESSAGES.tooMany);
  const taken = await takeChallengeOf(tenant.db, response, 'second-step', now);
  const passkey = await findPasskeyByCredentialId(tenant.db, response.id);
  return refusedAs(tenant, deps, user, address, PASSKEY_MESSAGES.secondStepFailed, now, async () => {
    // The passkey and the challenge must both be this user's.
    if (!taken || !passkey || taken.row.user_id !== user.id || passkey.user_id !== user.id) throw new PasskeyRefused();
    const counter = await checkAssertion(rp, passkey, response, taken.challenge);
    if (counter === null) throw new PasskeyRefused();
    return openSessionWithPasskey(tenant, deps, user, passkey, counter, now, async (trx) => {
      if (!(await deleteChallenge(trx, live.id))) throw new PasskeyRefused();
      return { secondStep: 'passkey' };
    });
  });
}
