import { z } from 'zod';

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
/** A plain paragraph. */
export const paragraph = () => trimmed(LIMITS.paragraph);
/**
 * Cleans rich text. The server installs the real sanitiser at start (src/server/content/rich-text.ts), so
 * every rich-text value the server parses is cleaned as part of validation; in the browser it stays
 * unchanged (the browser's checks are for comfort, the server's for truth).
 */
let richTextCleaner: (html: string) => string = (html) => html;
export function installRichTextCleaner(clean: (html: string) => string): void {
  richTextCleaner = clean;
}

/** HTML shown as is on the public page; sanitised by the server before it is stored (DESIGN §6). */
export const richText = () =>
  z
    .string()
    .max(LIMITS.richText, { message: `must be at most ${LIMITS.richText} characters` })
    .transform((html) => richTextCleaner(html));
/** An image or link address: absolute http(s) or a site-relative path, never javascript: or data:. */
export const urlText = () =>
  z
    .string()
    .trim()
    .max(LIMITS.url)
    .refine((value) => value === '' || /^(https?:\/\/|\/(?!\/))/i.test(value), {
      message: 'must be an http(s) address or a path on this site',
    });

export const list = <T extends z.ZodType>(entry: T) =>
  z.array(entry).max(LIMITS.listEntries, { message: `must have at most ${LIMITS.listEntries} entries` });

/** Fields every content document carries (spec 000 §3, DESIGN §4 for revision). */
export const pageFields = {
  menupageid: z.number().int().positive(),
  commonrouting: z.string().max(100),
  revision: z.number().int().nonnegative(),
};
