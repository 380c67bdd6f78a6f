import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';
import { CONTACT_FORM, CONTACT_FORM_KEY } from '../../../core/forms/contact-form';
import { addAdministrationScreens, identity, removeScreens } from '../migration-steps';

const FORMS_SCREEN = { id: 34, routing: 'forms', name: 'Forms' } as const;

/**
 * Forms made without code (docs/design.md §30). Widen only: three new tables, the built-in contact form, a screen.
 * - `forms`: a form's name and its definition (fields, recipients, confirmation, success message, retention) as
 *   JSON, with a revision number the editor's save must name (a stale one is refused); `built_in` names the form
 *   the code knows (`contact`).
 * - `form_submissions`: what a visitor sent, by field key (JSON), its status (`inbox`, `spam` with its reason,
 *   `handled`), the state of its mail, and two keyed hashes that find duplicates and floods without keeping an
 *   address or a text (`sender_key`, `text_key`).
 * - `form_files`: a submission's files, in the database beside it (never on a public address).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('forms')
    .addColumn('id', 'integer', identity(dialect))
    .addColumn('built_in', 'text', (c) => c.unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('definition', 'text', (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('form_submissions')
    .addColumn('id', 'integer', identity(dialect))
    .addColumn('form_id', 'integer', (c) => c.notNull().references('forms.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('inbox', 'spam', 'handled')`))
    .addColumn('spam_reason', 'text')
    .addColumn('field_values', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sender_key', 'text', (c) => c.notNull())
    .addColumn('text_key', 'text', (c) => c.notNull())
    .addColumn('mail_state', 'text', (c) => c.notNull().defaultTo('none'))
    .execute();
  await db.schema.createIndex('form_submissions_list').on('form_submissions').columns(['status', 'id']).execute();
  await db.schema
    .createIndex('form_submissions_by_form')
    .on('form_submissions')
    .columns(['form_id', 'status', 'id'])
    .execute();
  await db.schema
    .createIndex('form_submissions_duplicates')
    .on('form_submissions')
    .columns(['text_key', 'created_at'])
    .execute();
  await db.schema.createIndex('form_submissions_age').on('form_submissions').columns(['created_at']).execute();

  await db.schema
    .createTable('form_files')
    .addColumn('id', 'integer', identity(dialect))
    .addColumn('submission_id', 'integer', (c) => c.notNull().references('form_submissions.id').onDelete('cascade'))
    .addColumn('field', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('bytes', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('form_files_submission').on('form_files').column('submission_id').execute();

  // A database seeded before forms gets the built-in contact form here; a fresh one from the seed (and a restore
  // from its backup).
  const seeded = await sql<{ n: number | string }>`select count(*) as n from pages`.execute(db);
  if (Number(seeded.rows[0]?.n ?? 0) > 0) {
    const now = new Date().toISOString();
    await sql`
      insert into forms (built_in, name, definition, revision, created_at, updated_at)
      values (${CONTACT_FORM_KEY}, ${CONTACT_FORM.name}, ${JSON.stringify(CONTACT_FORM.definition)}, 1, ${now}, ${now})`.execute(
      db,
    );
  }
  await addAdministrationScreens(db, [FORMS_SCREEN]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await removeScreens(db, [FORMS_SCREEN]);
  await db.schema.dropTable('form_files').execute();
  await db.schema.dropTable('form_submissions').execute();
  await db.schema.dropTable('forms').execute();
}
