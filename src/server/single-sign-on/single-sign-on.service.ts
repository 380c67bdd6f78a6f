import { randomBytes } from 'node:crypto';
import type * as Oidc from 'openid-client';
import { hashToken } from '../access/access';
import { audit } from '../audit/audit';
import type { Account } from '../auth/accounts.repository';
import { openChallenge, openSession, type SignInResult } from '../auth/auth.service';
import type { SecretBox } from '../auth/secret-box';
import { inTransaction } from '../db/database';
import type { Tenant } from '../tenants/tenants';
import { describe, discoverProvider, isUnreachable, loadOpenIdClient } from './provider';
import { SingleSignOnRefusal } from './refusal';
import { activeProvider, callbackUrlOf } from './signin-settings.service';
import {
  claimSignInAttempt,
  deleteExpiredSignInAttempts,
  insertSignInAttempt,
  wasSignInAttemptUsed,
} from './single-sign-on.repository';
import { joinAsNewUser, matchUser, type ProviderIdentity } from './sign-in-users.service';

/**
 * A sign-in through the firm's OpenID Connect provider (docs/design.md §33, decision 038): authorization code with
 * PKCE (S256), state and nonce. The attempt lives in the database for ten minutes and is used once, bound to the
 * browser that started it by a cookie; what comes back is checked by openid-client (state, issuer, nonce, the ID
 * token's claims), the email must be verified, and the user is matched by it (or made, for the configured domain).
 */

/** An attempt may take ten minutes at the provider. */
export const ATTEMPT_TTL_MS = 10 * 60_000;

export interface SingleSignOnDeps {
  box: SecretBox;
  publicBaseUrl: string;
}

/** Where a sign-in may return to: an address of this site (a path), never another site's. */
const isSitePath = (path: string) => /^\/(?![/\\])[^\s]*$/.test(path);

/** Starts an attempt: the provider's address to send the browser to, and the browser's cookie for the attempt. */
export async function startSingleSignOn(
  tenant: Tenant,
  deps: SingleSignOnDeps,
  next: string | undefined,
  now = new Date(),
): Promise<{ location: string; browserToken: string }> {
  const provider = await activeProvider(tenant, deps.box);
  if (!provider) throw new SingleSignOnRefusal('off');
  const configuration = await reachProvider(provider);
  const oidc = await loadOpenIdClient();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const browserToken = randomBytes(32).toString('base64url');
  await deleteExpiredSignInAttempts(tenant.db, now.toISOString());
  await insertSignInAttempt(tenant.db, {
    state_hash: hashToken(state),
    browser_hash: hashToken(browserToken),
    nonce,
    code_verifier: codeVerifier,
    return_to: next !== undefined && isSitePath(next) ? next : '',
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + ATTEMPT_TTL_MS).toISOString(),
    used_at: null,
  });
  const location = oidc.buildAuthorizationUrl(configuration, {
    redirect_uri: callbackUrlOf(deps.publicBaseUrl),
    scope: 'openid email profile',
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { location: location.href, browserToken };
}

/** What a return from the provider ends in: a session (and where to go), or the second step of two-step sign-in. */
export type SingleSignOnOutcome =
  { kind: 'session'; result: SignInResult; goTo: string } | { kind: 'challenge'; challenge: string };

/**
 * Completes an attempt from the provider's answer (`query`, as it came to the callback) and the browser's cookie.
 * Every refusal is a SingleSignOnRefusal; the attempt is used up whatever happens after its state matched.
 */
export async function finishSingleSignOn(
  tenant: Tenant,
  deps: SingleSignOnDeps,
  callback: { search: string; state: string | undefined; error: string | undefined; browserToken: string | undefined },
  now = new Date(),
): Promise<SingleSignOnOutcome> {
  const provider = await activeProvider(tenant, deps.box);
  if (!provider) throw new SingleSignOnRefusal('off');
  if (!callback.state) throw new SingleSignOnRefusal('state');
  const stateHash = hashToken(callback.state);
  const attempt = await claimSignInAttempt(tenant.db, stateHash, now.toISOString());
  if (!attempt) throw new SingleSignOnRefusal((await wasSignInAttemptUsed(tenant.db, stateHash)) ? 'used' : 'state');
  if (!callback.browserToken || hashToken(callback.browserToken) !== attempt.browser_hash)
    throw new SingleSignOnRefusal('state', null, 'the attempt was started in another browser');
  if (callback.error)
    throw new SingleSignOnRefusal(callback.error === 'access_denied' ? 'denied' : 'provider', null, callback.error);
  const configuration = await reachProvider(provider);
  const currentUrl = new URL(callbackUrlOf(deps.publicBaseUrl));
  currentUrl.search = callback.search;
  const identity = await identityFrom(configuration, currentUrl, {
    pkceCodeVerifier: attempt.code_verifier,
    expectedState: callback.state,
    expectedNonce: attempt.nonce,
    idTokenExpected: true,
  });
  const account = (await matchUser(tenant, identity)) ?? (await joinAsNewUser(tenant, identity, provider, now));
  return signInAs(tenant, account, attempt.return_to, provider.issuer, now);
}

async function reachProvider(provider: Parameters<typeof discoverProvider>[0]): Promise<Oidc.Configuration> {
  try {
    return await discoverProvider(provider);
  } catch (error) {
    throw new SingleSignOnRefusal('provider', null, describe(error));
  }
}

/**
 * The code exchanged for tokens and the person they name: the ID token's claims (checked by openid-client: issuer,
 * audience, expiry, nonce), with email and email_verified from the userinfo endpoint where the ID token leaves them
 * out (many providers put only `sub` in it).
 */
async function identityFrom(
  configuration: Oidc.Configuration,
  currentUrl: URL,
  checks: Oidc.AuthorizationCodeGrantChecks,
): Promise<ProviderIdentity> {
  const oidc = await loadOpenIdClient();
  try {
    const tokens = await oidc.authorizationCodeGrant(configuration, currentUrl, checks);
    const claims = tokens.claims();
    if (!claims) throw new SingleSignOnRefusal('checks', null, 'no ID token');
    let found: Record<string, unknown> = claims;
    if (claims.email === undefined || claims.email_verified === undefined)
      found = { ...(await oidc.fetchUserInfo(configuration, tokens.access_token, claims.sub)), ...claims };
    const email = typeof found.email === 'string' ? found.email.trim() : '';
    if (!isVerified(found) || email === '')
      throw new SingleSignOnRefusal('unverified', email || null, 'email_verified is not true');
    return {
      email,
      givenName: typeof found.given_name === 'string' ? found.given_name : '',
      familyName: typeof found.family_name === 'string' ? found.family_name : '',
      name: typeof found.name === 'string' ? found.name : '',
    };
  } catch (error) {
    if (error instanceof SingleSignOnRefusal) throw error;
    throw new SingleSignOnRefusal(isUnreachable(error) ? 'provider' : 'checks', null, describe(error));
  }
}

/**
 * Whether the provider vouches for the email: `email_verified: true`. Microsoft Entra ID never sends that claim for a
 * firm's own accounts; its optional claim `xms_edov` (the email's domain is one the firm's tenant has verified) stands
 * for it then, and only then (decision 038).
 */
const isVerified = (claims: Record<string, unknown>) =>
  claims.email_verified === true || (claims.email_verified === undefined && claims.xms_edov === true);

/**
 * Signs the matched user in as a password sign-in does (auth.signin, with how). A user with two-step sign-in on is
 * still asked for the second step: the provider's sign-in stands for the password only (decision 038).
 */
async function signInAs(
  tenant: Tenant,
  account: Account,
  returnTo: string,
  issuer: string,
  now: Date,
): Promise<SingleSignOnOutcome> {
  if (account.totp_enabled_at) return { kind: 'challenge', challenge: await openChallenge(tenant, account.id, now) };
  const result = await openSession(tenant, account, now, async () => ({ via: 'single sign-on', issuer }));
  const held = result.response.landpage === '/account';
  return { kind: 'session', result, goTo: returnTo && !held ? returnTo : result.response.landpage };
}

/** A refusal recorded as a failed sign-in (`off` is not one: nothing was tried). */
export async function recordRefusal(tenant: Tenant, refusal: SingleSignOnRefusal, now = new Date()): Promise<void> {
  if (refusal.reason === 'off') return;
  const who = refusal.who?.slice(0, 100) ?? null;
  await inTransaction(tenant.db, (trx) =>
    audit(
      trx,
      tenant,
      {
        action: 'auth.signin_failed',
        targetType: 'user',
        targetId: who ?? 'single sign-on',
        summary: `Failed single sign-on${who ? ` as ${who}` : ''}: ${refusal.reason}`,
        details: { via: 'single sign-on', reason: refusal.reason, detail: refusal.message.slice(0, 200) },
        userName: null,
      },
      now,
    ),
  );
}
