import sanitizeHtml from 'sanitize-html';

/**
 * Rich text as Compare weighs it (docs/design.md §24: compare shows only real changes). Two texts that a visitor sees
 * the same are equal here: the editor's `<br>` and the cleaner's `<br />`, attributes in any order, `&nbsp;`
 * and U+00A0, `<b>` and `<strong>`, whitespace between blocks, the rel the cleaner adds to a link. Only for comparing: what is stored and shown
 * stays as it was saved.
 */

/** Attributes that change nothing a visitor sees (the cleaner adds rel to links that open a new tab). */
const UNSEEN_ATTRIBUTES: ReadonlySet<string> = new Set(['rel']);

/** Tags that look the same as another: compared as that one. */
const SAME_AS: Readonly<Record<string, string>> = { b: 'strong', i: 'em', strike: 's' };

/** Elements that start on a line of their own: whitespace next to their tags shows nothing. */
const BLOCKS = [
  'address',
  'blockquote',
  'br',
  'dd',
  'div',
  'dl',
  'dt',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'li',
  'ol',
  'p',
  'pre',
  'table',
  'tbody',
  'td',
  'th',
  'thead',
  'tr',
  'ul',
];
const NEXT_TO_BLOCK = new RegExp(` ?(</?(?:${BLOCKS.join('|')})\\b[^>]*>) ?`, 'gi');

/** Any run of HTML whitespace (not U+00A0, which is a visible, unbreakable space). */
const HTML_SPACE = /[ \t\n\r\f]+/g;

/**
 * The parse and serialisation is the sanitiser's own (htmlparser2 behind sanitize-html): every tag and
 * attribute is kept (this runs on stored, already cleaned text, and its result is never shown), tag names lower
 * case, attributes sorted, entities decoded and written one way, void elements written one way.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: false,
  allowedAttributes: false,
  allowVulnerableTags: true,
  parser: { lowerCaseTags: true, lowerCaseAttributeNames: true, decodeEntities: true },
  transformTags: {
    '*': (tagName, attribs) => ({
      tagName: SAME_AS[tagName] ?? tagName,
      attribs: Object.fromEntries(
        Object.entries(attribs)
          .filter(([name]) => !UNSEEN_ATTRIBUTES.has(name))
          .map(([name, value]) => [name, value.trim().replace(HTML_SPACE, ' ')] as const)
          .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
      ),
    }),
  },
};

export function comparableMarkup(html: string): string {
  return sanitizeHtml(html, OPTIONS).replace(HTML_SPACE, ' ').replace(NEXT_TO_BLOCK, '$1').trim();
}
