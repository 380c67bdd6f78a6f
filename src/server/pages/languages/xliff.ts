import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { ValidationError } from '../../errors';

/**
 * XLIFF 2.0 (OASIS), the file translators' tools read and write (docs/design.md §28): one `<file>` per page, one `<unit>`
 * per text, its `<source>` the default language's words and its `<target>` the translation. Rich text travels as
 * XLIFF 2.0 inline codes (docs/design.md §34): each HTML element a `<pc>` around its content (a `<ph>` for one without,
 * like `<br>`), the tags themselves in the unit's `<originalData>`, so that a translator reads words, and the tool
 * keeps and moves the codes. On import the codes become the tags again, and the server cleans the HTML as every
 * save's.
 */

const XLIFF_NS = 'urn:oasis:names:tc:xliff:document:2.0';

/** How deep a file's elements may nest: an XLIFF file nests a handful deep, rich text inside a target a few more. */
const XLIFF_DEEPEST = 50;

export interface XliffUnit {
  /** The text's place in the page (`slideList.0.heading`). */
  key: string;
  /** The editor's words for it, a note for the translator. */
  label: string;
  /** Its text is rich text (HTML): written with inline codes. */
  rich: boolean;
  source: string;
  /** The translation so far; '' none. */
  target: string;
}

export interface XliffPage<Unit = XliffUnit> {
  routing: string;
  /** The page's public address, for the translator's reference. */
  original: string;
  units: Unit[];
}

export interface XliffFile<Unit = XliffUnit> {
  srcLang: string;
  trgLang: string;
  pages: Array<XliffPage<Unit>>;
}

/**
 * A source or target as the import reads it, both ways, for the service to take the one its text's kind needs:
 * `text`, its words (codes left out); `html`, the words escaped as HTML and each code its tag again.
 */
export interface InlineContent {
  text: string;
  html: string;
}

/** A unit of an imported file. */
export interface ImportedUnit {
  key: string;
  source: InlineContent;
  target: InlineContent;
}

export const XLIFF_MESSAGES = {
  notXml: (reason: string) =>
    `The file is not a well-formed XLIFF file (${reason}). Upload the .xlf file your translator sent back, unchanged but for the translations.`,
  notXliff:
    'The file is not an XLIFF 2.0 file: its root must be <xliff version="2.0">. Export the file from the Translations screen and translate that one.',
  empty: 'The file holds no pages to import.',
  tooDeep: `The file nests its elements more than ${XLIFF_DEEPEST} deep, which an XLIFF file never does. Upload the .xlf file your translator sent back, unchanged but for the translations.`,
  doctype:
    'The file declares a document type or entities, which an XLIFF file never needs: upload the file as exported and translated.',
  source: (file: string, site: string) =>
    `The file is written from ${file}, but this site's default language is ${site}: it was exported from another site.`,
  target: (file: string, url: string) =>
    `The file is a translation into ${file}, not into ${url}. Upload it under its own language.`,
  otherSite: (pages: string[]) =>
    `The file holds pages this site does not have (${pages.slice(0, 5).join(', ')}${pages.length > 5 ? ', …' : ''}): it was exported from another site. Export the file from this site's Translations screen.`,
} as const;

/** An XLIFF id is a name token: a page or text place made of other characters is carried in base64url, marked `u-`. */
const TOKEN = /^[A-Za-z][\w.:-]*$/;
export const xliffId = (value: string) =>
  TOKEN.test(value) && !value.startsWith('u-') ? value : `u-${Buffer.from(value, 'utf8').toString('base64url')}`;
export const fromXliffId = (id: string) =>
  id.startsWith('u-') ? Buffer.from(id.slice(2), 'base64url').toString('utf8') : id;

const xmlText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const xmlAttribute = (text: string) => xmlText(text).replace(/"/g, '&quot;');

/** Elements of HTML that have no content and no end tag: a placeholder (`<ph>`) each. */
const VOID_ELEMENTS = new Set(['br', 'img', 'hr', 'wbr', 'input', 'area', 'col', 'embed', 'source', 'track']);

/** An HTML text's words as plain text: the three escapes the sanitiser writes undone (any other entity stays as written). */
const htmlTextToText = (text: string) => text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
/** Words as HTML text, escaped as the sanitiser escapes them, so that a source round-trips to the very same HTML. */
const textToHtmlText = (text: string) =>
  text
    .replace(/&(?![a-zA-Z0-9#]{1,20};)/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');

/**
 * Rich text (sanitised HTML) as XLIFF 2.0 inline content and the original data its codes refer to: each element a
 * `<pc>` around its content, a void element a `<ph>`. An end tag with no start, or a start never ended, is a `<ph>`.
 */
export function toInline(html: string): { content: string; data: Array<{ id: string; value: string }> } {
  const out: string[] = [];
  const data: Array<{ id: string; value: string }> = [];
  const open: Array<{ at: number; id: number; start: string; tag: string }> = [];
  let codes = 0;
  const dataOf = (value: string) => {
    const id = `d${data.length + 1}`;
    data.push({ id, value });
    return id;
  };
  for (const match of html.matchAll(/<(\/?)([a-zA-Z][a-zA-Z0-9]*)\b[^>]*>|[^<]+|</g)) {
    const [whole, closing, name] = match;
    if (name === undefined) {
      out.push(xmlText(htmlTextToText(whole)));
      continue;
    }
    const tag = name.toLowerCase();
    if (!closing && !VOID_ELEMENTS.has(tag) && !whole.endsWith('/>')) {
      codes += 1;
      open.push({ at: out.length, id: codes, start: dataOf(whole), tag });
      out.push('');
      continue;
    }
    const pair = closing ? open.findLastIndex((element) => element.tag === tag) : -1;
    if (pair === -1) {
      codes += 1;
      out.push(`<ph id="${codes}" dataRef="${dataOf(whole)}"/>`);
      continue;
    }
    // Elements opened inside and never closed become placeholders where they started.
    for (const unclosed of open.splice(pair + 1))
      out[unclosed.at] = `<ph id="${unclosed.id}" dataRef="${unclosed.start}"/>`;
    const element = open.pop()!;
    out[element.at] = `<pc id="${element.id}" dataRefStart="${element.start}" dataRefEnd="${dataOf(whole)}">`;
    out.push('</pc>');
  }
  for (const unclosed of open) out[unclosed.at] = `<ph id="${unclosed.id}" dataRef="${unclosed.start}"/>`;
  return { content: out.join(''), data };
}

/** The file of a language's texts. */
export function buildXliff(file: XliffFile): string {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<xliff xmlns="${XLIFF_NS}" version="2.0" srcLang="${xmlAttribute(file.srcLang)}" trgLang="${xmlAttribute(file.trgLang)}">`,
  ];
  for (const page of file.pages) {
    lines.push(`  <file id="${xmlAttribute(xliffId(page.routing))}" original="${xmlAttribute(page.original)}">`);
    for (const unit of page.units) {
      const source = unit.rich ? toInline(unit.source) : { content: xmlText(unit.source), data: [] };
      const target =
        unit.target === '' ? null : unit.rich ? toInline(unit.target) : { content: xmlText(unit.target), data: [] };
      lines.push(`    <unit id="${xmlAttribute(xliffId(unit.key))}" name="${xmlAttribute(unit.key)}">`);
      lines.push(`      <notes>`, `        <note>${xmlText(unit.label)}</note>`, `      </notes>`);
      // The target's codes refer to data of their own (its tags may differ from the source's): numbered after the source's.
      const targetData = (target?.data ?? []).map((entry, index) => ({ ...entry, id: `t${index + 1}` }));
      const targetContent = target ? target.content.replace(/dataRef(Start|End)?="d(\d+)"/g, 'dataRef$1="t$2"') : '';
      const original = [...source.data, ...targetData];
      if (original.length > 0) {
        lines.push('      <originalData>');
        for (const entry of original) lines.push(`        <data id="${entry.id}">${xmlText(entry.value)}</data>`);
        lines.push('      </originalData>');
      }
      lines.push(`      <segment state="${target ? 'translated' : 'initial'}">`);
      lines.push(`        <source>${source.content}</source>`);
      if (target) lines.push(`        <target>${targetContent}</target>`);
      lines.push('      </segment>', '    </unit>');
    }
    lines.push('  </file>');
  }
  lines.push('</xliff>');
  return `${lines.join('\n')}\n`;
}

/** How the parser reads a file (plain data, for the worker too); `file`, `unit` and `segment` are always lists. */
const PARSER_OPTIONS = {
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  processEntities: true,
  maxNestedTags: XLIFF_DEEPEST,
  // A source's and a target's content is read as written: words and inline codes in their order (fromInline).
  stopNodes: ['*.source', '*.target'],
} as const;
const LIST_ELEMENTS = ['file', 'unit', 'segment', 'data'];

/**
 * The worker that reads a file (docs/design.md §34: imports never stall the site): fast-xml-parser reads 2 MB in one
 * synchronous call of seconds, which on the event loop's thread would keep every other request waiting. Plain
 * JavaScript evaluated as CommonJS, as the WAL checkpointer's is: it needs no build of its own.
 */
const PARSER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { XMLParser, XMLValidator } = require(workerData.library);
const valid = XMLValidator.validate(workerData.text);
if (valid !== true) parentPort.postMessage({ invalid: valid.err.msg.replace(/\\.$/, '') + ', line ' + valid.err.line });
else {
  try {
    const parser = new XMLParser({ ...workerData.options, isArray: (name) => workerData.lists.includes(name) });
    parentPort.postMessage({ tree: parser.parse(workerData.text) });
  } catch (error) {
    parentPort.postMessage({ failed: String(error && error.message) });
  }
}
`;

type ParsedTree = { invalid: string } | { failed: string } | { tree: { xliff?: Record<string, unknown> } };

/** The file's tree as the parser gives it, read in a worker thread; or why it cannot be read. */
function parseInWorker(text: string): Promise<ParsedTree> {
  const library = createRequire(import.meta.url).resolve('fast-xml-parser');
  return new Promise((resolve, reject) => {
    const worker = new Worker(PARSER_SOURCE, {
      eval: true,
      workerData: { library, text, options: PARSER_OPTIONS, lists: LIST_ELEMENTS },
    });
    worker.once('message', (parsed: ParsedTree) => {
      resolve(parsed);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

/**
 * A translated file as the import reads it: its languages and, per page, each unit's source and target (words and
 * HTML, `InlineContent`). A file that is not well-formed XML (cut short, edited by hand), nested too deep or not
 * XLIFF 2.0 is a 400 with a sentence. Its units are read a page at a time, other requests answered between.
 */
export async function parseXliff(text: string): Promise<XliffFile<ImportedUnit>> {
  // An XLIFF file needs no document type: one that declares entities is refused before any is expanded.
  if (/<!(DOCTYPE|ENTITY)/i.test(text)) throw new ValidationError(XLIFF_MESSAGES.doctype);
  const parsed = await parseInWorker(text);
  if ('invalid' in parsed) throw new ValidationError(XLIFF_MESSAGES.notXml(parsed.invalid));
  if ('failed' in parsed)
    throw new ValidationError(
      /nested/i.test(parsed.failed) ? XLIFF_MESSAGES.tooDeep : XLIFF_MESSAGES.notXml(parsed.failed.replace(/\.$/, '')),
    );
  const root = parsed.tree.xliff;
  if (!root || root['@_version'] !== '2.0') throw new ValidationError(XLIFF_MESSAGES.notXliff);
  const files = (root.file as Array<Record<string, unknown>> | undefined) ?? [];
  const pages: Array<XliffPage<ImportedUnit>> = [];
  for (const file of files) {
    await new Promise((resolve) => setImmediate(resolve));
    const units = ((file.unit as Array<Record<string, unknown>> | undefined) ?? []).map((unit) => {
      const segments = (unit.segment as Array<Record<string, unknown>> | undefined) ?? [];
      const entries = ((unit.originalData as { data?: unknown[] } | undefined)?.data ?? []) as Array<
        Record<string, unknown>
      >;
      const data = new Map(entries.map((entry) => [String(entry['@_id'] ?? ''), textOf(entry)]));
      const read = (part: 'source' | 'target') =>
        joined(segments.map((segment) => fromInline(textOf(segment[part]), data)));
      return { key: fromXliffId(String(unit['@_id'] ?? '')), source: read('source'), target: read('target') };
    });
    pages.push({ routing: fromXliffId(String(file['@_id'] ?? '')), original: String(file['@_original'] ?? ''), units });
  }
  return { srcLang: String(root['@_srcLang'] ?? ''), trgLang: String(root['@_trgLang'] ?? ''), pages };
}

const joined = (parts: InlineContent[]): InlineContent => ({
  text: parts.map((p) => p.text).join(''),
  html: parts.map((p) => p.html).join(''),
});

/** XML's escapes undone in a text read as written. */
const XML_ESCAPES: Readonly<Record<string, string>> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
const unescapeXml = (text: string) =>
  text.replace(/&(#x[0-9a-fA-F]+|#\d+|lt|gt|amp|quot|apos);/g, (whole, name: string) => {
    if (!name.startsWith('#')) return XML_ESCAPES[name] ?? whole;
    const code = name[1] === 'x' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
  });

/** Inline elements whose words a translator's tool may put in a target: annotations and the like, their content kept. */
const CODES_WITH_DATA = new Set(['pc', 'ph', 'sc', 'ec']);
/** How deep a source or target may nest its inline elements, with the five elements around it. */
const INLINE_DEEPEST = XLIFF_DEEPEST - 5;

/**
 * A source's or a target's content as written (XML: words and inline codes) read both as words and as HTML: a
 * `<pc>` becomes its start tag, its content and its end tag, a `<ph>` (`<sc>`, `<ec>`) its tag, from the unit's
 * original data; a code without data, and any other element (`<mrk>`), gives its content only.
 */
export function fromInline(content: string, data: ReadonlyMap<string, string>): InlineContent {
  let text = '';
  let html = '';
  const open: Array<string | undefined> = [];
  const attribute = (attributes: string, name: string) =>
    new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`)
      .exec(attributes)
      ?.slice(1)
      .find((v) => v !== undefined);
  const code = (attributes: string, name: string) => {
    const id = attribute(attributes, name);
    return id === undefined ? '' : (data.get(unescapeXml(id)) ?? '');
  };
  for (const match of content.matchAll(
    /<!\[CDATA\[([\s\S]*?)\]\]>|<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<(\/?)([\w:.-]+)([^>]*?)(\/?)>|[^<]+|</g,
  )) {
    const [whole, cdata, closing, name, attributes = '', empty] = match;
    if (name === undefined) {
      if (whole.startsWith('<!--') || whole.startsWith('<?')) continue;
      const words = cdata ?? unescapeXml(whole);
      text += words;
      html += textToHtmlText(words);
      continue;
    }
    const local = name.replace(/^.*:/, '');
    if (closing) {
      html += open.pop() ?? '';
      continue;
    }
    if (empty) {
      if (CODES_WITH_DATA.has(local)) html += code(attributes, 'dataRef');
      continue;
    }
    if (open.length >= INLINE_DEEPEST) throw new ValidationError(XLIFF_MESSAGES.tooDeep);
    const paired = local === 'pc';
    html += paired ? code(attributes, 'dataRefStart') : '';
    open.push(paired ? code(attributes, 'dataRefEnd') : '');
  }
  return { text, html };
}

/** An element's text as the parser gives it: a string, or an object with its text under `#text` (attributes beside). */
function textOf(node: unknown): string {
  if (node === undefined || node === null) return '';
  if (typeof node === 'string') return node;
  if (typeof node === 'object' && '#text' in node) return String((node as { '#text': unknown })['#text']);
  return '';
}
