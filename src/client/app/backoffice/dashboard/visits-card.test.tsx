// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import type { Dashboard } from '../../../../core/schemas/dashboard';
import { until, withFakeMasterApi, withTestRoot } from '../../test-support/dom';
import DashboardScreen, { VISITS_WEEK_HREF } from './dashboard-screen';
import { NO_VISITS_THIS_WEEK } from './visits-card';

/**
 * The staff home's Visits card (docs/design.md §31) against a stand-in for getdashboard: present only when the answer
 * holds `visits` (the caller's menu holds the visits screen), with the 7 days' totals, each day in a table, and the way
 * on to the visits screen over the same days; a sentence for a week without visits.
 */

const dom = withTestRoot();
withFakeMasterApi((call) => (call === 'getdashboard' ? { status: 200, data: dashboard } : undefined));

let dashboard: Dashboard;

const WEEK = ['2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29', '2026-11-30'];
const week = (views: number[], visitors: number[]) =>
  WEEK.map((date, index) => ({ date, views: views[index]!, visitors: visitors[index]! }));

beforeEach(() => {
  dashboard = {
    scheduled: [],
    visits: { days: week([120, 80, 0, 1500, 64, 20, 9], [40, 30, 0, 700, 21, 8, 3]) },
  };
});

const headingOf = (section: Element) => document.getElementById(section.getAttribute('aria-labelledby') ?? '');
const card = (name: string) =>
  [...dom.container.querySelectorAll('section')].find((section) => headingOf(section)?.textContent === name);
const loaded = () => until(() => card('Scheduled publications'), 'the cards');

describe('the staff home’s Visits card', () => {
  it('shows the 7 days’ views and visitors, each day in a table, and opens the visits screen over the same days', async () => {
    dom.renderScreen(<DashboardScreen />);
    await loaded();
    const visits = card('Visits')!;
    expect([...visits.querySelectorAll('.dashboard-figure')].map((figure) => figure.textContent)).toEqual([
      '1,793 views',
      '802 visitors',
    ]);
    expect(visits.querySelector('caption')?.textContent).toBe('Views and visitors of the last 7 days, oldest first');
    const rows = [...visits.querySelectorAll('tbody tr')].map((row) =>
      [...row.querySelectorAll('th, td')].map((cell) => cell.textContent),
    );
    expect(rows).toHaveLength(7);
    expect(rows[0]).toEqual(['Tue, 24 Nov', '120', '40']);
    expect(rows[3]).toEqual(['Fri, 27 Nov', '1,500', '700']);
    expect(visits.querySelector('tbody time')?.getAttribute('dateTime')).toBe('2026-11-24');
    const link = [...visits.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')]);
    expect(link).toEqual([['Open Visits', VISITS_WEEK_HREF]]);
    expect(VISITS_WEEK_HREF).toBe('/visits?range=7d');
  });

  it('says so when the 7 days hold no visit', async () => {
    dashboard.visits = { days: week([0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0]) };
    dom.renderScreen(<DashboardScreen />);
    await loaded();
    expect(card('Visits')?.querySelector('.dashboard-empty')?.textContent).toBe(NO_VISITS_THIS_WEEK);
    expect(card('Visits')?.querySelector('table')).toBeNull();
  });

  it('is left out when the answer has no visits (the caller’s menu lacks the visits screen)', async () => {
    delete dashboard.visits;
    dom.renderScreen(<DashboardScreen />);
    await loaded();
    expect(card('Visits')).toBeUndefined();
  });

  it('is a card of its own when it is all the answer holds', async () => {
    dashboard = { visits: { days: week([1, 0, 0, 0, 0, 0, 0], [1, 0, 0, 0, 0, 0, 0]) } };
    dom.renderScreen(<DashboardScreen />);
    await until(() => card('Visits'), 'the Visits card');
    expect(dom.container.querySelector('.dashboard-none')).toBeNull();
    expect(card('Visits')!.querySelector('.dashboard-figure')?.textContent).toBe('1 view');
  });
});
