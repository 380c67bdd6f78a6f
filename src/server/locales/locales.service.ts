import {
  LOCALE_CODE,
  LOCALE_MESSAGES,
  LocaleSettingsSchema,
  type Locale,
  type LocaleSettings,
} from '../../core/schemas/locale';
import { audit } from '../audit/audit';
import { cached, invalidate } from '../cache/cached';
import { TAGS } from '../cache/tags';
import { inTransaction } from '../db/database';
import { ConflictError, ValidationError } from '../errors';
import type { Tenant } from '../tenants/tenants';
import { hasTranslations, readLocaleSettings, writeLocaleSettings } from './locales.repository';

/**
 * The site's languages (docs/design.md §28), a company setting: the default locale, whose documents are every page's
 * source, and the others. A site that never set them has one language, Indian English, as the demo firm writes.
 */
export const ONE_LANGUAGE: LocaleSettings = {
  defaultLocale: 'en-IN',
  locales: [{ code: 'en-IN', name: 'English', enabled: true }],
  revision: 0,
};

/** The tenant's languages, read once and kept until they change (every public page asks). */
const locales = cached({
  name: 'locales',
  tags: [TAGS.locales],
  load: async (tenant: Tenant): Promise<LocaleSettings> => {
    const stored = await readLocaleSettings(tenant.db);
    const parsed = stored === undefined ? undefined : LocaleSettingsSchema.safeParse(JSON.parse(stored));
    return parsed?.success ? { ...parsed.data, revision: parsed.data.revision ?? 0 } : ONE_LANGUAGE;
  },
});

export async function localeSettings(tenant: Tenant): Promise<LocaleSettings> {
  return locales.get(tenant);
}

/** The languages visitors can read besides the default: enabled, in the order the languages screen lists them. */
export async function publicLocales(tenant: Tenant): Promise<Locale[]> {
  const settings = await localeSettings(tenant);
  return settings.locales.filter((l) => l.enabled && l.code !== settings.defaultLocale);
}

/**
 * `POST /api/master/locales`: stores the languages (the schema checked codes, duplicates and the default). A
 * language with translations of its own cannot become the default: its pages would have two sources. A language
 * left out keeps its translations (added again, they are back). Every page renders again: addresses changed.
 */
export async function saveLocaleSettings(
  tenant: Tenant,
  input: LocaleSettings,
  now = new Date(),
): Promise<LocaleSettings> {
  const settings: LocaleSettings = {
    defaultLocale: input.defaultLocale,
    locales: input.locales.map(({ code, name, enabled }) => ({ code, name, enabled })),
    revision: 0,
  };
  const before = await localeSettings(tenant);
  if (input.defaultLocale !== before.defaultLocale && (await hasTranslations(tenant.db, input.defaultLocale))) {
    throw new ValidationError(LOCALE_MESSAGES.defaultTaken(input.defaultLocale), 'defaultLocale');
  }
  await inTransaction(tenant.db, async (trx) => {
    // Read again in the transaction: the revision a save sent back must still be the stored one.
    const json = await readLocaleSettings(trx);
    const stored = json === undefined ? undefined : LocaleSettingsSchema.safeParse(JSON.parse(json)).data;
    const current = stored?.revision ?? 0;
    if (input.revision !== undefined && input.revision !== current) throw new ConflictError(LOCALE_MESSAGES.stale);
    settings.revision = current + 1;
    await writeLocaleSettings(trx, JSON.stringify(settings));
    await audit(
      trx,
      tenant,
      {
        action: 'language.update',
        targetType: 'language',
        targetId: settings.defaultLocale,
        summary: `Set the site's languages: ${settings.locales.map((l) => `${l.name} (${l.code}${l.code === settings.defaultLocale ? ', default' : l.enabled ? '' : ', off'})`).join(', ')}`,
        details: { before, after: settings },
      },
      now,
    );
  });
  invalidate(tenant, [TAGS.locales]);
  return settings;
}

/**
 * The language a translation call names (`?locale=de`, `{locale}`): one of the site's languages other than the
 * default (on or off: a language is translated before it goes live). 400 with a sentence otherwise.
 */
export async function translationLocale(tenant: Tenant, code: string): Promise<Locale> {
  const settings = await localeSettings(tenant);
  if (!LOCALE_CODE.test(code)) throw new ValidationError(LOCALE_MESSAGES.code, 'locale');
  if (code === settings.defaultLocale) throw new ValidationError(LOCALE_MESSAGES.isDefault(code), 'locale');
  const locale = settings.locales.find((l) => l.code === code);
  if (!locale) throw new ValidationError(LOCALE_MESSAGES.unknown(code), 'locale');
  return locale;
}

/**
 * The language whose site texts a call names (docs/design.md §34): the default (the firm's own words) or one to translate into.
 */
export async function siteTextsLocale(tenant: Tenant, code: string): Promise<{ locale: Locale; isDefault: boolean }> {
  const settings = await localeSettings(tenant);
  const main = settings.locales.find((l) => l.code === settings.defaultLocale);
  if (code === settings.defaultLocale && main) return { locale: main, isDefault: true };
  return { locale: await translationLocale(tenant, code), isDefault: false };
}

/**
 * The language a public read names (`GET /api/pages/:routing?locale=de`, a get call's `{locale}`): absent or the
 * default, the source (''); another language visitors can read, its code; anything else a 400 with a sentence.
 */
export async function readingLocale(tenant: Tenant, code: unknown): Promise<string> {
  if (code === undefined) return '';
  if (typeof code !== 'string' || !LOCALE_CODE.test(code)) throw new ValidationError(LOCALE_MESSAGES.code, 'locale');
  const settings = await localeSettings(tenant);
  if (code === settings.defaultLocale) return '';
  if (!(await publicLocales(tenant)).some((l) => l.code === code))
    throw new ValidationError(LOCALE_MESSAGES.unknown(code), 'locale');
  return code;
}
