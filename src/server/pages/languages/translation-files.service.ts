import { SITE_TEXTS_FILE, type TranslationsOverview, type XliffImportResult } from '../../../core/schemas/locale';
import type { SessionUser } from '../../access/access';
import { audit } from '../../audit/audit';
import { inTransaction } from '../../db/database';
import { ValidationError } from '../../errors';
import { localeSettings, translationLocale } from '../../locales/locales.service';
import type { Tenant } from '../../tenants/tenants';
import { labelOf } from '../revisions/page-compare';
import type { Page, SaveTools } from '../page-kind';
import {
  findNewestRevision,
  findRevisionDocuments,
  listSourcePublished,
  listTranslationHeads,
  type RevisionHead,
} from '../revisions/page.repository';
import { commitRevision, publishedDocument } from '../page.service';
import { listPages } from '../resolve-page';
import {
  preparedTranslation,
  storedTexts,
  textUnits,
  translationDocuments,
  type TextUnit,
} from './translations.service';
import { buildXliff, parseXliff, XLIFF_MESSAGES, type ImportedUnit, type XliffPage } from './xliff';
import { ownWordUnits, siteTextProblem } from '../../../core/site-texts';
import {
  ownWords,
  siteTextsDocument,
  siteTextsStatus,
  sourceSiteTexts,
  writeTranslation,
} from '../../locales/site-texts.service';

/**
 * The translations screen (docs/design.md §28): where each page stands in each language, and the XLIFF files that carry
 * a language's texts to translators and back.
 */

/** The pages translators work on: those visitors can reach, in the order of their ids (the registry's, then page creation's). */
async function translatedPages(tenant: Tenant): Promise<Page[]> {
  return (await listPages(tenant)).filter((page) => page.kind.publicAddress(page) !== null).sort((a, b) => a.id - b.id);
}

/** `GET /api/master/translations`: for every page and every language but the default, missing, outdated or current. */
export async function translationsOverview(tenant: Tenant): Promise<TranslationsOverview> {
  const [settings, pages, heads, sourcePublished] = await Promise.all([
    localeSettings(tenant),
    translatedPages(tenant),
    listTranslationHeads(tenant.db),
    listSourcePublished(tenant.db),
  ]);
  const others = settings.locales.filter((l) => l.code !== settings.defaultLocale);
  const sourceOf = new Map(sourcePublished.map((r) => [r.page_id, r.revision]));
  // Newest first: the first head of a page in a language is its newest, the first published one is what visitors see.
  const newest = new Map<string, RevisionHead>();
  const published = new Map<string, RevisionHead>();
  for (const head of heads) {
    const key = `${head.page_id}@${head.locale}`;
    if (!newest.has(key)) newest.set(key, head);
    if (head.status === 'published' && !published.has(key)) published.set(key, head);
  }
  const rows = [];
  for (const page of pages) {
    const units = await textUnits(tenant, page, await publishedDocument(tenant, page));
    const documents = await findRevisionDocuments(
      tenant.db,
      page.id,
      others.flatMap((l) => newest.get(`${page.id}@${l.code}`)?.revision ?? []),
    );
    const textsOf = new Map(documents.map((d) => [d.revision, storedTexts(d.document)]));
    rows.push({
      routing: page.routing,
      name: page.displayName,
      publicPath: page.kind.publicAddress(page),
      translations: others.map((locale) => {
        const last = newest.get(`${page.id}@${locale.code}`);
        const live = published.get(`${page.id}@${locale.code}`);
        const texts = last ? (textsOf.get(last.revision) ?? {}) : {};
        const status = !live
          ? ('missing' as const)
          : (live.source_revision ?? 0) < (sourceOf.get(page.id) ?? 0)
            ? ('outdated' as const)
            : ('current' as const);
        return {
          locale: locale.code,
          status,
          draft: last !== undefined && last.status !== 'published',
          translated: units.filter((unit) => (texts[unit.key] ?? '').trim() !== '').length,
          units: units.length,
        };
      }),
    });
  }
  const sources = await sourceSiteTexts(tenant);
  const siteTexts = await Promise.all(
    others.map(async (locale) => ({ locale: locale.code, ...(await siteTextsStatus(tenant, locale.code, sources)) })),
  );
  const own = await ownWords(tenant);
  const ownUnits = ownWordUnits();
  const ownWordsCount = {
    changed: ownUnits.filter((unit) => (own[unit.key] ?? '').trim() !== '').length,
    units: ownUnits.length,
  };
  return {
    defaultLocale: settings.defaultLocale,
    locales: settings.locales,
    siteTexts,
    ownWords: ownWordsCount,
    pages: rows,
  };
}

/** `GET /api/master/xliff/:locale`: every page's texts in the default language with their translations so far. */
export async function exportXliff(tenant: Tenant, code: string): Promise<{ xml: string; fileName: string }> {
  const [locale, settings] = await Promise.all([translationLocale(tenant, code), localeSettings(tenant)]);
  const pages: XliffPage[] = [];
  for (const page of await translatedPages(tenant)) {
    const units = await textUnits(tenant, page, await publishedDocument(tenant, page));
    if (units.length === 0) continue;
    const newest = await findNewestRevision(tenant.db, page.id, locale.code);
    const texts = newest ? storedTexts(newest.document) : {};
    pages.push({
      routing: page.routing,
      original: page.publicPath,
      units: units.map((unit) => ({
        key: unit.key,
        label: labelOf(page, unit.path),
        rich: unit.richText,
        source: unit.source,
        target: texts[unit.key] ?? '',
      })),
    });
  }
  // The site's own words (menu, footer, the forms' texts and words), as a file of their own.
  const site = await siteTextsDocument(tenant, locale.code);
  pages.push({
    routing: SITE_TEXTS_FILE,
    original: '/',
    units: site.units.map((unit) => ({
      key: unit.path,
      label: unit.label,
      rich: false,
      source: unit.source,
      target: unit.target,
    })),
  });
  return {
    xml: buildXliff({ srcLang: settings.defaultLocale, trgLang: locale.code, pages }),
    fileName: `${tenant.name}-${locale.code}.xlf`,
  };
}

/**
 * `POST /api/master/xliff/:locale`: the translated file's texts become a draft of each page whose texts changed
 * (nothing is published: an editor looks first). A unit the site does not have, or whose source changed since the
 * export, is reported and left alone. A file that is malformed, cut short, of another language or of another
 * site's pages is refused whole with a sentence (400), and so is one whose text a page's rules refuse: every page
 * is checked before any is stored.
 */
export async function importXliff(
  tenant: Tenant,
  code: string,
  text: string,
  user: SessionUser,
  tools: SaveTools,
  now = new Date(),
): Promise<XliffImportResult> {
  const [locale, settings] = await Promise.all([translationLocale(tenant, code), localeSettings(tenant)]);
  const file = await parseXliff(text);
  const byRouting = await checkedFile(tenant, file, locale.code, settings.defaultLocale);
  const report: ImportReport = { unknownUnits: [], changedSources: [] };
  const planned: PlannedPage[] = [];
  let siteWords: PlannedSiteTexts | null = null;
  for (const part of file.pages) {
    // A page's texts at a time, other requests answered between (docs/design.md §34: imports never stall the site).
    await new Promise((resolve) => setImmediate(resolve));
    if (part.routing === SITE_TEXTS_FILE) {
      siteWords = await plannedSiteTexts(tenant, locale.code, part, report);
      continue;
    }
    const plan = await plannedPage(
      tenant,
      byRouting.get(part.routing.toLowerCase())!,
      locale.code,
      part,
      report,
      tools,
      now,
    );
    if (plan) planned.push(plan);
  }

  const pages: XliffImportResult['pages'] = [];
  const documents = translationDocuments(locale);
  for (const plan of planned) {
    await new Promise((resolve) => setImmediate(resolve));
    const saved = await commitRevision(
      tenant,
      plan.page,
      documents,
      { document: { texts: plan.texts }, basedOn: plan.basedOn, sourceRevision: plan.sourceRevision },
      user,
      { publish: { kind: 'draft' }, keepRevisions: tools.keepRevisions },
      now,
    );
    pages.push({ routing: plan.page.routing, changed: plan.changed, revision: saved.revision });
  }
  if (siteWords && siteWords.changed > 0) {
    const saved = await writeTranslation(tenant, locale.code, siteWords.words, siteWords.basedOn, user, now);
    pages.push({ routing: SITE_TEXTS_FILE, changed: siteWords.changed, revision: saved.revision });
  }
  await inTransaction(tenant.db, (trx) =>
    audit(
      trx,
      tenant,
      {
        action: 'translation.import',
        targetType: 'language',
        targetId: locale.code,
        summary: `Imported ${locale.name} translations: ${pages.length === 1 ? '1 page' : `${pages.length} pages`} given a draft`,
        details: {
          locale: locale.code,
          pages,
          unknownUnits: report.unknownUnits.length,
          changedSources: report.changedSources.length,
        },
      },
      now,
    ),
  );
  return { message: 'Success', pages, ...report };
}

/** What an import reports besides the pages given a draft: units the site does not have, and units whose source changed. */
interface ImportReport {
  unknownUnits: string[];
  changedSources: string[];
}

/** A page's new draft, checked, before anything is stored. */
interface PlannedPage {
  page: Page;
  texts: Record<string, string>;
  changed: number;
  basedOn: number;
  sourceRevision: number;
}

/** The site's own words of a file, before they are stored. */
interface PlannedSiteTexts {
  words: { texts: Record<string, string>; sources: Record<string, string> };
  changed: number;
  basedOn: number;
}

/**
 * The file's languages and pages checked against the site (400 with a sentence for another language, an empty file
 * or another site's pages); answers the site's translated pages by their routing in lower case.
 */
async function checkedFile(
  tenant: Tenant,
  file: Awaited<ReturnType<typeof parseXliff>>,
  locale: string,
  defaultLocale: string,
): Promise<Map<string, Page>> {
  if (file.srcLang !== defaultLocale)
    throw new ValidationError(XLIFF_MESSAGES.source(file.srcLang || 'no language', defaultLocale));
  if (file.trgLang !== locale) throw new ValidationError(XLIFF_MESSAGES.target(file.trgLang || 'no language', locale));
  if (file.pages.length === 0) throw new ValidationError(XLIFF_MESSAGES.empty);
  const byRouting = new Map((await translatedPages(tenant)).map((page) => [page.routing.toLowerCase(), page]));
  const strangers = file.pages
    .filter((p) => p.routing !== SITE_TEXTS_FILE && !byRouting.has(p.routing.toLowerCase()))
    .map((p) => p.routing);
  if (strangers.length > 0) throw new ValidationError(XLIFF_MESSAGES.otherSite(strangers));
  return byRouting;
}

/**
 * One page's part of the file: its texts over the language's newest revision, checked as the editor's save checks
 * them (a text a rule refuses refuses the file); null when nothing changed. Units it cannot take go in `report`.
 */
async function plannedPage(
  tenant: Tenant,
  page: Page,
  locale: string,
  part: XliffPage<ImportedUnit>,
  report: ImportReport,
  tools: SaveTools,
  now: Date,
): Promise<PlannedPage | null> {
  const source = await publishedDocument(tenant, page);
  const units = new Map<string, TextUnit>((await textUnits(tenant, page, source)).map((unit) => [unit.key, unit]));
  const newest = await findNewestRevision(tenant.db, page.id, locale);
  const texts = newest ? storedTexts(newest.document) : {};
  let changed = 0;
  for (const unit of part.units) {
    const known = units.get(unit.key);
    const read = known ? readAs(known, unit) : null;
    if (!known || !read) report.unknownUnits.push(`${page.routing}/${unit.key}`);
    else if (known.source !== read.source) report.changedSources.push(`${page.routing}/${unit.key}`);
    else if ((texts[unit.key] ?? '') !== read.target) {
      texts[unit.key] = read.target;
      changed += 1;
    }
  }
  if (changed === 0) return null;
  const prepared = await preparedTranslation(tenant, page, texts, tools, now).catch((error: unknown) => {
    if (error instanceof ValidationError)
      throw new ValidationError(`${page.displayName}: ${error.message}`, error.field);
    throw error;
  });
  return {
    page,
    texts: prepared.texts,
    changed,
    basedOn: newest?.revision ?? 0,
    sourceRevision: prepared.sourceRevision,
  };
}

/**
 * The site's own words of an imported file: as for a page, a unit the site no longer has or whose source changed
 * is reported; the others replace the language's texts (published when stored: they have no drafts).
 */
async function plannedSiteTexts(
  tenant: Tenant,
  locale: string,
  part: XliffPage<ImportedUnit>,
  report: { unknownUnits: string[]; changedSources: string[] },
) {
  const document = await siteTextsDocument(tenant, locale);
  const units = new Map(document.units.map((unit) => [unit.path, unit]));
  const texts = Object.fromEntries(
    document.units.filter((unit) => unit.target !== '').map((unit) => [unit.path, unit.target]),
  );
  let changed = 0;
  for (const unit of part.units) {
    const known = units.get(unit.key);
    if (!known) report.unknownUnits.push(`${SITE_TEXTS_FILE}/${unit.key}`);
    else if (known.source !== unit.source.text) report.changedSources.push(`${SITE_TEXTS_FILE}/${unit.key}`);
    else if ((texts[unit.key] ?? '') !== unit.target.text.trim()) {
      texts[unit.key] = unit.target.text.trim();
      changed += 1;
    }
  }
  const kept = Object.entries(texts).filter(([, text]) => text !== '');
  for (const [key, text] of kept) {
    const unit = units.get(key)!;
    const problem = siteTextProblem({ ...unit, key, kind: unit.kind === 'textarea' ? 'textarea' : undefined }, text);
    if (problem) throw new ValidationError(problem, `texts.${key}`);
  }
  const words = {
    texts: Object.fromEntries(kept),
    sources: Object.fromEntries(kept.map(([key]) => [key, units.get(key)!.source])),
  };
  return { words, changed, basedOn: document.revision };
}

/**
 * An imported unit's source and target as the page's text is kept: its words for plain text, its HTML for rich text
 * (docs/design.md §34). A file exported before rich text travelled as inline codes carries the HTML escaped as
 * words: its source's words are then the page's HTML, and its target is read the same way.
 */
function readAs(known: TextUnit, unit: ImportedUnit): { source: string; target: string } {
  if (!known.richText || (unit.source.text === known.source && unit.source.html !== known.source))
    return { source: unit.source.text, target: unit.target.text };
  return { source: unit.source.html, target: unit.target.html };
}
