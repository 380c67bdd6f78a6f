import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { XMLBuilder } from 'fast-xml-parser';
import { ValidationError } from '../errors';

/**
 * XLIFF 2.0 (OASIS), the file translators' tools read and write (docs/design.md §28): one `<file>` per page, one `<unit>`
 * per text, its `<source>` the default language's words and its `<target>` the translation. Rich text travels as
 * its HTML, escaped as text (every tool keeps it; the server cleans it again on import).
 */

const XLIFF_NS = 'urn:oasis:names:tc:xliff:document:2.0';

/** How deep a file's elements may nest: an XLIFF file nests a handful deep, rich text inside a target a few more. */
const XLIFF_DEEPEST = 50;

export interface XliffUnit {
  /** The text's place in the page (`slideList.0.heading`). */
  key: string;
  /** The editor's words for it, a note for the translator. */
  label: string;
  source: string;
  /** The translation so far; '' none. */
  target: string;
}

export interface XliffPage {
  routing: string;
  /** The page's public address, for the translator's reference. */
  original: string;
  units: XliffUnit[];
}

export interface XliffFile {
  srcLang: string;
  trgLang: string;
  pages: XliffPage[];
}

export const XLIFF_MESSAGES = {
  notXml: (reason: string) => `The file is not a well-formed XLIFF file (${reason}). Upload the .xlf file your translator sent back, unchanged but for the translations.`,
  notXliff: 'The file is not an XLIFF 2.0 file: its root must be <xliff version="2.0">. Export the file from the Translations screen and translate that one.',
  empty: 'The file holds no pages to import.',
  tooDeep: `The file nests its elements more than ${XLIFF_DEEPEST} deep, which an XLIFF file never does. Upload the .xlf file your translator sent back, unchanged but for the translations.`,
  doctype: 'The file declares a document type or entities, which an XLIFF file never needs: upload the file as exported and translated.',
  source: (file: string, site: string) => `The file is written from ${file}, but this site's default language is ${site}: it was exported from another site.`,
  target: (file: string, url: string) => `The file is a translation into ${file}, not into ${url}. Upload it under its own language.`,
  otherSite: (pages: string[]) => `The file holds pages this site does not have (${pages.slice(0, 5).join(', ')}${pages.length > 5 ? ', …' : ''}): it was exported from another site. Export the file from this site's Translations screen.`,
} as const;

/** An XLIFF id is a name token: a page or text place made of other characters is carried in base64url, marked `u-`. */
const TOKEN = /^[A-Za-z][\w.:-]*$/;
export const xliffId = (value: string) => (TOKEN.test(value) && !value.startsWith('u-') ? value : `u-${Buffer.from(value, 'utf8').toString('base64url')}`);
export const fromXliffId = (id: string) => (id.startsWith('u-') ? Buffer.from(id.slice(2), 'base64url').toString('utf8') : id);

/** The file of a language's texts. */
export function buildXliff(file: XliffFile): string {
  const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', format: true, indentBy: '  ', suppressEmptyNode: false });
  const body = builder.build({
    xliff: {
      '@_xmlns': XLIFF_NS,
      '@_version': '2.0',
      '@_srcLang': file.srcLang,
      '@_trgLang': file.trgLang,
      file: file.pages.map((page) => ({
        '@_id': xliffId(page.routing),
        '@_original': page.original,
        unit: page.units.map((unit) => ({
          '@_id': xliffId(unit.key),
          '@_name': unit.key,
          notes: { note: unit.label },
          segment: {
            '@_state': unit.target === '' ? 'initial' : 'translated',
            source: unit.source,
            ...(unit.target === '' ? {} : { target: unit.target }),
          },
        })),
      })),
    },
  }) as string;
  return `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;
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
} as const;
const LIST_ELEMENTS = ['file', 'unit', 'segment'];

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
    const worker = new Worker(PARSER_SOURCE, { eval: true, workerData: { library, text, options: PARSER_OPTIONS, lists: LIST_ELEMENTS } });
    worker.once('message', (parsed: ParsedTree) => {
      resolve(parsed);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

/**
 * A translated file as the import reads it: its languages and, per page, each unit's source and target. A file
 * that is not well-formed XML (cut short, edited by hand), nested too deep or not XLIFF 2.0 is a 400 with a
 * sentence.
 */
export async function parseXliff(text: string): Promise<XliffFile> {
  // An XLIFF file needs no document type: one that declares entities is refused before any is expanded.
  if (/<!(DOCTYPE|ENTITY)/i.test(text)) throw new ValidationError(XLIFF_MESSAGES.doctype);
  const parsed = await parseInWorker(text);
  if ('invalid' in parsed) throw new ValidationError(XLIFF_MESSAGES.notXml(parsed.invalid));
  if ('failed' in parsed) throw new ValidationError(/nested/i.test(parsed.failed) ? XLIFF_MESSAGES.tooDeep : XLIFF_MESSAGES.notXml(parsed.failed.replace(/\.$/, '')));
  const root = parsed.tree.xliff;
  if (!root || root['@_version'] !== '2.0') throw new ValidationError(XLIFF_MESSAGES.notXliff);
  const files = (root.file as Array<Record<string, unknown>> | undefined) ?? [];
  return {
    srcLang: String(root['@_srcLang'] ?? ''),
    trgLang: String(root['@_trgLang'] ?? ''),
    pages: files.map((file) => ({
      routing: fromXliffId(String(file['@_id'] ?? '')),
      original: String(file['@_original'] ?? ''),
      units: ((file.unit as Array<Record<string, unknown>> | undefined) ?? []).map((unit) => {
        const segments = (unit.segment as Array<Record<string, unknown>> | undefined) ?? [];
        return {
          key: fromXliffId(String(unit['@_id'] ?? '')),
          label: '',
          source: segments.map((s) => textOf(s.source)).join(''),
          target: segments.map((s) => textOf(s.target)).join(''),
        };
      }),
    })),
  };
}

/** An element's text as the parser gives it: a string, or an object with its text under `#text` (attributes beside). */
function textOf(node: unknown): string {
  if (node === undefined || node === null) return '';
  if (typeof node === 'string') return node;
  if (typeof node === 'object' && '#text' in node) return String((node as { '#text': unknown })['#text']);
  return '';
}
