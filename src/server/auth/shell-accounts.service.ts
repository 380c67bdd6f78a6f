import { randomInt } from 'node:crypto';
import { PUBLIC_USER_ID } from '../../core/groups';
import { audit } from '../audit/audit';
import { inTransaction } from '../db/database';
import { ConflictError, NotFoundError, ValidationError } from '../errors';
import { storedOrNewSetupCode } from '../setup/setup.service';
import type { Tenant } from '../tenants/tenants';
import { hasActiveAdministrator } from '../users/users.service';
import {
  findAccountByNameInAnyCase,
  replaceRecoveryCodes,
  setPassword,
  setTotp,
  voidPasswordResets,
  type Account,
} from './accounts.repository';
import { LoginThrottle } from './login-throttle';
import { hashPassword } from './passwords';
import { deletePasskeysOfUser } from './passkeys.repository';
import { hasPasskey } from './second-step';
import { deleteSessionsOfUser } from './sessions.repository';

/**
 * The shell's account commands (docs/design.md §22): `./folio user reset-password <name>`, `user reset-2fa <name>` and
 * `setup-code`, for whoever holds the server's machine when nobody can sign in as an administrator any more.
 * They skip the access checks of the API (the shell has no session: access to the machine is the check); the
 * command names its operator with `runAs`, and each writes one audit entry with its change.
 */

export const SHELL_ACCOUNT_MESSAGES = {
  noSuchUser: (username: string) =>
    `There is no user named ${username}. Check the spelling of the user name (not the person's name).`,
  publicUser:
    "Public is the account of the website's visitors, not of a person: it has no password and nobody signs in with it.",
  alreadySetUp:
    'Folio is already set up: sign in as an administrator, or set a one-time password with ./folio user reset-password <name>.',
} as const;

/** Letters and digits nobody misreads (no 0/o, 1/l/i), all lower case: read aloud or off a screen and typed once. */
const ONE_TIME_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A one-time password: `xxxx-xxxx-xxxx-xxxx`, 16 characters of 31 (79 random bits), well past the length policy. */
export function newOneTimePassword(): string {
  const chars = Array.from({ length: 16 }, () => ONE_TIME_ALPHABET[randomInt(ONE_TIME_ALPHABET.length)]).join('');
  return chars.match(/.{4}/g)!.join('-');
}

/** The account a shell command names (in any case); unknown names and the Public user are refused with a sentence. */
async function namedAccount(tenant: Tenant, username: string): Promise<Account> {
  const user = await findAccountByNameInAnyCase(tenant.db, username.trim());
  if (!user) throw new NotFoundError(SHELL_ACCOUNT_MESSAGES.noSuchUser(username.trim()));
  if (user.id === PUBLIC_USER_ID) throw new ValidationError(SHELL_ACCOUNT_MESSAGES.publicUser);
  return user;
}

export interface OneTimePassword {
  /** The user name as stored (the one to sign in with). */
  username: string;
  /** Shown once, to the shell's operator; only its hash is kept, and no log or audit entry holds it. */
  password: string;
  /** False for a deactivated user: the password is set, but nobody can sign in with it until the user is active again. */
  active: boolean;
}

/**
 * `user reset-password`: a new one-time password that must be changed at the next sign-in. Every session of the
 * user ends, open reset links are void, and the account's lockout is cleared (a locked-out administrator can
 * sign in at once). The sessions it opens reach only /account until the user chooses their own (access.ts).
 */
export async function issueOneTimePassword(
  tenant: Tenant,
  username: string,
  now = new Date(),
): Promise<OneTimePassword> {
  const user = await namedAccount(tenant, username);
  const password = newOneTimePassword();
  const hash = await hashPassword(password);
  const active = user.active === 1;
  await inTransaction(tenant.db, async (trx) => {
    const at = now.toISOString();
    await setPassword(trx, user.id, hash, at, { mustChange: true });
    await voidPasswordResets(trx, user.id, at);
    await deleteSessionsOfUser(trx, user.id);
    await audit(
      trx,
      tenant,
      {
        action: 'cli.reset_password',
        targetType: 'user',
        targetId: user.username,
        summary: `Set a one-time password for ${user.username} in the shell`,
        details: { mustChange: true, active },
      },
      now,
    );
  });
  await new LoginThrottle().recordSuccess(tenant, user.username);
  return { username: user.username, password, active };
}

/**
 * `user reset-2fa`: turns the user's two-step sign-in off (a lost phone and no recovery code, the last
 * administrator included), as an administrator can on the user screen: the secret, its last step and the
 * recovery codes go, and the user's passkeys (docs/design.md §33). Done and recorded even when it was not on (a
 * half-finished set-up is cleared too).
 */
export async function resetTwoFactorByName(
  tenant: Tenant,
  username: string,
  now = new Date(),
): Promise<{ username: string; wasOn: boolean }> {
  const user = await namedAccount(tenant, username);
  // An authenticator app or a passkey (docs/design.md §33).
  const wasOn = Boolean(user.totp_enabled_at) || hasPasskey(user);
  await inTransaction(tenant.db, async (trx) => {
    await setTotp(trx, user.id, { totp_secret: null, totp_enabled_at: null, totp_last_step: null });
    await replaceRecoveryCodes(trx, user.id, []);
    // Passkeys count as two-step sign-in (docs/design.md §33): they go too.
    const passkeys = await deletePasskeysOfUser(trx, user.id);
    await audit(
      trx,
      tenant,
      {
        action: 'cli.reset_2fa',
        targetType: 'user',
        targetId: user.username,
        summary: `Turned two-step sign-in off for ${user.username} in the shell`,
        details: { twoFactor: { before: wasOn, after: false }, ...(passkeys > 0 ? { passkeysRemoved: passkeys } : {}) },
      },
      now,
    );
  });
  return { username: user.username, wasOn };
}

/**
 * `setup-code`: the first-run setup code while no administrator exists, the one the server prints at its start;
 * on a database no server has started on yet it is made now, and the server prints the same one later.
 */
export async function revealSetupCode(tenant: Tenant, now = new Date()): Promise<{ code: string }> {
  if (await hasActiveAdministrator(tenant.db)) throw new ConflictError(SHELL_ACCOUNT_MESSAGES.alreadySetUp);
  const code = await inTransaction(tenant.db, async (trx) => {
    const stored = await storedOrNewSetupCode(trx);
    await audit(
      trx,
      tenant,
      {
        action: 'cli.setup_code',
        targetType: 'setup',
        targetId: 'setup',
        summary: 'Showed the first-run setup code in the shell',
      },
      now,
    );
    return stored;
  });
  return { code };
}
