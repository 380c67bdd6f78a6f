import type { Kysely } from 'kysely';
import { addAdministrationScreens, removeScreens } from '../migration-steps';

const VISITS_SCREEN = { id: 35, routing: 'visits', name: 'Visits' } as const;

/**
 * Visits counted without cookies (docs/design.md §31). Widen only: four new tables and a screen.
 * - `visit_days`: views and visitors of a UTC day, per page (`routing`) in a language (`locale`); the whole site's
 *   are the row whose routing and locale are ''.
 * - `visit_sources`: views of a day by where they came from (`kind` `referrer`: another site's host; `campaign`:
 *   `source\tmedium\tcampaign`; `device`: phone, tablet or desktop), per page and for the whole site ('').
 * - `visit_hashes`: the day's visitors, each a keyed hash of the day's salt, address and browser, once per page and
 *   language (`scope`) and once for the site (''): a hash inserted is a visitor counted, on any instance. Deleted
 *   with the day's salt once the day is over; never in a backup.
 * - `visit_salts`: the secret salt of each day still running (shared by every instance), deleted after its day.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('visit_days')
    .addColumn('routing', 'text', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('views', 'integer', (c) => c.notNull())
    .addColumn('visitors', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('visit_days_pk', ['routing', 'locale', 'day'])
    .execute();
  await db.schema.createIndex('visit_days_by_day').on('visit_days').columns(['day']).execute();
  await db.schema
    .createTable('visit_sources')
    .addColumn('routing', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('views', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('visit_sources_pk', ['routing', 'day', 'kind', 'name'])
    .execute();
  await db.schema.createIndex('visit_sources_by_day').on('visit_sources').columns(['day']).execute();
  await db.schema
    .createTable('visit_hashes')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('visit_hashes_pk', ['day', 'scope', 'hash'])
    .execute();
  await db.schema
    .createTable('visit_salts')
    .addColumn('day', 'text', (c) => c.primaryKey())
    .addColumn('salt', 'text', (c) => c.notNull())
    .execute();
  await addAdministrationScreens(db, [VISITS_SCREEN]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await removeScreens(db, [VISITS_SCREEN]);
  await db.schema.dropTable('visit_salts').execute();
  await db.schema.dropTable('visit_hashes').execute();
  await db.schema.dropTable('visit_sources').execute();
  await db.schema.dropTable('visit_days').execute();
}
