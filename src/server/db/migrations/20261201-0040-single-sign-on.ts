import type { Kysely } from 'kysely';
import { addAdministrationScreens, removeScreens } from '../migration-steps';

const SIGNIN_SETTINGS_SCREEN = { id: 39, routing: 'signin-settings', name: 'Sign-in settings' } as const;

/**
 * Single sign-on over OpenID Connect (docs/design.md §33, decision 038). Widen only: two new tables and a screen.
 * - `sign_in_settings`: the firm's one row (id 1) of sign-in settings: whether the button shows (`enabled`), its
 *   `label`, the provider's `issuer`, `client_id` and `client_secret` (sealed with SECRET_KEY, never answered), the
 *   optional `join_domain` whose new users join `join_group_id`, and whether users other than administrators may still
 *   sign in with a password (`password_sign_in`).
 * - `sign_in_attempts`: a sign-in sent to the provider and not back yet (ten minutes, used once): the hash of its
 *   `state`, the hash of the browser's cookie it is bound to, its nonce and PKCE verifier, where to go after, and
 *   when it came back (`used_at`: a second return with it is refused as used, until the row expires).
 * - The screen `signin-settings`, in the Administrators' menu.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sign_in_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('label', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('issuer', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('client_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('client_secret', 'text')
    .addColumn('join_domain', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('join_group_id', 'integer')
    .addColumn('password_sign_in', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('updated_by_name', 'text')
    .execute();
  await db.schema
    .createTable('sign_in_attempts')
    .addColumn('state_hash', 'text', (c) => c.primaryKey())
    .addColumn('browser_hash', 'text', (c) => c.notNull())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('code_verifier', 'text', (c) => c.notNull())
    .addColumn('return_to', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('sign_in_attempts_expiry').on('sign_in_attempts').column('expires_at').execute();
  await addAdministrationScreens(db, [SIGNIN_SETTINGS_SCREEN]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await removeScreens(db, [SIGNIN_SETTINGS_SCREEN]);
  await db.schema.dropTable('sign_in_attempts').execute();
  await db.schema.dropTable('sign_in_settings').execute();
}
