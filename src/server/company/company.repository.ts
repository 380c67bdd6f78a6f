import type { Insertable } from 'kysely';
import type { Db } from '../db/database';
import type { CompanyTable } from '../db/schema';

/** The one row of company details (id 1), or undefined before any was saved. */
export async function findCompany(db: Db) {
  return db.selectFrom('company').selectAll().where('id', '=', 1).executeTakeFirst();
}

export type CompanyValues = Omit<Insertable<CompanyTable>, 'id'>;

/** Writes the company details: updates row 1, or creates it. */
export async function upsertCompany(db: Db, values: CompanyValues): Promise<void> {
  const updated = await db.updateTable('company').set(values).where('id', '=', 1).executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0)
    await db
      .insertInto('company')
      .values({ id: 1, ...values })
      .execute();
}

/** Whether anyone may read the content API (docs/design.md §33); the company row exists once the site is set up. */
export async function updateContentApiPublic(db: Db, value: 0 | 1, now: string): Promise<void> {
  await db.updateTable('company').set({ content_api_public: value, updated_at: now }).where('id', '=', 1).execute();
}
