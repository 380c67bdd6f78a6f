import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { LabelTree } from '../../core/content/common/content-page';
import type { AutowiredDocument } from '../../core/page-defs/autowired-document';
import { CONTENT_PAGES, type ContentPageKey } from '../../core/pages';
import type { PublicPageData, PublicParameter } from '../../core/public-page';
import { pageFields } from '../../core/schemas/fields';
import { CONTENT_PAGE_DEFINITIONS, DEMO_CONTENT } from '../../core/schemas/page-content';
import { renderPublicBody } from '../entry-server';
import { FieldMarksProvider, useFieldMark } from './field-marks';

/** Field marks (docs/design.md §26): every element of a preview that shows a field carries its path; public pages none. */

const SITE = {
  menu: [],
  company: {
    name: 'Innovo Software Pvt. Ltd.',
    email: 'info@example.in',
    phone: '+91 20 1234 5678',
    tagline: 'Software',
    logo: '',
  },
  copyrightYear: 2026,
};
const PREVIEW = { preview: { editorPath: '/Editor' } };

const demo = (key: ContentPageKey) => ({ ...DEMO_CONTENT[key], revision: 1 }) as Record<string, unknown>;

function pageData(key: ContentPageKey, preview: boolean): PublicPageData {
  const page = CONTENT_PAGES.find((p) => p.key === key)!;
  return {
    ...SITE,
    pageKey: key,
    path: page.publicPath,
    pageName: page.name,
    content: demo(key) as PublicPageData['content'],
    ...(preview ? PREVIEW : {}),
  };
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&#x27;': "'", '&lt;': '<', '&gt;': '>' };
/** Every field path the HTML marks, in order (with repeats: an image's cell and its <img> both carry it). */
const marksIn = (html: string) =>
  [...html.matchAll(/ data-folio-field="([^"]*)"/g)].map((m) =>
    m[1]!.replace(/&(?:amp|quot|#x27|lt|gt);/g, (e) => ENTITIES[e]!),
  );
const withoutMarks = (html: string) => html.replace(/ data-folio-field="[^"]*"/g, '');
const withoutPreviewBar = (html: string) =>
  html
    .replace(/<aside class="preview-bar"[\s\S]*?<\/aside>/, '')
    // A preview names its header and main apart from the staff app's around the editor's pane.
    .replace(' aria-label="Previewed site header"', '')
    .replace(' aria-label="Previewed page"', '');

/** The fields every document carries (revision, seo, publishing): set by the server, none shown in the page's body. */
const PAGE_FIELDS = new Set(Object.keys(pageFields));

/**
 * Fields of the built-in pages that no element shows, so that no mark names them:
 * - a slide's `alt` (Home, Bespoke): the image's alternative text, an attribute of the slide's <img>, which is
 *   marked with the image's path.
 * - `seo.*` (a page field): the page's title and description go in the <head>, not in the page's body.
 */
const NOT_SHOWN: readonly RegExp[] = [/^(slideList|slidelst)\.\d+\.alt$/];

/** The path of every string and number the document holds (not the page fields, not empty strings: not shown). */
function leafPaths(value: unknown, path: string[] = []): string[] {
  if (Array.isArray(value)) return value.flatMap((entry, index) => leafPaths(entry, [...path, String(index)]));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, entry]) =>
      path.length === 0 && PAGE_FIELDS.has(key) ? [] : leafPaths(entry, [...path, key]),
    );
  }
  if (typeof value === 'number' || (typeof value === 'string' && value.trim() !== '')) return [path.join('.')];
  return [];
}

/** The value at a dotted path, or undefined. */
function at(document: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (node, key) => (node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined),
      document,
    );
}

/** Every field of a page's schema, as a pattern over paths (`skillList.*.skillName`), from the editor's labels. */
function fieldPatterns(labels: LabelTree, prefix = ''): string[] {
  return Object.entries(labels).flatMap(([name, label]) =>
    typeof label === 'string' ? [`${prefix}${name}`] : fieldPatterns(label.fields, `${prefix}${name}.*.`),
  );
}
const matches = (pattern: string, path: string) =>
  new RegExp(`^${pattern.replace(/\./g, '\\.').replace(/\*/g, '\\d+')}$`).test(path);

describe('useFieldMark', () => {
  function Probe({ path }: { path?: string }) {
    const mark = useFieldMark();
    return <h2 {...mark(path)}>x</h2>;
  }

  it('marks nothing by default, nor when told off', () => {
    expect(renderToStaticMarkup(<Probe path="exprtshead" />)).toBe('<h2>x</h2>');
    expect(
      renderToStaticMarkup(
        <FieldMarksProvider on={false}>
          <Probe path="exprtshead" />
        </FieldMarksProvider>,
      ),
    ).toBe('<h2>x</h2>');
  });

  it('marks the element with the path when on, and nothing without a path', () => {
    expect(
      renderToStaticMarkup(
        <FieldMarksProvider on>
          <Probe path="skillList.2.skillName" />
          <Probe />
        </FieldMarksProvider>,
      ),
    ).toBe('<h2 data-folio-field="skillList.2.skillName">x</h2><h2>x</h2>');
  });
});

describe.each(CONTENT_PAGES.map((p) => p.key))('the %s page', (key) => {
  it('marks, in a preview, every field of its demo document that it shows, and no path the document lacks', async () => {
    const html = await renderPublicBody(pageData(key, true));
    const marked = new Set(marksIn(html));
    const shown = leafPaths(demo(key)).filter((path) => !NOT_SHOWN.some((pattern) => pattern.test(path)));
    expect(shown.filter((path) => !marked.has(path))).toEqual([]);
    const leaf = (path: string) => ['string', 'number'].includes(typeof at(demo(key), path));
    expect([...marked].filter((path) => !leaf(path))).toEqual([]);
  });

  it('marks every field of its schema (its demo document fills them all)', async () => {
    const marked = marksIn(await renderPublicBody(pageData(key, true)));
    const patterns = fieldPatterns(CONTENT_PAGE_DEFINITIONS[key].labels as LabelTree);
    const unmarked = patterns.filter((pattern) => !marked.some((path) => matches(pattern, path)));
    expect(unmarked.filter((pattern) => !NOT_SHOWN.some((re) => re.test(pattern.replace(/\*/g, '0'))))).toEqual([]);
  });

  it('carries no mark as a public page, and its preview differs from it only by the marks, the bar and the names of its landmarks', async () => {
    const publicHtml = await renderPublicBody(pageData(key, false));
    expect(publicHtml).not.toContain('data-folio-field');
    const preview = await renderPublicBody(pageData(key, true));
    expect(preview).toContain('data-folio-field');
    expect(withoutPreviewBar(withoutMarks(preview))).toBe(publicHtml);
  });
});

describe('a page made without code', () => {
  const parameter = (
    name: string,
    type: string,
    level: 'Header' | 'Detail',
    more: Partial<PublicParameter> = {},
  ): PublicParameter => ({
    name,
    type,
    unittype: type === 'Checkbox' ? 'Boolean' : 'String',
    level,
    yes: '',
    no: '',
    decimalplaces: null,
    showName: true,
    heading: false,
    ...more,
  });
  const header = [
    parameter('Title', 'Textarea', 'Header'),
    parameter('About us', 'Richtext', 'Header'),
    parameter('Logo', 'Image', 'Header'),
    parameter('Photo', 'Image', 'Header'),
    parameter('Left empty', 'Textarea', 'Header'),
  ];
  const shortColumns = [
    parameter('Joining date', 'Date', 'Detail'),
    parameter('Salary', 'number', 'Detail', { decimalplaces: 2 }),
    parameter('Open', 'Checkbox', 'Detail', { yes: 'Open', no: 'Closed' }),
  ];
  const document = (rows: AutowiredDocument['rows']): AutowiredDocument => ({
    header: {
      Title: 'Careers at Innovo',
      'About us': '<p>We hire</p>',
      Logo: '/demo/logo.svg',
      Photo: '/uploads/photos/page13/0123456789abcdef01234567_640x480.png',
      'Left empty': '',
    },
    rows,
    revision: 3,
  });
  const render = (content: AutowiredDocument, parameters: PublicParameter[], preview: boolean) =>
    renderPublicBody({
      ...SITE,
      pageKey: 'autowired',
      path: '/Careers1',
      pageName: 'Careers',
      content,
      autowired: { title: 'Careers', parameters },
      ...(preview ? PREVIEW : {}),
    });

  const HEADER_MARKS = [
    'document.header.Title',
    'document.header.About us',
    // An image's cell and its own <img>.
    'document.header.Logo',
    'document.header.Logo',
    'document.header.Photo',
    'document.header.Photo',
  ];

  it('marks header values and each entry by its index in the document, an empty entry in the middle left out (a table)', async () => {
    const rows = [
      { 'Joining date': '2026-01-05', Salary: 1200.5, Open: true },
      { 'Joining date': '', Salary: null, Open: null },
      { 'Joining date': '2026-03-01', Salary: '900', Open: false },
    ];
    const html = await render(document(rows), [...header, ...shortColumns], true);
    expect(html).toContain('<table');
    expect(marksIn(html)).toEqual([
      ...HEADER_MARKS,
      'document.rows.0.Joining date',
      'document.rows.0.Salary',
      'document.rows.0.Open',
      'document.rows.2.Joining date',
      'document.rows.2.Salary',
      'document.rows.2.Open',
    ]);
    expect(html).toContain('<td data-label="Salary" data-folio-field="document.rows.2.Salary">900.00</td>');
    expect(html).toMatch(
      /<img [^>]*src="\/uploads\/photos\/page13\/[^"]*"[^>]* data-folio-field="document.header.Photo"\/>/,
    );
  });

  it('marks each value of an entry shown as a card with the entry’s index in the document', async () => {
    const columns = [...shortColumns, parameter('Notes', 'Textarea', 'Detail')];
    const rows: AutowiredDocument['rows'] = [
      { Notes: 'n'.repeat(100), Salary: 10 },
      {},
      { Notes: '<p> </p>' },
      { 'Joining date': '2026-02-02', Notes: 'Short' },
    ];
    const html = await render(document(rows), [...header, ...columns], true);
    expect(html).not.toContain('<table');
    expect(marksIn(html)).toEqual([
      ...HEADER_MARKS,
      'document.rows.0.Salary',
      'document.rows.0.Notes',
      'document.rows.3.Joining date',
      'document.rows.3.Notes',
    ]);
  });

  it('carries no mark as a public page', async () => {
    const rows: AutowiredDocument['rows'] = [{ 'Joining date': '2026-01-05' }, {}, { Salary: 3 }];
    const publicHtml = await render(document(rows), [...header, ...shortColumns], false);
    expect(publicHtml).not.toContain('data-folio-field');
    const preview = await render(document(rows), [...header, ...shortColumns], true);
    expect(withoutPreviewBar(withoutMarks(preview))).toBe(publicHtml);
  });
});
