// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Dashboard } from '../../../../core/schemas/dashboard';
import { RELEASE_MESSAGES } from '../../../../core/schemas/release';
import { formatDateTime } from '../../lib/date-time';
import { notify } from '../../toasts';
import { buttonNamed, click, until, withFakeMasterApi, withTestRoot } from '../../test-support/dom';
import DashboardScreen from './dashboard-screen';

/**
 * The staff home's Releases card (docs/design.md §32) against a stand-in for getdashboard and the release's publish
 * call: releases waiting for their time, one that could not go live with its reason and Retry (publish now: the
 * server's sentence toasted, the home asked again and the release gone from the failed ones), a refusal of Retry
 * said as the server's sentence, and no card for a user whose answer has no `releases`.
 */

vi.mock('../../toasts', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn() } }));

const dom = withTestRoot();
const calls = withFakeMasterApi(answer);

const SOON = '2026-12-10T09:00:00.000Z';
const MISSED = '2026-11-29T09:00:00.000Z';
const REASON = 'Careers changed since it was added to the release (now revision 5, the release holds 3).';

let dashboard: Dashboard;
let retryRefusal: string | null;

function answer(call: string) {
  if (call === 'getdashboard') return { status: 200, data: dashboard };
  if (call === 'releases/3/publish') {
    if (retryRefusal) return { status: 409, data: { message: retryRefusal, routing: 'Careers', locale: null } };
    dashboard = { ...dashboard, releases: dashboard.releases!.filter((release) => release.id !== 3) };
    return { status: 200, data: { message: RELEASE_MESSAGES.published, status: 'published', publishAt: MISSED } };
  }
  return undefined;
}

beforeEach(() => {
  retryRefusal = null;
  dashboard = {
    releases: [
      { id: 3, name: 'Winter sale', publishAt: MISSED, pages: 3, createdBy: 'asha', failed: REASON },
      { id: 2, name: 'Price list', publishAt: SOON, pages: 1, createdBy: 'ravi' },
    ],
  };
  vi.mocked(notify.success).mockClear();
  vi.mocked(notify.error).mockClear();
});

const card = () =>
  [...dom.container.querySelectorAll('section')].find((s) => s.querySelector('h2')?.textContent === 'Releases');
const rows = () => [...(card()?.querySelectorAll('li') ?? [])];
const homeCalls = () => calls.filter((c) => c.call === 'getdashboard');

describe('the staff home’s Releases card', () => {
  it('lists the scheduled releases and the failed one with its reason and Retry', async () => {
    dom.renderScreen(<DashboardScreen />);
    await until(() => card(), 'the card');
    expect(rows().map((row) => row.querySelector('a')?.textContent)).toEqual(['Winter sale', 'Price list']);
    expect(card()?.querySelector('a')?.getAttribute('href')).toBe('/releases');
    expect(rows()[0]?.textContent).toBe(
      `Winter sale3 pagesCould not go live at ${formatDateTime(MISSED)}: ${REASON} Retry the release Winter saleMade by asha`,
    );
    expect(rows()[1]?.textContent).toBe(`Price list1 pageGoes live ${formatDateTime(SOON)}Made by ravi`);
    expect(buttonNamed('Retry the release Price list')).toBeNull();
  });

  it('retries a failed release: published now, the sentence toasted, the home asked again', async () => {
    dom.renderScreen(<DashboardScreen />);
    await until(() => card(), 'the card');
    await click(buttonNamed('Retry the release Winter sale')!);
    await until(() => rows().length === 1, 'the failed release gone');
    expect(calls.filter((c) => c.call === 'releases/3/publish').map((c) => c.body)).toEqual([{}]);
    expect(notify.success).toHaveBeenCalledWith(RELEASE_MESSAGES.published);
    expect(homeCalls().length).toBeGreaterThanOrEqual(2);
  });

  it('says the server’s sentence when Retry is refused, and keeps the release listed', async () => {
    retryRefusal = REASON;
    dom.renderScreen(<DashboardScreen />);
    await until(() => card(), 'the card');
    await click(buttonNamed('Retry the release Winter sale')!);
    await until(() => vi.mocked(notify.error).mock.calls.length > 0, 'the refusal');
    expect(notify.error).toHaveBeenCalledWith(REASON);
    expect(notify.success).not.toHaveBeenCalled();
    await until(() => homeCalls().length >= 2, 'the home asked again');
    expect(rows()).toHaveLength(2);
  });

  it('shows no card when the answer has no releases (a menu without the Releases screen)', async () => {
    dashboard = { scheduled: [] };
    dom.renderScreen(<DashboardScreen />);
    await until(() => dom.container.querySelector('.dashboard'), 'the home');
    expect(card()).toBeUndefined();
  });
});
