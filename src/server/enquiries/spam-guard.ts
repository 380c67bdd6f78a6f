import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Tenant } from '../tenants/tenants';
import { insertSettingIfMissing, readSetting } from '../settings/settings.repository';

/**
 * The contact form's spam guard (docs/design.md §15, §34, decision 009): a page that shows the form sets a cookie holding
 * the time it was served, signed with the tenant's key; a submission without it, with a forged or day-old one,
 * or with the honeypot field filled in, is spam. Sent sooner than the minimum fill time is only a hint: a
 * browser's autofill sends a real person's enquiry within a second, so speed alone never quarantines; with a
 * link in the message as well, it does. The cookie is set per response while the page itself stays cached and
 * compressed once.
 */
export const FORM_COOKIE = 'folio_form';
/** A form left open longer than this counts as abandoned (the cookie lasts as long). */
export const FORM_TOKEN_MAX_AGE_S = 24 * 60 * 60;
const SECRET_SETTING = 'contact-form-secret';

const secrets = new WeakMap<Tenant, Promise<Buffer>>();

/** The tenant's signing key: made once, kept in the database so every instance and every restart shares it. */
function formSecret(tenant: Tenant): Promise<Buffer> {
  let secret = secrets.get(tenant);
  if (!secret) {
    secret = (async () => {
      await insertSettingIfMissing(tenant.db, SECRET_SETTING, randomBytes(32).toString('base64url'));
      return Buffer.from((await readSetting(tenant.db, SECRET_SETTING))!, 'base64url');
    })();
    secret.catch(() => secrets.delete(tenant));
    secrets.set(tenant, secret);
  }
  return secret;
}

/**
 * A keyed hash with the tenant's form key (docs/design.md §30): a form's time token, and the keys that find a
 * duplicate or a flood without keeping an address or a text.
 */
export async function formKeyHash(tenant: Tenant, text: string): Promise<string> {
  return createHmac('sha256', await formSecret(tenant))
    .update(text)
    .digest('base64url');
}

const sign = (secret: Buffer, issuedAt: number) =>
  createHmac('sha256', secret).update(`contact-form:${issuedAt}`).digest('base64url');

/** A token saying "the form was served at `issuedAt`" (ms since the epoch). */
export async function issueFormToken(tenant: Tenant, issuedAt = Date.now()): Promise<string> {
  return `${issuedAt}.${sign(await formSecret(tenant), issuedAt)}`;
}

export type SpamVerdict =
  { spam: false } | { spam: true; reason: 'honeypot' | 'no-token' | 'bad-token' | 'too-fast-with-link' | 'too-old' };

/** An address in a message: what link spam carries, and alone no reason to doubt a person (they name their site). */
const LINK = /\b(?:https?:\/\/|www\.)\S/i;

/** Whether a submission is spam: the honeypot, then the token's signature and age, then speed with a link. */
export async function judgeSubmission(
  tenant: Tenant,
  submission: { honeypot: string | undefined; token: string | undefined; message: string },
  options: { now: number; minFillMs: number },
): Promise<SpamVerdict> {
  if (submission.honeypot && submission.honeypot.trim() !== '') return { spam: true, reason: 'honeypot' };
  const match = /^(\d{13})\.([A-Za-z0-9_-]{43})$/.exec(submission.token ?? '');
  if (!match) return { spam: true, reason: submission.token ? 'bad-token' : 'no-token' };
  const issuedAt = Number(match[1]);
  const expected = Buffer.from(sign(await formSecret(tenant), issuedAt));
  const given = Buffer.from(match[2]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { spam: true, reason: 'bad-token' };
  const age = options.now - issuedAt;
  if (age > FORM_TOKEN_MAX_AGE_S * 1000) return { spam: true, reason: 'too-old' };
  if (age < options.minFillMs && LINK.test(submission.message)) return { spam: true, reason: 'too-fast-with-link' };
  return { spam: false };
}
