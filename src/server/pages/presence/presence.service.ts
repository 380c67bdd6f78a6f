import { EDITING_FOR_MS, type EditingOthers } from '../../../core/schemas/preview-share';
import type { SessionUser } from '../../access/access';
import type { Tenant } from '../../tenants/tenants';
import type { Page } from '../page-kind';
import {
  deletePageEditor,
  deletePageEditorsSeenBefore,
  listOtherPageEditors,
  upsertPageEditor,
} from './presence.repository';

/**
 * "Someone else is editing" (docs/design.md §26): each open editor says so every little while (any instance reads
 * it) and hears who else has the page open in its language; it says when it leaves, and one that closed without
 * saying so is forgotten after EDITING_FOR_MS.
 */

/** Editors not heard of for a day are deleted by the job that prunes shared links. */
const FORGET_EDITORS_AFTER_MS = 24 * 3_600_000;

/**
 * The caller has the page's editor open in a language ('' the source): noted (any instance reads it), answered
 * with the others who have the page open in that language (a translation and its source never meet on a save).
 */
export async function noteEditing(
  tenant: Tenant,
  page: Page,
  user: SessionUser,
  now = new Date(),
  locale = '',
): Promise<EditingOthers> {
  await upsertPageEditor(tenant.db, page.id, user.userId, locale, now.toISOString());
  const names = await listOtherPageEditors(
    tenant.db,
    page.id,
    user.userId,
    locale,
    new Date(now.getTime() - EDITING_FOR_MS).toISOString(),
  );
  return { others: names.sort((a, b) => a.localeCompare(b)).map((name) => ({ name })) };
}

/** The caller closed the page's editor in that language. */
export async function leaveEditing(
  tenant: Tenant,
  page: Page,
  user: SessionUser,
  locale = '',
): Promise<Record<string, never>> {
  await deletePageEditor(tenant.db, page.id, user.userId, locale);
  return {};
}

/** Deletes who-is-editing rows not renewed for a day (an editor closed without saying so); how many. */
export async function prunePresence(tenant: Tenant, now: Date): Promise<number> {
  return deletePageEditorsSeenBefore(tenant.db, new Date(now.getTime() - FORGET_EDITORS_AFTER_MS).toISOString());
}
