import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';
import { identity } from '../migration-steps';

/**
 * Page definitions and parameter configuration (docs/design.md §11, §12): modules; each page's display name,
 * module, type (wired / Autowired) and whether it belongs to the public site; and `page_parameters`, which
 * replace `field_rules` as the one source of field rules. Existing rules become parameters here (so nothing
 * changes for an editor on upgrade); `field_rules` stays until a later migration drops it (widen, then narrow).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('modules')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('sequence', 'integer', (c) => c.notNull())
    .execute();
  await db
    .insertInto('modules' as never)
    .values([
      { id: 1, name: 'Website', sequence: 1 },
      { id: 2, name: 'Services', sequence: 2 },
      { id: 3, name: 'Products', sequence: 3 },
      { id: 4, name: 'Administration', sequence: 4 },
    ] as never)
    .execute();

  await db.schema
    .alterTable('pages')
    .addColumn('display_name', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('pages')
    .addColumn('module_id', 'integer', (c) => c.references('modules.id'))
    .execute();
  await db.schema
    .alterTable('pages')
    .addColumn('page_type', 'text', (c) => c.notNull().defaultTo('wired'))
    .execute();
  await db.schema
    .alterTable('pages')
    .addColumn('homepage', 'text', (c) => c.notNull().defaultTo('N'))
    .execute();
  await sql`update pages set display_name = name`.execute(db);
  await sql`update pages set homepage = 'Y' where kind = 'content'`.execute(db);
  await sql`update pages set module_id = 1 where id in (1, 2, 7, 8, 11)`.execute(db);
  await sql`update pages set module_id = 2 where id in (3, 4, 5, 6)`.execute(db);
  await sql`update pages set module_id = 3 where id in (9, 10, 12)`.execute(db);
  await sql`update pages set module_id = 4 where kind = 'screen'`.execute(db);

  await db.schema
    .createTable('page_parameters')
    .addColumn('id', 'integer', identity(dialect))
    .addColumn('page_id', 'integer', (c) => c.notNull().references('pages.id'))
    .addColumn('sequence', 'integer', (c) => c.notNull())
    .addColumn('parameter_name', 'text', (c) => c.notNull())
    .addColumn('mandatory', 'text', (c) => c.notNull().defaultTo('N'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('unittype', 'text', (c) => c.notNull())
    .addColumn('validator', 'text', (c) => c.notNull().defaultTo('User Entry'))
    .addColumn('pagecreationtype', 'text', (c) => c.notNull().defaultTo('Detail'))
    .addColumn('minlength', 'integer')
    .addColumn('maxlength', 'integer')
    .addColumn('decimalplaces', 'integer')
    .addColumn('allownegative', 'text', (c) => c.notNull().defaultTo('N'))
    .addColumn('allownegativeforfloat', 'text', (c) => c.notNull().defaultTo('N'))
    .addColumn('min', 'double precision')
    .addColumn('currentdate', 'text', (c) => c.notNull().defaultTo('false'))
    .addColumn('greatthncurrentdate', 'text', (c) => c.notNull().defaultTo('false'))
    .addColumn('lessthncurrentdate', 'text', (c) => c.notNull().defaultTo('false'))
    .addColumn('booleanyes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('booleanno', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('commonmastertype', 'integer')
    .addColumn('sizeinkb', 'integer')
    .addColumn('height', 'integer')
    .addColumn('width', 'integer')
    .execute();
  await db.schema.createIndex('page_parameters_page').on('page_parameters').columns(['page_id', 'sequence']).execute();

  // The rules an editor works with today, as parameters: every field was required and signs were not
  // checked, so they become Mandatory with negatives allowed (docs/design.md §12: nothing changes on upgrade).
  await sql`
    insert into page_parameters (page_id, sequence, parameter_name, mandatory, type, unittype, minlength, maxlength, decimalplaces,
      allownegative, allownegativeforfloat, currentdate, greatthncurrentdate, lessthncurrentdate)
    select page_id, sequence, parameter_name, 'Y', type,
      case type when 'Richtext' then 'Richtext' when 'Date' then 'Date' when 'Image' then 'Image'
        when 'number' then case when coalesce(decimalplaces, 0) > 0 then 'Float' else 'Integer' end
        else 'Character' end,
      minlength, maxlength, decimalplaces, 'Y', 'Y', currentdate, greatthncurrentdate, lessthncurrentdate
    from field_rules order by page_id, sequence, id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('page_parameters').execute();
  for (const column of ['homepage', 'page_type', 'module_id', 'display_name'])
    await db.schema.alterTable('pages').dropColumn(column).execute();
  await db.schema.dropTable('modules').execute();
}
