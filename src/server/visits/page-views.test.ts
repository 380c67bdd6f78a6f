import { describe, expect, it } from 'vitest';
import type { Page } from '../pages/page-kind';
import { addressKey, addressOf, PageViews, type BrowserViews, type DayViews, type View } from './page-views';

// The in-memory log of views (docs/design.md §31) summed per browser as a flush takes it: what the visits tests over
// HTTP (visits.test.ts) see through the database, here for the cases HTTP does not reach cheaply (an IPv6 visitor, a
// day's end between flushes, a flush's log used again, the bound on names).
const page = (routing: string, locale = 'en-GB') => ({ routing, locale, cacheKey: `${routing}@${locale}` }) as Page;
const HOME = page('Home1');
const ABOUT = page('About');
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Safari/604.1';
const NOON = Date.UTC(2026, 10, 30, 12);

const view = (over: Partial<View> = {}): View => ({
  page: HOME,
  address: '10.0.0.1',
  userAgent: FIREFOX,
  gpc: false,
  referrer: undefined,
  host: 'www.example.com',
  campaign: null,
  ...over,
});

/** The browsers of a day as plain values: address → user agents → what each viewed. */
function browsersOf(day: DayViews) {
  const out: Record<string, Record<string, unknown>> = {};
  for (const [key, first] of day.browsers) {
    const agents: Record<string, unknown> = {};
    for (let browser: BrowserViews | undefined = first; browser; browser = browser.next)
      agents[browser.userAgent] = {
        views: Object.fromEntries(browser.views),
        gpc: browser.gpc,
        host: browser.host,
        referrers:
          browser.referrers && Object.fromEntries([...browser.referrers].map(([k, v]) => [k, Object.fromEntries(v)])),
        campaigns:
          browser.campaigns && Object.fromEntries([...browser.campaigns].map(([k, v]) => [k, Object.fromEntries(v)])),
      };
    out[addressOf(key)] = agents;
  }
  return out;
}

describe('page views in memory', () => {
  it('reads an IPv4 address as a number and back, and keeps any other address as it came', () => {
    expect(addressKey('10.0.0.1')).toBe(167772161);
    expect(addressOf(addressKey('255.255.255.255'))).toBe('255.255.255.255');
    for (const other of ['2001:db8::1', '::ffff:10.0.0.1', '1.2.3', '1.2.3.4.5', '256.1.1.1', '1..2.3', ''])
      expect(addressKey(other)).toBe(other);
  });

  it('sums the views per browser: address and user agent, GPC, referrers and campaigns per page, IPv6 apart', () => {
    const views = new PageViews(NOON);
    views.count(view(), NOON);
    views.count(view({ page: ABOUT, referrer: 'https://www.example.com/Home1' }), NOON);
    views.count(view({ page: ABOUT, referrer: 'https://www.example.com/Home1' }), NOON);
    views.count(view({ userAgent: SAFARI, gpc: true }), NOON);
    views.count(view({ address: '2001:db8::1', campaign: 'news\temail\tlaunch' }), NOON);
    views.count(view({ address: '2001:db8::1', page: ABOUT, referrer: 'https://duckduckgo.com/' }), NOON);
    const [day, ...more] = views.take(NOON);
    expect(more).toEqual([]);
    expect(day!.day).toBe('2026-11-30');
    expect(Object.fromEntries(day!.pages)).toEqual({
      'Home1@en-GB': { routing: 'Home1', locale: 'en-GB' },
      'About@en-GB': { routing: 'About', locale: 'en-GB' },
    });
    expect(browsersOf(day!)).toEqual({
      '10.0.0.1': {
        [FIREFOX]: {
          views: { 'Home1@en-GB': 1, 'About@en-GB': 2 },
          gpc: false,
          host: 'www.example.com',
          referrers: { 'https://www.example.com/Home1': { 'About@en-GB': 2 } },
          campaigns: undefined,
        },
        [SAFARI]: {
          views: { 'Home1@en-GB': 1 },
          gpc: true,
          host: 'www.example.com',
          referrers: undefined,
          campaigns: undefined,
        },
      },
      '2001:db8::1': {
        [FIREFOX]: {
          views: { 'Home1@en-GB': 1, 'About@en-GB': 1 },
          gpc: false,
          host: 'www.example.com',
          referrers: { 'https://duckduckgo.com/': { 'About@en-GB': 1 } },
          campaigns: { 'news\temail\tlaunch': { 'Home1@en-GB': 1 } },
        },
      },
    });
    expect(views.empty).toBe(true);
  });

  it('starts again from nothing after a flush, with no view of the flush before', () => {
    const views = new PageViews(NOON);
    for (let i = 0; i < 3000; i += 1) views.count(view({ address: `10.0.${i >> 8}.${i & 255}` }), NOON);
    expect(views.take(NOON)[0]!.browsers.size).toBe(3000);
    views.count(view({ page: ABOUT, address: '10.9.9.9' }), NOON + 1);
    const [day] = views.take(NOON + 1);
    expect(browsersOf(day!)).toEqual({
      '10.9.9.9': { [FIREFOX]: expect.objectContaining({ views: { 'About@en-GB': 1 } }) },
    });
    expect([...day!.pages.keys()]).toEqual(['About@en-GB']);
    expect(views.take(NOON + 2)).toEqual([]);
  });

  it('keeps a day that ended between flushes apart from the next one', () => {
    const views = new PageViews(NOON);
    const midnight = Date.UTC(2026, 11, 1);
    views.count(view(), midnight - 1);
    views.count(view({ page: ABOUT }), midnight);
    const days = views.take(midnight + 1);
    expect(days.map((day) => [day.day, browsersOf(day)['10.0.0.1']![FIREFOX]])).toEqual([
      ['2026-11-30', expect.objectContaining({ views: { 'Home1@en-GB': 1 } })],
      ['2026-12-01', expect.objectContaining({ views: { 'About@en-GB': 1 } })],
    ]);
  });

  it('counts views past 50,000 browsers (or 100,000 user agents) in a flush as views of their page only', () => {
    const views = new PageViews(NOON);
    for (let i = 0; i < 100_002; i += 1) views.count(view({ userAgent: `Agent ${i}` }), NOON);
    const [day] = views.take(NOON);
    expect(day!.browsers.get(addressKey('10.0.0.1'))).toBeDefined();
    let agents = 0;
    for (let b: BrowserViews | undefined = day!.browsers.get(addressKey('10.0.0.1')); b; b = b.next) agents += 1;
    expect(agents).toBe(50_000);
    expect(day!.unnamed.get('Home1@en-GB')).toBe(50_002);
  });
});
