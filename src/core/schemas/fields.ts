import { z } from 'zod';
import { siteRelativeImageAddress } from '../media/image-names';
import { databaseId } from './ids';
import { publishFields } from './revision';
import { SeoSchema } from './seo';
import { untranslated } from './translatable';
import { mapDocument, schemaLayers, walkDocument, WALK_ON } from './walk';

/**
 * Field builders shared by every content document. Bounds are generous for real content and small enough
 * that one save can never hold megabytes (docs/design.md §4: bad input is a 400, never a 500 or a huge row).
 */
export const LIMITS = {
  shortText: 300,
  paragraph: 5_000,
  richText: 50_000,
  accentText: 2_000,
  url: 2_000,
  listEntries: 200,
} as const;

const trimmed = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: `must be at most ${max} characters` });

/** A one-line text: headings, names, labels. */
export const shortText = () => trimmed(LIMITS.shortText);

/** A one-line text that stays as it is in every language: an icon's name, a phone number. */
export const fixedText = () => untranslated(shortText());

/** Marks the rich-text fields of a schema, so that `sanitizeDocument` finds them (docs/design.md §6). */
const richTextFields = z.registry<{ richText: true }>();
/** Marks the plain paragraphs of a schema: with rich text, where a page's default description is looked for (docs/design.md §20). */
const paragraphFields = z.registry<{ paragraph: true }>();

/** A plain paragraph. */
export const paragraph = () => trimmed(LIMITS.paragraph).register(paragraphFields, { paragraph: true });

/**
 * HTML shown as is on the public page. The schema only bounds it; the server cleans it with
 * `sanitizeDocument` before it is stored (docs/design.md §6), the browser's copy is for comfort only.
 */
export const richText = () =>
  z
    .string()
    .max(LIMITS.richText, { message: `must be at most ${LIMITS.richText} characters` })
    .register(richTextFields, { richText: true });

/** Marks the accented headings of a schema: rich text whose only markup is the accent mark (docs/design.md §34). */
const accentTextFields = z.registry<{ accentText: true }>();

/**
 * A one-line heading some of whose words show in the accent colour: text and bare `<span>…</span>` around the
 * accented words, as the public pages style them (`Our <span>Expertise</span>`). Rich text (its value is HTML,
 * shown as is), cleaned by the server to text and bare spans only (docs/design.md §34); edited with the accent editor.
 */
export const accentText = () =>
  z
    .string()
    .max(LIMITS.accentText, { message: `must be at most ${LIMITS.accentText} characters` })
    .register(richTextFields, { richText: true })
    .register(accentTextFields, { accentText: true });

/** How a document's HTML is cleaned: rich text by the site's allow-list, accented headings to text and bare spans. */
export interface DocumentCleaners {
  richText: (html: string) => string;
  accentText: (html: string) => string;
}

/**
 * A copy of a parsed document with every rich-text field (at any depth) passed through its cleaner. The cleaners
 * are an argument, not a setting: the server passes its allow-list sanitisers, nothing else ever runs implicitly.
 */
export function sanitizeDocument<T>(schema: z.ZodType, value: T, clean: DocumentCleaners): T {
  return mapDocument(schema, value, (place) => {
    if (place.schema === undefined || !isRichText(place.schema)) return WALK_ON;
    if (typeof place.value !== 'string') return place.value;
    return isAccentText(place.schema) ? clean.accentText(place.value) : clean.richText(place.value);
  }) as T;
}

/** Whether a schema is an accented heading (docs/design.md §34), wrapped or not. */
export const isAccentText = (schema: z.core.$ZodType): boolean =>
  schemaLayers(schema).some((layer) => accentTextFields.has(layer as z.ZodType));

/** How a text field is edited, in the editor and in its translations (docs/design.md §34: a translation keeps its field's kind). */
export const TEXT_KINDS = ['text', 'textarea', 'accent', 'richtext'] as const;
export type TextKind = (typeof TEXT_KINDS)[number];

/** The kind of a text field of a schema: an accented heading, rich text, a paragraph, else one line. */
export function textKindOf(schema: z.core.$ZodType): TextKind {
  if (isAccentText(schema)) return 'accent';
  if (isRichText(schema)) return 'richtext';
  return isParagraph(schema) ? 'textarea' : 'text';
}

/** Whether a schema is a rich-text field (its values are HTML), wrapped (optional, nullable, …) or not. */
export const isRichText = (schema: z.core.$ZodType): boolean =>
  schemaLayers(schema).some((layer) => richTextFields.has(layer as z.ZodType));

const isParagraph = (schema: z.core.$ZodType): boolean =>
  schemaLayers(schema).some((layer) => paragraphFields.has(layer as z.ZodType));

/**
 * The texts of a document's paragraphs and rich-text fields, in the order of its schema (a list's entries in
 * order, each entry's fields in order): where the default meta description is found (docs/design.md §20).
 */
export function paragraphsOf(schema: z.core.$ZodType, value: unknown): { text: string; richText: boolean }[] {
  const found: { text: string; richText: boolean }[] = [];
  walkDocument(schema, value, ({ schema: field, value: text }) => {
    if (field === undefined) return 'skip';
    const richText = isRichText(field);
    if (!richText && !isParagraph(field)) return;
    if (typeof text === 'string' && text.trim() !== '') found.push({ text, richText });
    return 'skip';
  });
  return found;
}

/**
 * An image or link address: absolute http(s) or a site-relative path, never javascript: or data:. An upload of
 * this site is kept as its path, whatever host it was sent with (docs/design.md §24).
 */
export const urlText = () =>
  untranslated(
    z
      .string()
      .trim()
      .overwrite(siteRelativeImageAddress)
      .max(LIMITS.url)
      .refine((value) => value === '' || /^(https?:\/\/|\/(?!\/))/i.test(value), {
        message: 'must be an http(s) address or a path on this site',
      }),
  );

export const list = <T extends z.ZodType>(entry: T) =>
  z.array(entry).max(LIMITS.listEntries, { message: `must have at most ${LIMITS.listEntries} entries` });

/** Fields every content document carries (spec 000 §3, docs/design.md §4 for revision). */
export const pageFields = {
  menupageid: databaseId({ coerce: false }),
  commonrouting: z.string().max(100),
  revision: databaseId({ coerce: false, zero: true }),
  /** The page's own title, description and sharing image (docs/design.md §20); a save without it keeps the stored one. */
  seo: SeoSchema.optional(),
  ...publishFields,
};
