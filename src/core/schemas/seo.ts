import { z } from 'zod';
import { siteRelativeImageAddress } from '../media/image-names';
import { untranslated } from './translatable';

/**
 * A page's own title, description and sharing image (docs/design.md §20), edited under "Search and sharing". Empty
 * means the default: "<page name> · <company name>", the page's first paragraph, the company's logo.
 */
export const SEO_LIMITS = { title: 70, titleHint: 60, description: 160, descriptionHint: 150 } as const;

export const SeoSchema = z.strictObject({
  title: z
    .string()
    .trim()
    .max(SEO_LIMITS.title, { message: `must be at most ${SEO_LIMITS.title} characters` })
    .default(''),
  description: z
    .string()
    .trim()
    .max(SEO_LIMITS.description, { message: `must be at most ${SEO_LIMITS.description} characters` })
    .default(''),
  // An uploaded image (a path on this site, whatever host it was sent with: docs/design.md §24) or an address
  // elsewhere; never javascript: or data:.
  image: untranslated(
    z
      .string()
      .trim()
      .overwrite(siteRelativeImageAddress)
      .max(2_000)
      .refine((value) => value === '' || /^(https?:\/\/|\/(?!\/))/i.test(value), {
        message: 'must be an http(s) address or a path on this site',
      }),
  ).default(''),
});
export type Seo = z.infer<typeof SeoSchema>;

export const EMPTY_SEO: Seo = { title: '', description: '', image: '' };

/** The words the editor and the compare view use for the seo fields. */
export const SEO_LABELS = { title: 'Search title', description: 'Search description', image: 'Sharing image' } as const;

/** The title a page has when its own is empty: "<page name> · <company name>". */
export function defaultSeoTitle(pageName: string, companyName: string): string {
  return `${pageName} · ${companyName}`;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

/** Rich text or plain text as one line of plain text: tags dropped, common entities read, spaces collapsed. */
export function plainText(html: string): string {
  return html
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(
      /&(#?\w+);/g,
      (whole, name: string) =>
        ENTITIES[name.toLowerCase()] ?? (name.startsWith('#') ? (safeCodePoint(name.slice(1)) ?? whole) : whole),
    )
    .replace(/\s+/g, ' ')
    .trim();
}

function safeCodePoint(code: string): string | null {
  const n =
    code.startsWith('x') || code.startsWith('X') ? Number.parseInt(code.slice(1), 16) : Number.parseInt(code, 10);
  return Number.isInteger(n) && n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : null;
}

/** A text cut to at most `max` characters at a word's end, with an ellipsis when cut. */
export function shortenText(text: string, max: number = SEO_LIMITS.description): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.\u2013-]+$/, '')}…`;
}
