import { isbot } from 'isbot';
import type { VisitDevice } from '../../core/schemas/visits';

/**
 * What a visit's headers say about it, read once per browser at a flush (docs/design.md §31): whether it is a bot
 * (isbot's list of crawlers, monitors and tools; a request without a user agent is no person's browser either), the
 * device class, and where a view came from.
 */

/** Whether the user agent is a crawler, a monitor or a tool rather than a person's browser. */
export const isBotAgent = (userAgent: string) => userAgent.trim() === '' || isbot(userAgent);

const TABLET = /iPad|Tablet|PlayBook|Silk|Kindle|Nexus (7|9|10)|SM-T\d|Android(?!.*Mobile)/i;
const PHONE = /Mobi|iPhone|iPod|Android.*Mobile|Windows Phone|BlackBerry|Opera Mini/i;

/** The device class of a browser from its user agent: a tablet first (an Android tablet says Android without Mobile). */
export function deviceOf(userAgent: string): VisitDevice {
  if (TABLET.test(userAgent)) return 'tablet';
  return PHONE.test(userAgent) ? 'phone' : 'desktop';
}

/**
 * Search engines, grouped under one host each whatever the country's domain or the service's own host
 * (`www.google.de`, `news.google.com` → `google.com`).
 */
const SEARCH_ENGINES: ReadonlyArray<readonly [RegExp, string]> = [
  [/(^|\.)google\.[a-z.]+$/, 'google.com'],
  [/(^|\.)bing\.com$/, 'bing.com'],
  [/(^|\.)duckduckgo\.com$/, 'duckduckgo.com'],
  [/(^|\.)search\.yahoo\.[a-z.]+$|(^|\.)yahoo\.[a-z.]+$/, 'yahoo.com'],
  [/(^|\.)ecosia\.org$/, 'ecosia.org'],
  [/(^|\.)yandex\.[a-z.]+$/, 'yandex.com'],
  [/(^|\.)baidu\.com$/, 'baidu.com'],
  [/(^|\.)qwant\.com$/, 'qwant.com'],
  [/(^|\.)startpage\.com$/, 'startpage.com'],
  [/(^|\.)search\.brave\.com$/, 'search.brave.com'],
];

/**
 * The host a view came from, as the visits screen lists it: another site's host without `www.`, a search engine's
 * group, or null for the site's own pages (`ownHost`, the request's Host), an address that is not http(s), and
 * anything unreadable. Only the host is kept: a referrer's path and query may say something about a person.
 */
export function referrerHost(referrer: string, ownHost: string): string | null {
  let host: string;
  try {
    const url = new URL(referrer);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    host = url.hostname.toLowerCase();
  } catch {
    return null;
  }
  const own = ownHost.toLowerCase().replace(/:\d+$/, '');
  if (host === own || host === `www.${own}` || `www.${host}` === own) return null;
  for (const [pattern, group] of SEARCH_ENGINES) if (pattern.test(host)) return group;
  return host.replace(/^www\./, '').slice(0, 200);
}

/** Most characters kept of a campaign's parts (`utm_source` and the rest are free text in a link). */
const CAMPAIGN_PART = 100;

/**
 * A view's campaign from its address's query (`?utm_source=newsletter&utm_medium=email&utm_campaign=launch`), as
 * `source\tmedium\tcampaign`; null without `utm_source`, `utm_medium` and `utm_campaign` all missing.
 */
export function campaignOf(query: string): string | null {
  if (!query.includes('utm_')) return null;
  const params = new URLSearchParams(query);
  const part = (name: string) =>
    (params.get(name) ?? '')
      .replace(/[\t\r\n]/g, ' ')
      .trim()
      .slice(0, CAMPAIGN_PART);
  const parts = [part('utm_source'), part('utm_medium'), part('utm_campaign')];
  return parts.every((value) => value === '') ? null : parts.join('\t');
}
