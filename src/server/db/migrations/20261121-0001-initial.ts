import type { CreateTableBuilder, Kysely } from 'kysely';
import type { Dialect } from '../database';
import { identity } from '../migration-steps';

/** The first schema: groups, users, pages, content revisions, menus, enquiries, company. */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const withId = <T extends string>(table: CreateTableBuilder<T, never>) =>
    table.addColumn('id', 'integer', identity(dialect));

  await withId(db.schema.createTable('user_groups'))
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('builtin', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable('users'))
    .addColumn('username', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text')
    .addColumn('group_id', 'integer', (c) => c.notNull().references('user_groups.id'))
    .addColumn('first_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('last_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('pages')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('routing', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('public_path', 'text')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  await db.schema
    .createTable('page_revisions')
    .addColumn('page_id', 'integer', (c) => c.notNull().references('pages.id'))
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('document', 'text', (c) => c.notNull())
    .addColumn('saved_by', 'integer', (c) => c.references('users.id'))
    .addColumn('saved_by_name', 'text', (c) => c.notNull())
    .addColumn('saved_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('page_revisions_pk', ['page_id', 'revision'])
    .execute();

  await withId(db.schema.createTable('menu_items'))
    .addColumn('owner_kind', 'text', (c) => c.notNull())
    .addColumn('owner_id', 'integer', (c) => c.notNull())
    .addColumn('parent_id', 'integer', (c) => c.references('menu_items.id').onDelete('cascade'))
    .addColumn('page_id', 'integer', (c) => c.references('pages.id'))
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('sequence', 'integer', (c) => c.notNull())
    .addColumn('is_sub_menu', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('land_page', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('menu_items_owner').on('menu_items').columns(['owner_kind', 'owner_id']).execute();

  await withId(db.schema.createTable('enquiries'))
    .addColumn('organization', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('mobile', 'text', (c) => c.notNull())
    .addColumn('requirements', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('company')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('company_code', 'text', (c) => c.notNull())
    .addColumn('company_name', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('pincode', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('website_url', 'text', (c) => c.notNull())
    .addColumn('contact', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['company', 'enquiries', 'menu_items', 'page_revisions', 'pages', 'users', 'user_groups']) {
    await db.schema.dropTable(table).execute();
  }
}
