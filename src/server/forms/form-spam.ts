import { timingSafeEqual } from 'node:crypto';
import type { SpamReason } from '../../core/schemas/submissions';
import { formKeyHash } from '../enquiries/spam-guard';
import type { Tenant } from '../tenants/tenants';

/**
 * Spam kept out of the inbox, never dropped (docs/design.md §30): each rule quarantines a submission with its reason.
 * The form's time token is signed with the tenant's form key and sits in the form itself (a hidden field), so a
 * page with a form stays cached whoever reads it.
 */

/** A form left open longer than this counts as abandoned: its token is stale. */
export const FORM_TOKEN_MAX_AGE_MS = 24 * 60 * 60_000;
/** Sent sooner than this after the form was shown: a hint only (a person's autofill is that fast). */
export const FORM_MIN_FILL_MS = 2_000;
/** The same text from the same address within this long is a duplicate. */
export const DUPLICATE_WINDOW_MS = 10 * 60_000;
/** More links than this in one answer is spam. */
export const MOST_LINKS = 3;

const LINK = /\b(?:https?:\/\/|www\.)\S/gi;

const tokenText = (formId: number, issuedAt: number) => `form:${formId}:${issuedAt}`;

/** The token a form is shown with: when it was shown (ms since the epoch), signed for that form. */
export async function issueSubmissionToken(tenant: Tenant, formId: number, issuedAt = Date.now()): Promise<string> {
  return `${issuedAt}.${await formKeyHash(tenant, tokenText(formId, issuedAt))}`;
}

/** The keys of a submission: its sender's address and its texts, as keyed hashes (neither kept as it is). */
export async function submissionKeys(
  tenant: Tenant,
  formId: number,
  address: string,
  texts: readonly string[],
): Promise<{ sender: string; text: string }> {
  const [sender, text] = await Promise.all([
    formKeyHash(tenant, `sender:${address}`),
    formKeyHash(tenant, `text:${formId}:${texts.map((t) => t.trim().toLowerCase()).join('\u0000')}`),
  ]);
  return { sender, text };
}

export interface SpamSignals {
  formId: number;
  honeypot: string | undefined;
  token: string | undefined;
  /** Every text the visitor typed. */
  texts: readonly string[];
  /** Whether the same text came from the same address within DUPLICATE_WINDOW_MS. */
  duplicate: () => Promise<boolean>;
  now: number;
}

/** Why a submission is spam, or null: the hidden field, the token, the links, a duplicate, speed with a link. */
export async function spamReasonOf(tenant: Tenant, signals: SpamSignals): Promise<SpamReason | null> {
  if (signals.honeypot && signals.honeypot.trim() !== '') return 'honeypot';
  const match = /^(\d{13})\.([A-Za-z0-9_-]{43})$/.exec(signals.token ?? '');
  if (!match) return signals.token ? 'bad-token' : 'no-token';
  const issuedAt = Number(match[1]);
  const expected = Buffer.from(await formKeyHash(tenant, tokenText(signals.formId, issuedAt)));
  const given = Buffer.from(match[2]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'bad-token';
  const age = signals.now - issuedAt;
  if (age > FORM_TOKEN_MAX_AGE_MS) return 'too-old';
  const links = signals.texts.map((text) => text.match(LINK)?.length ?? 0);
  if (links.some((count) => count > MOST_LINKS)) return 'links';
  if (await signals.duplicate()) return 'duplicate';
  if (age < FORM_MIN_FILL_MS && links.some((count) => count > 0)) return 'too-fast-with-link';
  return null;
}
