import { randomBytes } from 'node:crypto';
import {
  PREVIEW_SHARE_MESSAGES,
  type CreatedPreviewShare,
  type PreviewShare,
  type RevokedPreviewShare,
} from '../../../core/schemas/preview-share';
import { previewPath } from '../../../core/schemas/revision';
import { hashToken, mayEditPage, type SessionUser } from '../../access/access';
import { audit } from '../../audit/audit';
import { inTransaction } from '../../db/database';
import { ForbiddenError, NotFoundError } from '../../errors';
import type { Page } from '../page-kind';
import { findPageById } from '../resolve-page';
import type { Tenant } from '../../tenants/tenants';
import { prunePresence } from '../presence/presence.service';
import {
  deleteSharesEndedBefore,
  findLiveShare,
  insertPreviewShare,
  liveShareLocale,
  listLiveShares,
  revokeShare,
  type LiveShareRow,
} from './preview-shares.repository';

/**
 * Shared preview links (docs/design.md §26); "someone else is editing" is presence/.
 *
 * A link is `/preview/<Page>1?share=<token>`: 32 random bytes, of which only the SHA-256 hash is stored, so the
 * database (or a backup of it) never holds a working link. The token is read by the preview route only: it opens
 * its own page's newest revision, never a session, another page or an API call.
 */

const HOUR_MS = 3_600_000;
/** A token as made here: 32 bytes in base64url, 43 characters. Anything else is not looked up. */
const TOKEN_FORM = /^[A-Za-z0-9_-]{43}$/;

/** How often the job deletes links ended long ago and editors that closed without saying so. */
export const PRUNE_PREVIEW_SHARES_EVERY_MS = 6 * HOUR_MS;
/** Links that expired or were revoked stay this long, then go (the audit log keeps who made and revoked them). */
const KEEP_ENDED_SHARES_MS = 30 * 24 * HOUR_MS;

/** The absolute address of a page's shared preview: its preview address on the site's public base URL (in a language). */
function shareUrl(page: Page, token: string, publicBaseUrl: string, locale: string): string {
  const url = new URL(previewPath(page.publicPath).slice(1), publicBaseUrl);
  if (locale) url.searchParams.set('locale', locale);
  url.searchParams.set('share', token);
  return url.href;
}

const hoursInWords = (hours: number) =>
  hours % 24 === 0 ? `${hours / 24} day${hours === 24 ? '' : 's'}` : `${hours} hour${hours === 1 ? '' : 's'}`;

/**
 * Makes a link to the page's newest revision in a language ('' the source) that works for `hours`; the answer
 * holds the token, shown this once.
 */
export async function createPreviewShare(
  tenant: Tenant,
  page: Page,
  hours: number,
  user: SessionUser,
  publicBaseUrl: string,
  now = new Date(),
  locale = '',
): Promise<CreatedPreviewShare> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + hours * HOUR_MS).toISOString();
  const id = await inTransaction(tenant.db, async (trx) => {
    const id = await insertPreviewShare(trx, {
      page_id: page.id,
      locale,
      token_hash: hashToken(token),
      created_by: user.userId,
      created_at: now.toISOString(),
      expires_at: expiresAt,
    });
    await audit(
      trx,
      tenant,
      {
        action: 'preview.share',
        targetType: 'preview link',
        targetId: `${page.routing}/${id}`,
        summary: `Shared a preview of ${page.routing}${locale ? ` in ${locale}` : ''} for ${hoursInWords(hours)} (link ${id})`,
        details: { page: page.routing, ...(locale ? { locale } : {}), hours, expiresAt },
      },
      now,
    );
    return id;
  });
  return { id, url: shareUrl(page, token, publicBaseUrl, locale), expiresAt };
}

const shareOf = (row: LiveShareRow): PreviewShare => ({
  id: row.id,
  createdAt: row.created_at,
  expiresAt: row.expires_at,
  createdBy: row.created_by_name,
});

/** The page's live links in a language ('' the source), newest first, without their tokens. */
export async function listPreviewShares(
  tenant: Tenant,
  page: Page,
  now = new Date(),
  locale = '',
): Promise<PreviewShare[]> {
  return (await listLiveShares(tenant.db, page.id, locale, now.toISOString())).map(shareOf);
}

/**
 * Revokes a live link: 404 for an id that is not one, 403 for a caller who may not edit its page (the same rule
 * as the page's save). Answers the link as it is now.
 */
export async function revokePreviewShare(
  tenant: Tenant,
  id: number,
  user: SessionUser,
  now = new Date(),
): Promise<RevokedPreviewShare> {
  const at = now.toISOString();
  const row = await findLiveShare(tenant.db, id, at);
  const page = row ? await findPageById(tenant, row.page_id) : null;
  if (!row || !page) throw new NotFoundError(PREVIEW_SHARE_MESSAGES.noLink);
  if (!(await mayEditPage(tenant, user, page.routing)))
    throw new ForbiddenError('Your menu does not include this page.');
  const revoked = await inTransaction(tenant.db, async (trx) => {
    if (!(await revokeShare(trx, id, at))) return false;
    await audit(
      trx,
      tenant,
      {
        action: 'preview.revoke',
        targetType: 'preview link',
        targetId: `${page.routing}/${id}`,
        summary: `Revoked preview link ${id} of ${page.routing}`,
        details: { page: page.routing, expiresAt: row.expires_at },
      },
      now,
    );
    return true;
  });
  // Revoked or run out between the look and the change: there is no live link to revoke any more.
  if (!revoked) throw new NotFoundError(PREVIEW_SHARE_MESSAGES.noLink);
  return { ...shareOf(row), revokedAt: at };
}

/**
 * The language whose preview of this page a shared link's token opens now ('' the source): a token of the form
 * made here whose hash is that of a live link of this very page. Anything else (forged, revoked, expired, another
 * page's) opens none: null.
 */
export async function sharedPreviewLocale(
  tenant: Tenant,
  page: Page,
  token: unknown,
  now = new Date(),
): Promise<string | null> {
  if (typeof token !== 'string' || !TOKEN_FORM.test(token)) return null;
  return liveShareLocale(tenant.db, hashToken(token), page.id, now.toISOString());
}

/** The periodic job: links ended more than 30 days ago go, and so do editors not heard of for a day (presence). */
export async function prunePreviewShares(tenant: Tenant, now: Date): Promise<number> {
  const shares = await deleteSharesEndedBefore(tenant.db, new Date(now.getTime() - KEEP_ENDED_SHARES_MS).toISOString());
  return shares + (await prunePresence(tenant, now));
}
