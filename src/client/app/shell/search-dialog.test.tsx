// @vitest-environment jsdom
import { act } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Link, MemoryRouter, useLocation, useNavigate } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SearchItem } from '../../../core/schemas/search';
import {
  buttonNamed,
  click,
  expectFocus,
  type,
  until,
  withFakeMasterApi,
  withModalDialogs,
  withTestRoot,
} from '../test-support/dom';
import { SEARCH_DEBOUNCE_MS, SEARCH_HINT } from './search-dialog';
import { useStaffSearch } from './search-shortcut';
import { StaffTopBar } from './staff-top-bar';

/**
 * Search in the top bar (docs/design.md §23) against a stand-in for POST /api/master/search: the shortcuts that open
 * it, the debounced call, the combobox and its listbox (names, the active option, the keys), opening a result
 * (the router's location), closing and where the focus goes, and the hint, empty and error states.
 */

withModalDialogs();
const dom = withTestRoot();
const calls = withFakeMasterApi(answer);

const ITEMS: SearchItem[] = [
  { kind: 'page', label: 'Home', href: '/Home' },
  { kind: 'user', label: 'Asha Rao', href: '/user/7' },
  { kind: 'enquiry', label: 'Asha Rao – quote for 40 seats', href: '/enquiries?open=42' },
];

let searchStatus: number;
let items: SearchItem[];

function answer(call: string) {
  if (call !== 'search') return undefined;
  if (searchStatus !== 200)
    return { status: searchStatus, data: { message: 'The search could not be run. Try again.' } };
  return { status: 200, data: { items } };
}

beforeEach(() => {
  searchStatus = 200;
  items = ITEMS;
});

/** The top bar with its Search button, a text field and an editable area as on a screen, and where we are. */
function Harness() {
  const { openSearch, searchDialog } = useStaffSearch(true);
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <StaffTopBar
        companyName="Acme"
        logo=""
        startPage="/dashboard"
        userName="Asha"
        loginName="asha"
        navId="nav"
        navOpen={false}
        onToggleNav={() => {}}
        toggleRef={null}
        onLogout={() => {}}
        onSearch={openSearch}
      />
      <label htmlFor="note">Note</label>
      <input id="note" />
      <div id="editor" contentEditable suppressContentEditableWarning>
        <p id="paragraph">Rich text</p>
      </div>
      <Link id="elsewhere" to="/elsewhere">
        Elsewhere
      </Link>
      <Link id="page-two" to="/dashboard?page=2" replace>
        Page 2
      </Link>
      <button type="button" id="back" onClick={() => void navigate(-1)}>
        Back
      </button>
      <p id="where">{location.pathname + location.search}</p>
      {searchDialog}
    </>
  );
}

function renderHarness() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  dom.render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/dashboard']}>
        <Harness />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const dialog = () => dom.container.querySelector('dialog');
const input = () => dialog()?.querySelector<HTMLInputElement>('input[role="combobox"]') ?? null;
const listbox = () => dialog()?.querySelector<HTMLElement>('[role="listbox"]') ?? null;
const options = () => [...(listbox()?.querySelectorAll<HTMLElement>('[role="option"]') ?? [])];
const status = () => dialog()?.querySelector('[role="status"]')?.textContent ?? null;
const where = () => dom.container.querySelector('#where')?.textContent;
const searchCalls = () => calls.filter((c) => c.call === 'search');
/** The top bar's Search button: named "Search the back office", which starts with its visible word (the shortcut hint is hidden from the name). */
const searchButton = () =>
  [...document.querySelectorAll<HTMLButtonElement>('button[aria-keyshortcuts]')].find(
    (button) =>
      [...button.querySelectorAll(':scope > :not([aria-hidden="true"])')]
        .map((part) => part.textContent)
        .join('')
        .trim() === 'Search the back office' && !button.hasAttribute('aria-label'),
  ) ?? null;
const activeOption = () => document.getElementById(input()?.getAttribute('aria-activedescendant') ?? '');

/** Presses a key on `target` as the browser does (a bubbling, cancelable keydown); returns whether the app took it. */
async function press(target: EventTarget, key: string, modifiers: KeyboardEventInit = {}) {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...modifiers });
  await act(async () => {
    target.dispatchEvent(event);
  });
  return event.defaultPrevented;
}

const pause = (ms: number) =>
  act(async () => {
    await new Promise((resolve) => setTimeout(resolve, ms));
  });

async function openWithButton() {
  const button = searchButton()!;
  await click(button);
  await until(() => dialog()?.open, 'the search dialog');
  return button;
}

async function searchFor(text: string) {
  await type(input()!, text);
  await until(() => status() !== 'Searching…' && status() !== '' && status(), `the answer for ${text}`);
}

describe('the Search button and its shortcuts', () => {
  it('shows Search and its shortcut in the top bar, and opens a modal dialog with the focus in its input', async () => {
    renderHarness();
    const button = searchButton();
    expect(button?.textContent).toBe('Search the back officeCtrl K');
    expect(button?.getAttribute('aria-keyshortcuts')).toBe('Control+K /');
    expect(button?.getAttribute('aria-haspopup')).toBe('dialog');
    expect(dialog()).toBeNull();
    await openWithButton();
    expect(document.getElementById(dialog()!.getAttribute('aria-labelledby')!)?.textContent).toBe('Search');
    await expectFocus(() => input());
    expect(input()?.getAttribute('aria-autocomplete')).toBe('list');
    expect(input()?.getAttribute('aria-controls')).toBe(listbox()?.id);
    expect(input()?.getAttribute('aria-expanded')).toBe('false');
  });

  it('opens on Ctrl+K and on Meta+K anywhere, even while typing, and takes the key from the browser', async () => {
    renderHarness();
    const note = dom.container.querySelector<HTMLInputElement>('#note')!;
    note.focus();
    expect(await press(note, 'k', { ctrlKey: true })).toBe(true);
    expect(dialog()?.open).toBe(true);
    await press(input()!, 'Escape');
    expect(dialog()).toBeNull();
    expect(await press(document.body, 'K', { metaKey: true })).toBe(true);
    expect(dialog()?.open).toBe(true);
  });

  it('opens on / outside a text field, and leaves / alone in an input or the rich-text editor', async () => {
    renderHarness();
    const note = dom.container.querySelector<HTMLInputElement>('#note')!;
    note.focus();
    expect(await press(note, '/')).toBe(false);
    expect(dialog()).toBeNull();
    expect(await press(dom.container.querySelector('#paragraph')!, '/')).toBe(false);
    expect(dialog()).toBeNull();
    // A plain k is a k.
    expect(await press(document.body, 'k')).toBe(false);
    expect(dialog()).toBeNull();
    expect(await press(document.body, '/')).toBe(true);
    expect(dialog()?.open).toBe(true);
  });

  it('leaves the keys to another modal dialog that is open', async () => {
    renderHarness();
    const other = document.createElement('dialog');
    other.setAttribute('open', '');
    document.body.append(other);
    try {
      expect(await press(document.body, 'k', { ctrlKey: true })).toBe(false);
      expect(dialog()).toBeNull();
    } finally {
      other.remove();
    }
  });
});

describe('the search dialog', () => {
  it('shows the hint and asks nothing while the text is empty or blank', async () => {
    renderHarness();
    await openWithButton();
    const hint = document.getElementById(input()!.getAttribute('aria-describedby')!);
    expect(hint?.textContent).toBe(SEARCH_HINT);
    expect(hint?.hidden).toBe(false);
    await type(input()!, '   ');
    await pause(SEARCH_DEBOUNCE_MS + 100);
    expect(searchCalls()).toEqual([]);
    expect(options()).toEqual([]);
    expect(listbox()?.hidden).toBe(true);
  });

  it('asks search with {q} once the typing pauses, not on every key', async () => {
    renderHarness();
    await openWithButton();
    await type(input()!, 'a');
    await type(input()!, 'as');
    await type(input()!, 'asha ');
    expect(searchCalls()).toEqual([]);
    expect(status()).toBe('Searching…');
    await until(() => options().length === 3, 'the results');
    await pause(SEARCH_DEBOUNCE_MS + 100);
    expect(searchCalls().map((c) => c.body)).toEqual([{ q: 'asha' }]);
  });

  it('lists the results as options with their kind in words, and announces how many', async () => {
    renderHarness();
    await openWithButton();
    await searchFor('asha');
    expect(options().map((o) => o.textContent)).toEqual([
      'Page: Home',
      'User: Asha Rao',
      'Enquiry: Asha Rao – quote for 40 seats',
    ]);
    expect(listbox()?.hidden).toBe(false);
    expect(listbox()?.getAttribute('aria-label')).toBe('Results');
    expect(input()?.getAttribute('aria-expanded')).toBe('true');
    expect(status()).toBe('3 results');
    expect(dialog()?.querySelector('[role="status"]')?.getAttribute('aria-live')).toBe('polite');
    items = [{ kind: 'master', label: 'Gold', href: '/commonMaster?edit=9' }];
    await searchFor('gold');
    expect(options().map((o) => o.textContent)).toEqual(['Master value: Gold']);
    expect(status()).toBe('1 result');
  });

  it('moves the active option with the arrows, wrapping at both ends, and starts again at the first after typing', async () => {
    renderHarness();
    await openWithButton();
    await searchFor('asha');
    const [first, second, third] = options();
    expect(activeOption()).toBe(first);
    expect(first?.getAttribute('aria-selected')).toBe('true');
    expect(await press(input()!, 'ArrowDown')).toBe(true);
    expect(activeOption()).toBe(second);
    expect(second?.getAttribute('aria-selected')).toBe('true');
    expect(first?.getAttribute('aria-selected')).toBe('false');
    await press(input()!, 'ArrowDown');
    expect(activeOption()).toBe(third);
    await press(input()!, 'ArrowDown');
    expect(activeOption()).toBe(first);
    await press(input()!, 'ArrowUp');
    expect(activeOption()).toBe(third);
    await type(input()!, 'asha r');
    expect(activeOption()?.textContent).toBe('Page: Home');
  });

  it('opens the active result on Enter: the router goes to its href and the dialog closes', async () => {
    renderHarness();
    await openWithButton();
    await searchFor('asha');
    await press(input()!, 'ArrowDown');
    expect(await press(input()!, 'Enter')).toBe(true);
    expect(where()).toBe('/user/7');
    expect(dialog()).toBeNull();
    // Nothing else took the focus (in the app the shell gives it to the new screen): the Search button has it.
    await expectFocus(() => searchButton());
  });

  it('opens a result on a click', async () => {
    renderHarness();
    await openWithButton();
    await searchFor('asha');
    await click(options()[2]!);
    expect(where()).toBe('/enquiries?open=42');
    expect(dialog()).toBeNull();
  });

  it('closes on Escape and gives the focus back to the Search button', async () => {
    renderHarness();
    const button = await openWithButton();
    await searchFor('asha');
    expect(await press(input()!, 'Escape')).toBe(true);
    expect(dialog()).toBeNull();
    await expectFocus(() => button);
    expect(where()).toBe('/dashboard');
  });

  it('gives the focus back to the field it was opened from, and closes on its Close button and on the browser cancel', async () => {
    renderHarness();
    const note = dom.container.querySelector<HTMLInputElement>('#note')!;
    note.focus();
    await press(note, 'k', { ctrlKey: true });
    await click(buttonNamed('Close')!);
    expect(dialog()).toBeNull();
    await expectFocus(() => note);
    await press(note, 'k', { ctrlKey: true });
    await act(async () => {
      dialog()!.dispatchEvent(new Event('cancel', { cancelable: true }));
    });
    expect(dialog()).toBeNull();
    await expectFocus(() => note);
  });

  it('closes when the app moves to another screen behind it', async () => {
    renderHarness();
    await openWithButton();
    await act(async () => dom.container.querySelector<HTMLAnchorElement>('#elsewhere')!.click());
    expect(where()).toBe('/elsewhere');
    expect(dialog()).toBeNull();
    // Coming back does not bring it back.
    await act(async () => dom.container.querySelector<HTMLButtonElement>('#back')!.click());
    expect(where()).toBe('/dashboard');
    expect(dialog()).toBeNull();
  });

  it('stays open when the screen behind only rewrites its query string', async () => {
    renderHarness();
    await openWithButton();
    await act(async () => dom.container.querySelector<HTMLAnchorElement>('#page-two')!.click());
    expect(where()).toBe('/dashboard?page=2');
    expect(dialog()?.open).toBe(true);
  });

  it('says when nothing was found', async () => {
    items = [];
    renderHarness();
    await openWithButton();
    await searchFor('zzz');
    expect(status()).toBe('Nothing found for ‘zzz’.');
    expect(options()).toEqual([]);
    expect(input()?.getAttribute('aria-expanded')).toBe('false');
    expect(input()?.hasAttribute('aria-activedescendant')).toBe(false);
    // Enter with nothing to open stays here.
    await press(input()!, 'Enter');
    expect(where()).toBe('/dashboard');
    expect(dialog()?.open).toBe(true);
  });

  it("shows the server's sentence when the search fails", async () => {
    searchStatus = 500;
    renderHarness();
    await openWithButton();
    await type(input()!, 'asha');
    const alert = await until(() => dialog()?.querySelector('[role="alert"]'), 'the failure');
    expect(alert.textContent).toBe('The search could not be run. Try again.');
    expect(options()).toEqual([]);
    expect(status()).toBe('');
  });
});
