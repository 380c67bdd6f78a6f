// @vitest-environment jsdom
import { act } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation, useNavigate, type NavigateFunction } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AUDIT_PAGE_SIZE,
  AuditListRequestSchema,
  auditRange,
  type AuditEntryRow,
} from '../../../../core/schemas/audit';
import {
  buttonNamed as button,
  byLabel as labelled,
  choose,
  click,
  expectFocus,
  type,
  until,
  withFakeMasterApi,
  withModalDialogs,
  withTestRoot,
} from '../../test-support/dom';
import { AuditLogScreen } from './audit-log-screen';

/**
 * The screen against a small in-memory stand-in for getauditlog that filters as the server does (the whole
 * user name in any case, an action or its area, the target type, the range read by the contract's own
 * `auditRange`) and refuses a bad filter with the contract's sentence: enough to see the screen send the
 * right bodies, keep its filters in the address, and show the answers.
 */

// The viewer is in India: their days start at 00:00 +05:30.
vi.hoisted(() => {
  process.env.TZ = 'Asia/Kolkata';
});

withModalDialogs();
const dom = withTestRoot();
const calls = withFakeMasterApi(answer);

let entries: AuditEntryRow[];
let listFails: boolean;
let countCap: number;

const entry = (id: number, more: Partial<AuditEntryRow>): AuditEntryRow => ({
  id,
  at: new Date(Date.UTC(2026, 10, 25, 10, 0, 5, 123) - (50 - id) * 3_600_000).toISOString(),
  tenant: 'default',
  userName: 'admin',
  ip: '127.0.0.1',
  action: 'group.create',
  targetType: 'group',
  targetId: `G${id}`,
  summary: `Created group G${id}`,
  details: {},
  ...more,
});

function seed() {
  entries = [
    entry(50, {
      action: 'group.update',
      targetId: 'Authors',
      summary: 'Renamed group Writers to Authors',
      details: { name: { before: 'Writers', after: 'Authors' }, requireTwoFactor: { before: false, after: true } },
    }),
    entry(49, { targetId: 'Writers', summary: 'Created group Writers', details: { id: 7, requireTwoFactor: false } }),
    entry(48, {
      action: 'auth.signin_failed',
      userName: null,
      ip: null,
      targetType: 'user',
      targetId: 'mallory',
      summary: 'Failed sign-in as mallory',
    }),
    entry(47, {
      action: 'page.publish',
      userName: 'asha',
      ip: '10.9.0.1',
      targetType: 'page',
      targetId: 'Home',
      summary: 'Published Home (revision 12)',
      details: { revision: 12, fields: ['title', '<b>body</b>'], note: '<img src=x onerror="window.hacked=1">' },
    }),
  ];
  listFails = false;
  countCap = Infinity;
}

/** `count` page publishes by asha, one an hour, newest first. */
const many = (count: number): AuditEntryRow[] =>
  Array.from({ length: count }, (_, index) =>
    entry(1000 - index, {
      userName: 'asha',
      at: new Date(Date.UTC(2026, 10, 25, 10) - index * 3_600_000).toISOString(),
      action: 'page.publish',
      targetType: 'page',
      targetId: 'Home',
      summary: `Published Home (revision ${1000 - index})`,
    }),
  );

function answer(call: string, body: Record<string, unknown>): { status: number; data: unknown } | undefined {
  if (call !== 'getauditlog') return undefined;
  if (listFails) return { status: 500, data: { message: 'The audit log could not be read.' } };
  const parsed = AuditListRequestSchema.safeParse(body);
  if (!parsed.success) return { status: 400, data: { message: parsed.error.issues[0]?.message } };
  const { pageno, userName, action, targetType, ...range } = parsed.data;
  const { from, to } = auditRange(range);
  const matches = entries.filter(
    (e) =>
      (!userName || e.userName?.toLowerCase() === userName.toLowerCase()) &&
      (!action || (action.includes('.') ? e.action === action : e.action.startsWith(`${action}.`))) &&
      (!targetType || e.targetType === targetType) &&
      (!from || e.at >= from) &&
      (!to || e.at <= to),
  );
  return {
    status: 200,
    data: {
      items: matches.slice((pageno - 1) * AUDIT_PAGE_SIZE, pageno * AUDIT_PAGE_SIZE),
      // The count stops at countCap, as the server's does at 10,000.
      totalItems: Math.min(matches.length, countCap),
      totalCapped: matches.length > countCap,
      next: matches.length > pageno * AUDIT_PAGE_SIZE ? `p${pageno + 1}` : null,
    },
  };
}

beforeEach(() => {
  seed();
});

/** Where the screen's router is, and a way to press Back. */
const router: { location: string; navigate: NavigateFunction | null } = { location: '', navigate: null };

function RouterProbe() {
  const location = useLocation();
  router.location = `${location.pathname}${location.search}`;
  router.navigate = useNavigate();
  return null;
}

/** The screen at its address (with a query, as a link or a reload gives it), in the app's providers. */
function render(path = '/auditlog') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  dom.render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route
            path="/auditlog"
            element={
              <>
                <AuditLogScreen />
                <RouterProbe />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const byLabel = <T extends HTMLElement>(text: string) => labelled<T>(dom.container, text);
const table = () =>
  [...dom.container.querySelectorAll('table')].find(
    (t) => t.querySelector('caption')?.textContent === 'Audit log entries',
  );
const rows = () => [...(table()?.querySelectorAll('tbody tr') ?? [])];
const rowTexts = () =>
  rows().map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent?.trim() ?? ''));
const listed = (count: number) => () =>
  rows().length === count && rows()[0]?.querySelectorAll('td').length === 7 && !table()?.hasAttribute('aria-busy');
const listCalls = () => calls.filter((c) => c.call === 'getauditlog');
const lastBody = () => listCalls().at(-1)?.body;
const total = () => dom.container.querySelector('.audit-log__total')?.textContent;
const exportLink = () =>
  [...dom.container.querySelectorAll<HTMLAnchorElement>('a[download]')].find(
    (a) => a.textContent?.trim() === 'Download CSV',
  )!;
const detailDialog = () => document.querySelector<HTMLDialogElement>('dialog.audit-detail');
const tableMessage = () => table()?.querySelector('.staff-table__message')?.textContent ?? '';

async function filterBy(values: { user?: string; action?: string; target?: string; from?: string; to?: string }) {
  if (values.user !== undefined) await type(byLabel<HTMLInputElement>('User name')!, values.user);
  if (values.action !== undefined) await choose(byLabel<HTMLSelectElement>('Action')!, values.action);
  if (values.target !== undefined) await choose(byLabel<HTMLSelectElement>('Target type')!, values.target);
  if (values.from !== undefined) await type(byLabel<HTMLInputElement>('From')!, values.from);
  if (values.to !== undefined) await type(byLabel<HTMLInputElement>('To')!, values.to);
}

describe('the audit log', () => {
  it('lists the entries newest first: when, who, the action, the target, the summary and the address', async () => {
    render();
    await until(listed(4), 'four entries');
    expect(listCalls()[0]?.body).toEqual({ pageno: 1 });
    expect(document.title).toBe('Audit Log – Folio');
    expect(dom.container.querySelector('h1')?.textContent).toBe('Audit Log');
    const headers = [...table()!.querySelectorAll('thead th')].map((th) => th.textContent);
    expect(headers).toEqual(['When', 'User', 'Action', 'Target', 'Summary', 'Address', 'Details']);
    expect([...table()!.querySelectorAll('thead th')].every((th) => th.getAttribute('scope') === 'col')).toBe(true);
    expect(rowTexts().map((cells) => cells.slice(1, 6))).toEqual([
      ['admin', 'group.update', 'group Authors', 'Renamed group Writers to Authors', '127.0.0.1'],
      ['admin', 'group.create', 'group Writers', 'Created group Writers', '127.0.0.1'],
      ['—None', 'auth.signin_failed', 'user mallory', 'Failed sign-in as mallory', '—None'],
      ['asha', 'page.publish', 'page Home', 'Published Home (revision 12)', '10.9.0.1'],
    ]);
    // When: local (India) to the second, the exact UTC moment for machines and as the tooltip.
    const when = rows()[0]!.querySelector('time')!;
    expect(when.getAttribute('datetime')).toBe('2026-11-25T10:00:05.123Z');
    expect(when.getAttribute('title')).toBe('2026-11-25 10:00:05.123 UTC');
    expect(when.textContent).toMatch(/25 Nov 2026.*3:30:05/);
    expect(total()).toBe('4 entries');
    expect(exportLink().getAttribute('href')).toBe('/api/master/auditlog.csv');
    // Reading only: each row opens its detail, nothing changes or deletes an entry.
    expect(button('View entry 50: Renamed group Writers to Authors')).not.toBeNull();
    const names = [...dom.container.querySelectorAll('button')].map(
      (b) => b.getAttribute('aria-label') ?? b.textContent?.trim(),
    );
    expect(names.filter((name) => /delete|remove|edit|change/i.test(name ?? ''))).toEqual([]);
  });

  it('applies the filters on Apply, keeps them in the address, sends local days with their offset, and the CSV follows', async () => {
    render();
    await until(listed(4), 'four entries');
    await filterBy({ user: 'ADMIN', action: 'group', from: '2026-11-25', to: '2026-11-25' });
    // Nothing is asked until Apply.
    expect(listCalls()).toHaveLength(1);
    await click(button('Apply')!);
    await until(listed(2), 'the two group entries of admin');
    expect(lastBody()).toEqual({
      pageno: 1,
      userName: 'ADMIN',
      action: 'group',
      from: '2026-11-25T00:00:00.000+05:30',
      to: '2026-11-25T23:59:59.999+05:30',
    });
    expect(router.location).toBe('/auditlog?user=ADMIN&action=group&from=2026-11-25&to=2026-11-25');
    expect(total()).toBe('2 entries match the filters');
    expect(exportLink().getAttribute('href')).toBe(
      `/api/master/auditlog.csv?${new URLSearchParams({ userName: 'ADMIN', action: 'group', from: '2026-11-25T00:00:00.000+05:30', to: '2026-11-25T23:59:59.999+05:30' })}`,
    );

    // One action; then the area of another, by target.
    await filterBy({ action: 'group.update' });
    await click(button('Apply')!);
    await until(listed(1), 'the rename');
    await filterBy({ user: '', action: '', target: 'page', from: '', to: '' });
    await click(button('Apply')!);
    await until(() => rows().length === 1 && rowTexts()[0]?.[1] === 'asha', 'the publish');
    expect(lastBody()).toEqual({ pageno: 1, targetType: 'page' });
    expect(router.location).toBe('/auditlog?target=page');

    // Back shows the filters before, in the fields and in the list.
    await act(async () => {
      await router.navigate!(-1);
    });
    await until(listed(1), 'the rename again');
    expect(byLabel<HTMLSelectElement>('Action')!.value).toBe('group.update');
    expect(byLabel<HTMLInputElement>('User name')!.value).toBe('ADMIN');
    expect(byLabel<HTMLInputElement>('From')!.value).toBe('2026-11-25');

    // Clear: every filter, the fields, the address.
    await click(button('Clear')!);
    await until(listed(4), 'all four');
    expect(router.location).toBe('/auditlog');
    expect(byLabel<HTMLSelectElement>('Action')!.value).toBe('');
    expect(byLabel<HTMLInputElement>('User name')!.value).toBe('');
    expect(lastBody()).toEqual({ pageno: 1 });
  });

  it('opens with the filters and the page of its address (a reload, a bookmark)', async () => {
    entries = many(45);
    render('/auditlog?user=asha&action=page&target=page&page=2');
    await until(listed(20), 'the second page');
    expect(listCalls()[0]?.body).toEqual({ pageno: 2, userName: 'asha', action: 'page', targetType: 'page' });
    expect(byLabel<HTMLInputElement>('User name')!.value).toBe('asha');
    expect(byLabel<HTMLSelectElement>('Action')!.value).toBe('page');
    expect(byLabel<HTMLSelectElement>('Target type')!.value).toBe('page');
    expect(dom.container.textContent).toContain('21–40 of 45');
  });

  it('offers All actions, each area and each action, and every known target type', async () => {
    render();
    await until(listed(4), 'four entries');
    const action = byLabel<HTMLSelectElement>('Action')!;
    expect(action.options[0]?.textContent).toBe('All actions');
    const group = [...action.querySelectorAll('optgroup')].find((g) => g.label === 'group')!;
    expect([...group.querySelectorAll('option')].map((o) => [o.value, o.textContent])).toEqual([
      ['group', 'All group actions'],
      ['group.create', 'group.create'],
      ['group.update', 'group.update'],
      ['group.delete', 'group.delete'],
    ]);
    const targets = [...byLabel<HTMLSelectElement>('Target type')!.options].map((o) => o.value);
    expect(targets).toEqual([
      '',
      'page',
      'preview link',
      'release',
      'webhook',
      'redirect',
      'language',
      'user',
      'group',
      'group menu',
      'user menu',
      'company',
      'sign-in settings',
      'enquiry',
      'form',
      'submission',
      'image',
      'master_type',
      'master_value',
    ]);
  });

  it('pages by 20 with the total, each page in the address', async () => {
    entries = many(41);
    render();
    await until(listed(20), 'the first twenty');
    expect(total()).toBe('41 entries');
    expect(dom.container.textContent).toContain('1–20 of 41');
    await click(button('Next page')!);
    await until(() => listed(20)() && rowTexts()[0]?.[4] === 'Published Home (revision 980)', 'the second page');
    // After the cursor of page 1's answer.
    expect(lastBody()).toEqual({ pageno: 2, after: 'p2' });
    expect(router.location).toBe('/auditlog?page=2');
    await click(button('Next page')!);
    await until(listed(1), 'the last one');
    expect(lastBody()).toEqual({ pageno: 3, after: 'p3' });
    expect(router.location).toBe('/auditlog?page=3');
    // Filters applied start again on page 1.
    await filterBy({ user: 'asha' });
    await click(button('Apply')!);
    await until(listed(20), 'page one of asha');
    expect(lastBody()).toEqual({ pageno: 1, userName: 'asha' });
  });

  it('says "more than" a capped count, and pages on while the server has a next page', async () => {
    entries = many(45);
    countCap = 40;
    render();
    await until(listed(20), 'the first twenty');
    expect(total()).toBe('More than 40 entries');
    expect(dom.container.querySelector('.staff-table__range')?.textContent).toBe('1–20 of more than 40');
    expect(dom.container.querySelector('.staff-table__page')?.textContent).toBe('Page 1');
    await click(button('Next page')!);
    await until(() => router.location === '/auditlog?page=2' && listed(20)(), 'page 2');
    await click(button('Next page')!);
    await until(listed(5), 'page 3, past the count');
    expect(lastBody()).toEqual({ pageno: 3, after: 'p3' });
    expect(dom.container.querySelector('.staff-table__range')?.textContent).toBe('41–45 of more than 40');
    expect(button('Next page')?.getAttribute('aria-disabled')).toBe('true');
  });

  it('goes to the last page when the address asks for one past the end', async () => {
    entries = many(25);
    render('/auditlog?page=9');
    await until(listed(5), 'the last page');
    expect(router.location).toBe('/auditlog?page=2');
  });

  it('says when the log is empty, and which filters found nothing', async () => {
    entries = [];
    render();
    await until(() => tableMessage().startsWith('The audit log has no entries yet.'), 'the empty log');
    expect(total()).toBe('0 entries');
    seed();
    await filterBy({ user: 'ash', action: 'page.restore' });
    await click(button('Apply')!);
    await until(() => tableMessage().startsWith('No entries match'), 'the empty state');
    expect(tableMessage()).toBe(
      'No entries match User name: “ash” and Action: page.restore together. Loosen or clear one of these filters (User name and Action) to see more. The user name must be a whole user name (any case).',
    );
  });

  it("shows the server's sentence about a bad filter beside the filters, and lists again once it is put right", async () => {
    render();
    await until(listed(4), 'four entries');
    await filterBy({ from: '2026-11-25', to: '2026-11-20' });
    await click(button('Apply')!);
    const alert = await until(() => dom.container.querySelector('.audit-log__refusal'), 'the refusal');
    expect(alert.textContent).toBe('From must not be after To.');
    expect(alert.getAttribute('role')).toBe('alert');
    // The fields point at it, and asking again would not help: no Try again.
    expect(byLabel<HTMLInputElement>('From')!.getAttribute('aria-describedby')).toContain(alert.id);
    expect(button('Try again')).toBeNull();
    expect(tableMessage()).toContain('filters are put right');
    // The CSV of those filters would be refused too: no link meanwhile.
    expect(dom.container.querySelector('a[download]')).toBeNull();

    await filterBy({ to: '2026-11-26' });
    await click(button('Apply')!);
    await until(listed(4), 'the list again');
    expect(dom.container.querySelector('.audit-log__refusal')).toBeNull();
    expect(exportLink().getAttribute('href')).toContain('to=2026-11-26T23%3A59%3A59.999%2B05%3A30');
  });

  it('refuses a date of the address that is no day with the sentence, too', async () => {
    render('/auditlog?from=yesterday');
    const alert = await until(() => dom.container.querySelector('.audit-log__refusal'), 'the refusal');
    expect(alert.textContent).toMatch(/^From and To must be dates/);
    expect(listCalls()[0]?.body).toEqual({ pageno: 1, from: 'yesterday' });
  });

  it('shows a failed load with Try again', async () => {
    listFails = true;
    render();
    await until(() => tableMessage().includes('The audit log could not be read.'), 'the error');
    expect(dom.container.querySelector('.audit-log__refusal')).toBeNull();
    listFails = false;
    await click(button('Try again')!);
    await until(listed(4), 'the list');
  });

  it('shows an entry in full: every field, the changed fields before and after, the other details as text', async () => {
    render();
    await until(listed(4), 'four entries');
    const view = button('View entry 50: Renamed group Writers to Authors')!;
    await click(view);
    const dialog = await until(detailDialog, 'the detail');
    expect(dialog.open).toBe(true);
    const heading = dialog.querySelector('h2')!;
    expect(heading.textContent).toBe('Renamed group Writers to Authors');
    expect(dialog.getAttribute('aria-labelledby')).toBe(heading.id);
    await expectFocus(() => button('Close'));
    const terms = [...dialog.querySelectorAll('.audit-detail__fields dt')].map((dt) => dt.textContent);
    expect(terms).toEqual(['When', 'User', 'Address (IP)', 'Action', 'Target type', 'Target', 'Summary', 'Entry']);
    expect(dialog.textContent).toContain('2026-11-25 10:00:05.123 UTC');
    const changes = dialog.querySelector('table.audit-detail__changes')!;
    expect([...changes.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual(['Field', 'Before', 'After']);
    expect(
      [...changes.querySelectorAll('tbody tr')].map((tr) => [...tr.children].map((cell) => cell.textContent)),
    ).toEqual([
      ['name', 'Writers', 'Authors'],
      ['requireTwoFactor', 'No', 'Yes'],
    ]);
    // No button in the dialog but Close: an entry is never changed or deleted.
    expect([...dialog.querySelectorAll('button')].map((b) => b.getAttribute('aria-label') ?? b.textContent)).toEqual([
      'Close',
    ]);

    await act(async () => {
      dialog.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    expect(detailDialog()).toBeNull();
    await expectFocus(() => view);
  });

  it('shows markup in the details as the words it is, never as markup', async () => {
    render();
    await until(listed(4), 'four entries');
    await click(button('View entry 47: Published Home (revision 12)')!);
    const dialog = await until(detailDialog, 'the detail');
    expect(dialog.querySelector('table.audit-detail__changes')).toBeNull();
    const facts = [...dialog.querySelectorAll('.audit-detail__facts > div')].map((div) => [
      div.querySelector('dt')?.textContent,
      div.querySelector('dd')?.textContent,
    ]);
    expect(facts).toEqual([
      ['revision', '12'],
      ['fields', 'title, <b>body</b>'],
      ['note', '<img src=x onerror="window.hacked=1">'],
    ]);
    expect(dialog.querySelector('b, img')).toBeNull();
    await click(button('Close')!);
    expect(detailDialog()).toBeNull();

    // An entry without details says so.
    await click(button('View entry 48: Failed sign-in as mallory')!);
    expect(detailDialog()?.textContent).toContain('No further details were recorded for this entry.');
    expect(detailDialog()?.querySelector('.audit-detail__fields')?.textContent).toContain('None');
  });
});
