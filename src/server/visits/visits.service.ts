import { hash as digest, randomBytes } from 'node:crypto';
import {
  VISIT_DEVICES,
  VISITS_DEFAULT_DAYS,
  VISITS_TOP,
  type Visits,
  type VisitsCard,
} from '../../core/schemas/visits';
import { inTransaction } from '../db/database';
import type { Tenant } from '../tenants/tenants';
import { addressOf, type BrowserViews, type DayViews } from './page-views';
import { deviceOf, isBotAgent, referrerHost } from './visitor-kinds';
import {
  addDays,
  addHashes,
  addSources,
  daySalt,
  deleteEndedDays,
  deleteFiguresBefore,
  readAllDays,
  readDays,
  readLocales,
  readPages,
  readSources,
  SITE,
  type DayRow,
  type SourceRow,
  type VisitsScope,
} from './visits.repository';

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const addCount = (counts: Map<string, number>, key: string, n: number) => counts.set(key, (counts.get(key) ?? 0) + n);

/** The scope of a page in a language among the day's hashes (the site's is ''). */
const scopeOf = (routing: string, locale: string) => `${routing}\t${locale}`;

/**
 * Writes what this instance counted (docs/design.md §31), a day at a time, each in one transaction: a browser's views
 * per page and for the site, its device, where its views came from, and, unless it is a bot (no view at all) or asked
 * not to be tracked (views only), the keyed hash of the day's salt with its address and user agent, once per page and
 * once for the site. A hash another instance (or an earlier flush) already inserted is no new visitor: two instances
 * counting the same visitor count one. If a write fails, the counts go back to be written by the next flush.
 */
export async function flushPageViews(tenant: Tenant): Promise<void> {
  const views = tenant.cache.pageViews;
  if (views.empty) return;
  const taken = views.take();
  let written = 0;
  try {
    for (const day of taken) {
      await writeDay(tenant, day);
      written += 1;
    }
  } catch (error) {
    views.giveBack(taken.slice(written));
    throw error;
  }
}

/** The day's figures summed from its browsers: views per page, the hashes of its visitors, its sources. */
interface DayTotals {
  views: Map<string, number>;
  hashes: Array<{ day: string; scope: string; hash: string }>;
  sources: Map<string, number>;
}

async function writeDay(tenant: Tenant, day: DayViews): Promise<void> {
  const views = tenant.cache.pageViews;
  const salt = await daySalt(tenant.db, day.day, randomBytes(32).toString('base64url'));
  // The hashes this instance already wrote today are not written again (a returning browser is no new visitor).
  const totals = sumDay(day, salt, views.written(day.day));
  await inTransaction(tenant.db, async (trx) => {
    const visitors = await addHashes(trx, totals.hashes);
    const rows: DayRow[] = [];
    for (const [scope, seen] of totals.views) {
      const [routing, locale] = scope === SITE ? [SITE, SITE] : (scope.split('\t') as [string, string]);
      rows.push({ routing, locale, day: day.day, views: seen, visitors: visitors.get(scope) ?? 0 });
    }
    await addDays(trx, rows);
    const sources: SourceRow[] = [...totals.sources].map(([key, seen]) => {
      const [routing, kind, ...name] = key.split('\n') as [string, SourceRow['kind'], ...string[]];
      return { routing, day: day.day, kind, name: name.join('\n'), views: seen };
    });
    await addSources(trx, sources);
  });
  views.noteWritten(day.day, totals.hashes);
}

/** What a user agent says, read once per flush: whether it is a bot, and its device class. */
interface Agent {
  bot: boolean;
  /** Its device class's place in VISIT_DEVICES. */
  device: number;
}

/** A page in a language as the flush sums it: its scope among the hashes, and its views by device (VISIT_DEVICES). */
interface PageTotals {
  scope: string;
  routing: string;
  devices: number[];
}

function sumDay(day: DayViews, salt: string, written: ReadonlyMap<string, ReadonlySet<string>>): DayTotals {
  const totals: DayTotals = { views: new Map(), hashes: [], sources: new Map() };
  const scopes = new Map<string, PageTotals>();
  for (const [key, page] of day.pages)
    scopes.set(key, { scope: scopeOf(page.routing, page.locale), routing: page.routing, devices: [0, 0, 0] });
  const agents = new Map<string, Agent>();
  const agentOf = (userAgent: string) => {
    let agent = agents.get(userAgent);
    if (!agent)
      agents.set(
        userAgent,
        (agent = { bot: isBotAgent(userAgent), device: VISIT_DEVICES.indexOf(deviceOf(userAgent)) }),
      );
    return agent;
  };
  const source = (routing: string, kind: SourceRow['kind'], name: string, n: number) => {
    addCount(totals.sources, `${routing}\n${kind}\n${name}`, n);
    addCount(totals.sources, `${SITE}\n${kind}\n${name}`, n);
  };
  const hosts = new Map<string, string | null>();
  const hostOf = (referrer: string, own: string) => {
    const key = `${own}\n${referrer}`;
    if (!hosts.has(key)) hosts.set(key, referrerHost(referrer, own));
    return hosts.get(key)!;
  };
  const visitor = (scope: string, hash: string) => {
    if (written.get(scope)?.has(hash) !== true) totals.hashes.push({ day: day.day, scope, hash });
  };
  for (const [id, first] of day.browsers)
    for (let browser: BrowserViews | undefined = first; browser; browser = browser.next) {
      const { userAgent } = browser;
      const address = addressOf(id);
      const agent = agentOf(userAgent);
      if (agent.bot) continue;
      // SHA-256 of the day's secret salt with the address and the user agent: the same browser gives the same
      // hash all day on every instance, and nothing without the salt, which goes with the day.
      const hash = browser.gpc
        ? undefined
        : digest('sha256', `${salt}\n${address}\n${userAgent}`, 'base64url').slice(0, 22);
      let all = 0;
      for (const [key, n] of browser.views) {
        const page = scopes.get(key)!;
        addCount(totals.views, page.scope, n);
        page.devices[agent.device]! += n;
        if (hash) visitor(page.scope, hash);
        all += n;
      }
      addCount(totals.views, SITE, all);
      if (hash) visitor(SITE, hash);
      for (const [referrer, views] of browser.referrers ?? []) {
        const from = hostOf(referrer, browser.host);
        if (from !== null) for (const [key, n] of views) source(scopes.get(key)!.routing, 'referrer', from, n);
      }
      for (const [campaign, views] of browser.campaigns ?? [])
        for (const [key, n] of views) source(scopes.get(key)!.routing, 'campaign', campaign, n);
    }
  // Devices a page at a time (a page in two languages is one routing), not a key put together per browser and page.
  for (const { routing, devices } of scopes.values())
    devices.forEach((n, at) => {
      if (n > 0) source(routing, 'device', VISIT_DEVICES[at]!, n);
    });
  for (const [key, n] of day.unnamed) {
    addCount(totals.views, scopes.get(key)!.scope, n);
    addCount(totals.views, SITE, n);
  }
  return totals;
}

/** How long the figures are kept: 25 months (docs/design.md §31). */
export const KEEP_MONTHS = 25;

/** The first day kept on `today`: the same day of the month 25 months before. */
export function firstKeptDay(today: string): string {
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() - KEEP_MONTHS);
  return dayOf(date.getTime());
}

/**
 * The job of docs/design.md §31: the salts and hashes of every day that has ended, and the figures older than 25 months,
 * deleted. Runs often (a day's hashes go within the hour of its end); on one instance at a time.
 */
export async function tidyVisits(tenant: Tenant, now = new Date()): Promise<{ hashes: number; days: number }> {
  const today = dayOf(now.getTime());
  const hashes = await deleteEndedDays(tenant.db, today);
  const days = await deleteFiguresBefore(tenant.db, firstKeptDay(today));
  return { hashes, days };
}

/** How often the job runs. */
export const TIDY_VISITS_EVERY_MS = 15 * 60_000;

/** The range a query names: `to` today by default, `from` 29 days before it. */
function rangeOf(query: { from?: string | undefined; to?: string | undefined }, now: Date) {
  const to = query.to ?? dayOf(now.getTime());
  const from = query.from ?? dayOf(Date.parse(`${to}T00:00:00Z`) - (VISITS_DEFAULT_DAYS - 1) * DAY_MS);
  return { from, to };
}

/** Every day from `from` to `to`, with its figures or zeros. */
function everyDay(from: string, to: string, found: ReadonlyArray<{ date: string; views: number; visitors: number }>) {
  const byDate = new Map(found.map((day) => [day.date, day]));
  const days: Array<{ date: string; views: number; visitors: number }> = [];
  for (let ms = Date.parse(`${from}T00:00:00Z`); ms <= Date.parse(`${to}T00:00:00Z`); ms += DAY_MS) {
    const date = dayOf(ms);
    days.push(byDate.get(date) ?? { date, views: 0, visitors: 0 });
  }
  return days;
}

/**
 * The visits of a range (docs/design.md §31): the whole site's, or one page's (`routing`, in one language with
 * `locale`). A page's referrers, campaigns and devices are the page's in all its languages.
 */
export async function readVisits(
  tenant: Tenant,
  query: {
    from?: string | undefined;
    to?: string | undefined;
    routing?: string | undefined;
    locale?: string | undefined;
  },
  now = new Date(),
): Promise<Visits> {
  const { from, to } = rangeOf(query, now);
  const scope: VisitsScope = { from, to, routing: query.routing ?? SITE, locale: query.locale };
  const [days, pages, locales, referrers, campaigns, devices] = await Promise.all([
    readDays(tenant.db, scope),
    readPages(tenant.db, scope, VISITS_TOP),
    readLocales(tenant.db, scope),
    readSources(tenant.db, scope, 'referrer', VISITS_TOP),
    readSources(tenant.db, scope, 'campaign', VISITS_TOP),
    readSources(tenant.db, scope, 'device', VISIT_DEVICES.length),
  ]);
  const byDevice = new Map(devices.map((device) => [device.name, device.views]));
  return {
    days: everyDay(from, to, days),
    pages,
    referrers: referrers.map(({ name, views }) => ({ host: name, views })),
    campaigns: campaigns.map(({ name, views }) => {
      const [source = '', medium = '', campaign = ''] = name.split('\t');
      return { source, medium, campaign, views };
    }),
    devices: {
      phone: byDevice.get('phone') ?? 0,
      tablet: byDevice.get('tablet') ?? 0,
      desktop: byDevice.get('desktop') ?? 0,
    },
    locales,
  };
}

/** The staff home's card: the whole site's last 7 days, today last. */
export async function visitsCard(tenant: Tenant, now = new Date()): Promise<VisitsCard> {
  const to = dayOf(now.getTime());
  const from = dayOf(now.getTime() - 6 * DAY_MS);
  return { days: everyDay(from, to, await readDays(tenant.db, { from, to, routing: SITE, locale: undefined })) };
}

export const VISITS_CSV_COLUMNS = ['Date', 'Page', 'Language', 'Views', 'Visitors'] as const;

/** The CSV of a range: each day of the whole site (Page "Whole site"), then of each page in each language. */
export async function* visitsCsvRecords(
  tenant: Tenant,
  query: {
    from?: string | undefined;
    to?: string | undefined;
    routing?: string | undefined;
    locale?: string | undefined;
  },
  now = new Date(),
): AsyncIterable<Record<(typeof VISITS_CSV_COLUMNS)[number], string>> {
  const { from, to } = rangeOf(query, now);
  for (const row of await readAllDays(tenant.db, from, to)) {
    if (query.routing !== undefined && row.routing !== query.routing) continue;
    if (query.locale !== undefined && row.routing !== SITE && row.locale !== query.locale) continue;
    yield {
      Date: row.day,
      Page: row.routing === SITE ? 'Whole site' : row.routing,
      Language: row.locale,
      Views: String(row.views),
      Visitors: String(row.visitors),
    };
  }
}
