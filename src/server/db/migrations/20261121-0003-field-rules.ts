import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { identity } from '../migration-steps';

/**
 * Field rules (spec 000 §3 and §5, served by getParamconf): per page, in sequence, the checks an editor's
 * entries must pass. Flags stay the spec's 'true' / 'false' strings so the rows read as the API answers.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('field_rules')
    .addColumn('id', 'integer', identity(dialect))
    .addColumn('page_id', 'integer', (c) => c.notNull().references('pages.id'))
    .addColumn('sequence', 'integer', (c) => c.notNull())
    .addColumn('parameter_name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('minlength', 'integer')
    .addColumn('maxlength', 'integer')
    .addColumn('decimalplaces', 'integer')
    .addColumn('currentdate', 'text', (c) => c.notNull().defaultTo('false'))
    .addColumn('greatthncurrentdate', 'text', (c) => c.notNull().defaultTo('false'))
    .addColumn('lessthncurrentdate', 'text', (c) => c.notNull().defaultTo('false'))
    .execute();
  await db.schema.createIndex('field_rules_page').on('field_rules').column('page_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('field_rules').execute();
}
