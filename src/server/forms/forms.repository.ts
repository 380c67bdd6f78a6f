import type { Db } from '../db/database';
import { SOURCE_LOCALE } from '../pages/revisions/page.repository';

/** The SQL of forms made without code (docs/design.md §30). A form's definition is JSON; times are ISO 8601 UTC text. */

export interface FormRow {
  id: number;
  built_in: string | null;
  name: string;
  definition: string;
  revision: number;
}

const COLUMNS = ['id', 'built_in', 'name', 'definition', 'revision'] as const;

export async function findFormRow(db: Db, id: number): Promise<FormRow | undefined> {
  return db.selectFrom('forms').select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

export async function findBuiltInFormRow(db: Db, key: string): Promise<FormRow | undefined> {
  return db.selectFrom('forms').select(COLUMNS).where('built_in', '=', key).executeTakeFirst();
}

/** The forms made without code (not the built-in ones), by name: what translators translate. */
export async function listMadeFormRows(db: Db): Promise<FormRow[]> {
  return db.selectFrom('forms').select(COLUMNS).where('built_in', 'is', null).orderBy('name').orderBy('id').execute();
}

/** Every form, the built-in ones first, then by name; with how many submissions each has (spam included). */
export async function listFormRows(db: Db): Promise<Array<FormRow & { submissions: number }>> {
  const rows = await db
    .selectFrom('forms as f')
    .select(COLUMNS.map((column) => `f.${column}` as const))
    .select((eb) =>
      eb
        .selectFrom('form_submissions as s')
        .select((inner) => inner.fn.countAll<number | string>().as('n'))
        .whereRef('s.form_id', '=', 'f.id')
        .as('submissions'),
    )
    .orderBy((eb) => eb.case().when('f.built_in', 'is', null).then(1).else(0).end())
    .orderBy('f.name')
    .orderBy('f.id')
    .execute();
  return rows.map((row) => ({ ...row, submissions: Number(row.submissions ?? 0) }));
}

export async function insertFormRow(
  db: Db,
  form: { name: string; definition: string; now: string },
): Promise<{ id: number; revision: number }> {
  const row = await db
    .insertInto('forms')
    .values({ name: form.name, definition: form.definition, revision: 1, created_at: form.now, updated_at: form.now })
    .returning(['id', 'revision'])
    .executeTakeFirstOrThrow();
  return row;
}

/** Stores a form's next revision if `revision` is still its newest; false when someone saved in between. */
export async function updateFormRow(
  db: Db,
  form: { id: number; revision: number; name: string; definition: string; now: string },
): Promise<boolean> {
  const result = await db
    .updateTable('forms')
    .set({ name: form.name, definition: form.definition, revision: form.revision + 1, updated_at: form.now })
    .where('id', '=', form.id)
    .where('revision', '=', form.revision)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteFormRow(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('forms').where('id', '=', id).where('built_in', 'is', null).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** The `Form` parameters of pages made without code: the page and the parameter's name in its documents' header. */
export async function listFormParameters(
  db: Db,
): Promise<Array<{ id: number; routing: string; name: string; display_name: string; parameter_name: string }>> {
  return db
    .selectFrom('page_parameters as pp')
    .innerJoin('pages as p', 'p.id', 'pp.page_id')
    .select(['p.id', 'p.routing', 'p.name', 'p.display_name', 'pp.parameter_name'])
    .where('pp.type', '=', 'Form')
    .execute();
}

/** Of each page, in its own language, the documents of its newest revision and of the one visitors see. */
export async function listShownDocuments(
  db: Db,
  pageIds: readonly number[],
): Promise<Array<{ page_id: number; document: string }>> {
  return db
    .selectFrom('page_revisions as r')
    .select(['r.page_id', 'r.document'])
    .where('r.page_id', 'in', pageIds)
    .where('r.locale', '=', SOURCE_LOCALE)
    .where((eb) =>
      eb.or([
        eb(
          'r.revision',
          '=',
          eb
            .selectFrom('page_revisions as newest')
            .select((inner) => inner.fn.max('newest.revision').as('revision'))
            .whereRef('newest.page_id', '=', 'r.page_id')
            .where('newest.locale', '=', SOURCE_LOCALE),
        ),
        eb(
          'r.revision',
          '=',
          eb
            .selectFrom('page_revisions as shown')
            .select((inner) => inner.fn.max('shown.revision').as('revision'))
            .whereRef('shown.page_id', '=', 'r.page_id')
            .where('shown.locale', '=', SOURCE_LOCALE)
            .where('shown.status', '=', 'published'),
        ),
      ]),
    )
    .execute();
}
