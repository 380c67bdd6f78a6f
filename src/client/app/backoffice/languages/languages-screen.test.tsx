// @vitest-environment jsdom
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LOCALE_MESSAGES, type LocaleSettings } from '../../../../core/schemas/locale';
import {
  buttonNamed as button,
  byLabel as labelled,
  click,
  expectFocus,
  type,
  until,
  withFakeMasterApi,
  withModalDialogs,
  withTestRoot,
} from '../../test-support/dom';
import { notify } from '../../toasts';
import LanguagesScreen from './languages-screen';

/**
 * The languages screen against a stand-in for `GET/POST /api/master/locales` (docs/design.md §28) that stores what it is
 * sent, or answers the refusal a test sets: the list with its default, Add (with the suggestions), Remove behind
 * its question, Make default, and Save sending the whole list, with the server's refusal at the row it names.
 */

vi.mock('../../toasts', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn() } }));

withModalDialogs();
const dom = withTestRoot();
const calls = withFakeMasterApi(answer);

let stored: LocaleSettings;
let refusal: { status: number; data: { message: string; field?: string } } | null;

beforeEach(() => {
  stored = {
    defaultLocale: 'en-IN',
    locales: [
      { code: 'en-IN', name: 'English', enabled: true },
      { code: 'de', name: 'Deutsch', enabled: true },
    ],
  };
  refusal = null;
  vi.mocked(notify.success).mockClear();
});

function answer(call: string, body: Record<string, unknown>, { method }: { method: string }) {
  if (call !== 'locales') return undefined;
  if (method === 'GET') return { status: 200, data: stored };
  if (refusal) return refusal;
  stored = body as unknown as LocaleSettings;
  return { status: 200, data: stored };
}

const field = (label: string) => labelled<HTMLInputElement>(dom.container, label)!;
const items = () => [...dom.container.querySelectorAll('.language-item')];
const codes = () =>
  items()
    .map((item) => item.querySelector('code, .language-item__code input') as HTMLElement)
    .map((el) => (el instanceof HTMLInputElement ? el.value : el.textContent));
const saves = () => calls.filter((c) => c.call === 'locales' && Object.keys(c.body).length > 0).map((c) => c.body);
const errorOf = (input: HTMLElement) =>
  document.getElementById(
    input
      .getAttribute('aria-describedby')
      ?.split(' ')
      .find((id) => id.endsWith('error')) ?? '',
  )?.textContent;
const submit = async (form: HTMLFormElement) => {
  await act(async () => {
    form.requestSubmit();
  });
};
const saveForm = () => button('Save languages')!.closest('form')!;
const addForm = () => button('Add to the list')!.closest('form')!;
const loaded = () => until(() => items().length === stored.locales.length, 'the list');

describe('the languages screen', () => {
  it('lists the default language and the others; the default has no Remove and is always on', async () => {
    dom.renderScreen(<LanguagesScreen />);
    await loaded();
    expect(document.title).toBe('Languages – Folio');
    expect(codes()).toEqual(['en-IN', 'de']);
    const [english, german] = items();
    expect(english?.textContent).toContain('Default');
    expect(english?.textContent).toContain('Always on the site');
    expect(english?.querySelector('input[type="checkbox"]')).toBeNull();
    expect(button('Remove English')).toBeNull();
    expect(german?.textContent).not.toContain('Default');
    expect(field('On the site in Deutsch').checked).toBe(true);
    expect(button('Remove Deutsch')).not.toBeNull();
    expect(field('Name of de').value).toBe('Deutsch');
    // Nothing changed yet: no Undo, no note of unsaved changes.
    expect(button('Undo changes')).toBeNull();
  });

  it('adds a suggested language and saves the whole list; the toast says so', async () => {
    dom.renderScreen(<LanguagesScreen />);
    await loaded();
    // German is listed already: it is not suggested.
    expect(button('Deutsch de')).toBeNull();
    await click(button('Français fr')!);
    expect(field('Code').value).toBe('fr');
    expect(field('Name').value).toBe('Français');
    await submit(addForm());
    expect(codes()).toEqual(['en-IN', 'de', 'fr']);
    expect(items()[2]?.textContent).toContain('Not saved yet');
    expect(field('Code').value).toBe('');
    await expectFocus(() => field('Code'));
    expect(dom.container.querySelector('.languages-form__state')?.textContent).toBe('Changes not saved yet.');

    await click(button('Save languages')!);
    await until(() => notify.success !== undefined && vi.mocked(notify.success).mock.calls.length > 0, 'the toast');
    expect(saves()).toEqual([
      {
        defaultLocale: 'en-IN',
        locales: [
          { code: 'en-IN', name: 'English', enabled: true },
          { code: 'de', name: 'Deutsch', enabled: true },
          { code: 'fr', name: 'Français', enabled: true },
        ],
      },
    ]);
    expect(notify.success).toHaveBeenCalledWith('Visitors see the site in its languages as listed.', 'Languages saved');
    await until(() => !items()[2]?.textContent?.includes('Not saved yet'), 'the new language saved');
    expect(button('Undo changes')).toBeNull();
  });

  it('asks for code and name, and refuses a language listed already, before sending anything', async () => {
    dom.renderScreen(<LanguagesScreen />);
    await loaded();
    await submit(addForm());
    expect(errorOf(field('Code'))).toBe('Enter the language’s code, such as de, hi, mr or en-GB.');
    expect(errorOf(field('Name'))).toBe(
      'Enter the language’s name as visitors see it in the switcher, such as Deutsch.',
    );
    await expectFocus(() => field('Code'));
    await type(field('Code'), 'de');
    await type(field('Name'), 'German');
    await submit(addForm());
    expect(errorOf(field('Code'))).toBe('de is in the list already.');
    expect(items()).toHaveLength(2);
    expect(saves()).toEqual([]);
  });

  it('shows the server’s sentence at the row and input it names, keeping everything typed', async () => {
    dom.renderScreen(<LanguagesScreen />);
    await loaded();
    await type(field('Code'), 'Deutsch-CH');
    await type(field('Name'), 'Schwiizerdütsch');
    await submit(addForm());
    await type(field('Name of de'), 'Deutsch (Deutschland)');
    refusal = { status: 400, data: { message: LOCALE_MESSAGES.code, field: 'locales.2.code' } };
    await submit(saveForm());
    const code = field('Code of Schwiizerdütsch');
    await until(() => errorOf(code), 'the refusal at the new code');
    expect(errorOf(code)).toBe(LOCALE_MESSAGES.code);
    expect(code.getAttribute('aria-invalid')).toBe('true');
    await expectFocus(() => code);
    // Nothing typed is lost.
    expect(code.value).toBe('Deutsch-CH');
    expect(field('Name of de').value).toBe('Deutsch (Deutschland)');

    // Correcting the code clears what was said about it, and the next save goes through.
    await type(code, 'gsw');
    expect(errorOf(field('Code of Schwiizerdütsch'))).toBeFalsy();
    refusal = null;
    await submit(saveForm());
    await until(() => vi.mocked(notify.success).mock.calls.length > 0, 'the save');
    expect(saves().at(-1)).toEqual({
      defaultLocale: 'en-IN',
      locales: [
        { code: 'en-IN', name: 'English', enabled: true },
        { code: 'de', name: 'Deutsch (Deutschland)', enabled: true },
        { code: 'gsw', name: 'Schwiizerdütsch', enabled: true },
      ],
    });
  });

  it('Make default sends the new default; a refusal about the whole list is shown above Save', async () => {
    dom.renderScreen(<LanguagesScreen />);
    await loaded();
    await click(button('Make default: Deutsch')!);
    expect(items()[1]?.textContent).toContain('Default');
    expect(button('Remove English')).not.toBeNull();
    refusal = { status: 400, data: { message: LOCALE_MESSAGES.defaultTaken('de'), field: 'defaultLocale' } };
    await submit(saveForm());
    const alert = await until(() => saveForm().querySelector('[role="alert"]'), 'the refusal');
    expect(alert.textContent).toBe(LOCALE_MESSAGES.defaultTaken('de'));
    expect(saves().at(-1)).toMatchObject({ defaultLocale: 'de' });
    // The change waits, to be undone or saved later.
    await click(button('Undo changes')!);
    expect(items()[0]?.textContent).toContain('Default');
    expect(saveForm().querySelector('[role="alert"]')).toBeNull();
  });

  it('removes a language after asking, saying its translations stay; Cancel keeps it', async () => {
    dom.renderScreen(<LanguagesScreen />);
    await loaded();
    await click(button('Remove Deutsch')!);
    expect(document.querySelector('dialog .confirm-dialog__question')?.textContent).toBe(
      'Remove Deutsch (de) from the site?',
    );
    expect(document.querySelector('dialog')?.textContent).toContain(
      'Its translations stay on the server: add de again later and they are back.',
    );
    await click(button('Cancel')!);
    expect(items()).toHaveLength(2);

    await click(button('Remove Deutsch')!);
    await click(button('Remove')!);
    await until(() => items().length === 1, 'the language gone');
    expect(document.activeElement?.textContent).toBe('Languages of the site');
    await submit(saveForm());
    await until(() => saves().length === 1, 'the save');
    expect(saves()[0]).toEqual({
      defaultLocale: 'en-IN',
      locales: [{ code: 'en-IN', name: 'English', enabled: true }],
    });
  });

  it('turns a language off the site', async () => {
    dom.renderScreen(<LanguagesScreen />);
    await loaded();
    await click(field('On the site in Deutsch'));
    await submit(saveForm());
    await until(() => saves().length === 1, 'the save');
    expect(saves()[0]).toMatchObject({ locales: [{ code: 'en-IN' }, { code: 'de', enabled: false }] });
  });
});
