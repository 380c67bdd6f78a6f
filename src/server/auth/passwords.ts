import argon2 from 'argon2';

/** argon2id with OWASP's recommended minimum (19 MiB, 2 passes): strong, and quick enough for a login. */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password. Without a stored hash (unknown user, the Public user) it still runs one verification
 * against a dummy hash, so the answer takes as long as for a real account and does not reveal which
 * user names exist.
 */
export async function verifyPassword(hash: string | null | undefined, password: string): Promise<boolean> {
  if (!hash) {
    dummyHash ??= hashPassword('folio-dummy-password-for-timing');
    await argon2.verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return argon2.verify(hash, password).catch(() => false);
}
