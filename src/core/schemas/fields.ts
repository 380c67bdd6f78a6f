import { z } from 'zod';
import { siteRelativeImageAddress } from '../media/image-names';
import { databaseId } from './ids';
import { publishFields } from './revision';
import { SeoSchema } from './seo';

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
  return cleanValue(schema, value, clean) as T;
}

/** Whether a schema is a rich-text field (its values are HTML). */
export const isRichText = (schema: z.core.$ZodType): boolean => richTextFields.has(schema as z.ZodType);

/**
 * The texts of a document's paragraphs and rich-text fields, in the order of its schema (a list's entries in
 * order, each entry's fields in order): where the default meta description is found (DESIGN §20).
 */
export function paragraphsOf(schema: z.core.$ZodType, value: unknown): { text: string; richText: boolean }[] {
  const found: { text: string; richText: boolean }[] = [];
  const walk = (node: z.core.$ZodType, at: unknown): void => {
    if (richTextFields.has(node as z.ZodType) || paragraphFields.has(node as z.ZodType)) {
      if (typeof at === 'string' && at.trim() !== '') found.push({ text: at, richText: richTextFields.has(node as z.ZodType) });
      return;
    }
    const def = node._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
    switch (def.type) {
      case 'object':
        if (at !== null && typeof at === 'object') {
          for (const [key, field] of Object.entries(def.shape as Record<string, z.core.$ZodType>)) walk(field, (at as Record<string, unknown>)[key]);
        }
        return;
      case 'array':
        if (Array.isArray(at)) for (const item of at) walk(def.element as z.core.$ZodType, item);
        return;
      case 'optional':
      case 'nullable':
      case 'default':
      case 'readonly':
        walk(def.innerType as z.core.$ZodType, at);
        return;
      case 'pipe':
        walk(def.out as z.core.$ZodType, at);
        return;
      default:
        return;
    }
  };
  walk(schema, value);
  return found;
}

function cleanValue(schema: z.core.$ZodType, value: unknown, clean: (html: string) => string): unknown {
  if (richTextFields.has(schema as z.ZodType)) return typeof value === 'string' ? clean(value) : value;
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  switch (def.type) {
    case 'object': {
      if (value === null || typeof value !== 'object') return value;
      const shape = def.shape as Record<string, z.core.$ZodType>;
      const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
      for (const [key, field] of Object.entries(shape)) if (key in out) out[key] = cleanValue(field, out[key], clean);
      return out;
    }
    case 'array':
      return Array.isArray(value) ? value.map((item) => cleanValue(def.element as z.core.$ZodType, item, clean)) : value;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'readonly':
      return cleanValue(def.innerType as z.core.$ZodType, value, clean);
    case 'pipe':
      return cleanValue(def.out as z.core.$ZodType, value, clean);
    default:
      return value;
  }
}

/**
 * An image or link address: absolute http(s) or a site-relative path, never javascript: or data:. An upload of
 * this site is kept as its path, whatever host it was sent with (DESIGN §24).
 */
export const urlText = () =>
  z
    .string()
    .trim()
    .overwrite(siteRelativeImageAddress)
    .max(LIMITS.url)
    .refine((value) => value === '' || /^(https?:\/\/|\/(?!\/))/i.test(value), {
      message: 'must be an http(s) address or a path on this site',
    });

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
