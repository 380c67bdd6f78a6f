// @vitest-environment jsdom
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { EnquiryMail, EnquiryRow } from '../../../../core/schemas/enquiries';
import { notify } from '../../toasts';
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
import { EnquiriesScreen } from './enquiries-screen';

/**
 * The screen against a small in-memory stand-in for the enquiries calls (the server comes with its own
 * branch), answering with the contract's shapes: enough to see the screen send the right bodies and show the
 * answers, the server's sentences included.
 */

vi.mock('../../toasts', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn() } }));

withModalDialogs();
const dom = withTestRoot();
const calls = withFakeMasterApi(answer);

const mail = (state: EnquiryMail['state'], more: Partial<EnquiryMail> = {}): EnquiryMail => ({
  state,
  attempts: 0,
  lastError: null,
  sentAt: null,
  nextAttemptAt: null,
  ...more,
});

let enquiries: EnquiryRow[];
let mailConfigured: boolean;
let listFails: boolean;
/** The count stops here, as the server's does at 10,000 (a small cap keeps the test small). */
let countCap: number;

function seed() {
  const at = (minutes: number) => new Date(Date.UTC(2026, 10, 22, 9, 0) - minutes * 60_000).toISOString();
  enquiries = [
    {
      id: 5,
      createdAt: at(0),
      organization: 'Sahyadri Tools',
      name: 'Kavita Joshi',
      email: 'kavita@example.in',
      mobile: '9822012345',
      requirements: 'An ERP for 3 plants.\n<b>Urgent</b> please.',
      status: 'New',
      mail: mail('sent', { attempts: 1, sentAt: at(-1) }),
    },
    {
      id: 4,
      createdAt: at(10),
      organization: '',
      name: 'Ravi Kulkarni',
      email: 'ravi@example.in',
      mobile: '9890011122',
      requirements: 'A website.',
      status: 'Handled',
      mail: mail('failed', { attempts: 1, lastError: '550 5.1.1 Mailbox unknown' }),
    },
    {
      id: 3,
      createdAt: at(20),
      organization: 'Deccan Foods',
      name: 'Meera Patil',
      email: 'meera@example.in',
      mobile: '9811100011',
      requirements: 'Mobile app.',
      status: 'New',
      mail: mail('retrying', { attempts: 2, lastError: 'connect ECONNREFUSED 127.0.0.1:25', nextAttemptAt: at(-30) }),
    },
    {
      id: 2,
      createdAt: at(30),
      organization: 'Cheap Pills',
      name: 'Bot Bot',
      email: 'bot@spam.example',
      mobile: '9000000000',
      requirements: 'Buy now',
      status: 'Spam',
      mail: mail('none'),
    },
  ];
  mailConfigured = true;
  listFails = false;
  countCap = Infinity;
}

/** `count` new enquiries whose mail was sent, newest first. */
const many = (count: number): EnquiryRow[] =>
  Array.from({ length: count }, (_, index) => ({
    id: 100 - index,
    createdAt: new Date(Date.UTC(2026, 10, 22) - index * 60_000).toISOString(),
    organization: `Org ${index}`,
    name: `Person ${index}`,
    email: `p${index}@example.in`,
    mobile: '9822012345',
    requirements: 'x',
    status: 'New',
    mail: mail('sent'),
  }));

const ok = (data: unknown) => ({ status: 200, data });

function answer(call: string, body: Record<string, unknown>): { status: number; data: unknown } | undefined {
  const find = () => enquiries.find((e) => e.id === body.id);
  switch (call) {
    case 'getenquiries': {
      if (listFails) return { status: 500, data: { message: 'The enquiries could not be read.' } };
      const text = String(body.searchText ?? '').toLowerCase();
      const pageno = Number(body.pageno ?? 1);
      const matches = enquiries.filter(
        (e) =>
          (body.status === undefined ? e.status !== 'Spam' : e.status === body.status) &&
          (body.mailState === undefined || e.mail.state === body.mailState) &&
          `${e.name} ${e.organization} ${e.email} ${e.requirements}`.toLowerCase().includes(text),
      );
      return ok({
        items: matches.slice((pageno - 1) * 10, pageno * 10),
        totalItems: Math.min(matches.length, countCap),
        totalCapped: matches.length > countCap,
        next: matches.length > pageno * 10 ? `p${pageno + 1}` : null,
        mailConfigured,
      });
    }
    case 'getenquiry': {
      const enquiry = find();
      return enquiry
        ? ok(enquiry)
        : { status: 404, data: { message: 'There is no enquiry with this id (it may have been deleted).' } };
    }
    case 'changeEnquiryStatus': {
      const enquiry = find();
      if (!enquiry) return { status: 404, data: { message: 'The enquiry does not exist (any more).' } };
      enquiry.status = body.status as EnquiryRow['status'];
      return ok({ message: `The enquiry is marked ${enquiry.status}.` });
    }
    case 'resendEnquiry': {
      const enquiry = find();
      if (!enquiry) return { status: 404, data: { message: 'The enquiry does not exist (any more).' } };
      if (enquiry.mail.state !== 'failed')
        return { status: 409, data: { message: 'This mail is not failed: there is nothing to send again.' } };
      enquiry.mail = mail('queued', { attempts: enquiry.mail.attempts });
      return ok({ message: 'The mail will be sent again now.' });
    }
    case 'deleteEnquiry': {
      if (!find()) return { status: 404, data: { message: 'The enquiry does not exist (any more).' } };
      enquiries = enquiries.filter((e) => e.id !== body.id);
      return ok({ message: 'The enquiry was deleted.' });
    }
    default:
      return undefined;
  }
}

beforeEach(() => {
  seed();
  vi.clearAllMocks();
});

const render = (at = '/enquiries') => dom.renderScreen(<EnquiriesScreen />, at);

const byLabel = <T extends HTMLElement>(text: string) => labelled<T>(dom.container, text);
const table = () =>
  [...dom.container.querySelectorAll('table')].find((t) => t.querySelector('caption')?.textContent === 'Enquiries');
const rows = () => [...(table()?.querySelectorAll('tbody tr') ?? [])];
const rowTexts = () =>
  rows().map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent?.trim() ?? ''));
const rowOf = (name: string) => rows().find((row) => row.textContent?.includes(name)) ?? null;
const listed = (count: number) => () => rows().length === count && rows()[0]?.querySelectorAll('td').length === 7;
const detailDialog = () =>
  [...document.querySelectorAll('dialog')].find((d) => d.classList.contains('enquiry-detail')) ?? null;
const confirmDialog = () => document.querySelector<HTMLDialogElement>('dialog.confirm-dialog');
const listCalls = () => calls.filter((c) => c.call === 'getenquiries');

async function pressEscape(element: HTMLElement) {
  await act(async () => {
    element.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
  });
}

describe('enquiries', () => {
  it('lists New and Handled, newest first, with the mail state and the SMTP answer of a failing mail', async () => {
    render();
    await until(listed(3), 'three enquiries');
    expect(listCalls()[0]?.body).toEqual({ pageno: 1 });
    const texts = rowTexts();
    expect(texts.map((cells) => cells.slice(1, 5))).toEqual([
      ['Kavita Joshi', 'Sahyadri Tools', 'kavita@example.in', 'New'],
      ['Ravi Kulkarni', '—None', 'ravi@example.in', 'Handled'],
      ['Meera Patil', 'Deccan Foods', 'meera@example.in', 'New'],
    ]);
    // Received: readable, with the exact moment for machines.
    const received = rows()[0]!.querySelector('time')!;
    expect(received.getAttribute('datetime')).toBe('2026-11-22T09:00:00.000Z');
    expect(received.textContent).toMatch(/2026/);
    // Mail: the label; failed and retrying with the server's answer, retrying with its next attempt.
    expect(texts[0]?.[5]).toBe('Sent');
    expect(texts[1]?.[5]).toBe('Failed550 5.1.1 Mailbox unknown');
    expect(texts[2]?.[5]).toMatch(/^RetryingNext attempt .+connect ECONNREFUSED 127\.0\.0\.1:25$/);
    // Email is a mailto link.
    expect(rowOf('Kavita Joshi')!.querySelector('a[href="mailto:kavita@example.in"]')?.textContent).toBe(
      'kavita@example.in',
    );
    // The actions, named: Resend only where the mail failed.
    expect(button('View enquiry from Kavita Joshi')).not.toBeNull();
    expect(button('Mark enquiry from Kavita Joshi handled')).not.toBeNull();
    expect(button('Mark enquiry from Ravi Kulkarni new')).not.toBeNull();
    expect(button('Delete enquiry from Kavita Joshi')).not.toBeNull();
    expect(button('Resend mail of enquiry from Ravi Kulkarni')).not.toBeNull();
    expect(button('Resend mail of enquiry from Kavita Joshi')).toBeNull();
    expect(button('Resend mail of enquiry from Meera Patil')).toBeNull();
    // Mail is configured: no notice.
    expect(dom.container.querySelector('[role="note"]')).toBeNull();
    expect(document.title).toBe('Enquiries – Folio');
  });

  it('says plainly when mail is not set up', async () => {
    mailConfigured = false;
    render();
    await until(listed(3), 'three enquiries');
    const notice = dom.container.querySelector('[role="note"]')!;
    expect(notice.textContent).toContain('not mailed');
    expect(notice.textContent).toContain('SMTP_URL');
    expect(notice.textContent).toContain('CONTACT_RECIPIENT');
  });

  it("opens under the Spam filter from the staff home's link (?status=Spam)", async () => {
    render('/enquiries?status=Spam');
    await until(() => rowTexts()[0]?.[1] === 'Bot Bot', 'the spam');
    expect(listCalls().map((c) => c.body)).toEqual([{ pageno: 1, status: 'Spam' }]);
    expect(byLabel<HTMLSelectElement>('Status')!.value).toBe('Spam');
  });

  it('filters by status and mail state, searches, and the CSV link follows what is listed', async () => {
    render();
    await until(listed(3), 'three enquiries');
    const exportLink = () => dom.container.querySelector<HTMLAnchorElement>('a[download]')!;
    expect(exportLink().textContent).toBe('Export CSV');
    expect(exportLink().getAttribute('href')).toBe('/api/master/enquiries.csv');

    await choose(byLabel<HTMLSelectElement>('Status')!, 'Spam');
    await until(() => rowTexts()[0]?.[1] === 'Bot Bot', 'the spam');
    expect(listCalls().at(-1)?.body).toEqual({ pageno: 1, status: 'Spam' });
    expect(rowTexts()[0]?.[5]).toBe('Not mailed');
    expect(button('View enquiry from Bot Bot')).not.toBeNull();
    expect(button('Mark enquiry from Bot Bot handled')).toBeNull();
    expect(button('Resend mail of enquiry from Bot Bot')).toBeNull();
    expect(exportLink().getAttribute('href')).toBe('/api/master/enquiries.csv?status=Spam');

    await choose(byLabel<HTMLSelectElement>('Status')!, '');
    await choose(byLabel<HTMLSelectElement>('Mail')!, 'failed');
    await until(listed(1), 'the failed one');
    expect(listCalls().at(-1)?.body).toEqual({ pageno: 1, mailState: 'failed' });

    // The text typed counts once searched, for the list and the CSV alike.
    await choose(byLabel<HTMLSelectElement>('Mail')!, '');
    await type(byLabel<HTMLInputElement>('Search text')!, 'deccan');
    expect(exportLink().getAttribute('href')).toBe('/api/master/enquiries.csv');
    await click(button('Search')!);
    await until(() => rows().length === 1 && rowOf('Meera Patil'), 'Meera alone');
    expect(listCalls().at(-1)?.body).toEqual({ pageno: 1, searchText: 'deccan' });
    expect(exportLink().getAttribute('href')).toBe('/api/master/enquiries.csv?searchText=deccan');

    // Search pressed again asks the server again (mail states move on their own).
    const before = listCalls().length;
    await click(button('Search')!);
    await until(() => listCalls().length > before, 'the list asked again');

    await type(byLabel<HTMLInputElement>('Search text')!, 'nobody');
    await click(button('Search')!);
    await until(() => table()?.textContent?.includes("No enquiries match 'nobody'"), 'the empty state');

    // Refresh clears the search, keeps the filters.
    await choose(byLabel<HTMLSelectElement>('Status')!, 'New');
    await click(button('Refresh the list')!);
    await until(listed(2), 'the new ones');
    expect(byLabel<HTMLInputElement>('Search text')!.value).toBe('');
    expect(listCalls().at(-1)?.body).toEqual({ pageno: 1, status: 'New' });
  });

  it("marks an enquiry handled and new again: the server's sentence in a toast, the list refreshed, the focus kept", async () => {
    render();
    await until(listed(3), 'three enquiries');
    await click(button('Mark enquiry from Kavita Joshi handled')!);
    await until(() => rowTexts()[0]?.[4] === 'Handled', 'Handled shown');
    expect(calls.find((c) => c.call === 'changeEnquiryStatus')?.body).toEqual({ id: 5, status: 'Handled' });
    expect(notify.success).toHaveBeenCalledWith('The enquiry is marked Handled.');
    // The same button now marks it new, and still has the focus.
    await expectFocus(() => button('Mark enquiry from Kavita Joshi new'));
    await click(button('Mark enquiry from Kavita Joshi new')!);
    await until(() => rowTexts()[0]?.[4] === 'New', 'New again');
  });

  it('an enquiry that leaves the filter takes the focus to the search, not to the top of the page', async () => {
    render();
    await until(listed(3), 'three enquiries');
    await choose(byLabel<HTMLSelectElement>('Status')!, 'New');
    await until(listed(2), 'the new ones');
    await click(button('Mark enquiry from Meera Patil handled')!);
    await until(listed(1), 'one left');
    expect(calls.find((c) => c.call === 'changeEnquiryStatus')?.body).toEqual({ id: 3, status: 'Handled' });
    expect(notify.success).toHaveBeenCalledWith('The enquiry is marked Handled.');
    await expectFocus(() => byLabel('Search text'));
  });

  it("resends a failed mail; a refusal shows the server's sentence", async () => {
    render();
    await until(listed(3), 'three enquiries');
    await click(button('Resend mail of enquiry from Ravi Kulkarni')!);
    await until(() => rowTexts()[1]?.[5] === 'Waiting to be sent', 'queued again');
    expect(calls.find((c) => c.call === 'resendEnquiry')?.body).toEqual({ id: 4 });
    expect(notify.success).toHaveBeenCalledWith('The mail will be sent again now.');
    expect(button('Resend mail of enquiry from Ravi Kulkarni')).toBeNull();

    // Refused (another session resent it first): the sentence, no success.
    enquiries = enquiries.map((e) => (e.id === 4 ? { ...e, mail: mail('failed', { lastError: '550 no' }) } : e));
    await click(button('Refresh the list')!);
    const resend = await until(() => button('Resend mail of enquiry from Ravi Kulkarni'), 'Resend again');
    vi.mocked(notify.success).mockClear();
    enquiries = enquiries.map((e) => (e.id === 4 ? { ...e, mail: mail('sent') } : e));
    await click(resend);
    await until(() => vi.mocked(notify.error).mock.calls.length > 0, 'the refusal');
    expect(notify.error).toHaveBeenCalledWith('This mail is not failed: there is nothing to send again.');
    expect(notify.success).not.toHaveBeenCalled();
  });

  it("deletes only after the spec's question", async () => {
    render();
    await until(listed(3), 'three enquiries');
    const remove = button('Delete enquiry from Ravi Kulkarni')!;
    await click(remove);
    expect(confirmDialog()?.querySelector('.confirm-dialog__question')?.textContent).toBe(
      'Delete this enquiry? This cannot be undone.',
    );
    await click(button('Cancel')!);
    expect(confirmDialog()).toBeNull();
    expect(calls.some((c) => c.call === 'deleteEnquiry')).toBe(false);
    await expectFocus(() => remove);

    await click(remove);
    await click(button('Delete')!);
    await until(listed(2), 'two left');
    expect(calls.find((c) => c.call === 'deleteEnquiry')?.body).toEqual({ id: 4 });
    expect(notify.success).toHaveBeenCalledWith('The enquiry was deleted.');
    expect(rowOf('Ravi Kulkarni')).toBeNull();
  });

  it('shows one enquiry in a labelled dialog: every field as text, Escape closes and gives the focus back', async () => {
    render();
    await until(listed(3), 'three enquiries');
    const view = button('View enquiry from Kavita Joshi')!;
    await click(view);
    const dialog = await until(detailDialog, 'the detail');
    expect(dialog.open).toBe(true);
    const title = document.getElementById(dialog.getAttribute('aria-labelledby')!);
    expect(title?.textContent).toBe('Enquiry from Kavita Joshi');
    await expectFocus(() => button('Close'));

    const requirements = dialog.querySelector('.enquiry-detail__requirements')!;
    // Markup typed by a visitor stays text.
    expect(requirements.textContent).toBe('An ERP for 3 plants.\n<b>Urgent</b> please.');
    expect(requirements.querySelector('b')).toBeNull();
    expect(dialog.querySelector('a[href="tel:+919822012345"]')?.textContent).toBe('9822012345');
    expect(dialog.querySelector('a[href="mailto:kavita@example.in"]')).not.toBeNull();
    const terms = [...dialog.querySelectorAll('dt')].map((dt) => dt.textContent);
    expect(terms).toEqual([
      'Received',
      'Status',
      'Contact Person',
      'Organization',
      'Email',
      'Mobile',
      'Requirements',
      'State',
      'Attempts',
      'Sent',
      'Last SMTP answer',
    ]);
    expect(dialog.textContent).toContain('Sahyadri Tools');
    expect(dialog.textContent).toContain('Attempts1');

    await pressEscape(dialog);
    expect(detailDialog()).toBeNull();
    await expectFocus(() => view);
  });

  it('acts from the dialog: marks handled in place, deletes after the question and closes', async () => {
    render();
    await until(listed(3), 'three enquiries');
    await click(button('View enquiry from Ravi Kulkarni')!);
    const dialog = await until(detailDialog, 'the detail');
    expect(dialog.textContent).toContain('550 5.1.1 Mailbox unknown');
    expect(
      [...dialog.querySelectorAll('button')].map((b) => b.textContent?.trim() || b.getAttribute('aria-label')),
    ).toEqual(['Close', 'Mark new', 'Mark as spam', 'Resend mail', 'Delete']);
    await click(button('Mark new')!);
    await until(() => detailDialog()?.querySelector('.enquiry-status')?.textContent === 'New', 'New in the dialog');
    expect(calls.find((c) => c.call === 'changeEnquiryStatus')?.body).toEqual({ id: 4, status: 'New' });
    await expectFocus(() => button('Mark handled'));

    await click(button('Delete')!);
    expect(confirmDialog()?.textContent).toContain('Delete this enquiry? This cannot be undone.');
    await click(confirmDialog()!.querySelector<HTMLButtonElement>('.confirm-dialog__button--danger')!);
    await until(() => detailDialog() === null, 'the detail closed');
    expect(calls.find((c) => c.call === 'deleteEnquiry')?.body).toEqual({ id: 4 });
    await until(listed(2), 'two left');
    await expectFocus(() => byLabel('Search text'));
  });

  it('keeps the dialog open on an enquiry marked spam, which leaves the list', async () => {
    render();
    await until(listed(3), 'three enquiries');
    await click(button('View enquiry from Meera Patil')!);
    await until(detailDialog, 'the detail');
    await click(button('Mark as spam')!);
    await until(listed(2), 'two left');
    expect(detailDialog()?.querySelector('.enquiry-status')?.textContent).toBe('Spam');
    expect(button('Not spam')).not.toBeNull();
    await click(button('Close')!);
    expect(detailDialog()).toBeNull();
    // Its View button went with the row: the focus goes to the search.
    await expectFocus(() => byLabel('Search text'));
  });

  it('pages by 10 and shows a failed load with Try again', async () => {
    enquiries = many(12);
    render();
    await until(listed(10), 'the first ten');
    expect(dom.container.textContent).toContain('1–10 of 12');
    await click(button('Next page')!);
    await until(listed(2), 'the last two');
    // Page 2 after the cursor page 1's answer gave.
    expect(listCalls().at(-1)?.body).toEqual({ pageno: 2, after: 'p2' });

    listFails = true;
    await click(button('Refresh the list')!);
    await until(() => table()?.textContent?.includes('The enquiries could not be read.'), 'the error');
    listFails = false;
    await click(button('Try again')!);
    await until(listed(10), 'the list again');
  });

  it('moves back a page when the last enquiry of the last page goes', async () => {
    enquiries = many(11);
    render();
    await until(listed(10), 'the first ten');
    await click(button('Next page')!);
    await until(listed(1), 'the eleventh');
    await click(button('Delete enquiry from Person 10')!);
    await click(button('Delete')!);
    await until(listed(10), 'back on page 1');
    expect(listCalls().at(-1)?.body).toEqual({ pageno: 1 });
  });
});

describe('a link to one enquiry (/enquiries?open=N, from the dashboard and the search)', () => {
  it('opens its detail over the list; closing takes open out of the address', async () => {
    render('/enquiries?open=4');
    const dialog = await until(detailDialog, 'the detail');
    expect(calls.find((c) => c.call === 'getenquiry')?.body).toEqual({ id: 4 });
    expect(dialog.open).toBe(true);
    expect(document.getElementById(dialog.getAttribute('aria-labelledby')!)?.textContent).toBe(
      'Enquiry from Ravi Kulkarni',
    );
    expect(dialog.textContent).toContain('550 5.1.1 Mailbox unknown');
    await until(listed(3), 'the list behind');
    expect(dom.address).toBe('/enquiries?open=4');

    await click(button('Close')!);
    expect(detailDialog()).toBeNull();
    await until(() => dom.address === '/enquiries', 'open taken out of the address');
    // Nothing had the focus before: it goes to the start of the list.
    await expectFocus(() => byLabel('Search text'));
    // Not opened again.
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(detailDialog()).toBeNull();
  });

  it('opens a spam enquiry that the list does not show, and acts on it', async () => {
    render('/enquiries?open=2');
    await until(detailDialog, 'the detail');
    await until(listed(3), 'the list without it');
    await click(button('Not spam')!);
    await until(() => detailDialog()?.querySelector('.enquiry-status')?.textContent === 'New', 'New in the dialog');
    expect(calls.find((c) => c.call === 'changeEnquiryStatus')?.body).toEqual({ id: 2, status: 'New' });

    await click(button('Delete')!);
    await click(confirmDialog()!.querySelector<HTMLButtonElement>('.confirm-dialog__button--danger')!);
    await until(() => detailDialog() === null, 'the detail closed');
    await until(() => dom.address === '/enquiries', 'open taken out of the address');
    // The deleted enquiry is not read again: no "no enquiry" message after the delete.
    expect(notify.error).not.toHaveBeenCalled();
  });

  it("says so when the enquiry is gone, with the server's sentence, and shows the list as usual", async () => {
    render('/enquiries?open=99');
    await until(() => vi.mocked(notify.error).mock.calls.length > 0, 'the message');
    expect(notify.error).toHaveBeenCalledWith('There is no enquiry with this id (it may have been deleted).');
    await until(listed(3), 'the list');
    expect(detailDialog()).toBeNull();
    await until(() => dom.address === '/enquiries', 'open taken out of the address');
  });

  it('drops an address that names no enquiry', async () => {
    render('/enquiries?open=abc');
    await until(listed(3), 'the list');
    await until(() => dom.address === '/enquiries', 'open taken out of the address');
    expect(calls.some((c) => c.call === 'getenquiry')).toBe(false);
    expect(detailDialog()).toBeNull();
  });
});

describe('paging by cursor (lists at any size)', () => {
  it('sends the cursor of the page before, forgets the cursors when the filters change, and says "more than" a capped count', async () => {
    enquiries = many(35);
    countCap = 20;
    render();
    await until(listed(10), 'the first ten');
    expect(dom.container.querySelector('.staff-table__range')?.textContent).toBe('1–10 of more than 20');
    expect(dom.container.querySelector('.staff-table__page')?.textContent).toBe('Page 1');
    await click(button('Next page')!);
    await until(() => rowTexts()[0]?.[1] === 'Person 10', 'page 2');
    expect(listCalls().at(-1)?.body).toEqual({ pageno: 2, after: 'p2' });
    await click(button('Next page')!);
    await until(() => rowTexts()[0]?.[1] === 'Person 20', 'page 3');
    expect(listCalls().at(-1)?.body).toEqual({ pageno: 3, after: 'p3' });
    await click(button('Next page')!);
    await until(listed(5), 'page 4, the last');
    expect(listCalls().at(-1)?.body).toEqual({ pageno: 4, after: 'p4' });
    expect(dom.container.querySelector('.staff-table__range')?.textContent).toBe('31–35 of more than 20');
    // The server has no page after this one.
    expect(button('Next page')?.getAttribute('aria-disabled')).toBe('true');

    // Another filter: page 1 again, and its page 2 is found by number until page 1's answer gives its cursor.
    await choose(byLabel<HTMLSelectElement>('Status')!, 'New');
    await until(() => listCalls().at(-1)?.body.status === 'New' && listed(10)(), 'the new ones');
    expect(listCalls().at(-1)?.body).toEqual({ pageno: 1, status: 'New' });
    await click(button('Next page')!);
    await until(() => listCalls().at(-1)?.body.pageno === 2, 'page 2 asked for');
    expect(listCalls().at(-1)?.body).toEqual({ pageno: 2, status: 'New', after: 'p2' });
  });
});
