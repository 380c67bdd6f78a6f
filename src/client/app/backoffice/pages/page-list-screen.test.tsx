// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PageListRow } from '../../../../core/page-defs/page-definition';
import {
  buttonNamed as button,
  byLabel as labelled,
  choose,
  click,
  until,
  withFakeMasterApi,
  withModalDialogs,
  withTestRoot,
} from '../../test-support/dom';
import { notify } from '../../toasts';
import { PageListScreen } from './page-list-screen';

/**
 * Deactivating a page from the page list (docs/design.md §27): a page made without code that is on the website offers
 * "Send its visitors to another page" in its question, a choice of the live pages read from every page of the
 * list; once the page is deactivated, its address is redirected to the chosen page's. A built-in page is asked
 * the plain question. Against a stand-in for getFormCreatedData, activitydelstatus and the redirects call.
 */

vi.mock('../../toasts', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn() } }));

withModalDialogs();
const dom = withTestRoot();
const calls = withFakeMasterApi(answer);

let pages: PageListRow[];
let redirectRefusal: { message: string; field?: string } | null;

const row = (id: number, code: string, name: string, extra: Partial<PageListRow> = {}): PageListRow => ({
  id,
  srno: 0,
  code,
  name,
  filename: code,
  dspname: name,
  module: 1,
  modulename: 'Website',
  type: 'wired',
  homepage: 'Y',
  activeStatus: 'Y',
  ...extra,
});

beforeEach(() => {
  // Twelve pages (those made without code with ids from 1000, as page creation gives them): the live ones are on both
  // pages of the list, so all of them must be read.
  pages = [
    row(1, 'Home', 'Home'),
    row(2, 'About', 'About us'),
    row(3, 'Bespoke', 'Bespoke software', { activeStatus: 'N' }),
    row(13, 'homepages', 'Home Pages', { homepage: 'N' }),
    row(16, 'userHomepage', 'Users', { homepage: 'N' }),
    row(18, 'newGrouphome', 'User Groups', { homepage: 'N' }),
    row(22, 'MenuByUser', 'Menu By User', { homepage: 'N' }),
    row(23, 'companyForm', 'Company Details', { homepage: 'N' }),
    row(24, 'enquiries', 'Enquiries', { homepage: 'N' }),
    row(1000, 'Careers', 'Careers', { type: 'Autowired' }),
    row(1001, 'Internal', 'Internal notes', { type: 'Autowired', homepage: 'N' }),
    row(1002, 'Events', 'Events', { type: 'Autowired' }),
  ].map((page, index) => ({ ...page, srno: index + 1 }));
  redirectRefusal = null;
  vi.mocked(notify.success).mockClear();
  vi.mocked(notify.error).mockClear();
});

function answer(call: string, body: Record<string, unknown>) {
  if (call === 'getFormCreatedData') {
    const pageno = Number(body.pageno ?? 1);
    return { status: 200, data: { items: pages.slice((pageno - 1) * 10, pageno * 10), totalItems: pages.length } };
  }
  if (call === 'activitydelstatus') {
    pages = pages.map((page) =>
      page.id === body.id ? { ...page, activeStatus: body.activeStatus as 'Y' | 'N' } : page,
    );
    return {
      status: 200,
      data: { status1: 'Success', message: 'Page deactivated: its public page is gone, its content is kept.' },
    };
  }
  if (call === 'redirects') {
    if (redirectRefusal) return { status: 400, data: redirectRefusal };
    return { status: 200, data: { id: 7, from: body.from, to: body.to, status: body.status, hits: 0, lastHit: null } };
  }
  return undefined;
}

const dialog = () => document.querySelector('dialog');
const offer = () => labelled<HTMLSelectElement>(document, 'Send its visitors to another page');
const choices = () => [...(offer()?.options ?? [])].map((option) => option.textContent);
const redirectCalls = () => calls.filter((c) => c.call === 'redirects').map((c) => c.body);
const statusCalls = () => calls.filter((c) => c.call === 'activitydelstatus').map((c) => c.body);

async function openDeactivate(name: string, page = 1) {
  dom.renderScreen(<PageListScreen />, '/homepages');
  await until(() => button('Deactivate Home'), 'the page list');
  if (page === 2) {
    await click(button('Next page')!);
    await until(() => button(`Deactivate ${name}`), 'page 2');
  }
  await click(button(`Deactivate ${name}`)!);
}

describe('deactivating a page from the page list', () => {
  it('offers to send the visitors of a page made without code to a live page, and does so once it is deactivated', async () => {
    await openDeactivate('Careers');
    expect(dialog()?.querySelector('h2')?.textContent).toBe('Deactivate Careers');
    expect(dialog()?.querySelector('.confirm-dialog__question')?.textContent).toMatch(
      /^Deactivate this page\? Its public page will answer 404/,
    );
    await until(() => choices().length > 1, 'the live pages');
    // Every live page of both pages of the list, by name; not the page itself, not an inactive page, no screen.
    expect(choices()).toEqual([
      'No, /Careers1 answers “Page not found”',
      'About us (/About1)',
      'Events (/Events1)',
      'Home (/Home1)',
    ]);
    expect(offer()!.value).toBe('');
    // The answer that changes nothing has the focus.
    expect(document.activeElement?.textContent).toBe('Cancel');

    await choose(offer()!, '/About1');
    await click(button('Deactivate')!);
    await until(() => redirectCalls().length === 1, 'the redirect saved');
    expect(statusCalls()).toEqual([{ id: 1000, activeStatus: 'N' }]);
    expect(redirectCalls()).toEqual([{ from: '/Careers1', to: '/About1', status: 301 }]);
    // The page first: the server refuses a redirect from a live page's address.
    expect(calls.findIndex((c) => c.call === 'activitydelstatus')).toBeLessThan(
      calls.findIndex((c) => c.call === 'redirects'),
    );
    expect(notify.success).toHaveBeenCalledWith('Page deactivated: its public page is gone, its content is kept.');
    expect(notify.success).toHaveBeenCalledWith('Visitors of /Careers1 now go to /About1.', 'Redirect saved');
  });

  it('sends no redirect when none is chosen, nor when the answer is Cancel', async () => {
    await openDeactivate('Careers');
    await until(() => choices().length > 1, 'the live pages');
    await choose(offer()!, '/Home1');
    await click(button('Cancel')!);
    expect(statusCalls()).toEqual([]);

    await click(button('Deactivate Careers')!);
    await until(() => choices().length > 1, 'the live pages');
    // A new question starts with none chosen.
    expect(offer()!.value).toBe('');
    await click(button('Deactivate')!);
    await until(() => statusCalls().length === 1, 'the page deactivated');
    await until(() => button('Activate Careers'), 'the list again');
    expect(redirectCalls()).toEqual([]);
  });

  it('says so when the page is deactivated but the redirect is refused', async () => {
    redirectRefusal = { message: 'A redirect to /Events1 from /Careers1 would make a loop.', field: 'to' };
    await openDeactivate('Careers');
    await until(() => choices().length > 1, 'the live pages');
    await choose(offer()!, '/Events1');
    await click(button('Deactivate')!);
    await until(() => vi.mocked(notify.error).mock.calls.length === 1, 'the failure said');
    expect(notify.error).toHaveBeenCalledWith(
      'The page is deactivated, but /Careers1 does not send its visitors on: A redirect to /Events1 from /Careers1 would make a loop. Add the redirect on the Redirects screen.',
    );
    expect(statusCalls()).toEqual([{ id: 1000, activeStatus: 'N' }]);
  });

  it('asks the plain question for a built-in page, and for a page made without code that is not on the website', async () => {
    await openDeactivate('About us');
    expect(dialog()?.querySelector('h2')?.textContent).toBe('Deactivate About us');
    expect(offer()).toBeNull();
    await click(button('Cancel')!);

    await openDeactivate('Internal notes', 2);
    expect(dialog()?.querySelector('h2')?.textContent).toBe('Deactivate Internal notes');
    expect(offer()).toBeNull();
  });
});
