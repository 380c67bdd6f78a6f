import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { identity } from '../migration-steps';

/**
 * Passkeys (docs/design.md §33, decision 037). Widen only: two new tables and a group setting.
 * - `passkeys`: a user's WebAuthn credentials. `credential_id` (base64url, unique: one credential is one row) and
 *   `public_key` (the COSE key, base64url) are what @simplewebauthn checks an assertion with; `counter` the signature
 *   counter it last saw (a clone that goes back is refused); `transports` (JSON list) helps the browser find it;
 *   `user_handle` the WebAuthn user id the authenticator keeps with it (random, the same for every passkey of a
 *   user); `device_type` and `backed_up` say whether it is synced; `name` the user's own word for it (unique per user).
 * - `webauthn_challenges`: the challenge of each ceremony, stored as its SHA-256 for five minutes and deleted when
 *   used, so that it works across instances on one database and is usable once. `purpose` 'register' (the user and
 *   the user handle offered), 'signin' (a passkey alone, no user yet) or 'second-step' (the user of a sign-in).
 * - `user_groups.require_passkey`: its users are held to /account until they add a passkey, and their password
 *   sign-in asks for it as the second step.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('passkeys')
    .addColumn('id', 'integer', identity(dialect))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('credential_id', 'text', (c) => c.notNull().unique())
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('counter', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('transports', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('user_handle', 'text', (c) => c.notNull())
    .addColumn('device_type', 'text', (c) => c.notNull())
    .addColumn('backed_up', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .execute();
  await db.schema.createIndex('passkeys_user').on('passkeys').columns(['user_id', 'name']).unique().execute();

  await db.schema
    .createTable('webauthn_challenges')
    .addColumn('id', 'integer', identity(dialect))
    .addColumn('challenge_hash', 'text', (c) => c.notNull().unique())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('user_handle', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('webauthn_challenges_expiry').on('webauthn_challenges').column('expires_at').execute();

  await db.schema
    .alterTable('user_groups')
    .addColumn('require_passkey', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('user_groups').dropColumn('require_passkey').execute();
  await db.schema.dropTable('webauthn_challenges').execute();
  await db.schema.dropTable('passkeys').execute();
}
