import type { SecondStepWay } from '../../core/schemas/account';

/**
 * What a user's account and group say about the second step of a sign-in and about holding the user to /account
 * (docs/design.md §21, §33): a passkey counts as two-step sign-in, and a group may require a passkey.
 */
export interface SecondStepFacts {
  totp_enabled_at?: string | null | undefined;
  require_two_factor?: number | undefined;
  require_passkey?: number | undefined;
  /** How many passkeys the user has (a count: PostgreSQL may answer it as a string). */
  passkeys?: number | string | bigint | null | undefined;
}

export const hasPasskey = (user: SecondStepFacts): boolean => Number(user.passkeys ?? 0) > 0;

/**
 * The ways the second step of the user's password sign-in may be taken; none: the password alone opens the session.
 * A passkey whenever the user has one; a code (the authenticator app, a recovery code) when two-step sign-in is on,
 * unless the group requires a passkey and the user has one.
 */
export function secondStepWays(user: SecondStepFacts): SecondStepWay[] {
  const passkey = hasPasskey(user);
  const code = Boolean(user.totp_enabled_at) && !(user.require_passkey === 1 && passkey);
  return [...(code ? (['code'] as const) : []), ...(passkey ? (['passkey'] as const) : [])];
}

/** The group requires two-step sign-in and the user has neither an authenticator app nor a passkey. */
export const mustTurnTwoStepOn = (user: SecondStepFacts): boolean =>
  user.require_two_factor === 1 && !user.totp_enabled_at && !hasPasskey(user);

/** The group requires a passkey and the user has none. */
export const mustAddPasskey = (user: SecondStepFacts): boolean => user.require_passkey === 1 && !hasPasskey(user);
