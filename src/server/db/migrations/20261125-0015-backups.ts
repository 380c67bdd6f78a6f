import type { Kysely } from 'kysely';
import { addAdministrationScreens, removeScreens } from '../migration-steps';

const BACKUPS_SCREEN = { id: 28, routing: 'backups', name: 'Backups' } as const;

/**
 * Backups and the shell (docs/design.md §22):
 * - `users.password_must_change`: 1 after `./folio user reset-password` set a one-time password; the user's
 *   sessions reach only /account until they choose a new one.
 * - the backups screen: a page like the other back-office screens, in the Administrators' Administration
 *   sub-menu on a database seeded before it (a fresh database gets it from the seed, which reads the registry).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('password_must_change', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await addAdministrationScreens(db, [BACKUPS_SCREEN]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await removeScreens(db, [BACKUPS_SCREEN]);
  await db.schema.alterTable('users').dropColumn('password_must_change').execute();
}
