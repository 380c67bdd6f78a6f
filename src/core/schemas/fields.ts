import { z } from 'zod';
import { siteRelativeImageAddress } from '../media/image-names';
import { databaseId } from './ids';
import { publishFields } from './revision';
import { SeoSchema } from './seo';
import { untranslated } from './translatable';
import { mapDocument, schemaLayers, walkDocument, WALK_ON } from './walk';

/**
 * Field builders shared by every content document. Bounds are generous for real content and small enough
 * that one save can never hold megabytes (DESIGN §4: bad input is a 400, never a 500 or a huge row).
 */
export const LIMITS = {
  shortText: 300,
  paragraph: 5_000,
  richText: 50_000,
  url: 2_000,
  listEntries: 200,
} as const;

const trimmed = (max: number) => z.string().trim().max(max, { message: `must be at most ${max} characters` });

/** A one-line text: headings, names, labels. */
export const shortText = () => trimmed(LIMITS.shortText);

/** A one-line text that stays as it is in every language: an icon's name, a phone number. */
export const fixedText = () => untranslated(shortText());

/** Marks the rich-text fields of a schema, so that `sanitizeDocument` finds them (DESIGN §6). */
const richTextFields = z.registry<{ richText: true }>();
/** Marks the plain paragraphs of a schema: with rich text, where a page's default description is looked for (DESIGN §20). */
const paragraphFields = z.registry<{ paragraph: true }>();

/** A plain paragraph. */
export const paragraph = () => trimmed(LIMITS.paragraph).register(paragraphFields, { paragraph: true });

/**
 * HTML shown as is on the public page. The schema only bounds it; the server cleans it with
 * `sanitizeDocument` before it is stored (DESIGN §6), the browser's copy is for comfort only.
 */
export const richText = () =>
  z
    .string()
    .max(LIMITS.richText, { message: `must be at most ${LIMITS.richText} characters` })
    .register(richTextFields, { richText: true });

/**
 * A copy of a parsed document with every rich-text field (at any depth) passed through `clean`. The cleaner is
 * an argument, not a setting: the server passes its allow-list sanitiser, nothing else ever runs implicitly.
 */
export function sanitizeDocument<T>(schema: z.ZodType, value: T, clean: (html: string) => string): T {
  return mapDocument(schema, value, (place) => {
    if (place.schema === undefined || !isRichText(place.schema)) return WALK_ON;
    return typeof place.value === 'string' ? clean(place.value) : place.value;
  }) as T;
}

/** Whether a schema is a rich-text field (its values are HTML), wrapped (optional, nullable, …) or not. */
export const isRichText = (schema: z.core.$ZodType): boolean => schemaLayers(schema).some((layer) => richTextFields.has(layer as z.ZodType));

const isParagraph = (schema: z.core.$ZodType): boolean => schemaLayers(schema).some((layer) => paragraphFields.has(layer as z.ZodType));

/**
 * The texts of a document's paragraphs and rich-text fields, in the order of its schema (a list's entries in
 * order, each entry's fields in order): where the default meta description is found (DESIGN §20).
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
 * this site is kept as its path, whatever host it was sent with (DESIGN §24).
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

/** Fields every content document carries (spec 000 §3, DESIGN §4 for revision). */
export const pageFields = {
  menupageid: databaseId({ coerce: false }),
  commonrouting: z.string().max(100),
  revision: databaseId({ coerce: false, zero: true }),
  /** The page's own title, description and sharing image (DESIGN §20); a save without it keeps the stored one. */
  seo: SeoSchema.optional(),
  ...publishFields,
};
