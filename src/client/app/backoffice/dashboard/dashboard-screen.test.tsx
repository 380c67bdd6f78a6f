// @vitest-environment jsdom
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuditEntryRow } from '../../../../core/schemas/audit';
import type { Dashboard, EnquiryWeek, FailingMail } from '../../../../core/schemas/dashboard';
import { formatDateTime } from '../../lib/date-time';
import { notify } from '../../toasts';
import { buttonNamed, click, expectFocus, until, withFakeMasterApi, withTestRoot } from '../../test-support/dom';
import DashboardScreen, { mailSummary } from './dashboard-screen';

/**
 * The staff home against a stand-in for getdashboard and resendEnquiry, answering with the contract's shapes
 * (src/core/schemas/dashboard.ts): a card for each key of the answer and none for a missing one, the links to
 * the screens behind them, each card's empty state, Resend, and the chart's table. jsdom has no canvas: the
 * chart degrades to its table, which is what these tests read.
 */

vi.mock('../../toasts', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn() } }));

const dom = withTestRoot();
const calls = withFakeMasterApi(answer);

let dashboard: Dashboard;
let dashboardStatus: number;
let resendRefusal: string | null;

function answer(call: string, body: Record<string, unknown>): { status: number; data: unknown } | undefined {
  if (call === 'getdashboard') {
    if (dashboardStatus !== 200)
      return { status: dashboardStatus, data: { message: 'The dashboard could not be read.' } };
    return { status: 200, data: dashboard };
  }
  if (call === 'resendEnquiry') {
    if (resendRefusal) return { status: 409, data: { message: resendRefusal } };
    // The mail is queued again: it leaves the failing list.
    const mail = dashboard.mail!;
    dashboard = {
      ...dashboard,
      mail: {
        ...mail,
        failing: mail.failing.filter((row) => row.enquiryId !== body.id),
        failingCount: mail.failingCount - 1,
      },
    };
    return { status: 200, data: { message: 'The mail will be sent again now.' } };
  }
  return undefined;
}

const at = (hours: number) => new Date(Date.UTC(2026, 10, 25, 9) - hours * 3_600_000).toISOString();

/** Twelve Mondays, the week of 23 Nov 2026 last, with these counts. */
const weeks = (counts: Array<[number, number]>): EnquiryWeek[] =>
  counts.map(([fresh, spam], index) => ({
    week: new Date(Date.UTC(2026, 10, 23) - (11 - index) * 7 * 86_400_000).toISOString().slice(0, 10),
    new: fresh,
    spam,
  }));

const COUNTS: Array<[number, number]> = [
  [1, 0],
  [0, 0],
  [3, 1],
  [2, 0],
  [0, 2],
  [4, 0],
  [1, 1],
  [0, 0],
  [2, 0],
  [6, 3],
  [1, 0],
  [2, 1],
];
const WEEK_LABELS = [
  '7 Sept',
  '14 Sept',
  '21 Sept',
  '28 Sept',
  '5 Oct',
  '12 Oct',
  '19 Oct',
  '26 Oct',
  '2 Nov',
  '9 Nov',
  '16 Nov',
  '23 Nov',
];

const failing: FailingMail[] = [
  {
    enquiryId: 41,
    name: 'Meera Iyer',
    email: 'meera@example.in',
    state: 'retrying',
    attempts: 2,
    lastError: '421 Try again later',
    nextAttemptAt: at(-1),
  },
  {
    enquiryId: 37,
    name: 'Kabir Shah',
    email: 'kabir@example.in',
    state: 'failed',
    attempts: 5,
    lastError: '550 Mailbox unavailable',
    nextAttemptAt: null,
  },
];

const change = (id: number): AuditEntryRow => ({
  id,
  at: at(id),
  tenant: 'default',
  userName: id === 3 ? null : 'asha',
  ip: '127.0.0.1',
  action: 'page.publish',
  targetType: 'page',
  targetId: 'Home',
  summary: `Published Home (revision ${id})`,
  details: {},
});

function fullDashboard(): Dashboard {
  return {
    enquiries: {
      newCount: 7,
      spamCount: 3,
      latest: [45, 44, 43, 42, 41].map((id) => ({
        id,
        createdAt: at(45 - id),
        name: `Visitor ${id}`,
        organization: id === 43 ? '' : `Firm ${id}`,
        status: id === 42 ? 'Handled' : 'New',
      })),
    },
    mail: { failing, failingCount: 2, configured: true, unsent: 2 },
    scheduled: [{ routing: 'Home', name: 'Home', revision: 7, publishAt: at(-30), scheduledBy: 'asha' }],
    changes: Array.from({ length: 10 }, (_, index) => change(index + 1)),
    enquiriesPerWeek: weeks(COUNTS),
  };
}

beforeEach(() => {
  dashboard = fullDashboard();
  dashboardStatus = 200;
  resendRefusal = null;
  vi.mocked(notify.success).mockClear();
  vi.mocked(notify.error).mockClear();
});

const headingOf = (section: Element) => document.getElementById(section.getAttribute('aria-labelledby') ?? '');
const regions = () => [...dom.container.querySelectorAll('section')];
const cardTitles = () => regions().map((section) => headingOf(section)?.textContent);
const region = (name: string) => regions().find((section) => headingOf(section)?.textContent === name);
const linksOf = (scope: Element | undefined) =>
  [...(scope?.querySelectorAll('a') ?? [])].map((a) => [a.textContent?.trim(), a.getAttribute('href')]);
const dashboardCalls = () => calls.filter((c) => c.call === 'getdashboard');
const mailRows = () => [...(region('Mail')?.querySelectorAll('li') ?? [])];
const loaded = () => until(() => regions().length > 0 || dom.container.querySelector('.dashboard-none'), 'the cards');

describe('the dashboard', () => {
  it('shows every card the answer holds, each a region named by its h2', async () => {
    dom.renderScreen(<DashboardScreen />);
    await loaded();
    expect(document.title).toBe('Dashboard – Folio');
    expect(dom.container.querySelector('h1')?.textContent).toBe('Dashboard');
    expect(dashboardCalls().map((c) => c.body)).toEqual([{}]);
    expect(cardTitles()).toEqual([
      'New enquiries',
      'Enquiries per week',
      'Mail',
      'Scheduled publications',
      'Last changes',
    ]);
    for (const section of regions()) expect(headingOf(section)?.tagName).toBe('H2');
  });

  it('shows only the cards of the keys given: an editor gets the scheduled publications alone', async () => {
    dashboard = { scheduled: fullDashboard().scheduled! };
    dom.renderScreen(<DashboardScreen />);
    await loaded();
    expect(cardTitles()).toEqual(['Scheduled publications']);
    expect(dom.container.querySelectorAll('h2')).toHaveLength(1);
    expect(dom.container.textContent).not.toMatch(/enquir/i);
  });

  it('counts the new enquiries and lists the latest five, each opening on the enquiries screen', async () => {
    dom.renderScreen(<DashboardScreen />);
    await loaded();
    const card = region('New enquiries')!;
    expect(card.querySelector('.dashboard-figure')?.textContent).toBe('7 new enquiries');
    expect(card.querySelector('.dashboard-spam')?.textContent).toBe(
      '3 enquiries are kept as spam: a look now and then finds a real one caught by mistake.',
    );
    expect(linksOf(card)).toEqual([
      ['3 enquiries are kept as spam', '/enquiries?status=Spam'],
      ['Visitor 45', '/enquiries?open=45'],
      ['Visitor 44', '/enquiries?open=44'],
      ['Visitor 43', '/enquiries?open=43'],
      ['Visitor 42', '/enquiries?open=42'],
      ['Visitor 41', '/enquiries?open=41'],
      ['All enquiries', '/enquiries'],
    ]);
    const items = [...card.querySelectorAll('li')];
    expect(items[0]?.textContent).toBe(`Visitor 45Firm 45Received ${formatDateTime(at(0))}`);
    expect(items[0]?.querySelector('time')?.getAttribute('dateTime')).toBe(at(0));
    // No organisation: nothing in its place; a status other than New said so.
    expect(items[2]?.textContent).toBe(`Visitor 43Received ${formatDateTime(at(2))}`);
    expect(items[3]?.querySelector('.dashboard-tag')?.textContent).toBe('Handled');
  });

  it('lists the failing mails: who, the state in words, attempts, the last error, the next attempt, Resend', async () => {
    dom.renderScreen(<DashboardScreen />);
    await loaded();
    expect(region('Mail')?.querySelector('.dashboard-card__lead')?.textContent).toBe(
      '2 enquiries whose mail is failing or being retried.',
    );
    expect(linksOf(region('Mail'))).toEqual([
      ['Meera Iyer', '/enquiries?open=41'],
      ['Kabir Shah', '/enquiries?open=37'],
      ['Open the enquiries', '/enquiries'],
    ]);
    const [retrying, failed] = mailRows();
    expect(retrying?.textContent).toContain('meera@example.in');
    expect(retrying?.querySelector('.status-badge')?.textContent).toBe('Retrying');
    expect(retrying?.textContent).toContain('2 attempts');
    expect(retrying?.querySelector('.dashboard-mail__error')?.textContent).toBe('Last error: 421 Try again later');
    expect(retrying?.querySelector('.dashboard-mail__next')?.textContent).toBe(
      `Next attempt ${formatDateTime(at(-1))}`,
    );
    expect(failed?.querySelector('.status-badge')?.textContent).toBe('Failed');
    expect(failed?.textContent).toContain('5 attempts');
    expect(failed?.querySelector('.dashboard-mail__next')?.textContent).toBe('No further attempt: Resend tries again.');
    // Each button names whose mail it sends, beyond its visible word.
    expect(buttonNamed('Resend the mail of the enquiry from Kabir Shah')?.closest('li')).toBe(failed);
  });

  it('lists the scheduled publications: the page linking to its editor, the revision, when, who', async () => {
    dom.renderScreen(<DashboardScreen />);
    await loaded();
    const card = region('Scheduled publications')!;
    expect(linksOf(card)).toEqual([['Home', '/Home']]);
    expect(card.querySelector('li')?.textContent).toBe(
      `HomeRevision 7Goes live ${formatDateTime(at(-30))}Scheduled by asha`,
    );
    expect(card.querySelector('time')?.getAttribute('dateTime')).toBe(at(-30));
  });

  it('lists the last ten changes with who and when, and opens the audit log', async () => {
    dom.renderScreen(<DashboardScreen />);
    await loaded();
    const card = region('Last changes')!;
    const items = [...card.querySelectorAll('li')];
    expect(items).toHaveLength(10);
    expect(items[0]?.textContent).toBe(`Published Home (revision 1)asha, ${formatDateTime(at(1))}`);
    expect(items[2]?.textContent).toBe(`Published Home (revision 3)Anonymous, ${formatDateTime(at(3))}`);
    // Each change opens the audit log on the entries of its kind by the same person; the foot, the whole log.
    const links = linksOf(card);
    expect(links).toHaveLength(11);
    expect(links[0]).toEqual(['Published Home (revision 1)', '/auditlog?user=asha&action=page.publish&target=page']);
    expect(links.at(-1)).toEqual(['Open the audit log', '/auditlog']);
  });

  it('puts the chart’s twelve weeks in a table, and keeps it (opened) where no chart can be drawn', async () => {
    dom.renderScreen(<DashboardScreen />);
    await loaded();
    const card = region('Enquiries per week')!;
    const rows = [...card.querySelectorAll('tbody tr')].map((row) => [...row.children].map((cell) => cell.textContent));
    expect(rows).toEqual(COUNTS.map(([fresh, spam], index) => [WEEK_LABELS[index], String(fresh), String(spam)]));
    expect([...card.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual(['Week of', 'New', 'Spam']);
    expect(card.querySelector('tbody th')?.getAttribute('scope')).toBe('row');
    expect(card.querySelector('tbody time')?.getAttribute('dateTime')).toBe('2026-09-07');
    const canvas = card.querySelector('canvas')!;
    expect(canvas.getAttribute('role')).toBe('img');
    expect(canvas.getAttribute('aria-label')).toBe(
      'Bar chart of enquiries per week over 12 weeks, from the week of 7 Sept to the week of 23 Nov: 22 New and 8 Spam in all; ' +
        'the most New in one week: 6, in the week of 9 Nov.',
    );
    expect(card.querySelector('summary')?.textContent).toBe('Show as a table');
    // jsdom has no 2D context: the chart says so and the table is shown.
    const details = await until(() => card.querySelector<HTMLDetailsElement>('details[open]'), 'the table opened');
    expect(details.open).toBe(true);
    expect(card.querySelector('.dashboard-chart__frame')?.hasAttribute('hidden')).toBe(true);
    expect(card.querySelector('.dashboard-note')?.textContent).toBe(
      'The chart cannot be drawn in this browser: the table holds its numbers.',
    );
  });

  it('says what to do on each card that has nothing to show', async () => {
    dashboard = {
      enquiries: { newCount: 0, spamCount: 0, latest: [] },
      mail: { failing: [], failingCount: 0, configured: true, unsent: 0 },
      scheduled: [],
      changes: [],
      enquiriesPerWeek: weeks(COUNTS.map(() => [0, 0])),
    };
    dom.renderScreen(<DashboardScreen />);
    await loaded();
    const body = (name: string) => region(name)?.querySelector('.dashboard-card__body')?.textContent;
    expect(body('New enquiries')).toBe('No new enquiries. What visitors send through the contact form appears here.');
    expect(region('New enquiries')?.querySelector('.dashboard-spam')).toBeNull();
    expect(body('Mail')).toBe('No mail is failing: every enquiry was mailed.');
    expect(body('Scheduled publications')).toBe(
      "Nothing is scheduled. In a page's editor, Schedule… publishes a draft at a time you choose.",
    );
    expect(body('Last changes')).toBe('No changes recorded yet.');
    expect(body('Enquiries per week')).toBe(
      "No enquiries in the last twelve weeks. Each week's new enquiries and spam from the contact form are drawn here.",
    );
    expect(region('Enquiries per week')?.querySelector('canvas, table')).toBeNull();
    // The ways on stay: the screens behind the cards.
    expect(linksOf(region('New enquiries'))).toEqual([['All enquiries', '/enquiries']]);
    expect(linksOf(region('Last changes'))).toEqual([['Open the audit log', '/auditlog']]);
  });

  it('says when mail is not set up, and how many enquiries wait unsent (docs/design.md §24)', async () => {
    dashboard = { mail: { failing: [], failingCount: 0, configured: false, unsent: 3 } };
    dom.renderScreen(<DashboardScreen />);
    await loaded();
    const card = region('Mail')!;
    const [lead, next] = [...card.querySelectorAll('.dashboard-card__lead')];
    expect(lead?.textContent).toBe('Mail is not set up: 3 enquiries wait unsent.');
    expect(lead?.classList.contains('dashboard-card__lead--warning')).toBe(true);
    expect(next?.textContent).toBe(
      'Nothing is lost: they are kept, and go out once whoever runs the server sets SMTP_URL and CONTACT_RECIPIENT.',
    );
    expect(card.textContent).not.toContain('every enquiry was mailed');
    expect(linksOf(card)).toEqual([['Open the enquiries', '/enquiries']]);
  });

  it('counts what really waits, fails or retries, beyond the mails it lists', () => {
    expect(mailSummary({ configured: false, unsent: 1, failingCount: 0 })).toBe(
      'Mail is not set up: 1 enquiry waits unsent.',
    );
    expect(mailSummary({ configured: false, unsent: 0, failingCount: 0 })).toBe(
      'Mail is not set up: no enquiry waits unsent.',
    );
    expect(mailSummary({ configured: true, unsent: 0, failingCount: 0 })).toBe(
      'No mail is failing: every enquiry was mailed.',
    );
    expect(mailSummary({ configured: true, unsent: 1, failingCount: 0 })).toBe(
      'No mail is failing. 1 enquiry is not mailed yet.',
    );
    expect(mailSummary({ configured: true, unsent: 4, failingCount: 0 })).toBe(
      'No mail is failing. 4 enquiries are not mailed yet.',
    );
    expect(mailSummary({ configured: true, unsent: 1, failingCount: 1 })).toBe(
      '1 enquiry whose mail is failing or being retried.',
    );
    expect(mailSummary({ configured: true, unsent: 30, failingCount: 25 })).toBe(
      '25 enquiries whose mail is failing or being retried. 5 more are not mailed yet.',
    );
    expect(mailSummary({ configured: true, unsent: 26, failingCount: 25 })).toBe(
      '25 enquiries whose mail is failing or being retried. 1 more is not mailed yet.',
    );
  });

  it('says when it lists only the newest of the failing mails', async () => {
    dashboard = { mail: { failing, failingCount: 25, configured: true, unsent: 25 } };
    dom.renderScreen(<DashboardScreen />);
    await loaded();
    const leads = [...region('Mail')!.querySelectorAll('.dashboard-card__lead')].map((p) => p.textContent);
    expect(leads).toEqual([
      '25 enquiries whose mail is failing or being retried.',
      'The newest 2 are listed; the Mail filter of the enquiries screen shows them all.',
    ]);
    expect(mailRows()).toHaveLength(2);
  });

  it('says so when the menu holds none of the screens the home shows', async () => {
    dashboard = {};
    dom.renderScreen(<DashboardScreen />);
    await loaded();
    expect(regions()).toHaveLength(0);
    expect(dom.container.querySelector('.dashboard-none')?.textContent).toBe(
      'Your menu holds none of the screens the home shows. Open a screen from the menu.',
    );
  });

  it('resends a mail: resendEnquiry with its id, the server’s sentence in a toast, the home asked again', async () => {
    dom.renderScreen(<DashboardScreen />);
    await loaded();
    await click(buttonNamed('Resend the mail of the enquiry from Kabir Shah')!);
    await until(() => mailRows().length === 1, 'the mail gone from the failing list');
    expect(calls.filter((c) => c.call === 'resendEnquiry').map((c) => c.body)).toEqual([{ id: 37 }]);
    expect(dashboardCalls()).toHaveLength(2);
    expect(notify.success).toHaveBeenCalledWith('The mail will be sent again now.');
    expect(mailRows()[0]?.textContent).toContain('Meera Iyer');
    // Its button went with it: the focus goes to the card's heading, not to the top of the page.
    await until(() => document.activeElement === headingOf(region('Mail')!), 'the focus on the Mail heading');
  });

  it('shows the server’s refusal of a resend and keeps the row', async () => {
    resendRefusal = 'This mail is not failed: there is nothing to send again.';
    dom.renderScreen(<DashboardScreen />);
    await loaded();
    const resend = buttonNamed('Resend the mail of the enquiry from Meera Iyer')!;
    await click(resend);
    await until(() => vi.mocked(notify.error).mock.calls.length > 0, 'the refusal');
    expect(notify.error).toHaveBeenCalledWith('This mail is not failed: there is nothing to send again.');
    expect(notify.success).not.toHaveBeenCalled();
    expect(dashboardCalls()).toHaveLength(1);
    expect(mailRows()).toHaveLength(2);
    await expectFocus(() => resend);
  });

  it('says the home could not be loaded, and tries again', async () => {
    dashboardStatus = 500;
    dom.renderScreen(<DashboardScreen />);
    const alert = await until(() => dom.container.querySelector('[role="alert"]'), 'the failure');
    expect(alert.querySelector('p')?.textContent).toBe('The dashboard could not be read.');
    dashboardStatus = 200;
    await click(buttonNamed('Try again')!);
    await loaded();
    expect(dashboardCalls()).toHaveLength(2);
    expect(cardTitles()).toHaveLength(5);
  });

  it('asks once on a render, and shows the loading state meanwhile', async () => {
    dom.renderScreen(<DashboardScreen />);
    expect(dom.container.querySelector('[role="status"]')?.textContent).toBe('Loading…');
    await loaded();
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(dashboardCalls()).toHaveLength(1);
  });
});
