import {
  TranslationSaveSchema,
  type Locale,
  type TranslationDocument,
  type TranslationSave,
} from '../../../core/schemas/locale';
import type { FieldPath } from '../../../core/schemas/walk';
import type { SessionUser } from '../../access/access';
import { cached } from '../../cache/cached';
import { pageTag, TAGS } from '../../cache/tags';
import { NotFoundError, ValidationError } from '../../errors';
import { readingLocale, translationLocale } from '../../locales/locales.service';
import type { Tenant } from '../../tenants/tenants';
import { parseInput } from '../../validation';
import type { DocumentStrategy } from '../document-strategy';
import { labelOf } from '../revisions/page-compare';
import type { Page, SaveTools, TextPlace } from '../page-kind';
import { findPublishedRevision, listPublishedLocales } from '../revisions/page.repository';
import { readPage } from '../page.service';
import { publishedDocument, revisionOf } from '../revisions/published-documents';
import { SOURCE_DOCUMENTS } from '../revisions/source-documents';
import { findPage, NO_PAGE } from '../resolve-page';

/**
 * Translations (docs/design.md §28). A page's document in another language holds only its translated texts, by the
 * place of each in the source (`{texts: {"slideList.0.heading": "…"}}`); what visitors read is the source's
 * published document with those texts in place, field by field: a text not translated is the source's, and
 * numbers, dates, images, master data and the list structure are always the source's.
 */

/** A text of the source to translate: its place, its key (the place as `slideList.0.heading`) and the source's words. */
export interface TextUnit extends TextPlace {
  key: string;
  source: string;
}

/** The search title and description translate on every page (the sharing image does not). */
const SEO_TEXTS: readonly TextPlace[] = [
  { path: ['seo', 'title'], richText: false, kind: 'text' },
  { path: ['seo', 'description'], richText: false, kind: 'textarea' },
];

export const unitKey = (path: FieldPath) => path.join('.');

/** The texts of a source document to translate, in order: its kind's and the seo title and description, those not empty. */
export async function textUnits(tenant: Tenant, page: Page, source: Record<string, unknown>): Promise<TextUnit[]> {
  const places = [
    ...(await page.kind.texts(tenant, page, source)).filter((place) => place.path[0] !== 'seo'),
    ...SEO_TEXTS,
  ];
  return places.flatMap((place) => {
    const value = valueAt(source, place.path);
    return typeof value === 'string' && value.trim() !== ''
      ? [{ ...place, key: unitKey(place.path), source: value }]
      : [];
  });
}

/** A translation revision's texts, by key (a document that is not one holds none). */
export function storedTexts(document: string): Record<string, string> {
  const parsed = JSON.parse(document) as { texts?: unknown };
  const texts =
    parsed.texts !== null && typeof parsed.texts === 'object' ? (parsed.texts as Record<string, unknown>) : {};
  return Object.fromEntries(
    Object.entries(texts).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/** The source document with the translated texts in place of its own; a text not translated (absent, blank) stays the source's. */
export function withTexts(
  source: Record<string, unknown>,
  units: readonly TextUnit[],
  texts: Readonly<Record<string, string>>,
): Record<string, unknown> {
  const copy = structuredClone(source);
  for (const unit of units) {
    const text = texts[unit.key];
    if (typeof text === 'string' && text.trim() !== '') setAt(copy, unit.path, text);
  }
  return copy;
}

/** Translated documents as visitors see them, by `pageId@locale`; null for a language not published yet. */
const translatedDocuments = cached({
  name: 'translated-document',
  // The page's own tag (a publication in any language: publishedTags), and the page definitions (a page's texts).
  tags: ({ page, locale }: { page: Page; locale: string }) => [
    pageTag(page.routing),
    pageTag(page.routing, locale),
    TAGS.pages,
  ],
  key: ({ page, locale }) => `${page.id}@${locale}`,
  load: async (tenant: Tenant, { page, locale }): Promise<Record<string, unknown> | null> => {
    const [source, row] = await Promise.all([
      publishedDocument(tenant, page),
      findPublishedRevision(tenant.db, page.id, locale),
    ]);
    return row ? withTexts(source, await textUnits(tenant, page, source), storedTexts(row.document)) : null;
  },
});

/**
 * The page as visitors read it in a language: the source's published document with that language's published
 * texts; null before the language's first publication (its address redirects to the source's then).
 */
export async function translatedDocument(
  tenant: Tenant,
  page: Page,
  locale: string,
): Promise<Record<string, unknown> | null> {
  return translatedDocuments.get(tenant, { page, locale });
}

/**
 * getpagecontent and the get calls with `{locale}`, `GET /api/pages/:routing?locale=de` (docs/design.md §28): a page's
 * published document in a language visitors can read (400 for another), as `readPage` allows it: its
 * translation, or the source's while the language is not published yet (as `/de/X1` redirects to `/X1` then).
 */
export async function readPageIn(
  tenant: Tenant,
  page: Page,
  session: SessionUser | null,
  locale: unknown,
): Promise<Record<string, unknown>> {
  const code = await readingLocale(tenant, locale);
  const source = await readPage(tenant, page, session);
  if (code === '') return source;
  return (await translatedDocument(tenant, page, code)) ?? source;
}

/** A built-in page's get call (spec 000 §7) with `{locale}`: as readPageIn, for every caller (as the call always was). */
export async function publishedIn(tenant: Tenant, page: Page, locale: unknown): Promise<Record<string, unknown>> {
  const code = await readingLocale(tenant, locale);
  if (code === '') return publishedDocument(tenant, page);
  return (await translatedDocument(tenant, page, code)) ?? publishedDocument(tenant, page);
}

/**
 * `GET /api/pages/:routing`: the published document of a page on the public website, named as its editor or its
 * public twin (`About`, `About1`); what visitors may read, whoever asks (the answer may be kept by a cache).
 */
export async function publicDocument(
  tenant: Tenant,
  routing: string,
  locale: unknown,
): Promise<Record<string, unknown>> {
  const page =
    (await findPage(tenant, routing)) ?? (routing.endsWith('1') ? await findPage(tenant, routing.slice(0, -1)) : null);
  if (!page) throw new NotFoundError(NO_PAGE);
  return readPageIn(tenant, page, null, locale);
}

/** The languages each page is published in besides the source, read once per change (hreflang, the switcher, the sitemap). */
const publishedLocales = cached({
  name: 'published-locales',
  tags: [TAGS.publishedLocales],
  load: async (tenant: Tenant): Promise<ReadonlyMap<number, readonly string[]>> => {
    const byPage = new Map<number, string[]>();
    for (const row of await listPublishedLocales(tenant.db))
      byPage.set(row.page_id, [...(byPage.get(row.page_id) ?? []), row.locale]);
    return byPage;
  },
});

export async function publishedLocalesOf(tenant: Tenant): Promise<ReadonlyMap<number, readonly string[]>> {
  return publishedLocales.get(tenant);
}

/**
 * Whether any page is published in a language (docs/design.md §34): from then on a page not translated into it yet is
 * shown there in the default language; before, its address redirects to the default language's.
 */
export async function languageHasPages(tenant: Tenant, locale: string): Promise<boolean> {
  for (const locales of (await publishedLocalesOf(tenant)).values()) if (locales.includes(locale)) return true;
  return false;
}

/**
 * The language a call names (`?locale=de`, `{locale}`), resolved once: absent, the page in its own language; else a
 * translation language of the site (400 for the default, an unknown or a malformed code).
 */
export async function documentStrategy(tenant: Tenant, code: string | undefined): Promise<DocumentStrategy> {
  return code === undefined ? SOURCE_DOCUMENTS : translationDocuments(await translationLocale(tenant, code));
}

/**
 * A page's translation into `locale` (docs/design.md §28): its revisions hold only its texts, by their place in the
 * source; everything else is the source's published document, around them.
 */
export function translationDocuments(locale: Locale): DocumentStrategy {
  const strategy: DocumentStrategy = {
    locale: locale.code,
    auditName: (routing) => `${routing} in ${locale.code}`,
    thisPage: `this page in ${locale.name}`,
    editorQuery: `?locale=${encodeURIComponent(locale.code)}`,
    auditDetails: ({ sourceRevision }) => ({
      locale: locale.code,
      ...(sourceRevision === null ? {} : { sourceRevision }),
    }),

    async prepare(tenant, page, submitted, tools, now) {
      // The route checked the body against TranslationSaveSchema.
      const body = submitted as Pick<TranslationSave, 'texts' | 'revision'>;
      const { texts, sourceRevision } = await preparedTranslation(tenant, page, body.texts, tools, now);
      return { document: { texts }, basedOn: body.revision, sourceRevision };
    },

    async preview(tenant, page, submitted, tools, now) {
      // The preview pane's body is any page's working copy: a translation's is checked here, as its save's by its route.
      const body = parseInput(TranslationSaveSchema, { ...(submitted as object), locale: locale.code });
      return (await preparedTranslation(tenant, page, body.texts, tools, now)).document;
    },

    async restored(tenant, page, row) {
      const source = await publishedDocument(tenant, page);
      return { document: { texts: storedTexts(row.document) }, basedOn: null, sourceRevision: revisionOf(source) };
    },

    async view(tenant, page, row) {
      const source = await publishedDocument(tenant, page);
      return withTexts(source, await textUnits(tenant, page, source), row ? storedTexts(row.document) : {});
    },

    // A translation holds its texts only: everything else is the source's.
    stored: (_page, fields, _previous, revision) => ({ ...fields, revision }),

    async editorDocument(tenant, page, { row, state }): Promise<TranslationDocument> {
      const source = await publishedDocument(tenant, page);
      const units = await textUnits(tenant, page, source);
      const texts = row ? storedTexts(row.document) : {};
      return {
        locale: locale.code,
        revision: row?.revision ?? 0,
        ...state,
        sourceRevision: revisionOf(source),
        translatedFrom: row?.source_revision ?? null,
        units: units.map((unit) => ({
          path: unit.key,
          label: labelOf(page, unit.path),
          source: unit.source,
          target: texts[unit.key] ?? '',
          richText: unit.richText,
          ...(unit.kind ? { kind: unit.kind } : {}),
        })),
        publicPath: `/${locale.code}${page.publicPath}`,
      };
    },
  };
  return strategy;
}

/**
 * The translated texts of a save or a preview, checked as the source's save checks them: put in place of the
 * source's, the whole document goes through the page's kind (schema, rich text cleaned, field rules), and the
 * texts are kept as cleaned. A text of a place the source no longer has is dropped; a refusal names its text
 * (`texts.slideList.0.heading`).
 */
export async function preparedTranslation(
  tenant: Tenant,
  page: Page,
  submitted: Readonly<Record<string, string>>,
  tools: SaveTools,
  now: Date,
) {
  const source = await publishedDocument(tenant, page);
  const units = await textUnits(tenant, page, source);
  const wanted = units.filter((unit) => (submitted[unit.key] ?? '').trim() !== '');
  const merged = withTexts(source, units, submitted);
  let prepared: Record<string, unknown>;
  try {
    ({ document: prepared } = await page.kind.prepare(tenant, page, merged, {
      tools,
      now,
      published: () => publishedDocument(tenant, page),
    }));
  } catch (error) {
    if (!(error instanceof ValidationError) || !error.field) throw error;
    const key = error.field.replace(/^document\./, '');
    throw new ValidationError(error.message, units.some((unit) => unit.key === key) ? `texts.${key}` : error.field);
  }
  const texts = Object.fromEntries(wanted.map((unit) => [unit.key, String(valueAt(prepared, unit.path) ?? '')]));
  return { texts, units, source, sourceRevision: revisionOf(source), document: withTexts(source, units, texts) };
}

/** The value at a place of a document (undefined where there is none). */
export function valueAt(document: unknown, path: FieldPath): unknown {
  let at = document;
  for (const part of path)
    at = at !== null && typeof at === 'object' ? (at as Record<string | number, unknown>)[part] : undefined;
  return at;
}

function setAt(document: Record<string, unknown>, path: FieldPath, value: unknown): void {
  let at: unknown = document;
  for (const part of path.slice(0, -1)) {
    if (at === null || typeof at !== 'object') return;
    at = (at as Record<string | number, unknown>)[part];
  }
  if (at !== null && typeof at === 'object') (at as Record<string | number, unknown>)[path[path.length - 1]!] = value;
}
