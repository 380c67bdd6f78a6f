// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { daysBetween, type Visits } from '../../../core/schemas/visits';
import { shiftDay } from '../backoffice/visits/visits-range';
import { buttonNamed, click, expectFocus, until, withFakeMasterApi, withTestRoot } from '../test-support/dom';
import BarPanel from './bar-panel';
import type { HistoryCalls } from './history-calls';
import { comparison, panelPeriods } from './visits-panel';

/**
 * An editor's Visits panel (docs/design.md §31), opened as the action bar opens it (its own chunk, through the bar's panel),
 * against a stand-in for the page's visits call: the last 30 days against the 30 before, in the translation's language
 * when the editor edits one, the chart's table, where its visitors came from, and the way to the visits screen for
 * those whose menu holds it. Today is 30 Nov 2026 (UTC).
 */

const dom = withTestRoot();
const calls = withFakeMasterApi(answer);

let screens: string[];
/** Views a day in the 30 days before and in the last 30, and a day's visitors. */
let before: number;
let now: number;

function visitsOf(from: string, to: string): Visits {
  const current = from >= '2026-11-01';
  const perDay = current ? now : before;
  return {
    days: Array.from({ length: daysBetween(from, to) }, (_, index) => ({
      date: shiftDay(from, index),
      views: perDay,
      visitors: perDay > 0 ? 1 : 0,
    })),
    pages: [],
    referrers: current && now > 0 ? [{ host: 'www.google.com', views: 12 }] : [],
    campaigns: [],
    devices: { phone: 0, tablet: 0, desktop: 0 },
    locales: [],
  };
}

function answer(call: string) {
  if (call === '/api/auth/session')
    return {
      status: 200,
      data: { authenticated: true, user: { id: 1, username: 'asha', screens, landpage: '/Home' } },
    };
  const url = new URL(`/${call}`, 'http://folio.test');
  if (url.pathname === '/visits/pages/Careers')
    return { status: 200, data: visitsOf(url.searchParams.get('from')!, url.searchParams.get('to')!) };
  return undefined;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-30T10:00:00Z'));
  screens = ['Careers', 'visits'];
  before = 2;
  now = 3;
});
afterEach(() => vi.useRealTimers());

const history: HistoryCalls = {
  key: ['visits-panel-test'],
  list: () => new Promise(() => {}),
  restore: vi.fn<HistoryCalls['restore']>(),
  compare: vi.fn<HistoryCalls['compare']>(),
};

function openPanel(locale?: string) {
  const onClose = vi.fn();
  dom.renderScreen(
    <BarPanel
      name="Visits"
      routing="Careers"
      locale={locale}
      calls={history}
      currentRevision={3}
      dirty={false}
      onRestored={async () => {}}
      onClose={onClose}
    />,
  );
  return onClose;
}

const heading = () => dom.container.querySelector('h2');
const figures = () =>
  [...dom.container.querySelectorAll('.visits-figures__item')].map((item) =>
    [...item.children].map((child) => child.textContent),
  );
const pageCalls = () => calls.filter((c) => c.call.startsWith('visits/pages/')).map((c) => c.call);

describe('an editor’s Visits panel', () => {
  it('compares the page’s last 30 days with the 30 before, and takes the focus as it opens', async () => {
    const onClose = openPanel();
    await until(() => figures().length > 0, 'the figures');
    await expectFocus(() => heading());
    expect(heading()?.textContent).toBe('Visits');
    expect(pageCalls().sort()).toEqual([
      'visits/pages/Careers?from=2026-10-02&to=2026-10-31',
      'visits/pages/Careers?from=2026-11-01&to=2026-11-30',
    ]);
    // 30 days of 3 views (90) against 30 of 2 (60); a visitor a day in both.
    expect(figures()).toEqual([
      ['Views', '90', '50% more than the 30 days before (60).'],
      ['Visitors', '30', 'About the same as the 30 days before (30).'],
    ]);
    expect(dom.container.querySelector('.visits-section__lead')?.textContent).toMatch(
      /^1 Nov 2026 to 30 Nov 2026 against the 30 days before \(UTC days\)\. A visitor is counted once a day/,
    );
    expect(dom.container.querySelectorAll('.visits-chart__table tbody tr')).toHaveLength(30);
    expect([...dom.container.querySelectorAll('.visits-panel__list li')].map((li) => li.textContent)).toEqual([
      'www.google.com 12 views',
    ]);
    const more = [...dom.container.querySelectorAll('a')].find(
      (a) => a.textContent === "More about this page's visits",
    );
    expect(more?.getAttribute('href')).toBe('/visits?routing=Careers');

    await click(buttonNamed('Close visits')!);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('counts a translation’s visits in its language only', async () => {
    openPanel('de');
    await until(() => figures().length > 0, 'the figures');
    expect(pageCalls().every((call) => call.endsWith('&locale=de'))).toBe(true);
    expect(pageCalls()).toHaveLength(2);
    expect(dom.container.querySelector('.visits-section__lead')?.textContent).toContain(
      ', this page in German (de) only.',
    );
    const more = [...dom.container.querySelectorAll('a')].find(
      (a) => a.textContent === "More about this page's visits",
    );
    expect(more?.getAttribute('href')).toBe('/visits?routing=Careers&locale=de');
  });

  it('says so when the page had no visits in the 60 days, and links to the visits screen only for those who may open it', async () => {
    before = 0;
    now = 0;
    screens = ['Careers'];
    openPanel();
    await until(() => dom.container.querySelector('.visits-empty'), 'the empty sentence');
    expect(dom.container.querySelector('.visits-empty')?.textContent).toMatch(
      /^No visits counted for this page in the last 60 days\./,
    );
    expect(dom.container.querySelector('.visits-figures')).toBeNull();
    expect(dom.container.querySelector('a')).toBeNull();
  });
});

describe('the panel’s words and days', () => {
  it('compares a figure with the one before in plain words', () => {
    expect(comparison(90, 60)).toBe('50% more than the 30 days before (60).');
    expect(comparison(30, 60)).toBe('50% fewer than the 30 days before (60).');
    expect(comparison(61, 60)).toBe('2% more than the 30 days before (60).');
    expect(comparison(1200, 1201)).toBe('About the same as the 30 days before (1,201).');
    expect(comparison(5, 0)).toBe('None in the 30 days before.');
    expect(comparison(0, 0)).toBe('None in the 30 days before either.');
  });

  it('takes the last 30 UTC days, today included, and the 30 just before them', () => {
    expect(panelPeriods('2026-03-01')).toEqual({
      current: { from: '2026-01-31', to: '2026-03-01' },
      before: { from: '2026-01-01', to: '2026-01-30' },
    });
  });
});
