// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  buttonNamed as button,
  byLabel as labelled,
  click,
  type,
  until,
  withFakeMasterApi,
  withModalDialogs,
  withTestRoot,
} from '../../test-support/dom';
import { UserListScreen } from './user-list-screen';

/**
 * The user list's paging against a stand-in for getempmasterfroEmp and getSearchForEmployeeMaster that pages
 * by keyset as the server does (docs/design.md §23): the screen sends the cursor of the page before, and says "more
 * than" a capped count.
 */

vi.mock('../../toasts', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn() } }));

withModalDialogs();
const dom = withTestRoot();
const calls = withFakeMasterApi(answer);

let users: Array<{ id: number; employeecode: string; name: string; activeStatus?: 'Y' | 'N' }>;
let countCap: number;

beforeEach(() => {
  users = Array.from({ length: 25 }, (_, index) => ({
    id: index + 1,
    employeecode: `E${String(index + 1).padStart(3, '0')}`,
    name: `User ${index + 1}`,
  }));
  countCap = Infinity;
});

function answer(call: string, body: Record<string, unknown>) {
  if (call === 'Employeechangedeletstatus') {
    users = users.map((u) => (u.id === body.id ? { ...u, activeStatus: body.activeStatus as 'Y' | 'N' } : u));
    return { status: 200, data: { status: 'Success', message: 'Success' } };
  }
  if (call !== 'getempmasterfroEmp' && call !== 'getSearchForEmployeeMaster') return undefined;
  const text = String(body.searchText ?? '').toLowerCase();
  const matches = users.filter((u) => u.name.toLowerCase().includes(text));
  const pageno = Number(body.pageno ?? 1);
  const list = matches.slice((pageno - 1) * 10, pageno * 10).map((u, index) => ({
    ...u,
    srno: (pageno - 1) * 10 + index + 1,
    username: u.employeecode.toLowerCase(),
    usergroupid: 2,
    groupname: 'Editors',
    activeStatus: u.activeStatus ?? 'Y',
  }));
  return {
    status: 200,
    data: {
      list,
      totalItems: Math.min(matches.length, countCap),
      totalCapped: matches.length > countCap,
      next: matches.length > pageno * 10 ? `${call === 'getempmasterfroEmp' ? 'a' : 's'}${pageno + 1}` : null,
    },
  };
}

const rows = () => [...dom.container.querySelectorAll('tbody tr')];
const firstName = () => rows()[0]?.querySelectorAll('td')[1]?.textContent;
const lastBody = () => calls.at(-1)?.body;

describe('userHomepage paging', () => {
  it('sends the cursor of the page before; a new search starts on page 1 by number', async () => {
    dom.renderScreen(<UserListScreen />, '/userHomepage');
    await until(() => firstName() === 'User 1', 'page 1');
    expect(calls[0]).toEqual({ call: 'getempmasterfroEmp', body: { pageno: 1 } });
    expect(dom.container.querySelector('.staff-table__range')?.textContent).toBe('1–10 of 25');
    await click(button('Next page')!);
    await until(() => firstName() === 'User 11', 'page 2');
    expect(calls.at(-1)).toEqual({ call: 'getempmasterfroEmp', body: { pageno: 2, after: 'a2' } });
    await click(button('Next page')!);
    await until(() => firstName() === 'User 21', 'page 3');
    expect(lastBody()).toEqual({ pageno: 3, after: 'a3' });

    await type(labelled<HTMLInputElement>(dom.container, 'Search text')!, 'user 1');
    await click(button('Search')!);
    await until(() => calls.at(-1)?.call === 'getSearchForEmployeeMaster' && firstName() === 'User 1', 'the search');
    expect(lastBody()).toEqual({ searchText: 'user 1', type: 'All', pageno: 1 });
    await click(button('Next page')!);
    await until(() => firstName() === 'User 19', 'page 2 of the search (User 1, 10–19)');
    expect(lastBody()).toEqual({ searchText: 'user 1', type: 'All', pageno: 2, after: 's2' });
  });

  it('says "more than" a capped count, and pages on while the server has a next page', async () => {
    countCap = 20;
    dom.renderScreen(<UserListScreen />, '/userHomepage');
    await until(() => firstName() === 'User 1', 'page 1');
    expect(dom.container.querySelector('.staff-table__range')?.textContent).toBe('1–10 of more than 20');
    expect(dom.container.querySelector('.staff-table__page')?.textContent).toBe('Page 1');
    await click(button('Next page')!);
    await until(() => firstName() === 'User 11', 'page 2');
    await click(button('Next page')!);
    await until(() => firstName() === 'User 21', 'page 3');
    expect(dom.container.querySelector('.staff-table__range')?.textContent).toBe('21–25 of more than 20');
    expect(button('Next page')?.getAttribute('aria-disabled')).toBe('true');
  });
});

describe('userHomepage status', () => {
  const question = () => document.querySelector('dialog .confirm-dialog__question')?.textContent;
  const statusOf = (name: string) =>
    rows()
      .find((row) => row.querySelectorAll('td')[1]?.textContent === name)
      ?.querySelectorAll('td')[2]?.textContent;

  it('reads Active or Inactive, and asks "Deactivate this user?" or "Activate this user?", never the delete question', async () => {
    dom.renderScreen(<UserListScreen />, '/userHomepage');
    await until(() => firstName() === 'User 1', 'page 1');
    expect(statusOf('User 2')).toBe('Active');

    await click(button('Deactivate User 2')!);
    expect(question()).toBe(
      'Deactivate this user? User 2 can no longer sign in, and a session they have open ends now. Nothing is deleted.',
    );
    await click(button('Cancel')!);
    expect(calls.some((c) => c.call === 'Employeechangedeletstatus')).toBe(false);

    await click(button('Deactivate User 2')!);
    await click(button('Deactivate')!);
    await until(() => statusOf('User 2') === 'Inactive', 'User 2 inactive');
    expect(calls.find((c) => c.call === 'Employeechangedeletstatus')?.body).toEqual({ id: 2, activeStatus: 'N' });

    await click(button('Activate User 2')!);
    expect(question()).toBe('Activate this user? User 2 can sign in again.');
    await click(button('Activate')!);
    await until(() => statusOf('User 2') === 'Active', 'User 2 active again');
    expect(calls.filter((c) => c.call === 'Employeechangedeletstatus').at(-1)?.body).toEqual({
      id: 2,
      activeStatus: 'Y',
    });
  });
});
