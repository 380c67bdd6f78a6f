import { z } from 'zod';
import type { TranslationDocument, TranslationSave } from '../../core/schemas/locale';
import type { SavedRevision } from '../../core/schemas/revision';
import { isOwnWordKey, ownWordUnits, siteTextProblem, siteTextUnits, type SiteTextUnit } from '../../core/site-texts';
import { isFormWordKey } from '../../core/forms/form-words';
import { isSiteWordKey, type SiteWords } from '../../core/site-words';
import type { SessionUser } from '../access/access';
import { audit } from '../audit/audit';
import { cached, invalidate } from '../cache/cached';
import { TAGS } from '../cache/tags';
import { getSiteCompany } from '../company/company.service';
import { inTransaction } from '../db/database';
import { ConflictError, ValidationError } from '../errors';
import { translatableForms } from '../forms/forms.service';
import { getPublicMenu } from '../menus/menus.service';
import type { Tenant } from '../tenants/tenants';
import { readSiteTexts, writeSiteTexts } from './locales.repository';
import { localeSettings, siteTextsLocale } from './locales.service';

/**
 * The site's own words in another language (docs/design.md §28): the public menu's labels, the footer's tagline, the
 * contact form's words, the words of the site's frame (core/site-texts.ts, core/site-words.ts) and the texts of the
 * forms made without code (core/forms/form-texts.ts, docs/design.md §30). A language's
 * translation is one setting, published when saved: they are short texts with no page to preview them on. Each
 * text keeps the source it was translated from, so that a label renamed since shows as outdated.
 *
 * In the default language (docs/design.md §34) the same setting holds the firm's own words in place of Folio's, for
 * the contact form's and the frame's words (the menu and the tagline have their own screens); a translation's
 * source is then the firm's word.
 */

const StoredSchema = z.object({
  revision: z.number().int(),
  savedAt: z.string(),
  savedBy: z.string(),
  texts: z.record(z.string(), z.string()),
  /** The default language's text each translation was made from. */
  sources: z.record(z.string(), z.string()),
});
type StoredSiteTexts = z.infer<typeof StoredSchema>;

export const SITE_TEXTS_MESSAGES = {
  publish:
    'The site\'s own words are published when saved: they have no drafts or schedule. Save without publish, or with "now".',
  stale: (who: string) =>
    `${who} saved these words after you opened them. Reload to see their changes; your edits stay here until you do.`,
} as const;

async function stored(tenant: Tenant, locale: string): Promise<StoredSiteTexts | null> {
  const json = await readSiteTexts(tenant.db, locale);
  const parsed = json === undefined ? undefined : StoredSchema.safeParse(JSON.parse(json));
  return parsed?.success ? parsed.data : null;
}

/** The site's own words in the default language, as they are now (the firm's own where it put them; the forms' texts). */
export async function sourceSiteTexts(tenant: Tenant): Promise<SiteTextUnit[]> {
  const [menu, company, own, forms] = await Promise.all([
    getPublicMenu(tenant),
    getSiteCompany(tenant),
    ownWords(tenant),
    translatableForms(tenant),
  ]);
  return siteTextUnits(menu, company.tagline, own, forms);
}

/** The firm's own words in the default language in place of Folio's, by key (docs/design.md §34). */
export async function ownWords(tenant: Tenant): Promise<Readonly<Record<string, string>>> {
  const { defaultLocale } = await localeSettings(tenant);
  return siteTextsIn(tenant, defaultLocale);
}

/**
 * The words a page shows in a language (its code; undefined, the default): the firm's own in the default language,
 * and over them a language's translations (`texts`, every key: the menu's and the tagline's too), and the frame's and
 * the forms' fixed words that differ from Folio's (`frame`, as PublicPageData `words` carries them).
 */
export async function wordsIn(
  tenant: Tenant,
  locale: string | undefined,
): Promise<{ texts: Readonly<Record<string, string>>; frame: SiteWords | undefined }> {
  const [own, translated] = await Promise.all([ownWords(tenant), locale ? siteTextsIn(tenant, locale) : undefined]);
  const texts: Record<string, string> = {};
  for (const [key, text] of Object.entries(own)) if (isOwnWordKey(key) && text.trim() !== '') texts[key] = text;
  for (const [key, text] of Object.entries(translated ?? {})) if (text.trim() !== '') texts[key] = text;
  const frame = Object.fromEntries(Object.entries(texts).filter(([key]) => isSiteWordKey(key) || isFormWordKey(key)));
  return { texts, frame: Object.keys(frame).length > 0 ? frame : undefined };
}

/** A language's translations of the site's own words, by key, kept until they change (every page in it asks). */
export async function siteTextsIn(tenant: Tenant, locale: string): Promise<Readonly<Record<string, string>>> {
  return siteTexts.get(tenant, locale);
}

/** Each language's translations of the site's own words (menu, footer, contact form), by locale. */
const siteTexts = cached({
  name: 'site-texts',
  tags: [TAGS.siteTexts],
  load: async (tenant: Tenant, locale: string): Promise<Readonly<Record<string, string>>> =>
    (await stored(tenant, locale))?.texts ?? {},
});

/** Where a language's site texts stand: missing (none), outdated (a source changed since), current; and how many are translated. */
export async function siteTextsStatus(tenant: Tenant, locale: string, units?: SiteTextUnit[]) {
  const [current, sources] = await Promise.all([stored(tenant, locale), units ?? sourceSiteTexts(tenant)]);
  const translated = sources.filter((unit) => (current?.texts[unit.key] ?? '') !== '');
  const outdated = translated.some((unit) => current?.sources[unit.key] !== unit.source);
  return {
    status: translated.length === 0 ? ('missing' as const) : outdated ? ('outdated' as const) : ('current' as const),
    translated: translated.length,
    units: sources.length,
  };
}

/**
 * `GET /api/master/sitetexts?locale=de`: the site's own words beside their translations, as a page's translation
 * reads; in the default language, Folio's words beside the firm's own.
 */
export async function siteTextsDocument(tenant: Tenant, code: string): Promise<TranslationDocument> {
  const { locale, isDefault } = await siteTextsLocale(tenant, code);
  const [current, units] = await Promise.all([
    stored(tenant, locale.code),
    isDefault ? ownWordUnits() : sourceSiteTexts(tenant),
  ]);
  return {
    locale: locale.code,
    revision: current?.revision ?? 0,
    status: 'published',
    publishAt: null,
    savedAt: current?.savedAt ?? null,
    published: current?.revision ?? null,
    scheduled: null,
    sourceRevision: 0,
    translatedFrom: null,
    units: units.map((unit) => ({
      path: unit.key,
      label: unit.label,
      source: unit.source,
      target: current?.texts[unit.key] ?? '',
      richText: false,
      ...(unit.kind ? { kind: unit.kind } : {}),
      ...(unit.max ? { max: unit.max } : {}),
    })),
    publicPath: isDefault ? '/Home1' : `/${locale.code}/Home1`,
  };
}

/**
 * `POST /api/master/sitetexts`: a language's translations of the site's own words, published at once (409 when
 * someone saved since `revision`). A text of a word the site no longer has is dropped; blank is not translated.
 */
export async function saveSiteTexts(
  tenant: Tenant,
  body: TranslationSave,
  user: SessionUser,
  now = new Date(),
): Promise<SavedRevision> {
  const { locale, isDefault } = await siteTextsLocale(tenant, body.locale);
  if (body.publish !== undefined && body.publish !== 'now')
    throw new ValidationError(SITE_TEXTS_MESSAGES.publish, 'publish');
  const units = isDefault ? ownWordUnits() : await sourceSiteTexts(tenant);
  const texts: Record<string, string> = {};
  const sources: Record<string, string> = {};
  for (const unit of units) {
    const text = (body.texts[unit.key] ?? '').trim();
    if (text === '') continue;
    const problem = siteTextProblem(unit, text);
    if (problem) throw new ValidationError(problem, `texts.${unit.key}`);
    texts[unit.key] = text;
    sources[unit.key] = unit.source;
  }
  return writeTranslation(tenant, locale.code, { texts, sources }, body.revision, user, now, isDefault);
}

/** Stores a language's site texts as its next revision, in one transaction with its audit entry; every page renders again. */
export async function writeTranslation(
  tenant: Tenant,
  locale: string,
  words: Pick<StoredSiteTexts, 'texts' | 'sources'>,
  basedOn: number | null,
  user: SessionUser,
  now = new Date(),
  isDefault = false,
): Promise<SavedRevision> {
  const saved = await inTransaction(tenant.db, async (trx) => {
    const json = await readSiteTexts(trx, locale);
    const before = json === undefined ? null : (StoredSchema.safeParse(JSON.parse(json)).data ?? null);
    if (basedOn !== null && (before?.revision ?? 0) !== basedOn)
      throw new ConflictError(SITE_TEXTS_MESSAGES.stale(before?.savedBy ?? 'Someone'));
    const next: StoredSiteTexts = {
      revision: (before?.revision ?? 0) + 1,
      savedAt: now.toISOString(),
      savedBy: user.username,
      ...words,
    };
    await writeSiteTexts(trx, locale, JSON.stringify(next));
    const changed = Object.keys({ ...before?.texts, ...next.texts }).filter(
      (key) => before?.texts[key] !== next.texts[key],
    );
    await audit(
      trx,
      tenant,
      {
        action: 'translation.site',
        targetType: 'language',
        targetId: locale,
        summary: isDefault
          ? `Published the site's own words in place of Folio's (${locale}): ${changed.length === 1 ? '1 text' : `${changed.length} texts`} changed`
          : `Published the site's own words in ${locale} (menu, footer, forms): ${changed.length === 1 ? '1 text' : `${changed.length} texts`} changed`,
        details: { locale, revision: next.revision, changed },
      },
      now,
    );
    return next;
  });
  invalidate(tenant, [TAGS.siteTexts]);
  return { message: 'Success', revision: saved.revision, status: 'published', publishAt: null, unscheduled: null };
}
