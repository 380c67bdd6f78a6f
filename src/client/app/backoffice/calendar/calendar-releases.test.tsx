// @vitest-environment jsdom
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CalendarItem, CalendarRelease } from '../../../../core/schemas/calendar';
import { RELEASE_MESSAGES } from '../../../../core/schemas/release';
import { notify } from '../../toasts';
import {
  buttonNamed,
  byLabel,
  click,
  fakeSession,
  type,
  until,
  withFakeMasterApi,
  withModalDialogs,
  withTestRoot,
  withTimeZone,
} from '../../test-support/dom';
import CalendarScreen from './calendar-screen';

/**
 * Releases on the calendar (docs/design.md §32), for a viewer in India (UTC+5:30): each on its day with a look and words
 * of its own (Release, how many pages) beside single pages, in time order with them, counted in the period's sentence;
 * a scheduled one moves with Move… (asked first, then the release's publish call with the new moment in UTC), a failed
 * one does not.
 */

vi.mock('../../toasts', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn() } }));

const dom = withTestRoot();
withModalDialogs();
const calls = withFakeMasterApi(answer);

// The viewer's zone for the whole file: days and times on the screen are India's, the server's are UTC.
withTimeZone('Asia/Kolkata');

/** 2 Dec 2026, 09:00 in India. */
const HOME: CalendarItem = {
  kind: 'scheduled',
  routing: 'Home',
  title: 'Home',
  locale: null,
  revision: 12,
  at: '2026-12-02T03:30:00.000Z',
  by: 'ravi',
};
/** 2 Dec 2026, 08:00 in India: before Home that day. */
const LAUNCH: CalendarRelease = {
  id: 7,
  name: 'Spring launch',
  kind: 'scheduled',
  at: '2026-12-02T02:30:00.000Z',
  by: 'asha',
  pages: 3,
};
/** 1 Dec 2026, 06:00 in India: did not go live. */
const SALE: CalendarRelease = {
  id: 8,
  name: 'Winter sale',
  kind: 'failed',
  at: '2026-12-01T00:30:00.000Z',
  by: 'asha',
  pages: 1,
};

let releases: CalendarRelease[];

function answer(call: string, body: Record<string, unknown>, request: { method: string }) {
  if (call === '/api/auth/session') return { status: 200, data: fakeSession(['calendar', 'releases']) };
  if (call.startsWith('calendar?') && request.method === 'GET')
    return { status: 200, data: { items: [HOME], releases } };
  if (call === 'releases/7/publish') {
    const publishAt = String(body.publishAt);
    releases = releases.map((release) => (release.id === 7 ? { ...release, at: publishAt } : release));
    return { status: 200, data: { message: RELEASE_MESSAGES.scheduled, status: 'scheduled', publishAt } };
  }
  return undefined;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-12-01T06:30:00Z'));
  releases = [LAUNCH, SALE];
  vi.mocked(notify.success).mockClear();
  return () => vi.useRealTimers();
});

const plain = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
const dayCell = (day: string) => dom.container.querySelector<HTMLLIElement>(`.calendar-day[data-day="${day}"]`);
const entries = (day: string) =>
  [...(dayCell(day)?.querySelectorAll('.calendar-item') ?? [])].map((item) => ({
    release: item.classList.contains('calendar-item--release'),
    time: plain(item.querySelector('time')?.textContent),
    kind: item.querySelector('.calendar-item__kind')?.textContent,
    title: item.querySelector('a')?.textContent,
    href: item.querySelector('a')?.getAttribute('href'),
    movable: item.querySelector('button') !== null,
  }));
const loaded = () => until(() => dom.container.querySelector('.calendar-days'), 'the grid');
const moveDialog = () => document.querySelector<HTMLDialogElement>('dialog.calendar-move');
const question = () => document.querySelector('dialog[role="alertdialog"]');

describe('releases on the Calendar screen', () => {
  it('shows each release on its day, apart from single pages, with its pages counted', async () => {
    dom.renderScreen(<CalendarScreen />, '/calendar?view=month&date=2026-12-01');
    await loaded();
    expect(entries('2026-12-02')).toEqual([
      {
        release: true,
        time: '8:00 am',
        kind: 'Release',
        title: 'Spring launch, 3 pages',
        href: '/releases',
        movable: true,
      },
      { release: false, time: '9:00 am', kind: 'Scheduled', title: 'Home', href: '/Home', movable: true },
    ]);
    expect(entries('2026-12-01')).toEqual([
      {
        release: true,
        time: '6:00 am',
        kind: 'Release failed',
        title: 'Winter sale, 1 page',
        href: '/releases',
        movable: false,
      },
    ]);
    expect(dom.container.querySelector('.calendar__summary')?.textContent).toBe(
      '3 items in this period: 1 scheduled, 1 release, 1 release failed.',
    );
  });

  it('moves a scheduled release once confirmed, through its publish call at the new moment', async () => {
    dom.renderScreen(<CalendarScreen />, '/calendar?view=month&date=2026-12-01');
    await loaded();
    await click(buttonNamed('Move… the release Spring launch')!);
    const dialog = await until(() => moveDialog(), 'the move dialog');
    expect(dialog.querySelector('h2')?.textContent).toBe('Move the release Spring launch');
    const date = byLabel<HTMLInputElement>(dialog, 'New date')!;
    expect(date.value).toBe('2026-12-02');
    await type(date, '2026-12-05');
    await click(buttonNamed('Move…')!);
    const asked = await until(() => question(), 'the question');
    expect(plain(asked.textContent)).toContain(
      'Move the release Spring launch (3 pages) from 2 Dec 2026, 8:00 am to 5 Dec 2026, 8:00 am?',
    );
    await click([...asked.querySelectorAll('button')].find((b) => b.textContent === 'Move')!);
    await until(() => !moveDialog(), 'the dialog closed');
    expect(calls.filter((c) => c.call === 'releases/7/publish').map((c) => c.body)).toEqual([
      { publishAt: '2026-12-05T02:30:00.000Z' },
    ]);
    expect(notify.success).toHaveBeenCalledWith(RELEASE_MESSAGES.scheduled);
    await until(() => entries('2026-12-05').length === 1, 'the release on the 5th');
  });

  it('moves a scheduled release dragged onto another day, asking first; a failed one does not drag', async () => {
    dom.renderScreen(<CalendarScreen />, '/calendar?view=month&date=2026-12-01');
    await loaded();
    const fire = (target: Element | null | undefined, name: string) =>
      act(() => {
        target?.dispatchEvent(new Event(name, { bubbles: true, cancelable: true }));
      });
    expect(dayCell('2026-12-01')?.querySelector('.calendar-item--release')?.getAttribute('draggable')).toBeNull();
    await fire(dayCell('2026-12-02')?.querySelector('.calendar-item--release'), 'dragstart');
    await fire(dayCell('2026-12-08'), 'dragover');
    expect(dayCell('2026-12-08')?.classList.contains('calendar-day--drop')).toBe(true);
    await fire(dayCell('2026-12-08'), 'drop');
    const dialog = await until(() => moveDialog(), 'the move dialog');
    expect(byLabel<HTMLInputElement>(dialog, 'New date')?.value).toBe('2026-12-08');
    await click(buttonNamed('Move…')!);
    const asked = await until(() => question(), 'the question');
    await click([...asked.querySelectorAll('button')].find((b) => b.textContent === 'Move')!);
    await until(() => !moveDialog(), 'the dialog closed');
    expect(calls.filter((c) => c.call === 'releases/7/publish').map((c) => c.body)).toEqual([
      { publishAt: '2026-12-08T02:30:00.000Z' },
    ]);
  });
});
