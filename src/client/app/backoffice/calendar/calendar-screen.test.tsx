// @vitest-environment jsdom
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CALENDAR_MESSAGES, type CalendarItem } from '../../../../core/schemas/calendar';
import { PUBLISH_MESSAGES } from '../../../../core/schemas/revision';
import { formatDateTime } from '../../lib/date-time';
import { notify } from '../../toasts';
import {
  buttonNamed,
  byLabel,
  click,
  expectFocus,
  fakeSession,
  type,
  until,
  withFakeMasterApi,
  withModalDialogs,
  withTestRoot,
  withTimeZone,
} from '../../test-support/dom';
import CalendarScreen from './calendar-screen';
import { NOTHING_SCHEDULED } from './calendar-words';
import { SCHEDULE_MESSAGES } from '../../editors/schedule-time';

/**
 * The Calendar screen (docs/design.md §32) against a stand-in for its calls, answering with the contract's shapes
 * (src/core/schemas/calendar.ts), for a viewer in India (UTC+5:30): the range asked for a month's and a week's grid,
 * each item on the viewer's day of its moment, the period in the address, Move… asked first then posted in UTC (with
 * the language of a translation), a refusal in the dialog, failed items that do not move, and an empty period.
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
/** 3 Dec 2026, 14:30 in India: a translation asked for review to go live then. */
const CAREERS_DE: CalendarItem = {
  kind: 'review',
  routing: 'Careers',
  title: 'Careers',
  locale: 'de',
  revision: 4,
  at: '2026-12-03T09:00:00.000Z',
  by: 'meera',
};
/** 1 Dec 2026, 06:00 in India: did not go live. */
const NEWS: CalendarItem = {
  kind: 'failed',
  routing: 'News',
  title: 'News',
  locale: null,
  revision: 3,
  at: '2026-12-01T00:30:00.000Z',
  by: 'ravi',
};
/** 23:30 UTC on 9 December: 05:00 on 10 December in India. */
const ABOUT: CalendarItem = { ...HOME, routing: 'About', title: 'About', revision: 2, at: '2026-12-09T23:30:00.000Z' };

let items: CalendarItem[];
let listStatus: number;
/** The refusal of the next move, if any. */
let refusal: { status: number; data: { message: string; field?: string } } | null;

function answer(call: string, body: Record<string, unknown>, request: { method: string }) {
  if (call === '/api/auth/session') return { status: 200, data: fakeSession(['calendar']) };
  if (call.startsWith('calendar?') && request.method === 'GET')
    return listStatus === 200
      ? { status: 200, data: { items } }
      : { status: listStatus, data: { message: 'The calendar could not be read.' } };
  if (call.startsWith('reschedule/') && request.method === 'POST') {
    if (refusal) return refusal;
    const routing = decodeURIComponent(call.slice('reschedule/'.length));
    const publishAt = String(body.publishAt);
    items = items.map((item) =>
      item.routing === routing && item.revision === body.revision ? { ...item, at: publishAt } : item,
    );
    return {
      status: 200,
      data: { message: CALENDAR_MESSAGES.moved, revision: body.revision, publishAt },
    };
  }
  return undefined;
}

beforeEach(() => {
  // Noon on 1 December 2026 in India. Only Date is faked: the waits for conditions keep their timers.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-12-01T06:30:00Z'));
  items = [HOME, CAREERS_DE, NEWS, ABOUT];
  listStatus = 200;
  refusal = null;
  vi.mocked(notify.success).mockClear();
  vi.mocked(notify.error).mockClear();
  return () => vi.useRealTimers();
});

/** Text as read, whatever spaces the locale puts in times ("9:00 am") and ranges ("30 Nov – 6 Dec"). */
const plain = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
const calendarCalls = () => calls.filter((c) => c.call.startsWith('calendar?')).map((c) => c.call);
const moves = () => calls.filter((c) => c.call.startsWith('reschedule/'));
const dayCell = (day: string) => dom.container.querySelector<HTMLLIElement>(`.calendar-day[data-day="${day}"]`);
const entries = (day: string) =>
  [...(dayCell(day)?.querySelectorAll('.calendar-item') ?? [])].map((item) => ({
    time: plain(item.querySelector('time')?.textContent),
    title: item.querySelector('a')?.textContent,
    kind: item.querySelector('.calendar-item__kind')?.textContent,
    by: item.querySelector('.calendar-item__by')?.textContent,
    movable: item.querySelector('button') !== null,
  }));
const heading = () => plain(dom.container.querySelector('h2')?.textContent);
const summary = () => dom.container.querySelector<HTMLElement>('.calendar__summary');
const loaded = () => until(() => dom.container.querySelector('.calendar-days'), 'the grid');
const moveDialog = () => document.querySelector<HTMLDialogElement>('dialog.calendar-move');
const question = () => document.querySelector('dialog[role="alertdialog"]');
/** A button of the question (the dialog behind it has a Cancel too). */
const answerNamed = (name: string) =>
  [...(question()?.querySelectorAll('button') ?? [])].find((button) => button.textContent === name);
const dateInput = () => byLabel<HTMLInputElement>(moveDialog()!, 'New date')!;
const timeInput = () => byLabel<HTMLInputElement>(moveDialog()!, 'Time')!;
const errorOf = (input: HTMLInputElement) => document.getElementById(`${input.id}-error`)?.textContent;

/** Move… on an item, a new date (and time), then the dialog's Move…: the question is on screen. */
async function askToMove(name: string, date: string, time?: string) {
  await click(buttonNamed(`Move… ${name}`)!);
  await until(() => moveDialog(), 'the move dialog');
  await type(dateInput(), date);
  if (time) await type(timeInput(), time);
  await click(buttonNamed('Move…')!);
  return until(() => question(), 'the question');
}

describe('the Calendar screen', () => {
  it('asks for the month’s grid with a day more on each side, and puts each item on the viewer’s day', async () => {
    dom.renderScreen(<CalendarScreen />, '/calendar?view=month&date=2026-12-01');
    await loaded();
    expect(document.title).toBe('Calendar – Folio');
    expect(dom.container.querySelector('h1')?.textContent).toBe('Calendar');
    expect(heading()).toBe('December 2026');
    expect(calendarCalls()).toEqual(['calendar?from=2026-11-29&to=2027-01-04']);
    expect(buttonNamed('Month')?.getAttribute('aria-pressed')).toBe('true');
    expect(buttonNamed('Week')?.getAttribute('aria-pressed')).toBe('false');

    // Whole weeks from Monday 30 November to Sunday 3 January, the days of other months marked so.
    const days = [...dom.container.querySelectorAll('.calendar-day')];
    expect(days).toHaveLength(35);
    expect(days[0]?.getAttribute('data-day')).toBe('2026-11-30');
    expect(days.at(-1)?.getAttribute('data-day')).toBe('2027-01-03');
    expect(dayCell('2026-11-30')?.classList.contains('calendar-day--outside')).toBe(true);
    expect(dayCell('2026-12-01')?.classList.contains('calendar-day--outside')).toBe(false);
    expect(plain(dayCell('2026-12-02')?.querySelector('h3')?.textContent)).toContain('Wednesday, 2 December 2026');
    expect(dayCell('2026-12-01')?.getAttribute('aria-current')).toBe('date');

    expect(entries('2026-12-01')).toEqual([
      { time: '6:00 am', title: 'News', kind: 'Failed', by: 'by ravi', movable: false },
    ]);
    expect(entries('2026-12-02')).toEqual([
      { time: '9:00 am', title: 'Home', kind: 'Scheduled', by: 'by ravi', movable: true },
    ]);
    expect(entries('2026-12-03')).toEqual([
      { time: '2:30 pm', title: 'Careers in German (de)', kind: 'Review asked', by: 'by meera', movable: true },
    ]);
    // 23:30 UTC on the 9th is 05:00 on the 10th in India.
    expect(entries('2026-12-09')).toEqual([]);
    expect(entries('2026-12-10').map((entry) => [entry.time, entry.title])).toEqual([['5:00 am', 'About']]);
    expect(dayCell('2026-12-10')?.querySelector('time')?.getAttribute('dateTime')).toBe('2026-12-10');

    // Each leads to its page's editor, a translation in its language.
    const href = (day: string) => dayCell(day)?.querySelector('a')?.getAttribute('href');
    expect([href('2026-12-02'), href('2026-12-03'), href('2026-12-01')]).toEqual([
      '/Home',
      '/Careers?locale=de',
      '/News',
    ]);
    expect(summary()?.textContent).toBe('4 items in this period: 2 scheduled, 1 review asked, 1 failed.');
  });

  it('shows a failed schedule apart, with no Move… and no drag', async () => {
    dom.renderScreen(<CalendarScreen />, '/calendar?view=month&date=2026-12-01');
    await loaded();
    const failed = dayCell('2026-12-01')?.querySelector('.calendar-item');
    expect(failed?.classList.contains('calendar-item--failed')).toBe(true);
    expect(failed?.querySelector('button')).toBeNull();
    expect(failed?.getAttribute('draggable')).toBeNull();
    expect([...document.querySelectorAll('button')].some((b) => b.textContent?.startsWith('Move… News'))).toBe(false);
    const scheduled = dayCell('2026-12-02')?.querySelector('.calendar-item');
    expect(scheduled?.classList.contains('calendar-item--failed')).toBe(false);
    expect(scheduled?.getAttribute('draggable')).toBe('true');
  });

  it('switches to a week and moves by weeks and months, the period in the address', async () => {
    dom.renderScreen(<CalendarScreen />, '/calendar?view=month&date=2026-12-01');
    await loaded();
    await click(buttonNamed('Week')!);
    await until(() => dom.address === '/calendar?view=week&date=2026-12-01', 'the week in the address');
    await until(() => calendarCalls().length === 2, 'the week asked');
    expect(calendarCalls()[1]).toBe('calendar?from=2026-11-29&to=2026-12-07');
    expect(heading()).toBe('30 Nov – 6 Dec 2026');
    expect(buttonNamed('Week')?.getAttribute('aria-pressed')).toBe('true');
    await loaded();
    expect(dom.container.querySelectorAll('.calendar-day')).toHaveLength(7);
    expect(dayCell('2026-12-05')?.querySelector('.calendar-day__none')?.textContent).toBe('Nothing scheduled.');
    expect(entries('2026-12-03').map((entry) => entry.title)).toEqual(['Careers in German (de)']);
    expect(summary()?.textContent).toBe('3 items in this period: 1 scheduled, 1 review asked, 1 failed.');

    await click(buttonNamed('Next week')!);
    expect(dom.address).toBe('/calendar?view=week&date=2026-12-07');
    await until(() => calendarCalls().at(-1) === 'calendar?from=2026-12-06&to=2026-12-14', 'the next week asked');
    await until(() => entries('2026-12-10').length === 1, 'About on the 10th');
    // The firm's English puts the dash with or without spaces.
    expect(heading()).toMatch(/^7 ?– ?13 Dec 2026$/);

    await click(buttonNamed('Previous week')!);
    await click(buttonNamed('Previous week')!);
    expect(dom.address).toBe('/calendar?view=week&date=2026-11-23');
    await click(buttonNamed('Month')!);
    expect(dom.address).toBe('/calendar?view=month&date=2026-11-23');
    expect(heading()).toBe('November 2026');
    await click(buttonNamed('Previous month')!);
    expect(dom.address).toBe('/calendar?view=month&date=2026-10-01');
    await until(() => calendarCalls().at(-1) === 'calendar?from=2026-09-27&to=2026-11-02', 'October asked');
    await click(buttonNamed('Today')!);
    expect(dom.address).toBe('/calendar?view=month&date=2026-12-01');
    await click(buttonNamed('Next month')!);
    expect(dom.address).toBe('/calendar?view=month&date=2027-01-01');
    expect(heading()).toBe('January 2027');
  });

  it('opens on this month when the address names none', async () => {
    dom.renderScreen(<CalendarScreen />, '/calendar');
    await loaded();
    expect(heading()).toBe('December 2026');
    expect(calendarCalls()).toEqual(['calendar?from=2026-11-29&to=2027-01-04']);
  });

  it('moves once confirmed: both moments in the question, the new one posted in UTC, the calendar asked again', async () => {
    dom.renderScreen(<CalendarScreen />, '/calendar?view=month&date=2026-12-01');
    await loaded();
    const opener = buttonNamed('Move… Home, revision 12')!;
    await click(opener);
    const dialog = await until(() => moveDialog(), 'the move dialog');
    expect(dialog.open).toBe(true);
    expect(dialog.querySelector('h2')?.textContent).toBe('Move Home');
    // The item's own day and time to start from, in the viewer's zone.
    expect([dateInput().value, timeInput().value]).toEqual(['2026-12-02', '09:00']);
    await expectFocus(() => dateInput());

    await type(dateInput(), '2026-12-04');
    await click(buttonNamed('Move…')!);
    await until(() => question(), 'the question');
    const newMoment = '2026-12-04T03:30:00.000Z';
    expect(question()?.textContent).toContain(
      `Move the publication of Home (revision 12) from ${formatDateTime(HOME.at)} to ${formatDateTime(newMoment)}?`,
    );
    expect(plain(question()?.textContent)).toContain('from 2 Dec 2026, 9:00 am to 4 Dec 2026, 9:00 am?');
    expect(moves()).toHaveLength(0);

    await click(answerNamed('Move')!);
    await until(() => !moveDialog(), 'the dialog closed');
    expect(moves()).toEqual([{ call: 'reschedule/Home', body: { revision: 12, publishAt: newMoment } }]);
    expect(notify.success).toHaveBeenCalledWith(CALENDAR_MESSAGES.moved);
    expect(calendarCalls()).toHaveLength(2);
    await until(() => entries('2026-12-04').length === 1, 'Home on the 4th');
    expect(entries('2026-12-02')).toEqual([]);
    await expectFocus(() => summary());
  });

  it('moves a translation with its language, at another time too', async () => {
    dom.renderScreen(<CalendarScreen />, '/calendar?view=month&date=2026-12-01');
    await loaded();
    await askToMove('Careers in German (de), revision 4', '2026-12-05', '10:15');
    expect(plain(question()?.textContent)).toContain(
      'Move the publication of Careers in German (de) (revision 4), which waits for review, from 3 Dec 2026, 2:30 pm to 5 Dec 2026, 10:15 am?',
    );
    await click(answerNamed('Move')!);
    await until(() => !moveDialog(), 'the dialog closed');
    // 10:15 in India is 04:45 UTC.
    expect(moves()).toEqual([
      { call: 'reschedule/Careers', body: { locale: 'de', revision: 4, publishAt: '2026-12-05T04:45:00.000Z' } },
    ]);
    await until(() => entries('2026-12-05').length === 1, 'Careers on the 5th');
  });

  it('sends nothing when the question is cancelled, nor when the dialog is', async () => {
    dom.renderScreen(<CalendarScreen />, '/calendar?view=month&date=2026-12-01');
    await loaded();
    const opener = buttonNamed('Move… Home, revision 12')!;
    await askToMove('Home, revision 12', '2026-12-04');
    await click(answerNamed('Cancel')!);
    expect(question()).toBeNull();
    // Back in the dialog, the moment still chosen.
    expect(moveDialog()?.open).toBe(true);
    expect(dateInput().value).toBe('2026-12-04');
    await click(buttonNamed('Cancel')!);
    expect(moveDialog()).toBeNull();
    expect(moves()).toHaveLength(0);
    expect(notify.success).not.toHaveBeenCalled();
    expect(calendarCalls()).toHaveLength(1);
    await expectFocus(() => opener);
  });

  it('says at its field a moment that cannot be, and asks nothing', async () => {
    dom.renderScreen(<CalendarScreen />, '/calendar?view=month&date=2026-12-01');
    await loaded();
    await click(buttonNamed('Move… Home, revision 12')!);
    await until(() => moveDialog(), 'the move dialog');
    await type(dateInput(), '2026-11-20');
    await click(buttonNamed('Move…')!);
    await until(() => errorOf(timeInput()), 'the sentence at the time');
    expect(errorOf(timeInput())).toBe(SCHEDULE_MESSAGES.past);
    expect(question()).toBeNull();
    expect(moves()).toHaveLength(0);
  });

  it('says a refusal in the dialog, and asks for the calendar again when the item no longer waits', async () => {
    dom.renderScreen(<CalendarScreen />, '/calendar?view=month&date=2026-12-01');
    await loaded();
    refusal = { status: 409, data: { message: CALENDAR_MESSAGES.notMovable } };
    await askToMove('Home, revision 12', '2026-12-04');
    await click(answerNamed('Move')!);
    const box = await until(() => moveDialog()?.querySelector('.refusal-box'), 'the refusal in the dialog');
    expect(box.textContent).toBe(CALENDAR_MESSAGES.notMovable);
    expect(moveDialog()?.open).toBe(true);
    expect(notify.success).not.toHaveBeenCalled();
    await until(() => calendarCalls().length === 2, 'the calendar asked again');

    // A refusal naming the moment is said at its field.
    refusal = { status: 400, data: { message: PUBLISH_MESSAGES.tooFar, field: 'publishAt' } };
    await click(buttonNamed('Move…')!);
    await until(() => question(), 'the question again');
    await click(answerNamed('Move')!);
    await until(() => errorOf(dateInput()), 'the sentence at the date');
    expect(errorOf(dateInput())).toBe(PUBLISH_MESSAGES.tooFar);
    await expectFocus(() => dateInput());
    expect(moves()).toHaveLength(2);
  });

  it('moves an item dragged onto another day, asking first as Move… does', async () => {
    dom.renderScreen(<CalendarScreen />, '/calendar?view=month&date=2026-12-01');
    await loaded();
    const fire = (target: Element | null | undefined, name: string) =>
      act(() => {
        target?.dispatchEvent(new Event(name, { bubbles: true, cancelable: true }));
      });
    await fire(dayCell('2026-12-02')?.querySelector('.calendar-item'), 'dragstart');
    await fire(dayCell('2026-12-07'), 'dragover');
    expect(dayCell('2026-12-07')?.classList.contains('calendar-day--drop')).toBe(true);
    await fire(dayCell('2026-12-07'), 'drop');
    await until(() => moveDialog(), 'the move dialog');
    expect([dateInput().value, timeInput().value]).toEqual(['2026-12-07', '09:00']);
    await click(buttonNamed('Move…')!);
    await until(() => question(), 'the question');
    await click(answerNamed('Move')!);
    await until(() => !moveDialog(), 'the dialog closed');
    expect(moves().map((c) => c.body)).toEqual([{ revision: 12, publishAt: '2026-12-07T03:30:00.000Z' }]);
  });

  it('says so in a sentence when nothing is scheduled in the period', async () => {
    items = [];
    dom.renderScreen(<CalendarScreen />, '/calendar?view=month&date=2026-12-01');
    await loaded();
    expect(summary()?.textContent).toBe(NOTHING_SCHEDULED);
    expect(NOTHING_SCHEDULED).toBe('Nothing is scheduled in this period.');
    expect(dom.container.querySelector('.calendar-item')).toBeNull();
  });

  it('says the calendar could not be loaded, and tries again', async () => {
    listStatus = 500;
    dom.renderScreen(<CalendarScreen />, '/calendar?view=month&date=2026-12-01');
    const alert = await until(() => dom.container.querySelector('[role="alert"]'), 'the failure');
    expect(alert.querySelector('p')?.textContent).toBe('The calendar could not be read.');
    listStatus = 200;
    await click(buttonNamed('Try again')!);
    await loaded();
    expect(entries('2026-12-02')).toHaveLength(1);
  });
});
