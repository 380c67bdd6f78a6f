import { LRUCache } from 'lru-cache';
import sanitizeHtml from 'sanitize-html';

/**
 * The allow-list of DESIGN §6: text formatting, lists, links (http, https, mailto), images from this site,
 * alignment, colour, sizes 1–7. No script, event handler, javascript: URL, iframe, form or style trick.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'span', 'div', 'strong', 'b', 'em', 'i', 'u', 's', 'strike', 'sub', 'sup', 'ul', 'ol', 'li', 'a', 'img', 'h2', 'h3', 'h4', 'blockquote', 'font', 'hr'],
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
    a: (tagName, attribs) => ({ tagName, attribs: attribs.target === '_blank' ? { ...attribs, rel: 'noopener noreferrer' } : attribs }),
  },
};

/** Images only from this site: a site path, or an absolute URL on the public base. */
export function sanitizeRichText(html: string, publicBaseUrl: string): string {
  return sanitizeHtml(html, {
    ...OPTIONS,
    exclusiveFilter: (frame) => frame.tag === 'img' && !isOwnImage(frame.attribs.src ?? '', publicBaseUrl),
    transformTags: {
      ...OPTIONS.transformTags,
      font: (tagName, attribs) => ({ tagName, attribs: { ...attribs, ...(attribs.size && !/^[1-7]$/.test(attribs.size) ? { size: '3' } : {}) } }),
    },
  });
}

function isOwnImage(src: string, base: string): boolean {
  return (src.startsWith('/') && !src.startsWith('//')) || src.startsWith(base);
}

/** The cleaner of one site (its own images allowed), passed to the services that store rich text. */
export type RichTextCleaner = (html: string) => string;

/**
 * An editor's Save sends the whole page, and nearly all of its rich text is what the last save stored, already
 * clean. Cleaning is a pure function of the HTML (and the site's address, fixed per cleaner), so each result
 * is remembered: a save parses only the fields that changed since. Bounded by the characters held (inputs and
 * results).
 */
export function richTextCleaner(publicBaseUrl: string, maxCharacters = 8_000_000): RichTextCleaner {
  const cleaned = new LRUCache<string, string>({ maxSize: maxCharacters, sizeCalculation: (value, key) => Math.max(1, value.length + key.length) });
  return (html) => {
    const known = cleaned.get(html);
    if (known !== undefined) return known;
    const clean = sanitizeRichText(html, publicBaseUrl);
    cleaned.set(html, clean);
    return clean;
  };
}
