import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { addAdministrationScreens, identity, removeScreens } from '../migration-steps';

const AUDIT_SCREEN = { id: 27, routing: 'auditlog', name: 'Audit Log' } as const;

/**
 * Accounts a firm can rely on (docs/design.md §21):
 * - `password_resets`: one-time reset tokens, stored as SHA-256 hashes, valid 30 minutes; a newer one voids
 *   the older ones of the user (used_at set).
 * - `mail_messages`: mails to staff (the reset link) queued for the job runner like the enquiry outbox, so an
 *   SMTP outage delays a mail and never loses it. The body is cleared once the mail is sent or given up.
 * - two-step sign-in: the user's TOTP secret (decision 016 says how it is kept), when it was turned on, the
 *   last time step accepted (a code is not accepted twice); `recovery_codes` (ten per user, hashed, single
 *   use); `sign_in_challenges` (the second step's short-lived cookie, hashed); a group's `require_two_factor`.
 * - the audit log's screen: a page like the other back-office screens, in the Administrators' menu.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('password_resets')
    .addColumn('id', 'integer', identity(dialect))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('password_resets_user').on('password_resets').column('user_id').execute();

  await db.schema
    .createTable('mail_messages')
    .addColumn('id', 'integer', identity(dialect))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('queued'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('queued_at', 'text', (c) => c.notNull())
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('locked_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema.createIndex('mail_messages_due').on('mail_messages').columns(['state', 'next_attempt_at']).execute();

  await db.schema.alterTable('users').addColumn('totp_secret', 'text').execute();
  await db.schema.alterTable('users').addColumn('totp_enabled_at', 'text').execute();
  await db.schema.alterTable('users').addColumn('totp_last_step', 'integer').execute();
  await db.schema
    .alterTable('user_groups')
    .addColumn('require_two_factor', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('recovery_codes')
    .addColumn('id', 'integer', identity(dialect))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('recovery_codes_user').on('recovery_codes').column('user_id').execute();

  await db.schema
    .createTable('sign_in_challenges')
    .addColumn('id', 'integer', identity(dialect))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();

  // The audit log's screen joins the Administrators' Administration sub-menu on a database seeded before it
  // (a fresh database gets it from the seed, which reads the page registry).
  await addAdministrationScreens(db, [AUDIT_SCREEN]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await removeScreens(db, [AUDIT_SCREEN]);
  await db.schema.dropTable('sign_in_challenges').execute();
  await db.schema.dropTable('recovery_codes').execute();
  await db.schema.alterTable('user_groups').dropColumn('require_two_factor').execute();
  await db.schema.alterTable('users').dropColumn('totp_last_step').execute();
  await db.schema.alterTable('users').dropColumn('totp_enabled_at').execute();
  await db.schema.alterTable('users').dropColumn('totp_secret').execute();
  await db.schema.dropTable('mail_messages').execute();
  await db.schema.dropTable('password_resets').execute();
}
