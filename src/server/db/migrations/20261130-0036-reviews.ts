import { sql, type Kysely } from 'kysely';
import { addAdministrationScreens, removeScreens } from '../migration-steps';

const REVIEWS_SCREEN = { id: 36, routing: 'reviews', name: 'Reviews' } as const;
const CALENDAR_SCREEN = { id: 37, routing: 'calendar', name: 'Calendar' } as const;

/**
 * Review before publishing (docs/design.md §32). Widen only:
 * - `user_groups.publishing`: 'direct' (the default: every group publishes as before) or 'review'.
 * - `page_revisions.status` may be 'in_review' (a text column: no constraint to change); `review_comment` and
 *   `reviewed_by_name`: a revision sent back with changes requested says why and by whom.
 * - `page_revisions.status` may be 'failed' too, with `publish_error`: a scheduled revision that could not be published
 *   at its time, and why (the staff home lists it with Retry).
 * - The screens `reviews` and `calendar` (what goes live when), in the Administrators' menu.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('user_groups')
    .addColumn('publishing', 'text', (c) => c.notNull().defaultTo('direct'))
    .execute();
  await db.schema.alterTable('page_revisions').addColumn('review_comment', 'text').execute();
  await db.schema.alterTable('page_revisions').addColumn('reviewed_by_name', 'text').execute();
  await db.schema.alterTable('page_revisions').addColumn('publish_error', 'text').execute();
  await addAdministrationScreens(db, [REVIEWS_SCREEN, CALENDAR_SCREEN]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await removeScreens(db, [REVIEWS_SCREEN, CALENDAR_SCREEN]);
  // A revision in review becomes a draft again: the code before this step knows no other status.
  await sql`update page_revisions set status = 'draft' where status = 'in_review'`.execute(db);
  await sql`update page_revisions set status = 'scheduled' where status = 'failed'`.execute(db);
  await db.schema.alterTable('page_revisions').dropColumn('publish_error').execute();
  await db.schema.alterTable('page_revisions').dropColumn('reviewed_by_name').execute();
  await db.schema.alterTable('page_revisions').dropColumn('review_comment').execute();
  await db.schema.alterTable('user_groups').dropColumn('publishing').execute();
}
