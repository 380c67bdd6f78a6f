import type { Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * Uploaded images live in the database (docs/design.md §8, §18): every instance on one database serves every image, and
 * a database backup holds them. One row per stored file: the original and each WebP srcset width, by the names
 * Folio generates (src/core/media/image-names.ts). Each tenant has its own database, so there is no tenant
 * column. The ETag is computed from the bytes when they are stored; names are never reused, so a row never
 * changes: it is inserted, served, and deleted.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('images')
    .addColumn('folder', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('bytes', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('etag', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('images_pk', ['folder', 'name'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('images').execute();
}
