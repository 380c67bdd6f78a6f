// @vitest-environment jsdom
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TranslationDocument, TranslationsOverview } from '../../../../core/schemas/locale';
import {
  buttonNamed as button,
  byLabel as labelled,
  chooseFiles,
  click,
  expectFocus,
  until,
  withFakeMasterApi,
  withTestRoot,
} from '../../test-support/dom';
import type { FakeRequest } from '../../test-support/dom';
import TranslationsScreen from './translations-screen';

/**
 * The translations screen against a stand-in for `GET /api/master/translations` and the XLIFF import (docs/design.md §28):
 * a column per language but the default, each cell's status and count a link to the page's editor in that
 * language, Only pages needing work, the site with one language, and an XLIFF file in with what it did or the
 * server's sentence for a file it refuses.
 */

vi.mock('../../toasts', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn() } }));

const dom = withTestRoot();
const calls = withFakeMasterApi(answer);

let overview: TranslationsOverview;
let imports: { call: string; text: string }[];
let importAnswer: { status: number; data: unknown };
let siteTextSaves: Record<string, unknown>[];
let siteTextAnswer: { status: number; data: unknown } | null;
/** Units of the German site words besides the menu's and the tagline (a form's texts, in one test). */
let moreGermanUnits: TranslationDocument['units'];

/** The site's words of a language as `GET sitetexts` answers, saved at `revision`. */
const wordsDocument = (locale: string, revision: number, units: TranslationDocument['units'], publicPath: string) => ({
  locale,
  revision,
  status: 'published',
  publishAt: null,
  savedAt: '2026-11-26T10:00:00.000Z',
  published: revision,
  scheduled: null,
  sourceRevision: 0,
  translatedFrom: null,
  units,
  publicPath,
});

const siteTextsOf = (locale: string) =>
  wordsDocument(
    locale,
    4,
    [
      { path: 'menu.1', label: 'Menu: Home', source: 'Home', target: 'Startseite', richText: false },
      {
        path: 'footer.tagline',
        label: 'Footer: tagline',
        source: 'Software that works for the people who use it, every single day.',
        target: '',
        richText: false,
      },
      ...(locale === 'de' ? moreGermanUnits : []),
    ],
    `/${locale}/Home1`,
  );

const ownWordsDocument = wordsDocument(
  'en-IN',
  2,
  [
    {
      path: 'footer.lead',
      label: 'Footer: the line above the button to the contact page',
      source: 'We would love to hear from you!',
      target: '',
      richText: false,
    },
    {
      path: 'footer.cta',
      label: 'Footer: the button to the contact page',
      source: 'Get In Touch',
      target: 'Talk to us',
      richText: false,
    },
  ],
  '/Home1',
);

beforeEach(() => {
  overview = {
    defaultLocale: 'en-IN',
    locales: [
      { code: 'en-IN', name: 'English', enabled: true },
      { code: 'de', name: 'Deutsch', enabled: true },
      { code: 'hi', name: 'हिन्दी', enabled: false },
    ],
    siteTexts: [
      { locale: 'de', status: 'outdated', translated: 20, units: 25 },
      { locale: 'hi', status: 'missing', translated: 0, units: 25 },
    ],
    ownWords: { changed: 0, units: 70 },
    pages: [
      {
        routing: 'Home',
        name: 'Home',
        publicPath: '/Home1',
        translations: [
          { locale: 'de', status: 'current', draft: false, translated: 12, units: 12 },
          { locale: 'hi', status: 'current', draft: false, translated: 12, units: 12 },
        ],
      },
      {
        routing: 'Careers',
        name: 'Careers',
        publicPath: null,
        translations: [
          { locale: 'de', status: 'outdated', draft: true, translated: 3, units: 5 },
          { locale: 'hi', status: 'missing', draft: false, translated: 0, units: 5 },
        ],
      },
    ],
  };
  imports = [];
  siteTextSaves = [];
  siteTextAnswer = null;
  moreGermanUnits = [];
  importAnswer = {
    status: 200,
    data: {
      message: 'Success',
      pages: [
        { routing: 'Careers', changed: 2, revision: 7 },
        { routing: 'folio-site-texts', changed: 3, revision: 2 },
      ],
      unknownUnits: ['Gone.seo.title'],
      changedSources: [],
    },
  };
});

function answer(call: string, body: Record<string, unknown>, { method, text }: FakeRequest) {
  if (call === 'translations' && method === 'GET') return { status: 200, data: overview };
  if (call === 'sitetexts?locale=de' && method === 'GET') return { status: 200, data: siteTextsOf('de') };
  if (call === 'sitetexts?locale=en-IN' && method === 'GET') return { status: 200, data: ownWordsDocument };
  if (call === 'sitetexts' && method === 'POST') {
    siteTextSaves.push(body);
    return (
      siteTextAnswer ?? {
        status: 200,
        data: { message: 'Success', revision: 5, status: 'published', publishAt: null, unscheduled: null },
      }
    );
  }
  if (call.startsWith('xliff/') && method === 'POST') {
    imports.push({ call, text });
    return importAnswer;
  }
  return undefined;
}

const table = () => dom.container.querySelector('table')!;
const headers = () => [...table().querySelectorAll('thead th')].map((th) => th.textContent);
const rows = () =>
  [...table().querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent));
const link = (name: string) => [...dom.container.querySelectorAll('a')].find((a) => a.textContent === name);
const loaded = () => until(() => dom.container.querySelector('tbody tr td a'), 'the table');

describe('the translations screen', () => {
  it('shows each page’s translation per language but the default, each cell a link to its editor in that language', async () => {
    dom.renderScreen(<TranslationsScreen />);
    await loaded();
    expect(document.title).toBe('Translations – Folio');
    expect(headers()).toEqual(['Page', 'Deutsch de', 'हिन्दी hi (off the site)']);
    expect(rows()).toEqual([
      ['Home', 'Home in Deutsch: Current12/12 texts', 'Home in हिन्दी: Current12/12 texts'],
      ['Careers', 'Careers in Deutsch: Outdated3/5 textsdraft waiting', 'Careers in हिन्दी: Missing0/5 texts'],
    ]);
    expect(link('Home')?.getAttribute('href')).toBe('/Home1');
    // A page without a public address is named, not linked.
    expect(link('Careers')).toBeUndefined();
    expect(link('Careers in Deutsch: Outdated3/5 textsdraft waiting')?.getAttribute('href')).toBe('/Careers?locale=de');
    expect(link('Home in हिन्दी: Current12/12 texts')?.getAttribute('href')).toBe('/Home?locale=hi');
  });

  it('shows only the pages needing work when asked', async () => {
    dom.renderScreen(<TranslationsScreen />);
    await loaded();
    await click(labelled<HTMLInputElement>(dom.container, 'Only pages needing work')!);
    expect(rows().map((row) => row[0])).toEqual(['Careers']);
    await click(labelled<HTMLInputElement>(dom.container, 'Only pages needing work')!);
    expect(rows().map((row) => row[0])).toEqual(['Home', 'Careers']);
  });

  it('says so when no page needs work', async () => {
    overview.pages = overview.pages.slice(0, 1);
    dom.renderScreen(<TranslationsScreen />);
    await loaded();
    await click(labelled<HTMLInputElement>(dom.container, 'Only pages needing work')!);
    expect(rows()).toEqual([
      ['Every page is translated, up to date and published in every language: nothing needs work.'],
    ]);
  });

  it('says when the site has only its default language, with the way to Languages', async () => {
    overview.locales = overview.locales.slice(0, 1);
    dom.renderScreen(<TranslationsScreen />);
    const sentence = await until(() => dom.container.querySelector('.translations-single'), 'the sentence');
    expect(sentence.textContent).toBe(
      'The site has only its default language, English (en-IN): there is nothing to translate yet. Add a language on the Languages screen.',
    );
    expect(link('Languages')?.getAttribute('href')).toBe('/languages');
    expect(table()).toBeNull();
    expect(button('Upload translated XLIFF for Deutsch')).toBeNull();
    // The site's words are the firm's to change even in one language (docs/design.md §34).
    expect([...dom.container.querySelectorAll('.site-texts__language')].map((li) => li.textContent)).toEqual([
      'English en-INDefaultFolio’s wordsEdit the site’s words in English',
    ]);
  });

  it('puts the firm’s own words in place of Folio’s in the default language, Folio’s beside each', async () => {
    overview.ownWords = { changed: 1, units: 70 };
    dom.renderScreen(<TranslationsScreen />);
    await loaded();
    const line = [...dom.container.querySelectorAll('.site-texts__language')].map((li) => li.textContent);
    expect(line[0]).toBe('English en-INDefault1/70 in your own wordsEdit the site’s words in English');
    await click(button('Edit the site’s words in English')!);
    const cta = await until(
      () => labelled<HTMLInputElement>(dom.container, 'Footer: the button to the contact page'),
      'the words',
    );
    expect(document.activeElement?.textContent).toBe('The site’s words, in your own words');
    expect(cta.value).toBe('Talk to us');
    expect(document.getElementById(`${cta.id}-hint`)?.textContent).toBe('Folio’s words: Get In Touch');
    const lead = labelled<HTMLInputElement>(dom.container, 'Footer: the line above the button to the contact page')!;
    await act(async () => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(lead, 'Schreiben Sie uns.');
      lead.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await click(button('Save and publish')!);
    await until(() => siteTextSaves.length === 1, 'the save');
    expect(siteTextSaves[0]).toEqual({
      locale: 'en-IN',
      revision: 2,
      texts: { 'footer.cta': 'Talk to us', 'footer.lead': 'Schreiben Sie uns.' },
      publish: 'now',
    });
  });

  it('offers each language’s XLIFF file and imports a translated one, saying what it did', async () => {
    dom.renderScreen(<TranslationsScreen />);
    await loaded();
    // It says truthfully what an upload does (docs/design.md §34): pages get drafts, the site's own words are published.
    const intro = dom.container.querySelector('.xliff-languages')?.previousElementSibling?.textContent ?? '';
    expect(intro).toContain('Each page whose texts changed gets a draft in that language');
    expect(intro).toContain('the upload publishes them at once');
    expect(intro).not.toContain('Nothing is published');
    const download = link('Download XLIFF for Deutsch')!;
    expect(download.getAttribute('href')).toBe('/api/master/xliff/de');
    expect(download.hasAttribute('download')).toBe(true);

    const input = labelled<HTMLInputElement>(dom.container, 'Translated XLIFF file for Deutsch')!;
    const form = input.closest('form')!;
    await act(async () => {
      form.requestSubmit();
    });
    expect(document.getElementById(`${input.id}-error`)?.textContent).toBe(
      'Choose the translated XLIFF file for Deutsch.',
    );
    await expectFocus(() => input);
    expect(imports).toEqual([]);

    const xliff = '<?xml version="1.0"?><xliff version="2.0" srcLang="en-IN" trgLang="de"></xliff>';
    await chooseFiles(input, [new File([xliff], 'site-de.xlf', { type: 'application/xliff+xml' })]);
    await act(async () => {
      form.requestSubmit();
    });
    const outcome = await until(() => form.parentElement?.querySelector('[role="status"]')?.textContent, 'the outcome');
    expect(imports).toEqual([{ call: 'xliff/de', text: xliff }]);
    expect(outcome).toContain('1 page has a new draft with 2 texts from the file. Open each to check it and publish.');
    expect(outcome).toContain('Careers (2 texts)');
    // The site's own words are no page: published, not linked as a draft.
    expect(outcome).toContain('The site’s own words: 3 texts from the file, published.');
    expect(
      [...(form.parentElement?.querySelectorAll('[aria-label="Pages with a new draft"] li') ?? [])].map(
        (li) => li.textContent,
      ),
    ).toEqual(['Careers (2 texts)']);
    expect(outcome).toContain(
      '1 text of the file the site no longer has (removed from their page since) was left out.',
    );
    expect(link('Careers')?.getAttribute('href')).toBe('/Careers?locale=de');
    // The overview is read again: the page now has a draft waiting.
    await until(() => calls.filter((c) => c.call === 'translations').length === 2, 'the overview read again');
  });

  it('translates the site’s own words: each beside its source, published on Save, a refusal at its text', async () => {
    dom.renderScreen(<TranslationsScreen />);
    await loaded();
    const line = [...dom.container.querySelectorAll('.site-texts__language')].map((li) => li.textContent);
    expect(line.slice(1)).toEqual([
      'Deutsch deOutdated20/25 textsTranslate the site’s words into Deutsch',
      'हिन्दी hiMissing0/25 textsTranslate the site’s words into हिन्दी',
    ]);
    const translate = button('Translate the site’s words into Deutsch')!;
    await click(translate);
    expect(translate.getAttribute('aria-expanded')).toBe('true');
    const home = await until(() => labelled<HTMLInputElement>(dom.container, 'Menu: Home'), 'the words');
    expect(document.activeElement?.textContent).toBe('The site’s words in Deutsch');
    expect(home.value).toBe('Startseite');
    expect(home.getAttribute('lang')).toBe('de');
    expect(document.getElementById(`${home.id}-hint`)?.textContent).toBe('English: Home');
    const tagline = labelled<HTMLTextAreaElement>(dom.container, 'Footer: tagline')!;
    expect(tagline.tagName).toBe('TEXTAREA');

    await act(async () => {
      Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(
        tagline,
        'Software, die für ihre Nutzer arbeitet.',
      );
      tagline.dispatchEvent(new Event('input', { bubbles: true }));
    });
    siteTextAnswer = {
      status: 400,
      data: { message: 'Footer: tagline: at most 300 characters.', field: 'texts.footer.tagline' },
    };
    await click(button('Save and publish')!);
    await until(() => document.getElementById(`${tagline.id}-error`), 'the refusal at the tagline');
    expect(document.getElementById(`${tagline.id}-error`)?.textContent).toBe(
      'Footer: tagline: at most 300 characters.',
    );
    await expectFocus(() => tagline);

    siteTextAnswer = null;
    await click(button('Save and publish')!);
    await until(() => siteTextSaves.length === 2, 'the save');
    expect(siteTextSaves[1]).toEqual({
      locale: 'de',
      revision: 4,
      texts: { 'menu.1': 'Startseite', 'footer.tagline': 'Software, die für ihre Nutzer arbeitet.' },
      publish: 'now',
    });
    // The overview is read again (the status changes), and the next save sends the revision just made.
    await until(() => calls.filter((c) => c.call === 'translations').length === 2, 'the overview read again');
    await click(button('Save and publish')!);
    await until(() => siteTextSaves.length === 3, 'the second save');
    expect(siteTextSaves[2]).toMatchObject({ revision: 5 });

    siteTextAnswer = {
      status: 409,
      data: {
        message:
          'Asha saved these words after you opened them. Reload to see their changes; your edits stay here until you do.',
      },
    };
    await click(button('Save and publish')!);
    const alert = await until(() => dom.container.querySelector('.site-texts-form [role="alert"]'), 'the conflict');
    expect(alert.textContent).toMatch(/^Asha saved these words/);
    expect(tagline.value).toBe('Software, die für ihre Nutzer arbeitet.');

    await click(button('Close')!);
    expect(labelled(dom.container, 'Menu: Home')).toBeNull();
    await expectFocus(() => translate);
  });

  it('translates a form’s texts among the site’s words: a text of several lines in a box that keeps them', async () => {
    moreGermanUnits = [
      {
        path: 'form.7.field.name.label',
        label: 'Form “Job application”: the label of Your name',
        source: 'Your name',
        target: 'Ihr Name',
        richText: false,
        max: 200,
      },
      {
        path: 'form.7.confirmation.body',
        label: 'Form “Job application”: the text of the confirmation mailed to the sender ({{key}} is a field’s value)',
        source: 'We read every application.\nAll of it.',
        target: '',
        richText: false,
        kind: 'textarea',
        max: 5000,
      },
    ];
    dom.renderScreen(<TranslationsScreen />);
    await loaded();
    await click(button('Translate the site’s words into Deutsch')!);
    const label = await until(
      () => labelled<HTMLInputElement>(dom.container, 'Form “Job application”: the label of Your name'),
      'the form’s texts',
    );
    expect(label.tagName).toBe('INPUT');
    expect(label.maxLength).toBe(200);
    expect(label.value).toBe('Ihr Name');
    const body = labelled<HTMLTextAreaElement>(
      dom.container,
      'Form “Job application”: the text of the confirmation mailed to the sender ({{key}} is a field’s value)',
    )!;
    // Short as its source is, a text of several lines is typed in a box of several lines, as long as the form's own.
    expect(body.tagName).toBe('TEXTAREA');
    expect(body.maxLength).toBe(5000);
    expect(body.rows).toBeGreaterThanOrEqual(3);
    expect(document.getElementById(`${body.id}-hint`)?.textContent).toBe(
      'English: We read every application.\nAll of it.',
    );
    await act(async () => {
      Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(
        body,
        'Wir lesen jede Bewerbung.\nJede ganz.',
      );
      body.dispatchEvent(new Event('input', { bubbles: true }));
    });
    siteTextAnswer = {
      status: 400,
      data: { message: 'Form “Job application”: at most 5000 characters.', field: 'texts.form.7.confirmation.body' },
    };
    await click(button('Save and publish')!);
    await until(() => document.getElementById(`${body.id}-error`), 'the refusal at the text');
    await expectFocus(() => body);
    siteTextAnswer = null;
    await click(button('Save and publish')!);
    await until(() => siteTextSaves.length === 2, 'the save');
    expect(siteTextSaves[1]).toMatchObject({
      locale: 'de',
      texts: {
        'form.7.field.name.label': 'Ihr Name',
        'form.7.confirmation.body': 'Wir lesen jede Bewerbung.\nJede ganz.',
      },
    });
  });

  it('shows the server’s sentence for a file it refuses', async () => {
    importAnswer = {
      status: 400,
      data: { message: 'This XLIFF file was made for another site: nothing was imported.' },
    };
    dom.renderScreen(<TranslationsScreen />);
    await loaded();
    const input = labelled<HTMLInputElement>(dom.container, 'Translated XLIFF file for हिन्दी')!;
    await chooseFiles(input, [new File(['<xliff/>'], 'other.xlf')]);
    await act(async () => {
      input.closest('form')!.requestSubmit();
    });
    const alert = await until(() => input.closest('li')?.querySelector('[role="alert"]'), 'the refusal');
    expect(alert.textContent).toBe('This XLIFF file was made for another site: nothing was imported.');
    expect(imports.map((i) => i.call)).toEqual(['xliff/hi']);
  });
});
