// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { LocaleSettings, TranslationDocument } from '../../../../core/schemas/locale';
import { notify } from '../../toasts';
import {
  buttonNamed,
  byLabel,
  choose,
  click,
  type,
  until,
  withFakeMasterApi,
  withModalDialogs,
  withTestRoot,
} from '../../test-support/dom';
import { LanguageChoice } from './language-choice';
import { LanguageSelect } from './language-select';
import { NOT_TRANSLATED } from './translation-row';

/**
 * The translation editor against a stand-in for the server's calls (docs/design.md §28): the Language choice, the rows of
 * source and translation, what a save sends, and how a refusal and a conflict show.
 */

vi.mock('../../toasts', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn() } }));

withModalDialogs();
const dom = withTestRoot();

let locales: LocaleSettings;
let translation: TranslationDocument;
/** The answer the next save gets instead of a success. */
let refuse: { status: number; data: unknown } | null;

const calls = withFakeMasterApi((call, body) => {
  if (call === 'locales') return { status: 200, data: locales };
  if (call === 'translate/Home?locale=de') return { status: 200, data: translation };
  if (call === 'translate/Home') {
    if (refuse) return refuse;
    return {
      status: 200,
      data: {
        message: 'Success',
        revision: translation.revision + 1,
        status: body.publish === 'draft' ? 'draft' : 'published',
        publishAt: null,
        unscheduled: null,
      },
    };
  }
  return undefined;
});

function SourceEditor() {
  return (
    <>
      <h1>Home source editor</h1>
      <LanguageSelect />
    </>
  );
}

function openAt(address: string) {
  dom.renderScreen(
    <LanguageChoice routing="Home" pageName="Home" sourcePath="/Home1">
      <SourceEditor />
    </LanguageChoice>,
    address,
  );
}

const heading = () => byLabel<HTMLInputElement>(document, 'Slide 1: heading');
const languageSelect = () => byLabel<HTMLSelectElement>(document, 'Language');
const saves = () => calls.filter((c) => c.call === 'translate/Home');
const rowOf = (input: HTMLElement) => input.closest('.translation-row')!;

beforeEach(() => {
  localStorage.clear();
  vi.mocked(notify.error).mockClear();
  refuse = null;
  locales = {
    defaultLocale: 'en-IN',
    locales: [
      { code: 'fr', name: 'Français', enabled: false },
      { code: 'en-IN', name: 'English', enabled: true },
      { code: 'de', name: 'Deutsch', enabled: true },
    ],
  };
  translation = {
    locale: 'de',
    revision: 5,
    status: 'published',
    publishAt: null,
    savedAt: '2026-11-27T08:00:00.000Z',
    published: 5,
    scheduled: null,
    sourceRevision: 9,
    translatedFrom: 9,
    units: [
      {
        path: 'slideList.0.heading',
        label: 'Slide 1: heading',
        source: 'Welcome to Innovo',
        target: 'Willkommen',
        richText: false,
      },
      { path: 'skillhead', label: 'Skills heading', source: 'Our skills', target: '', richText: false },
      {
        path: 'about',
        label: 'About text',
        source: '<p>We <strong>build</strong> software</p>',
        target: '',
        richText: true,
      },
    ],
    publicPath: '/de/Home1',
  };
});

describe('the Language choice', () => {
  it('lists the languages, the default first as the source, and opens the translation editor in the address', async () => {
    openAt('/Home');
    const select = await until(() => languageSelect(), 'the Language choice');
    expect([...select.options].map((option) => option.textContent)).toEqual([
      'English (source)',
      'Français (off)',
      'Deutsch',
    ]);
    expect(select.value).toBe('en-IN');
    await choose(select, 'de');
    expect(dom.address).toBe('/Home?locale=de');
    await until(() => heading(), 'the translation editor');
    expect(document.querySelector('h1')?.textContent).toBe('Home editor: Deutsch');
    expect(languageSelect()?.value).toBe('de');
    await choose(languageSelect()!, 'en-IN');
    expect(dom.address).toBe('/Home');
    await until(() => document.querySelector('h1')?.textContent === 'Home source editor', 'the source editor again');
  });

  it('is left out on a site of one language', async () => {
    locales = { defaultLocale: 'en-IN', locales: [{ code: 'en-IN', name: 'English', enabled: true }] };
    openAt('/Home');
    await until(() => calls.some((c) => c.call === 'locales'), 'the languages read');
    await until(() => document.querySelector('h1'), 'the source editor');
    expect(languageSelect()).toBeNull();
  });

  it('takes the default language in the address as the source', async () => {
    openAt('/Home?locale=en-IN');
    await until(() => document.querySelector('h1')?.textContent === 'Home source editor', 'the source editor');
  });
});

describe('the translation editor', () => {
  it('shows each text’s source beside its translation, rich text rendered, and says which are not translated', async () => {
    openAt('/Home?locale=de');
    const input = await until(() => heading(), 'the rows');
    expect(input.value).toBe('Willkommen');
    expect(rowOf(input).querySelector('.translation-row__source-box')?.textContent).toBe('Welcome to Innovo');
    const skills = byLabel<HTMLInputElement>(document, 'Skills heading')!;
    expect(skills.value).toBe('');
    expect(skills.placeholder).toBe('');
    expect(rowOf(skills).textContent).toContain(NOT_TRANSLATED);
    expect(rowOf(input).textContent).not.toContain(NOT_TRANSLATED);
    const about = document.querySelector('[aria-label="About text, English source"]')!;
    expect(about.querySelector('strong')?.textContent).toBe('build');
    expect(document.querySelector('.translation-editor__count')?.textContent).toBe('1 of 3 translated');
  });

  it('Copy source puts the source’s text in the field', async () => {
    openAt('/Home?locale=de');
    await until(() => heading(), 'the rows');
    await click(buttonNamed('Copy source into Skills heading')!);
    expect(byLabel<HTMLInputElement>(document, 'Skills heading')!.value).toBe('Our skills');
    expect(document.querySelector('.translation-editor__count')?.textContent).toBe('2 of 3 translated');
  });

  it('saves a draft as a TranslationSave with the revision read and every text of the page', async () => {
    openAt('/Home?locale=de');
    await type(await until(() => heading(), 'the rows'), 'Herzlich willkommen');
    await click(buttonNamed('Save draft')!);
    await until(() => saves().length === 1, 'the save');
    expect(saves()[0]!.body).toEqual({
      locale: 'de',
      revision: 5,
      texts: { 'slideList.0.heading': 'Herzlich willkommen', skillhead: '', about: '' },
      publish: 'draft',
    });
    await until(
      () => document.querySelector('.publish-state')?.textContent?.startsWith('Draft saved'),
      'the saved draft',
    );
  });

  it('marks the text a save is refused about (field texts.<path>) with the server’s sentence', async () => {
    refuse = { status: 400, data: { message: 'must be at most 80 characters', field: 'texts.slideList.0.heading' } };
    openAt('/Home?locale=de');
    await type(await until(() => heading(), 'the rows'), 'x'.repeat(90));
    await click(buttonNamed('Save draft')!);
    await until(() => heading()?.getAttribute('aria-invalid') === 'true', 'the refused field');
    expect(rowOf(heading()!).textContent).toContain('must be at most 80 characters');
    expect(notify.error).toHaveBeenCalledWith('must be at most 80 characters');
  });

  it('keeps the edits on a 409 and offers to reload', async () => {
    refuse = { status: 409, data: { message: 'Someone else saved this translation after you opened it.' } };
    openAt('/Home?locale=de');
    await type(await until(() => heading(), 'the rows'), 'Hallo');
    await click(buttonNamed('Save draft')!);
    const alert = await until(() => document.querySelector('.editor-notice--conflict'), 'the conflict notice');
    expect(alert.textContent).toContain('Someone else saved this translation after you opened it.');
    expect(buttonNamed('Reload')).not.toBeNull();
    expect(heading()!.value).toBe('Hallo');
  });

  it('says when the source was published again since the translation was saved', async () => {
    translation = { ...translation, translatedFrom: 7 };
    openAt('/Home?locale=de');
    await until(() => heading(), 'the rows');
    expect(document.body.textContent).toContain(
      'The English page was published again since this translation was saved',
    );
  });

  it('shows the server’s sentence for a language the site does not have', async () => {
    openAt('/Home?locale=xx');
    calls.length = 0;
    await until(() => document.body.textContent?.includes('No call translate/Home?locale=xx'), 'the load failure');
  });
});
