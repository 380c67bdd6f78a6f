// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NotFoundEntry } from '../../../../core/schemas/redirect';
import { VISITS_MESSAGES, daysBetween, type Visits } from '../../../../core/schemas/visits';
import {
  buttonNamed,
  byLabel,
  click,
  expectFocus,
  type,
  until,
  withFakeMasterApi,
  withTestRoot,
} from '../../test-support/dom';
import { shiftDay } from './visits-range';
import VisitsScreen, { NO_VISITS } from './visits-screen';

/**
 * The visits screen (docs/design.md §31) against a stand-in for its calls, answering with the contract's shapes
 * (src/core/schemas/visits.ts): the range chosen and the query sent for it, the chart's summary and table, the lists,
 * the CSV link, the empty state, a range refused at its field, one page alone, and the 404 log only for those whose
 * menu holds the redirects screen. Today is 30 Nov 2026 (UTC).
 */

const dom = withTestRoot();
const calls = withFakeMasterApi(answer);

const TODAY = '2026-11-30';
let screens: string[];
let empty: boolean;
let notFoundStatus: number;
/** The server's refusal of a range starting before this day (a rule the form does not know). */
const KEPT_FROM = '2024-11-01';
const KEPT_MESSAGE = 'Visits are kept for 25 months: From must be 1 Nov 2024 or later.';

const NOT_FOUND: NotFoundEntry[] = [
  { path: '/old-prices', hits: 42, lastSeen: '2026-11-29T08:00:00.000Z', referrer: null },
  { path: '/Team1', hits: 7, lastSeen: '2026-11-28T08:00:00.000Z', referrer: 'https://search.example/' },
];

/** The figures of a range: day n has 10 + n views and 4 + n % 3 visitors (zeros when `empty`). */
function visitsOf(from: string, to: string): Visits {
  const days = Array.from({ length: daysBetween(from, to) }, (_, index) => ({
    date: shiftDay(from, index),
    views: empty ? 0 : 10 + index,
    visitors: empty ? 0 : 4 + (index % 3),
  }));
  if (empty)
    return { days, pages: [], referrers: [], campaigns: [], devices: { phone: 0, tablet: 0, desktop: 0 }, locales: [] };
  return {
    days,
    pages: [
      { routing: 'Home', locale: 'en', views: 120, visitors: 80 },
      { routing: 'Careers', locale: 'de', views: 30, visitors: 12 },
    ],
    referrers: [{ host: 'www.google.com', views: 55 }],
    campaigns: [{ source: 'newsletter', medium: 'email', campaign: 'november', views: 9 }],
    devices: { phone: 50, tablet: 10, desktop: 40 },
    locales: [
      { code: 'en', views: 120 },
      { code: 'de', views: 30 },
    ],
  };
}

function answer(call: string) {
  if (call === '/api/auth/session')
    return {
      status: 200,
      data: { authenticated: true, user: { id: 1, username: 'asha', screens, landpage: '/Home' } },
    };
  const url = new URL(`/${call}`, 'http://folio.test');
  if (url.pathname === '/notfound')
    return notFoundStatus === 200
      ? { status: 200, data: { items: NOT_FOUND } }
      : { status: notFoundStatus, data: { message: 'Not allowed' } };
  if (url.pathname === '/visits') {
    const from = url.searchParams.get('from') ?? '';
    const to = url.searchParams.get('to') ?? '';
    if (from < KEPT_FROM) return { status: 400, data: { message: KEPT_MESSAGE, field: 'from' } };
    return { status: 200, data: visitsOf(from, to) };
  }
  return undefined;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(`${TODAY}T10:00:00Z`));
  screens = ['visits', 'Home', 'redirects'];
  empty = false;
  notFoundStatus = 200;
});
afterEach(() => vi.useRealTimers());

/** The queries of the visits calls made, as `from to [routing locale]`. */
const visitsQueries = () =>
  calls
    .filter((c) => c.call.startsWith('visits?'))
    .map((c) => [...new URLSearchParams(c.call.slice('visits?'.length)).values()].join(' '));
const region = (name: string) =>
  [...dom.container.querySelectorAll('section')].find(
    (section) => document.getElementById(section.getAttribute('aria-labelledby') ?? '')?.textContent === name,
  );
const rowsOf = (name: string) =>
  [...(region(name)?.querySelectorAll('tbody tr') ?? [])].map((row) =>
    [...row.querySelectorAll('td')].map((cell) => cell.textContent),
  );
const radio = (label: string) =>
  [...dom.container.querySelectorAll('label')].find((l) => l.textContent === label)!.querySelector('input')!;
const totals = () => document.getElementById('visits-summary')?.textContent;
const chartName = () => dom.container.querySelector('[role="img"]')?.getAttribute('aria-label');
const field = (label: string) => byLabel<HTMLInputElement>(dom.container, label)!;
const errorOf = (input: HTMLElement) => document.getElementById(`${input.id}-error`)?.textContent;
const loaded = () => until(() => totals(), 'the figures');

describe('the visits screen', () => {
  it('shows the last 30 days at first: totals, the chart with its table, every list and the CSV of the range', async () => {
    dom.renderScreen(<VisitsScreen />, '/visits');
    await loaded();
    expect(document.title).toBe('Visits – Folio');
    expect(visitsQueries()).toEqual(['2026-11-01 2026-11-30']);
    expect(radio('Last 30 days').checked).toBe(true);
    // 30 days of 10…39 views (735) and 4, 5, 6… visitors (150).
    expect(totals()).toBe('1 Nov 2026 to 30 Nov 2026: 735 views and 150 visitors of the whole site.');
    expect(chartName()).toBe(
      'Bar chart of views and visitors per day from 1 Nov 2026 to 30 Nov 2026: 735 views and 150 visitors in all; the most views in one day: 39, on 30 Nov 2026.',
    );
    const table = dom.container.querySelector('.visits-chart__table table')!;
    expect(table.querySelectorAll('tbody tr')).toHaveLength(30);
    expect(table.querySelector('tbody tr')?.textContent).toBe('1 Nov 2026104');

    expect(rowsOf('Pages')).toEqual([
      ['Home (open its editor)', 'English (en)', '120', '80', ''],
      ['Careers', 'German (de)', '30', '12', ''],
    ]);
    // Home's editor is in the user's menu, Careers' is not.
    expect(region('Pages')!.querySelector('a')?.getAttribute('href')).toBe('/Home?locale=en');
    expect(rowsOf('Where visitors came from')).toEqual([['www.google.com', '55']]);
    expect(rowsOf('Campaigns')).toEqual([['newsletter', 'email', 'november', '9']]);
    expect(rowsOf('Devices')).toEqual([
      ['Phones', '50', '50%'],
      ['Tablets', '10', '10%'],
      ['Computers', '40', '40%'],
    ]);
    expect(rowsOf('Languages')).toEqual([
      ['English (en)', '120', '80%'],
      ['German (de)', '30', '20%'],
    ]);
    const csv = [...dom.container.querySelectorAll('a')].find((a) => a.textContent === 'Download CSV');
    expect(csv?.getAttribute('href')).toBe('/api/master/visits.csv?from=2026-11-01&to=2026-11-30');
    expect(csv?.hasAttribute('download')).toBe(true);
  });

  it('asks for each range chosen, keeps it in the address, and draws a long range as lines', async () => {
    dom.renderScreen(<VisitsScreen />, '/visits');
    await loaded();
    await click(radio('Last 7 days'));
    // What the screen says is of the figures shown, never of a range still on its way.
    expect(totals()).toMatch(/^1 Nov 2026 to 30 Nov 2026: 735 views/);
    await until(() => totals()?.startsWith('24 Nov 2026'), 'the 7 days');
    expect(dom.address).toBe('/visits?range=7d');
    await click(radio('Last 90 days'));
    await until(() => totals()?.startsWith('2 Sept 2026') || totals()?.startsWith('2 Sep 2026'), 'the 90 days');
    await click(radio('Last 12 months'));
    await until(() => totals()?.startsWith('1 Dec 2025'), 'the 12 months');
    expect(dom.address).toBe('/visits?range=12m');
    expect(visitsQueries()).toEqual([
      '2026-11-01 2026-11-30',
      '2026-11-24 2026-11-30',
      '2026-09-02 2026-11-30',
      '2025-12-01 2026-11-30',
    ]);
    expect(chartName()).toMatch(/^Line chart of views and visitors per day from 1 Dec 2025 to 30 Nov 2026: /);
    expect(dom.container.querySelectorAll('.visits-chart__table tbody tr')).toHaveLength(365);
    expect(
      [...dom.container.querySelectorAll('a')].find((a) => a.textContent === 'Download CSV')?.getAttribute('href'),
    ).toBe('/api/master/visits.csv?from=2025-12-01&to=2026-11-30');
  });

  it('checks From–To as the server does, says the server’s refusal at its field, and shows a range it accepts', async () => {
    dom.renderScreen(<VisitsScreen />, '/visits');
    await loaded();
    await click(radio('From–To dates'));
    // The dates start as the range shown.
    expect(field('From').value).toBe('2026-11-01');
    expect(field('To').value).toBe('2026-11-30');

    // From after To: said at From by the form, nothing asked.
    await type(field('From'), '2026-11-20');
    await type(field('To'), '2026-11-10');
    await click(buttonNamed('Show')!);
    await until(() => errorOf(field('From')), 'the order message');
    expect(errorOf(field('From'))).toBe(VISITS_MESSAGES.order);
    expect(field('From').getAttribute('aria-invalid')).toBe('true');
    expect(visitsQueries()).toHaveLength(1);

    // A range the server refuses: its sentence at the field it names, the focus there, the range shown unchanged.
    await type(field('From'), '2024-06-01');
    await type(field('To'), '2024-06-30');
    await click(buttonNamed('Show')!);
    await until(() => errorOf(field('From')) === KEPT_MESSAGE, 'the server’s refusal');
    await expectFocus(() => field('From'));
    expect(dom.address).toBe('/visits');
    expect(totals()).toMatch(/^1 Nov 2026 to 30 Nov 2026/);

    await type(field('From'), '2026-11-10');
    await type(field('To'), '2026-11-25');
    await click(buttonNamed('Show')!);
    await until(() => totals()?.startsWith('10 Nov 2026 to 25 Nov 2026'), 'the dates');
    expect(dom.address).toBe('/visits?range=dates&from=2026-11-10&to=2026-11-25');
    expect(visitsQueries().at(-1)).toBe('2026-11-10 2026-11-25');
    expect(errorOf(field('From'))).toBeUndefined();
  });

  it('says a refused range from the address at its field, and shows nothing else', async () => {
    dom.renderScreen(<VisitsScreen />, '/visits?range=dates&from=2023-01-01&to=2023-01-31');
    await until(() => errorOf(field('From')), 'the refusal at From');
    expect(errorOf(field('From'))).toBe(KEPT_MESSAGE);
    expect(dom.container.querySelector('.refusal-box')?.textContent).toBe(
      `${KEPT_MESSAGE} Nothing is shown until the range is put right.`,
    );
    expect(region('Pages')).toBeUndefined();
  });

  it('says so when the range holds no visit, and lists nothing but the addresses not found', async () => {
    empty = true;
    dom.renderScreen(<VisitsScreen />, '/visits');
    await loaded();
    expect(region('Views and visitors per day')?.textContent).toContain(NO_VISITS);
    expect(dom.container.querySelector('[role="img"]')).toBeNull();
    expect(region('Pages')).toBeUndefined();
    expect(region('Devices')).toBeUndefined();
    await until(() => rowsOf('Addresses not found').length > 0, 'the 404 log');
  });

  it('lists the 404 log’s top addresses only for users whose menu holds the redirects screen', async () => {
    dom.renderScreen(<VisitsScreen />, '/visits');
    await loaded();
    await until(() => rowsOf('Addresses not found').length > 0, 'the 404 log');
    expect(rowsOf('Addresses not found').map((row) => row.slice(0, 2))).toEqual([
      ['/old-prices', '42'],
      ['/Team1', '7'],
    ]);
    expect(region('Addresses not found')!.querySelector('a')?.getAttribute('href')).toBe('/redirects');
  });

  it('leaves the 404 log out without the redirects screen, and a page’s link out without its editor', async () => {
    screens = ['visits'];
    dom.renderScreen(<VisitsScreen />, '/visits');
    await loaded();
    expect(region('Addresses not found')).toBeUndefined();
    expect(calls.some((c) => c.call === 'notfound')).toBe(false);
    // No link to an editor the user may not open.
    expect(region('Pages')!.querySelector('a')).toBeNull();
  });

  it('hides the 404 log when its call is refused (403)', async () => {
    notFoundStatus = 403;
    dom.renderScreen(<VisitsScreen />, '/visits');
    await loaded();
    await until(() => calls.some((c) => c.call === 'notfound'), 'the 404 log asked');
    await until(() => !region('Addresses not found'), 'the 404 log gone');
    expect(dom.container.textContent).not.toContain('Not allowed');
  });

  it('shows one page alone from its row, then the whole site again', async () => {
    dom.renderScreen(<VisitsScreen />, '/visits');
    await loaded();
    await click(buttonNamed('Show only Careers in German (de)')!);
    await until(() => totals()?.includes('of the page Careers in German (de)'), 'the page alone');
    expect(dom.address).toBe('/visits?routing=Careers&locale=de');
    expect(visitsQueries().at(-1)).toBe('2026-11-01 2026-11-30 Careers de');
    expect(document.getElementById('visits-filter')?.textContent).toBe(
      'Only the page Careers in German (de) is shown.',
    );
    await expectFocus(() => document.getElementById('visits-filter'));
    expect(buttonNamed('Show only Home in English (en)')).toBeNull();
    expect(region('Addresses not found')).toBeUndefined();

    await click(buttonNamed('Show the whole site')!);
    await until(() => totals()?.endsWith('of the whole site.'), 'the whole site');
    expect(dom.address).toBe('/visits');
    await expectFocus(() => document.getElementById('visits-summary'));
  });
});
