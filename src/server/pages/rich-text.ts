import { LRUCache } from 'lru-cache';
import sanitizeHtml from 'sanitize-html';
import { siteRelativeImageAddress } from '../../core/media/image-names';

/**
 * The allow-list of docs/design.md §6: text formatting, lists, links (http, https, mailto), images from this site,
 * alignment, colour, sizes 1–7. No script, event handler, javascript: URL, iframe, form or style trick.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'span',
    'div',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'strike',
    'sub',
    'sup',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'h2',
    'h3',
    'h4',
    'blockquote',
    'font',
    'hr',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    font: ['size', 'color'],
    '*': ['style'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https', 'http'] },
  allowProtocolRelative: false,
  allowedStyles: {
    '*': {
      'text-align': [/^(left|right|center|justify)$/],
      color: [/^#[0-9a-f]{3,6}$/i, /^rgb\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*\)$/],
      'padding-left': [/^\d{1,3}(px|em)$/],
      'margin-left': [/^\d{1,3}(px|em)$/],
    },
  },
  allowedClasses: {},
  transformTags: {
    // Links that open a new tab cannot reach back into this page.
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target === '_blank' ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
    }),
  },
};

/**
 * Images only from this site, stored as paths (docs/design.md §24): an upload's absolute address (any host: the site may
 * have moved) and any address on the public base become the path; what is then not a path of this site goes.
 */
export function sanitizeRichText(html: string, publicBaseUrl: string): string {
  const origin = new URL(publicBaseUrl).origin;
  return sanitizeHtml(html, {
    ...OPTIONS,
    exclusiveFilter: (frame) => frame.tag === 'img' && !isSitePath(frame.attribs.src ?? ''),
    transformTags: {
      ...OPTIONS.transformTags,
      img: (tagName, attribs) => ({
        tagName,
        attribs: attribs.src === undefined ? attribs : { ...attribs, src: sitePathOf(attribs.src, origin) },
      }),
      font: (tagName, attribs) => ({
        tagName,
        attribs: { ...attribs, ...(attribs.size && !/^[1-7]$/.test(attribs.size) ? { size: '3' } : {}) },
      }),
    },
  });
}

/** An image address as stored: an upload's path, a path on this site for an address on its public base, else as given. */
function sitePathOf(src: string, origin: string): string {
  const relative = siteRelativeImageAddress(src.trim());
  if (!/^https?:/i.test(relative)) return relative;
  try {
    const url = new URL(relative);
    return url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : relative;
  } catch {
    return relative;
  }
}

const isSitePath = (src: string): boolean => src.startsWith('/') && !src.startsWith('//');

/** The cleaner of one site (its own images allowed), passed to the services that store rich text. */
export type RichTextCleaner = (html: string) => string;

/**
 * An editor's Save sends the whole page, and nearly all of its rich text is what the last save stored, already
 * clean. Cleaning is a pure function of the HTML (and the site's address, fixed per cleaner), so each result
 * is remembered: a save parses only the fields that changed since. Bounded by the characters held (inputs and
 * results).
 */
export function richTextCleaner(publicBaseUrl: string, maxCharacters = 8_000_000): RichTextCleaner {
  const cleaned = new LRUCache<string, string>({
    maxSize: maxCharacters,
    sizeCalculation: (value, key) => Math.max(1, value.length + key.length),
  });
  return (html) => {
    const known = cleaned.get(html);
    if (known !== undefined) return known;
    const clean = sanitizeRichText(html, publicBaseUrl);
    cleaned.set(html, clean);
    return clean;
  };
}

/** An accented heading's allow-list (docs/design.md §34): bare spans, nothing else; the words of any other tag stay. */
const ACCENT_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['span'],
  allowedAttributes: {},
  allowedClasses: {},
  allowedStyles: {},
  disallowedTagsMode: 'discard',
};

/**
 * Accented headings cleaned before, as rich text is (richTextCleaner): a save sends every heading of the page again,
 * nearly always as the last save stored it. The same for every site (no address in it); bounded by characters held.
 */
const cleanedAccents = new LRUCache<string, string>({
  maxSize: 1_000_000,
  sizeCalculation: (value, key) => Math.max(1, value.length + key.length),
});

/**
 * An accented heading as stored: its text, escaped, with bare `<span>` around the accented words, on one line (a
 * line break or a tab is a space). No attribute, no other tag: what the accent editor makes, whatever was sent.
 */
export function cleanAccentText(html: string): string {
  const known = cleanedAccents.get(html);
  if (known !== undefined) return known;
  const clean = sanitizeHtml(html, ACCENT_OPTIONS)
    .replace(/[\t\r\n]+/g, ' ')
    .trim();
  cleanedAccents.set(html, clean);
  return clean;
}
