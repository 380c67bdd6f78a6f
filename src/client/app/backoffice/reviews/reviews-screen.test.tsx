// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Comparison } from '../../../../core/schemas/revision';
import { REVIEW_MESSAGES, type ReviewItem } from '../../../../core/schemas/review';
import { formatDateTime } from '../../lib/date-time';
import { notify } from '../../toasts';
import {
  buttonNamed,
  byLabel,
  click,
  expectFocus,
  type,
  until,
  fakeSession,
  withFakeMasterApi,
  withModalDialogs,
  withTestRoot,
} from '../../test-support/dom';
import DashboardScreen from '../dashboard/dashboard-screen';
import { answerChecks, PREVIEW_WITH_BRIDGE } from '../../test-support/check-frames';
import ReviewsScreen, { NOTHING_TO_REVIEW } from './reviews-screen';

/**
 * The Reviews screen (docs/design.md §32) against a stand-in for its calls, answering with the contract's shapes
 * (src/core/schemas/review.ts): the list, Approve asked first then posted (with the language of a translation), Request
 * changes with its comment (required, said at the field, the server's refusal there too), the comparison with what is
 * published through the editors' compare call, and the sentence for an empty list.
 */

vi.mock('../../toasts', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn() } }));

const dom = withTestRoot();
withModalDialogs();
const calls = withFakeMasterApi(answer);

/** A comment the stand-in refuses at its field: a rule of the server the form does not know. */
const REFUSED_COMMENT = 'fix it';
const REFUSED_MESSAGE = 'Say which part of the page should change.';

const HOME: ReviewItem = {
  routing: 'Home',
  title: 'Home',
  locale: null,
  revision: 7,
  author: 'ravi',
  askedAt: '2026-11-24T09:30:00.000Z',
  publishAt: null,
  published: 5,
};
const CAREERS_DE: ReviewItem = {
  routing: 'Careers',
  title: 'Careers',
  locale: 'de',
  revision: 12,
  author: 'meera',
  askedAt: '2026-11-25T11:00:00.000Z',
  publishAt: '2026-12-01T06:00:00.000Z',
  published: 9,
};
const NEWS: ReviewItem = { ...HOME, routing: 'News', title: 'News', revision: 1, published: null };

const COMPARISON: Comparison = {
  from: 5,
  to: 7,
  changes: [{ path: 'heading', label: 'Heading', kind: 'changed', richText: false, before: 'Welcome', after: 'Hello' }],
};

let items: ReviewItem[];
let listStatus: number;
/** The refusal of the next decision, if any. */
let refusal: { status: number; data: { message: string; field?: string } } | null;

/** A user whose menu holds the staff home and the Reviews screen (the home's card needs the screen). */
const SESSION = fakeSession(['dashboard', 'reviews']);

function answer(call: string, body: Record<string, unknown>, request: { method: string }) {
  if (call === '/api/auth/session') return { status: 200, data: SESSION };
  if (call === 'reviews' && request.method === 'GET')
    return listStatus === 200
      ? { status: 200, data: { items } }
      : { status: listStatus, data: { message: 'The reviews could not be read.' } };
  if (call.startsWith('reviews/') && request.method === 'POST') {
    if (refusal) return refusal;
    if (body.decision === 'changes' && body.comment === REFUSED_COMMENT)
      return { status: 400, data: { message: REFUSED_MESSAGE, field: 'comment' } };
    const routing = decodeURIComponent(call.slice('reviews/'.length));
    const item = items.find((entry) => entry.routing === routing && entry.revision === body.revision)!;
    items = items.filter((entry) => entry !== item);
    const approved = body.decision === 'approve';
    return {
      status: 200,
      data: {
        message: approved
          ? item.publishAt
            ? REVIEW_MESSAGES.approvedScheduled
            : REVIEW_MESSAGES.approved
          : REVIEW_MESSAGES.changesRequested,
        revision: item.revision,
        status: approved ? (item.publishAt ? 'scheduled' : 'published') : 'draft',
        publishAt: approved ? item.publishAt : null,
      },
    };
  }
  if (call === 'compare/Home?from=5&to=7') return { status: 200, data: COMPARISON };
  if (call.startsWith('/preview/')) return { status: 200, data: PREVIEW_WITH_BRIDGE, type: 'text/html' };
  if (call === 'translate/Careers/compare?locale=de&from=9&to=12')
    return {
      status: 200,
      data: {
        from: 9,
        to: 12,
        changes: [{ ...COMPARISON.changes[0]!, before: 'Willkommen', after: 'Hallo' }],
      },
    };
  if (call === 'getdashboard') return { status: 200, data: { scheduled: [] } };
  return undefined;
}

beforeEach(() => {
  items = [HOME, CAREERS_DE];
  listStatus = 200;
  refusal = null;
  vi.mocked(notify.success).mockClear();
  vi.mocked(notify.error).mockClear();
});

const entries = () => [...dom.container.querySelectorAll('.reviews-item')];
const entry = (title: string) => entries().find((item) => item.querySelector('h2')?.textContent?.startsWith(title));
const factsOf = (item: Element | undefined) =>
  [...(item?.querySelectorAll('.reviews-item__fact') ?? [])].map((fact) => [
    fact.querySelector('dt')?.textContent,
    fact.querySelector('dd')?.textContent,
  ]);
const listCalls = () => calls.filter((c) => c.call === 'reviews');
const decisions = () => calls.filter((c) => c.call.startsWith('reviews/'));
const question = () => document.querySelector('dialog[role="alertdialog"]');
const changesDialog = () => document.querySelector<HTMLDialogElement>('dialog.reviews-dialog');
const comment = () => byLabel<HTMLTextAreaElement>(changesDialog()!, 'What should change')!;
const commentError = () => document.getElementById(`${comment().id}-error`)?.textContent;
const summary = () => dom.container.querySelector('.reviews-summary');
const loaded = () => until(() => summary(), 'the list');

describe('the Reviews screen', () => {
  it('lists what waits: the page (and a translation’s language), who asked and when, when it goes live', async () => {
    dom.renderScreen(<ReviewsScreen />, '/reviews');
    await loaded();
    expect(document.title).toBe('Reviews – Folio');
    expect(dom.container.querySelector('h1')?.textContent).toBe('Reviews');
    expect(summary()?.textContent).toBe('2 revisions wait for your review, oldest first.');
    expect(entries().map((item) => item.querySelector('h2')?.textContent)).toEqual(['Home', 'Careers in German (de)']);
    expect(factsOf(entry('Home'))).toEqual([
      ['Asked by', 'ravi'],
      ['Asked', formatDateTime(HOME.askedAt)],
      ['Goes live', 'At once, when approved'],
      ['Revision', '7 (visitors see revision 5)'],
    ]);
    expect(factsOf(entry('Careers'))[2]).toEqual(['Goes live', formatDateTime(CAREERS_DE.publishAt!)]);
    expect(entry('Careers')?.querySelector('time')?.getAttribute('dateTime')).toBe(CAREERS_DE.askedAt);
    // Open the page: the editor, in the translation's language for a translation.
    const links = (item: Element | undefined) =>
      [...(item?.querySelectorAll('a') ?? [])].map((a) => a.getAttribute('href'));
    expect(links(entry('Home'))).toEqual(['/Home']);
    expect(links(entry('Careers'))).toEqual(['/Careers?locale=de']);
    expect(entry('Home')?.querySelector('a')?.textContent).toBe('Open the page Home');
  });

  it('compares with what is published through the editors’ compare call, a translation in its language, and says why a new page cannot be', async () => {
    items = [HOME, CAREERS_DE, NEWS];
    dom.renderScreen(<ReviewsScreen />, '/reviews');
    await loaded();
    const compare = buttonNamed('Compare with what is published: Home')!;
    expect(compare.getAttribute('aria-expanded')).toBe('false');
    await click(compare);
    const change = await until(() => entry('Home')?.querySelector('.compare-change'), 'the comparison');
    expect(calls.some((c) => c.call === 'compare/Home?from=5&to=7')).toBe(true);
    expect(compare.getAttribute('aria-expanded')).toBe('true');
    expect(entry('Home')?.querySelector('h3')?.textContent).toBe('Changes from revision 5 (published) to revision 7');
    expect(change.textContent).toContain('Welcome');
    expect(change.textContent).toContain('Hello');
    await click(buttonNamed('Close comparison')!);
    expect(entry('Home')?.querySelector('.compare-panel')).toBeNull();
    await expectFocus(() => compare);

    // A translation compares in its language, through the translation editor's call.
    await click(buttonNamed('Compare with what is published: Careers in German (de)')!);
    const german = await until(() => entry('Careers')?.querySelector('.compare-change'), 'the German comparison');
    expect(calls.some((c) => c.call === 'translate/Careers/compare?locale=de&from=9&to=12')).toBe(true);
    expect(german.textContent).toContain('Willkommen');
    expect(entry('Careers')?.querySelector('.reviews-item__note')).toBeNull();
    // A page never published: no Compare, a sentence saying why.
    expect(buttonNamed('Compare with what is published: News')).toBeNull();
    expect(entry('News')?.querySelector('.reviews-item__note')?.textContent).toMatch(
      /^This page has never been published/,
    );
  });

  it('runs the checks of the page as it will go live, in a sandboxed frame, and shows what they found', async () => {
    dom.renderScreen(<ReviewsScreen />, '/reviews');
    await loaded();
    const run = buttonNamed('Run the checks: Careers in German (de)')!;
    await click(run);
    expect(run.getAttribute('aria-expanded')).toBe('true');
    await answerChecks(
      {
        'careers/de': [
          { check: 'alt', severity: 'problem', message: 'An image has no alternative text.', field: null },
        ],
      },
      1,
    );
    expect(calls.map((c) => c.call)).toContain('/preview/Careers?revision=12&locale=de&checks=1');
    const panel = await until(() => entry('Careers')?.querySelector('.review-checks'), 'the checks');
    await until(() => panel.textContent?.includes('Checks done.'), 'the checks done');
    expect(panel.querySelector('.release-check__result')?.textContent).toBe('1 problem found.');
    expect(panel.textContent).toContain('An image has no alternative text.');
    // Read, not signed: nothing to acknowledge on a review.
    expect(panel.querySelector('input[type="checkbox"]')).toBeNull();
    await click(buttonNamed('Close checks')!);
    expect(entry('Careers')?.querySelector('.review-checks')).toBeNull();
    await expectFocus(() => run);
  });

  it('approves once confirmed: posts the revision to the page’s address, toasts the answer, asks for the list again', async () => {
    dom.renderScreen(<ReviewsScreen />, '/reviews');
    await loaded();
    const approve = buttonNamed('Approve revision 7 of Home')!;

    // Cancel: nothing is sent.
    await click(approve);
    await until(() => question(), 'the question');
    expect(question()?.textContent).toContain('Approve revision 7 of Home? It is published at once');
    await click(buttonNamed('Cancel')!);
    expect(question()).toBeNull();
    expect(decisions()).toHaveLength(0);

    await click(approve);
    await until(() => question(), 'the question again');
    await click(buttonNamed('Approve')!);
    await until(() => entries().length === 1, 'Home gone from the list');
    expect(decisions()).toEqual([{ call: 'reviews/Home', body: { revision: 7, decision: 'approve' } }]);
    expect(notify.success).toHaveBeenCalledWith(REVIEW_MESSAGES.approved);
    expect(listCalls()).toHaveLength(2);
    expect(summary()?.textContent).toBe('1 revision waits for your review, oldest first.');
    await expectFocus(() => summary());
  });

  it('approves a translation with its language, and says the time asked', async () => {
    dom.renderScreen(<ReviewsScreen />, '/reviews');
    await loaded();
    await click(buttonNamed('Approve revision 12 of Careers in German (de)')!);
    await until(() => question(), 'the question');
    expect(question()?.querySelector('h2')?.textContent).toBe('Approve and schedule');
    expect(question()?.textContent).toContain(
      `It goes live on ${formatDateTime(CAREERS_DE.publishAt!)}, as meera asked.`,
    );
    await click(buttonNamed('Approve')!);
    await until(() => entries().length === 1, 'Careers gone from the list');
    expect(decisions()).toEqual([
      { call: 'reviews/Careers', body: { locale: 'de', revision: 12, decision: 'approve' } },
    ]);
    expect(notify.success).toHaveBeenCalledWith(REVIEW_MESSAGES.approvedScheduled);
  });

  it('says the server’s refusal of an approval, and asks for the list again when the revision no longer waits', async () => {
    refusal = { status: 409, data: { message: REVIEW_MESSAGES.notInReview } };
    dom.renderScreen(<ReviewsScreen />, '/reviews');
    await loaded();
    await click(buttonNamed('Approve revision 7 of Home')!);
    await until(() => question(), 'the question');
    await click(buttonNamed('Approve')!);
    await until(() => vi.mocked(notify.error).mock.calls.length > 0, 'the refusal');
    expect(notify.error).toHaveBeenCalledWith(REVIEW_MESSAGES.notInReview);
    expect(notify.success).not.toHaveBeenCalled();
    await until(() => listCalls().length === 2, 'the list asked again');
  });

  it('requests changes: the comment is required and said at its field, the server’s refusal too, then it is sent', async () => {
    dom.renderScreen(<ReviewsScreen />, '/reviews');
    await loaded();
    const opener = buttonNamed('Request changes to revision 7 of Home')!;
    await click(opener);
    const dialog = await until(() => changesDialog(), 'the dialog');
    expect(dialog.open).toBe(true);
    expect(dialog.querySelector('h2')?.textContent).toBe('Request changes');
    await expectFocus(() => comment());

    // Empty: said at the field, nothing sent.
    await click(buttonNamed('Request changes')!);
    await until(() => commentError(), 'the sentence at the comment');
    expect(commentError()).toBe(REVIEW_MESSAGES.commentRequired);
    expect(comment().getAttribute('aria-invalid')).toBe('true');
    expect(decisions()).toHaveLength(0);

    // Refused by the server, naming the comment: said there, the focus there.
    await type(comment(), REFUSED_COMMENT);
    await click(buttonNamed('Request changes')!);
    await until(() => commentError() === REFUSED_MESSAGE, 'the server’s refusal at the comment');
    await expectFocus(() => comment());
    expect(changesDialog()).not.toBeNull();

    await type(comment(), '  The prices in the second section are last year’s.  ');
    await click(buttonNamed('Request changes')!);
    await until(() => !changesDialog(), 'the dialog closed');
    expect(decisions().map((c) => c.body)).toEqual([
      { revision: 7, decision: 'changes', comment: REFUSED_COMMENT },
      { revision: 7, decision: 'changes', comment: 'The prices in the second section are last year’s.' },
    ]);
    expect(decisions().every((c) => c.call === 'reviews/Home')).toBe(true);
    expect(notify.success).toHaveBeenCalledWith(REVIEW_MESSAGES.changesRequested);
    await until(() => entries().length === 1, 'Home gone from the list');
    await expectFocus(() => summary());
  });

  it('keeps the list as it was when Request changes is cancelled, and gives the focus back', async () => {
    dom.renderScreen(<ReviewsScreen />, '/reviews');
    await loaded();
    const opener = buttonNamed('Request changes to revision 12 of Careers in German (de)')!;
    await click(opener);
    await until(() => changesDialog(), 'the dialog');
    await click(buttonNamed('Cancel')!);
    expect(changesDialog()).toBeNull();
    expect(decisions()).toHaveLength(0);
    await expectFocus(() => opener);
  });

  it('says a refusal that names no field in the dialog (a revision decided meanwhile)', async () => {
    dom.renderScreen(<ReviewsScreen />, '/reviews');
    await loaded();
    await click(buttonNamed('Request changes to revision 12 of Careers in German (de)')!);
    await until(() => changesDialog(), 'the dialog');
    refusal = { status: 409, data: { message: REVIEW_MESSAGES.notInReview } };
    await type(comment(), 'Please check the German headings.');
    await click(buttonNamed('Request changes')!);
    const box = await until(() => changesDialog()?.querySelector('.refusal-box'), 'the refusal box');
    expect(box.textContent).toBe(REVIEW_MESSAGES.notInReview);
    expect(decisions().map((c) => c.body)).toEqual([
      { locale: 'de', revision: 12, decision: 'changes', comment: 'Please check the German headings.' },
    ]);
    await until(() => listCalls().length === 2, 'the list asked again');
  });

  it('refreshes the staff home’s data and card once a decision is made', async () => {
    // The home and the screen with one cache, as in the app.
    dom.renderScreen(
      <>
        <DashboardScreen />
        <ReviewsScreen />
      </>,
      '/reviews',
    );
    await loaded();
    const figure = () => dom.container.querySelector('.dashboard-figure')?.textContent;
    await until(() => figure() === '2 revisions wait for your review', 'the home’s card');
    expect(calls.filter((c) => c.call === 'getdashboard')).toHaveLength(1);
    await click(buttonNamed('Approve revision 7 of Home')!);
    await until(() => question(), 'the question');
    await click(buttonNamed('Approve')!);
    await until(() => figure() === '1 revision waits for your review', 'the card refreshed');
    await until(() => calls.filter((c) => c.call === 'getdashboard').length === 2, 'the home asked again');
  });

  it('says so in a sentence when nothing waits', async () => {
    items = [];
    dom.renderScreen(<ReviewsScreen />, '/reviews');
    await loaded();
    expect(summary()?.textContent).toBe(NOTHING_TO_REVIEW);
    expect(NOTHING_TO_REVIEW).toBe('Nothing waits for your review.');
    expect(dom.container.querySelector('ul')).toBeNull();
    expect(buttonNamed('Approve')).toBeNull();
  });

  it('says the list could not be loaded, and tries again', async () => {
    listStatus = 500;
    dom.renderScreen(<ReviewsScreen />, '/reviews');
    const alert = await until(() => dom.container.querySelector('[role="alert"]'), 'the failure');
    expect(alert.querySelector('p')?.textContent).toBe('The reviews could not be read.');
    listStatus = 200;
    await click(buttonNamed('Try again')!);
    await loaded();
    expect(entries()).toHaveLength(2);
  });
});
