// @vitest-environment jsdom
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { NotFoundEntry, Redirect } from '../../../../core/schemas/redirect';
import {
  buttonNamed as button,
  byLabel as labelled,
  chooseFiles,
  click,
  expectFocus,
  type,
  until,
  withFakeMasterApi,
  withModalDialogs,
  withTestRoot,
} from '../../test-support/dom';
import type { FakeRequest } from '../../test-support/dom';
import { notify } from '../../toasts';
import RedirectsScreen, { REDIRECTS_PAGE_SIZE } from './redirects-screen';

/**
 * The redirects screen against a stand-in for the redirects calls of docs/design.md §27 that keeps its redirects as the
 * server would (a save adds or changes one, a delete removes it, an import adds the good rows): the lists, the
 * form with the server's refusals at their fields, Delete behind its question, Create redirect from the 404
 * log, and Import CSV with its summary and the rows not imported.
 */

vi.mock('../../toasts', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn() } }));

withModalDialogs();
const dom = withTestRoot();
const calls = withFakeMasterApi(answer);

let redirects: Redirect[];
let notFound: NotFoundEntry[];
/** The next save's answer when it is a refusal. */
let refusal: { status: number; data: { message: string; field?: string } } | null;
let imports: string[];
/** The question a save without `confirmed` is answered with (docs/design.md §34: a target where nothing is asks first). */
let askFirst: string | null;

const redirect = (id: number, from: string, to: string, extra: Partial<Redirect> = {}): Redirect => ({
  id,
  from,
  to,
  status: 301,
  hits: 0,
  lastHit: null,
  ...extra,
});

beforeEach(() => {
  redirects = [
    redirect(1, '/Jobs1', '/Careers1', { hits: 1234, lastHit: '2026-11-20T10:30:00.000Z' }),
    redirect(2, '/Promo', 'https://example.com/offer', { status: 302 }),
  ];
  notFound = [
    { path: '/Team1', hits: 17, lastSeen: '2026-11-24T08:00:00.000Z', referrer: 'https://search.example/?q=team' },
    { path: '/old-prices', hits: 3, lastSeen: '2026-11-23T08:00:00.000Z', referrer: null },
  ];
  refusal = null;
  imports = [];
  askFirst = null;
  vi.mocked(notify.success).mockClear();
});

function answer(call: string, body: Record<string, unknown>, { method, text }: FakeRequest) {
  if (call === 'redirects' && method === 'GET') return { status: 200, data: { items: redirects } };
  if (call === 'notfound' && method === 'GET') return { status: 200, data: { items: notFound } };
  if (call === 'redirects' && method === 'POST') {
    if (refusal) return refusal;
    if (askFirst && body.confirmed !== true)
      return { status: 409, data: { message: askFirst, field: 'to', confirm: true } };
    const saved = redirect(
      typeof body.id === 'number' ? body.id : 100 + redirects.length,
      String(body.from),
      String(body.to),
      { status: body.status as 301 | 302 },
    );
    redirects = body.id ? redirects.map((row) => (row.id === body.id ? saved : row)) : [...redirects, saved];
    return { status: 200, data: saved };
  }
  const deleted = /^redirects\/(\d+)$/.exec(call);
  if (deleted && method === 'DELETE') {
    redirects = redirects.filter((row) => row.id !== Number(deleted[1]));
    return { status: 204, data: null };
  }
  if (call === 'redirects.csv' && method === 'POST') {
    imports.push(text);
    redirects = [...redirects, redirect(50, '/a', '/About1'), redirect(51, '/b', '/Contact1')];
    return {
      status: 200,
      data: {
        imported: 2,
        errors: [
          { line: 4, message: 'The address to send visitors to must be a path on this site or an https:// address.' },
        ],
      },
    };
  }
  return undefined;
}

const region = (name: string) =>
  [...dom.container.querySelectorAll('section')].find(
    (section) => document.getElementById(section.getAttribute('aria-labelledby') ?? '')?.textContent === name,
  );
const rowsOf = (name: string) =>
  [...(region(name)?.querySelectorAll('tbody tr') ?? [])].map((row) =>
    [...row.querySelectorAll('td')].map((cell) => cell.textContent),
  );
const field = (label: string) => labelled<HTMLInputElement>(dom.container, label)!;
const errorOf = (input: HTMLElement) => document.getElementById(`${input.id}-error`)?.textContent;
const saves = () => calls.filter((c) => c.call === 'redirects' && Object.keys(c.body).length > 0).map((c) => c.body);
const submit = async (form: HTMLFormElement) => {
  await act(async () => {
    form.requestSubmit();
  });
};
const theForm = () => field('From').closest('form')!;

describe('the redirects screen', () => {
  it('lists the redirects and the addresses not found, and offers the CSV as a download', async () => {
    dom.renderScreen(<RedirectsScreen />);
    await until(() => rowsOf('Redirects').length === 2 && rowsOf('Addresses not found').length === 2, 'both lists');
    expect(document.title).toBe('Redirects – Folio');
    expect(dom.container.querySelector('h1')?.textContent).toBe('Redirects');
    const [first, second] = rowsOf('Redirects');
    expect(first?.slice(0, 4)).toEqual(['/Jobs1', '/Careers1', '301 Permanent', '1,234']);
    expect(first?.[4]).toMatch(/20 Nov 2026/);
    expect(second?.slice(0, 5)).toEqual(['/Promo', 'https://example.com/offer', '302 Temporary', '0', 'Never']);
    expect(region('Redirects')?.querySelector('time')?.getAttribute('dateTime')).toBe('2026-11-20T10:30:00.000Z');

    const [team, prices] = rowsOf('Addresses not found');
    expect(team?.slice(0, 2)).toEqual(['/Team1', '17']);
    expect(team?.[3]).toBe('https://search.example/?q=team');
    expect(prices?.[3]).toBe('—None');

    const exportLink = [...dom.container.querySelectorAll('a')].find((a) => a.textContent?.trim() === 'Export CSV')!;
    expect(exportLink.getAttribute('href')).toBe('/api/master/redirects.csv');
    expect(exportLink.hasAttribute('download')).toBe(true);
    // Nothing has the focus as the screen opens: the form waits.
    await expectFocus(() => document.body);
  });

  it('says in sentences when there is nothing to list', async () => {
    redirects = [];
    notFound = [];
    dom.renderScreen(<RedirectsScreen />);
    const empty = await until(
      () => region('Addresses not found')?.querySelector('p.redirects-empty'),
      'the empty 404 log',
    );
    expect(empty.textContent).toBe('Visitors have found every address they asked for: none is waiting for a redirect.');
    expect(region('Redirects')?.querySelector('p.redirects-empty')?.textContent).toMatch(
      /^There are no redirects yet: every address shows its own page or “Page not found”\./,
    );
    // A sentence in place of the table: an empty table would still be wider than a phone.
    expect(dom.container.querySelector('table')).toBeNull();
  });

  it('shows a page of a long 404 log at a time', async () => {
    notFound = Array.from({ length: REDIRECTS_PAGE_SIZE + 5 }, (_, index) => ({
      path: `/missing-${index + 1}`,
      hits: 100 - index,
      lastSeen: '2026-11-24T08:00:00.000Z',
      referrer: null,
    }));
    dom.renderScreen(<RedirectsScreen />);
    await until(() => rowsOf('Addresses not found').length === REDIRECTS_PAGE_SIZE, 'the first page');
    await click(region('Addresses not found')!.querySelector<HTMLButtonElement>('button[aria-label="Next page"]')!);
    expect(rowsOf('Addresses not found').map((row) => row[0])).toEqual([
      '/missing-21',
      '/missing-22',
      '/missing-23',
      '/missing-24',
      '/missing-25',
    ]);
  });

  it('adds a redirect: from, to and its kind; the list shows it and the form starts again', async () => {
    dom.renderScreen(<RedirectsScreen />);
    await until(() => rowsOf('Redirects').length === 2, 'the list');
    await type(field('From'), ' /Offers1 ');
    await type(field('To'), '/Consulting1');
    await click(field('Temporary (302)'));
    await submit(theForm());
    await until(() => rowsOf('Redirects').length === 3, 'the new redirect listed');
    expect(saves()).toEqual([{ from: '/Offers1', to: '/Consulting1', status: 302 }]);
    expect(rowsOf('Redirects')[2]?.slice(0, 3)).toEqual(['/Offers1', '/Consulting1', '302 Temporary']);
    expect(notify.success).toHaveBeenCalledWith('Visitors of /Offers1 now go to /Consulting1.', 'Redirect saved');
    expect(field('From').value).toBe('');
    expect(field('To').value).toBe('');
    expect(field('Permanent (301)').checked).toBe(true);
    await until(() => document.activeElement === field('From'), 'the focus in From');
  });

  it('asks for both addresses before sending anything', async () => {
    dom.renderScreen(<RedirectsScreen />);
    await until(() => rowsOf('Redirects').length === 2, 'the list');
    await type(field('To'), '/About1');
    await submit(theForm());
    expect(errorOf(field('From'))).toBe('Enter the address visitors come to, such as /our-old-team-page.');
    expect(field('From').getAttribute('aria-invalid')).toBe('true');
    await until(() => document.activeElement === field('From'), 'the focus in From');
    expect(saves()).toEqual([]);
  });

  it('shows the server’s sentence at the field it names, with the focus there', async () => {
    dom.renderScreen(<RedirectsScreen />);
    await until(() => rowsOf('Redirects').length === 2, 'the list');
    await type(field('From'), '/Careers1');
    await type(field('To'), '/Jobs1');
    refusal = {
      status: 400,
      data: { message: 'A redirect from /Careers1 to /Jobs1 would send visitors round in a loop.', field: 'to' },
    };
    await submit(theForm());
    await until(() => errorOf(field('To')), 'the refusal at To');
    expect(errorOf(field('To'))).toBe('A redirect from /Careers1 to /Jobs1 would send visitors round in a loop.');
    expect(field('To').getAttribute('aria-invalid')).toBe('true');
    expect(field('To').getAttribute('aria-describedby')).toContain(`${field('To').id}-error`);
    // The focus comes back once the save's answer has been handled: waited for, never assumed.
    await until(() => document.activeElement === field('To'), 'the focus in To');
    expect(errorOf(field('From'))).toBeUndefined();

    refusal = {
      status: 400,
      data: { message: '/Careers1 is the address of a live page: deactivate the page first.', field: 'from' },
    };
    await submit(theForm());
    await until(() => errorOf(field('From')), 'the refusal at From');
    await until(() => document.activeElement === field('From'), 'the focus in From');
    // Typing again clears what was said about the field.
    await type(field('From'), '/Careers2');
    expect(errorOf(field('From'))).toBeUndefined();

    refusal = { status: 403, data: { message: 'Your menu does not include this screen.' } };
    await submit(theForm());
    const alert = await until(() => theForm().querySelector('[role="alert"]'), 'the refusal in the form');
    expect(alert.textContent).toBe('Your menu does not include this screen.');
    expect(rowsOf('Redirects')).toHaveLength(2);
  });

  it('changes a redirect: the form holds it and sends its id; Cancel leaves it as it was', async () => {
    dom.renderScreen(<RedirectsScreen />);
    await until(() => rowsOf('Redirects').length === 2, 'the list');
    await click(button('Change the redirect from /Promo')!);
    expect(region('Change the redirect from /Promo')).toBeDefined();
    expect(field('From').value).toBe('/Promo');
    expect(field('To').value).toBe('https://example.com/offer');
    expect(field('Temporary (302)').checked).toBe(true);
    await until(() => document.activeElement === field('From'), 'the focus in From');

    await click(button('Cancel')!);
    expect(region('Add a redirect')).toBeDefined();
    expect(field('From').value).toBe('');

    await click(button('Change the redirect from /Promo')!);
    await type(field('To'), '/News1');
    await click(field('Permanent (301)'));
    await click(button('Save changes')!);
    await until(() => rowsOf('Redirects')[1]?.[1] === '/News1', 'the changed redirect');
    expect(saves()).toEqual([{ id: 2, from: '/Promo', to: '/News1', status: 301 }]);
    expect(region('Add a redirect')).toBeDefined();
  });

  it('asks first when nothing is at To yet: Go back keeps what was typed and saves nothing, Save anyway saves it', async () => {
    dom.renderScreen(<RedirectsScreen />);
    await until(() => rowsOf('Redirects').length === 2, 'the list');
    askFirst =
      'Nothing is at /Offer1 on this site yet: visitors sent there would get “Page not found”. Save the redirect anyway?';
    await type(field('From'), '/old-offer');
    await type(field('To'), '/Offer1');
    await submit(theForm());
    const question = await until(() => document.querySelector('dialog .confirm-dialog__question'), 'the question');
    expect(question.textContent).toBe(askFirst);
    await click(button('Go back')!);
    expect(saves().filter((body) => body.confirmed === true)).toHaveLength(0);
    expect(field('To').value).toBe('/Offer1');
    // The focus comes back once the save's answer has been handled: waited for, never assumed.
    await until(() => document.activeElement === field('To'), 'the focus in To');
    expect(rowsOf('Redirects')).toHaveLength(2);

    await submit(theForm());
    await until(() => document.querySelector('dialog .confirm-dialog__question'), 'the question again');
    await click(button('Save anyway')!);
    await until(() => rowsOf('Redirects').length === 3, 'the redirect saved');
    expect(saves().at(-1)).toEqual({ from: '/old-offer', to: '/Offer1', status: 301, confirmed: true });
    expect(notify.success).toHaveBeenCalledWith('Visitors of /old-offer now go to /Offer1.', 'Redirect saved');
  });

  it('deletes a redirect after asking, and not when the answer is Cancel', async () => {
    dom.renderScreen(<RedirectsScreen />);
    await until(() => rowsOf('Redirects').length === 2, 'the list');
    const deletes = () => calls.filter((c) => c.call === 'redirects/1');

    await click(button('Delete the redirect from /Jobs1')!);
    expect(document.querySelector('dialog .confirm-dialog__question')?.textContent).toBe(
      'Delete the redirect from /Jobs1 to /Careers1? Visitors of /Jobs1 get “Page not found” again, unless a page lives there.',
    );
    await click(button('Cancel')!);
    expect(deletes()).toHaveLength(0);

    await click(button('Delete the redirect from /Jobs1')!);
    await click(button('Delete')!);
    await until(() => rowsOf('Redirects').length === 1, 'the redirect gone');
    expect(deletes()).toHaveLength(1);
    expect(rowsOf('Redirects')[0]?.[0]).toBe('/Promo');
    // Its button is gone with its row: the focus is on the list's heading, not lost.
    expect(document.activeElement?.textContent).toBe('Redirects');
  });

  it('Create redirect on an address not found fills From and puts the focus in To', async () => {
    dom.renderScreen(<RedirectsScreen />);
    await until(() => rowsOf('Addresses not found').length === 2, 'the 404 log');
    await click(button('Create redirect from /Team1')!);
    expect(field('From').value).toBe('/Team1');
    expect(field('To').value).toBe('');
    // The focus comes back once the save's answer has been handled: waited for, never assumed.
    await until(() => document.activeElement === field('To'), 'the focus in To');

    await type(field('To'), '/About1');
    await submit(theForm());
    await until(() => rowsOf('Redirects').length === 3, 'the new redirect');
    expect(saves()).toEqual([{ from: '/Team1', to: '/About1', status: 301 }]);
    // The 404 log is asked again: the server may have something new to say about that address.
    expect(calls.filter((c) => c.call === 'notfound')).toHaveLength(2);
  });

  it('imports a CSV file: says how many were imported and lists the rows that were not, by line', async () => {
    dom.renderScreen(<RedirectsScreen />);
    await until(() => rowsOf('Redirects').length === 2, 'the list');
    const input = field('CSV file to import');
    const form = input.closest('form')!;

    await submit(form);
    expect(errorOf(input)).toBe('Choose a CSV file to import.');
    await expectFocus(() => input);
    expect(imports).toEqual([]);

    const csv = 'from,to,status\r\n/a,/About1,301\r\n/b,/Contact1,302\r\n/c,ftp://nowhere,301\r\n';
    await chooseFiles(input, [new File([csv], 'redirects.csv', { type: 'text/csv' })]);
    await submit(form);
    const outcome = await until(
      () => region('Export and import')?.querySelector('[role="status"]')?.textContent,
      'the summary',
    );
    expect(imports).toEqual([csv]);
    expect(outcome).toContain('2 imported; 1 row was not (below).');
    expect([...(region('Export and import')?.querySelectorAll('li') ?? [])].map((li) => li.textContent)).toEqual([
      'Line 4: The address to send visitors to must be a path on this site or an https:// address.',
    ]);
    await until(() => rowsOf('Redirects').length === 4, 'the imported redirects listed');
  });
});
