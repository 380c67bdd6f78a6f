import type { Db } from '../db/database';

/**
 * Per-tenant values kept in the tenant's database (table `settings`) so that every instance on it reads the
 * same: the contact form's signing key, the first-run setup code (docs/design.md §18).
 */
export async function readSetting(db: Db, key: string): Promise<string | undefined> {
  return (await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst())?.value;
}

/** Stores a setting unless one is there already (two instances starting together keep the first). */
export async function insertSettingIfMissing(db: Db, key: string, value: string): Promise<void> {
  await db
    .insertInto('settings')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}

/** Stores a value unless one is there already, and returns the one that is there now (the first writer's). */
export async function settingOrInsert(db: Db, key: string, value: string): Promise<string> {
  await insertSettingIfMissing(db, key, value);
  return (await readSetting(db, key))!;
}

export async function deleteSetting(db: Db, key: string): Promise<void> {
  await db.deleteFrom('settings').where('key', '=', key).execute();
}
