import type { Db } from '../db/database';
import { readSetting } from '../settings/settings.repository';

/** The languages are one setting (docs/design.md §28): the JSON of LocaleSettings under this key. */
const LOCALES_KEY = 'locales';

export async function readLocaleSettings(db: Db): Promise<string | undefined> {
  return readSetting(db, LOCALES_KEY);
}

export async function writeLocaleSettings(db: Db, json: string): Promise<void> {
  await db
    .insertInto('settings')
    .values({ key: LOCALES_KEY, value: json })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: json }))
    .execute();
}

/** Whether any page has a revision in a locale (a language with translations cannot become the default). */
export async function hasTranslations(db: Db, locale: string): Promise<boolean> {
  const row = await db
    .selectFrom('page_revisions')
    .select('page_id')
    .where('locale', '=', locale)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** A language's translation of the site's own words (docs/design.md §28): the JSON of StoredSiteTexts under this key. */
const siteTextsKey = (locale: string) => `sitetexts:${locale}`;

export async function readSiteTexts(db: Db, locale: string): Promise<string | undefined> {
  return readSetting(db, siteTextsKey(locale));
}

export async function writeSiteTexts(db: Db, locale: string, json: string): Promise<void> {
  await db
    .insertInto('settings')
    .values({ key: siteTextsKey(locale), value: json })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: json }))
    .execute();
}
