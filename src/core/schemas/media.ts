import { z } from 'zod';
import { databaseId } from './ids';
import { keysetRequestFields, searchTextSchema } from './paging';

/**
 * The media library (docs/design.md §27): every uploaded image with its alt text, focal point and where it is used.
 * The screen `media` lists and changes them; a page editor's image fields pick from the same list.
 */

/** Images a page of the list holds. */
export const MEDIA_PAGE_SIZE = 48;

/** The longest alt text: a sentence or two says what a picture shows (a screen reader reads all of it). */
export const ALT_TEXT_MAX = 300;

/** The longest title (docs/design.md §34): a file's name, or a few words that find the image again. */
export const TITLE_MAX = 120;

/** What the screens show for an image without a title (one stored before titles, with no alt text to take one from). */
export const UNTITLED_IMAGE = 'Untitled image';

/**
 * An image's title from the name of the file uploaded (docs/design.md §34): the name without its folders and its extension,
 * whitespace run together, cut to TITLE_MAX; otherwise as typed ("team-photo_2024.jpg" → "team-photo_2024"), so
 * that the name staff know the file by finds it. '' when the upload had no name.
 */
export function titleFromFileName(fileName: string | undefined): string {
  const base = (fileName ?? '').split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  const stem = dot > 0 ? base.slice(0, dot) : base;
  return [...stem.replace(/[\p{Cc}\s]+/gu, ' ').trim()].slice(0, TITLE_MAX).join('').trim();
}

/** GET /api/master/media: `search` over title, name and alt text, `unused=1` for images nothing uses, `after` the answer's `next`. */
export const MediaListQuerySchema = z.object({
  search: searchTextSchema.optional(),
  unused: z
    .enum(['', '0', '1', 'true', 'false'], { message: 'unused must be 1 (only images nothing uses) or 0.' })
    .transform((value) => value === '1' || value === 'true')
    .optional(),
  ...keysetRequestFields,
});
export type MediaListQuery = z.output<typeof MediaListQuerySchema>;

/** A place that shows an image: a page's field (its path in the page's document) or the company's logo. */
export const MediaUseSchema = z.object({
  routing: z
    .string()
    .meta({ description: "The editor that shows it: a page's routing name, or companyForm for the logo." }),
  page: z.string().meta({ description: "The page's name as menus show it (Company Details for the logo)." }),
  field: z.string().meta({
    description:
      "The field's path in the page's document (`slideList[0].image`, `rows[2].Photo`, `seo.image`), or `logo`.",
  }),
});
export type MediaUse = z.infer<typeof MediaUseSchema>;

export const MediaItemSchema = z.object({
  id: z.number().int(),
  folder: z.string(),
  name: z.string(),
  title: z.string().meta({
    description:
      "The title staff give it: the uploaded file's name without its extension until changed (docs/design.md §34); may be empty.",
  }),
  url: z
    .string()
    .meta({ description: "The image's address on this site, /uploads/photos/{folder}/{name} (docs/design.md §24)." }),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
  alt: z.string(),
  focalX: z.number().meta({ description: 'The focal point from the left, 0 to 1.' }),
  focalY: z.number().meta({ description: 'The focal point from the top, 0 to 1.' }),
  uploadedAt: z.string(),
  uploadedBy: z.string().nullable().meta({ description: 'The user name of who uploaded it; null when not known.' }),
  usedBy: z
    .array(MediaUseSchema)
    .meta({ description: 'Where a published, draft or scheduled revision, or the company, shows it.' }),
});
export type MediaItem = z.infer<typeof MediaItemSchema>;

export const MediaListSchema = z.object({
  items: z.array(MediaItemSchema),
  next: z.string().nullable().meta({ description: 'The `after` of the following page; null on the last page.' }),
});
export type MediaList = z.infer<typeof MediaListSchema>;

export const MediaIdParamsSchema = z.object({ id: databaseId({ message: 'The image id must be a whole number.' }) });

const focal = (axis: string) =>
  z
    .number()
    .min(0, { message: `${axis} must be from 0 to 1.` })
    .max(1, { message: `${axis} must be from 0 to 1.` });

/** An image's title: one line, trimmed, at most TITLE_MAX characters; empty is allowed (shown as UNTITLED_IMAGE). */
export const MediaTitleSchema = z
  .string()
  .transform((text) => text.trim())
  .refine((text) => !/[\r\n\u2028\u2029]/.test(text), { message: 'The title must be one line.' })
  .refine((text) => [...text].length <= TITLE_MAX, { message: `The title is longer than ${TITLE_MAX} characters.` });

/**
 * POST /api/master/media/:id: the alt text and the focal point, all three sent (the screen's form holds them all),
 * and the title (docs/design.md §34), kept as it is when left out.
 */
export const MediaUpdateSchema = z.object({
  title: MediaTitleSchema.optional(),
  alt: z
    .string()
    .transform((text) => text.trim())
    .refine((text) => text.length <= ALT_TEXT_MAX, {
      message: `The alt text is longer than ${ALT_TEXT_MAX} characters.`,
    }),
  focalX: focal('focalX'),
  focalY: focal('focalY'),
});
export type MediaUpdate = z.output<typeof MediaUpdateSchema>;

/** DELETE /api/master/media/:id while the image is used: a sentence naming where, and the places. */
export const MediaInUseSchema = z.object({ message: z.string(), usedBy: z.array(MediaUseSchema) });
