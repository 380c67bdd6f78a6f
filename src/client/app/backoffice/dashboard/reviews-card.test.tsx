// @vitest-environment jsdom
import { act } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Dashboard } from '../../../../core/schemas/dashboard';
import type { ReviewItem } from '../../../../core/schemas/review';
import { formatDateTime } from '../../lib/date-time';
import { fakeSession, until, withFakeMasterApi, withTestRoot } from '../../test-support/dom';
import DashboardScreen from './dashboard-screen';
import { REVIEWS_ON_CARD } from './reviews-card';

/**
 * The staff home's card "Waiting for your review" (docs/design.md §32) against a stand-in for getdashboard and the
 * reviews list: present only when something waits for the caller, with the count, the first few (the page, who asked,
 * when), each opening the Reviews screen, and Open Reviews; absent when nothing waits or the list cannot be read.
 */

const dom = withTestRoot();
const calls = withFakeMasterApi((call) => {
  if (call === '/api/auth/session') return { status: 200, data: fakeSession(screens) };
  if (call === 'getdashboard') return { status: 200, data: dashboard };
  if (call === 'reviews')
    return reviewsStatus === 200
      ? { status: 200, data: { items } }
      : { status: reviewsStatus, data: { message: 'The reviews could not be read.' } };
  return undefined;
});

let dashboard: Dashboard;
let items: ReviewItem[];
let reviewsStatus: number;
/** The screens the user's menu holds: the Reviews screen is where a decision is made. */
let screens: string[];

const asked = (day: number) => new Date(Date.UTC(2026, 10, day, 9)).toISOString();
const item = (title: string, day: number, locale: string | null = null): ReviewItem => ({
  routing: title,
  title,
  locale,
  revision: day,
  author: `author${day}`,
  askedAt: asked(day),
  publishAt: null,
  published: 1,
});

beforeEach(() => {
  dashboard = { scheduled: [] };
  items = [item('Home', 20), item('Careers', 21, 'de')];
  reviewsStatus = 200;
  screens = ['dashboard', 'reviews'];
});

const headingOf = (section: Element) => document.getElementById(section.getAttribute('aria-labelledby') ?? '');
const card = (name: string) =>
  [...dom.container.querySelectorAll('section')].find((section) => headingOf(section)?.textContent === name);
const cardTitles = () =>
  [...dom.container.querySelectorAll('section')].map((section) => headingOf(section)?.textContent);
const linksOf = (scope: Element | undefined) =>
  [...(scope?.querySelectorAll('a') ?? [])].map((a) => [a.textContent?.trim(), a.getAttribute('href')]);
const loaded = () => until(() => card('Scheduled publications'), 'the cards');
/** The list asked for and answered (no call of the screen still under way), and what it changed rendered. */
async function reviewsAnswered() {
  await until(() => calls.some((c) => c.call === 'reviews') && dom.queries.isFetching() === 0, 'the reviews answered');
  await act(async () => {});
}

describe('the staff home’s card “Waiting for your review”', () => {
  it('counts what waits, lists each with who asked and when, and opens Reviews', async () => {
    dom.renderScreen(<DashboardScreen />);
    const reviews = await until(() => card('Waiting for your review'), 'the review card');
    // First: it is the user's own to do.
    expect(cardTitles()).toEqual(['Waiting for your review', 'Scheduled publications']);
    expect(reviews.querySelector('.dashboard-figure')?.textContent).toBe('2 revisions wait for your review');
    const rows = [...reviews.querySelectorAll('li')];
    expect(rows.map((row) => row.textContent)).toEqual([
      `HomeAsked by author20Asked ${formatDateTime(asked(20))}`,
      `CareersLanguage: deAsked by author21Asked ${formatDateTime(asked(21))}`,
    ]);
    expect(rows[0]?.querySelector('time')?.getAttribute('dateTime')).toBe(asked(20));
    expect(linksOf(reviews)).toEqual([
      ['Home', '/reviews'],
      ['Careers', '/reviews'],
      ['Open Reviews', '/reviews'],
    ]);
  });

  it('lists only the first few, and says Reviews has them all', async () => {
    items = [20, 21, 22, 23, 24].map((day) => item(`Page${day}`, day));
    dom.renderScreen(<DashboardScreen />);
    const reviews = await until(() => card('Waiting for your review'), 'the review card');
    expect(reviews.querySelector('.dashboard-figure')?.textContent).toBe('5 revisions wait for your review');
    expect(reviews.querySelectorAll('li')).toHaveLength(REVIEWS_ON_CARD);
    expect(reviews.querySelector('.dashboard-card__lead')?.textContent).toBe(
      'The 3 asked first are listed; Reviews shows them all.',
    );
    expect(reviews.querySelector('li a')?.textContent).toBe('Page20');
  });

  it('says one revision in the singular', async () => {
    items = [item('Home', 20)];
    dom.renderScreen(<DashboardScreen />);
    const reviews = await until(() => card('Waiting for your review'), 'the review card');
    expect(reviews.querySelector('.dashboard-figure')?.textContent).toBe('1 revision waits for your review');
    expect(reviews.querySelector('.dashboard-card__lead')).toBeNull();
  });

  it('is absent when nothing waits', async () => {
    items = [];
    dom.renderScreen(<DashboardScreen />);
    await loaded();
    await reviewsAnswered();
    expect(card('Waiting for your review')).toBeUndefined();
    expect(cardTitles()).toEqual(['Scheduled publications']);
  });

  it('is absent, and the list never asked, for a user whose menu lacks the Reviews screen', async () => {
    screens = ['dashboard'];
    dom.renderScreen(<DashboardScreen />);
    await loaded();
    await until(() => calls.some((c) => c.call === '/api/auth/session'), 'the session read');
    expect(card('Waiting for your review')).toBeUndefined();
    expect(calls.some((c) => c.call === 'reviews')).toBe(false);
  });

  it('is absent, and the home whole, when the list cannot be read', async () => {
    reviewsStatus = 500;
    dom.renderScreen(<DashboardScreen />);
    await loaded();
    await reviewsAnswered();
    expect(card('Waiting for your review')).toBeUndefined();
    expect(dom.container.querySelector('[role="alert"]')).toBeNull();
    expect(dom.container.textContent).not.toContain('The reviews could not be read.');
    expect(cardTitles()).toEqual(['Scheduled publications']);
  });

  it('is a card of its own when the home has no other', async () => {
    dashboard = {};
    dom.renderScreen(<DashboardScreen />);
    await until(() => card('Waiting for your review'), 'the review card');
    expect(dom.container.querySelector('.dashboard-none')).toBeNull();
  });
});
