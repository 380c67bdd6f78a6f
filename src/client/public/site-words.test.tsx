// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { CONTENT_PAGES, type ContentPageKey } from '../../core/pages';
import type { PublicPageData } from '../../core/public-page';
import { DEMO_CONTENT } from '../../core/schemas/page-content';
import { FORM_WORD_TEXTS } from '../../core/forms/form-words';
import { CONTACT_FORM_WORDS, ownWordUnits } from '../../core/site-texts';
import { SITE_WORDS, sayWord, type SiteWordKey } from '../../core/site-words';
import { renderPublicBody } from '../entry-server';

/**
 * Every word visitors read is a site text (docs/design.md §34). Each public page is rendered with every site word and
 * every contact form word replaced by a marker; what is left of its text (and of what screen readers read: aria-label,
 * alt, title) must then come from the page's content, the menu or the company's details. A word written into a
 * component instead of a site text fails here.
 */

const COMPANY = {
  name: 'Kestrel Systeme GmbH',
  email: 'hallo@kestrel.example',
  phone: '+49 30 1234567',
  tagline: 'Software aus Berlin',
  logo: '',
  countryCode: 'DE',
};
const MENU = [
  {
    id: 1,
    mainmenulabel: 'Startseite',
    mainmenulink: '/Home1',
    lstsubmenu: [
      {
        id: 2,
        submenulabel: 'Leistungen',
        submenulink: '',
        lstchildmenu: [{ id: 3, submenulabel: 'Beratung', submenulink: '/Consulting1' }],
      },
    ],
  },
];
const LANGUAGES = [
  { code: 'en-IN', name: 'English', path: '/Home1', current: false },
  { code: 'de', name: 'Deutsch', path: '/de/Home1', current: true },
];

const marker = (key: string) => `⟦${key}⟧`;
const MARKED_WORDS = Object.fromEntries(Object.keys(SITE_WORDS).map((key) => [key, marker(key)]));
const MARKED_CONTACT = Object.fromEntries(
  Object.entries(CONTACT_FORM_WORDS).map(([name, text]) => [text, marker(`contact.${name}`)]),
);

/** Every string the page's content holds, as visitors may read it: the HTML's text, and its alt texts. */
function contentStrings(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(contentStrings);
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(contentStrings);
  if (typeof value === 'number') return [String(value)];
  if (typeof value !== 'string') return [];
  const parsed = new DOMParser().parseFromString(`<body>${value}</body>`, 'text/html');
  return [
    ...texts(parsed.body),
    ...[...parsed.body.querySelectorAll('[alt]')].map((img) => img.getAttribute('alt') ?? ''),
  ];
}

/** The text nodes of an element and what screen readers read of its elements, skipping what nobody sees or hears. */
function texts(root: Element): string[] {
  const found: string[] = [];
  const walk = (node: Node) => {
    if (node.nodeType === node.TEXT_NODE) found.push(node.textContent ?? '');
    if (!(node instanceof Element)) return;
    // The honeypot is for bots only: off screen, out of the tab order, hidden from screen readers.
    if (node.matches('.contact-form__trap, script, style')) return;
    for (const name of ['aria-label', 'alt', 'title', 'placeholder']) {
      const value = node.getAttribute(name);
      if (value) found.push(value);
    }
    node.childNodes.forEach(walk);
  };
  walk(root);
  return found;
}

/** What is left of a text once the markers and the allowed strings are taken out: a word with letters is a fixed word. */
function leftOver(text: string, allowed: readonly string[]): string {
  let rest = text.replace(/⟦[^⟧]*⟧/g, ' ');
  for (const known of allowed) if (known.trim() !== '') rest = rest.split(known.trim()).join(' ');
  return /\p{L}{2,}/u.test(rest) ? rest.trim() : '';
}

function pageData(key: ContentPageKey | 'not-found'): PublicPageData {
  const page = CONTENT_PAGES.find((p) => p.key === key);
  return {
    pageKey: key,
    path: page?.publicPath ?? '/nowhere',
    pageName: page ? `Seite ${page.id}` : sayWord(MARKED_WORDS, 'notFound.title'),
    content: key === 'not-found' ? null : ({ ...DEMO_CONTENT[key], revision: 1 } as PublicPageData['content']),
    menu: MENU,
    company: COMPANY,
    copyrightYear: 2026,
    locale: 'de',
    languages: LANGUAGES,
    words: MARKED_WORDS,
    contactWords: MARKED_CONTACT,
  };
}

describe("the site's words (docs/design.md §34)", () => {
  const keys = [...CONTENT_PAGES.map((page) => page.key), 'not-found' as const];

  it.each(keys)(
    '%s: every word visitors read or hear is a site text, the content, the menu or the company’s',
    async (key) => {
      const data = pageData(key);
      const html = await renderPublicBody(data);
      const body = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html').body;
      const allowed = [
        ...contentStrings(data.content),
        data.pageName,
        ...MENU.flatMap((entry) => [
          entry.mainmenulabel,
          ...entry.lstsubmenu.flatMap((sub) => [
            sub.submenulabel,
            ...sub.lstchildmenu.map((child) => child.submenulabel),
          ]),
        ]),
        ...Object.values(COMPANY),
        ...LANGUAGES.map((language) => language.name),
      ].sort((a, b) => b.length - a.length);
      const fixed = texts(body)
        .map((text) => leftOver(text, allowed))
        .filter((text) => text !== '');
      expect(fixed).toEqual([]);
      // The markers show: the page did say its words through the site's words.
      expect(html).toContain(marker('site.skip'));
      expect(html).toContain(marker('footer.cta'));
    },
  );

  it('fills in {names}, and a blank word of the firm’s is Folio’s', () => {
    expect(sayWord(undefined, 'home.allNewsAloud', { company: 'Kestrel' })).toBe('from Kestrel');
    expect(sayWord({ 'home.allNewsAloud': 'von {company}' }, 'home.allNewsAloud', { company: 'Kestrel' })).toBe(
      'von Kestrel',
    );
    expect(sayWord({ 'footer.cta': '   ' }, 'footer.cta')).toBe('Get In Touch');
    expect(sayWord({}, 'carousel.goTo')).toBe('Go to slide {n}');
  });

  it('offers every word of the frame, the contact form and the forms to put in the firm’s own words, each labelled once', () => {
    const units = ownWordUnits();
    expect(units.map((unit) => unit.key)).toEqual([
      ...Object.keys(CONTACT_FORM_WORDS).map((name) => `contact.${name}`),
      ...Object.keys(SITE_WORDS),
      ...Object.keys(FORM_WORD_TEXTS),
    ]);
    expect(new Set(units.map((unit) => unit.key)).size).toBe(units.length);
    for (const key of Object.keys(SITE_WORDS) as SiteWordKey[])
      expect(units.find((unit) => unit.key === key)?.source).toBe(SITE_WORDS[key].text);
    for (const [key, text] of Object.entries(FORM_WORD_TEXTS))
      expect(units.find((unit) => unit.key === key)).toMatchObject({
        source: text,
        label: expect.stringMatching(/^Forms: /),
      });
  });
});
