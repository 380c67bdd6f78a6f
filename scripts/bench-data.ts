// `npm run bench:data`: the lists at the data volume of docs/design.md §23, in the database that DATA_DIR or DATABASE_URL
// names (as the server reads them: SQLite by default, PostgreSQL with DATABASE_URL).
//  1. Fills it, through the app's own code paths (the repositories and services the server uses, so that the
//     full-text indexes, the mail states and the audit entries are what the app keeps), up to 200,000 enquiries,
//     20,000 users, 100,000 audit entries, 2,000 master values and 10,000 images of the media library (docs/design.md §27:
//     metadata rows, each with a one-pixel picture). What is there already counts: a second run
//     measures at once. The rows look like a firm's: names, organisations and e-mail addresses from word lists,
//     random mobiles, enquiries spread over three years and every week since, most mailed, some failed or
//     retrying; users with codes and full names; audit entries of every area over a year.
//  2. Unless --fill-only: starts the server in this process on 127.0.0.1, signs in as an administrator of its
//     own, and asks every list call of the back office (first pages, pages deep in the list by their cursor,
//     every filter, search texts common, rare, by prefix, with filters, odd ones; the media library's list), the top-bar search and the
//     dashboard, each ITERATIONS times over real HTTP, and prints each call's p50 and p99 of server time (from
//     the request's arrival to the last byte of the answer, Fastify's reply.elapsedTime) against the budgets of
//     §23: a list page 20 ms, a search 50 ms, the dashboard 50 ms. Then streams both CSV exports in full and
//     prints how far the server's memory rose meanwhile (they stream: it stays flat).
// Figures are printed, not asserted: a benchmark is not a timed test, and it is not part of `npm test`. The exit
// code is non-zero only when something could not be measured.
//   npm run bench:data                               SQLite in DATA_DIR (default ./data)
//   DATABASE_URL=postgres://… npm run bench:data     PostgreSQL
//   npm run bench:data -- --fill-only                fill and leave it, for other tools to measure
import type { AddressInfo } from 'node:net';
import { sql, type Kysely } from 'kysely';
import { buildApp } from '../src/server/app';
import { audit, runAs } from '../src/server/audit/audit';
import { hashPassword } from '../src/server/auth/passwords';
import { loadConfig, type AppConfig } from '../src/server/config';
import { openDatabase, type Db, type Dialect } from '../src/server/db/database';
import { encodeCursor } from '../src/server/db/keyset';
import { migrateToLatest } from '../src/server/db/migrate';
import { seedIfEmpty } from '../src/server/db/seed/seed';
import {
  claimDueJobs,
  finishMailJob,
  insertEnquiry,
  queueMailJob as insertMailJob,
} from '../src/server/enquiries/enquiries.repository';
import { saveMasterType, saveMasterValue } from '../src/server/masters/masters.service';
import { imageRow } from '../src/server/media/media.service';
import { TenantCache } from '../src/server/tenants/tenant-cache';
import type { Tenant } from '../src/server/tenants/tenants';
import { insertUser, updateUserDetails } from '../src/server/users/users.repository';
import { addDays, addSources } from '../src/server/visits/visits.repository';
import { CONTENT_PAGES } from '../src/core/pages';
import { percentiles } from './bench-load';

export const DATA_VOLUME = {
  enquiries: 200_000,
  users: 20_000,
  auditEntries: 100_000,
  masterValues: 2_000,
  images: 10_000,
};
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 200);
const WARM_UP = 20;
const LIST_BUDGET_MS = 20;
const SEARCH_BUDGET_MS = 50;
const DASHBOARD_BUDGET_MS = 50;
/** The visits screen's call over 25 months at 1,000,000 views a month (docs/design.md §31): p95 ≤ 300 ms. */
const VISITS_BUDGET_MS = 300;
const VISIT_MONTHS = 25;
const VIEWS_A_MONTH = 1_000_000;
const BATCH = 1_000;
const ADMIN = { username: 'bench-data-admin', password: 'bench-data-admin-password-123' };
const ADMINISTRATORS_GROUP_ID = 1;
const EDITORS_GROUP_ID = 3;
const DAY_MS = 86_400_000;

// Word lists for rows that look like a firm's (and give the full-text indexes many distinct words).
const FIRST = [
  'Aarav',
  'Vivaan',
  'Aditya',
  'Ishaan',
  'Kabir',
  'Rohan',
  'Arjun',
  'Vihaan',
  'Anaya',
  'Diya',
  'Meera',
  'Kavya',
  'Saanvi',
  'Priya',
  'Neha',
  'Pooja',
  'Rahul',
  'Amit',
  'Sanjay',
  'Sunita',
  'Lakshmi',
  'Farhan',
  'Zoya',
  'Imran',
  'Gurpreet',
  'Harleen',
  'Joseph',
  'Maria',
  'Thomas',
  'Anita',
  'Deepak',
  'Kiran',
  'Nikhil',
  'Ritu',
  'Suresh',
  'Tanvi',
  'Varun',
  'Yash',
  'Esha',
  'Manish',
];
const LAST = [
  'Sharma',
  'Verma',
  'Iyer',
  'Nair',
  'Reddy',
  'Patel',
  'Shah',
  'Mehta',
  'Joshi',
  'Kulkarni',
  'Deshpande',
  'Banerjee',
  'Chatterjee',
  'Mukherjee',
  'Das',
  'Singh',
  'Gill',
  'Khan',
  'Qureshi',
  'Fernandes',
  "D'Souza",
  'Pillai',
  'Menon',
  'Rao',
  'Gupta',
  'Agarwal',
  'Bhat',
  'Kapoor',
  'Malhotra',
  'Chopra',
];
const ORG_WORDS = [
  'Sahyadri',
  'Konkan',
  'Deccan',
  'Ganga',
  'Narmada',
  'Kaveri',
  'Himalaya',
  'Vindhya',
  'Malabar',
  'Coromandel',
  'Aravalli',
  'Satpura',
  'Indus',
  'Godavari',
  'Thar',
  'Nilgiri',
];
const ORG_KINDS = [
  'Tools',
  'Textiles',
  'Pharma',
  'Logistics',
  'Foods',
  'Motors',
  'Steel',
  'Chemicals',
  'Exports',
  'Infra',
  'Retail',
  'Polymers',
  'Agro',
  'Solar',
  'Cables',
  'Paints',
];
const ORG_ENDS = ['Pvt. Ltd.', 'Ltd.', 'LLP', '& Sons', 'Industries', 'Enterprises'];
const DOMAINS = ['example.in', 'example.com', 'mail.example', 'corp.example', 'example.co.in'];
const NEEDS = [
  'an ERP',
  'a CRM',
  'a warehouse system',
  'a payroll module',
  'a dealer portal',
  'a mobile app for field staff',
  'an e-commerce site',
  'a quality-control workflow',
  'GST invoicing',
  'a service desk',
  'production planning',
  'fleet tracking',
];
const SIZES = [
  'two plants',
  'three branches',
  'forty sales people',
  'our head office',
  'twelve warehouses',
  'a hundred dealers',
  'five factories',
  'our service centres',
];
const WHEN = [
  'before the monsoon',
  'by the end of the quarter',
  'within six months',
  'this financial year',
  'before Diwali',
  'as soon as possible',
];
const PICTURED = [
  'office',
  'plant',
  'warehouse',
  'team',
  'launch',
  'stall at the trade fair',
  'front desk',
  'showroom',
];
const AREAS = [
  {
    action: 'page.publish',
    type: 'page',
    target: () => pick(['Home', 'About', 'News', 'Customers', 'Contact', 'prod1', 'prod2', 'prod3']),
    summary: (t: string) => `Published ${t}`,
  },
  {
    action: 'page.draft',
    type: 'page',
    target: () => pick(['Home', 'About', 'News', 'Customers']),
    summary: (t: string) => `Saved a draft of ${t}`,
  },
  {
    action: 'user.update',
    type: 'user',
    target: () => `user${randomInt(DATA_VOLUME.users)}`,
    summary: (t: string) => `Changed user ${t}`,
  },
  {
    action: 'auth.signin',
    type: 'user',
    target: () => `user${randomInt(DATA_VOLUME.users)}`,
    summary: (t: string) => `Signed in as ${t}`,
  },
  {
    action: 'enquiry.status',
    type: 'enquiry',
    target: () => String(1 + randomInt(DATA_VOLUME.enquiries)),
    summary: (t: string) => `Marked enquiry ${t} Handled`,
  },
  {
    action: 'master.update',
    type: 'master_value',
    target: () => String(1 + randomInt(DATA_VOLUME.masterValues)),
    summary: (t: string) => `Changed master value ${t}`,
  },
  {
    action: 'group.update',
    type: 'group',
    target: () => pick(['Editors', 'Administrators', 'Sales']),
    summary: (t: string) => `Changed group ${t}`,
  },
  { action: 'company.update', type: 'company', target: () => 'company', summary: () => 'Changed the company details' },
] as const;

// A seeded generator: the same rows on every run.
let seed = 0x2f6e2b1;
function random(): number {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const randomInt = (below: number) => Math.floor(random() * below);
const pick = <T>(items: readonly T[]): T => items[randomInt(items.length)]!;
const mobile = () => `${6 + randomInt(4)}${String(randomInt(1_000_000_000)).padStart(9, '0')}`;

interface Site {
  config: AppConfig;
  db: Db;
  dialect: Dialect;
  tenant: Tenant;
}

async function count(db: Db, table: 'enquiries' | 'users' | 'audit_log' | 'master_values' | 'media'): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Runs `work` for each batch of up to BATCH of the indexes [from, to), printing progress. */
async function inBatches(
  what: string,
  from: number,
  to: number,
  work: (start: number, end: number) => Promise<void>,
): Promise<void> {
  if (from >= to) return;
  const started = performance.now();
  for (let start = from; start < to; start += BATCH) {
    await work(start, Math.min(to, start + BATCH));
    if ((start / BATCH) % 20 === 19)
      process.stdout.write(
        `  ${what}: ${Math.min(to, start + BATCH).toLocaleString('en-GB')} of ${to.toLocaleString('en-GB')}\r`,
      );
  }
  console.log(
    `  ${what}: ${(to - from).toLocaleString('en-GB')} added in ${((performance.now() - started) / 1000).toFixed(0)} s${' '.repeat(20)}`,
  );
}

/**
 * Enquiries as the contact form stores them (insertEnquiry, and insertMailJob unless spam, in one transaction),
 * then mailed as the outbox does (claimDueJobs, finishMailJob): most sent, one in 500 failed for good, one in 500
 * being retried. Three years of them, oldest first, each week with some; the id order is the time order.
 */
async function fillEnquiries(site: Site, have: number, now: number): Promise<void> {
  const total = DATA_VOLUME.enquiries;
  const span = 3 * 365 * DAY_MS;
  const gap = span / total;
  await inBatches('enquiries', have, total, async (start, end) => {
    const mailed: number[] = [];
    await site.db.transaction().execute(async (trx) => {
      for (let i = start; i < end; i += 1) {
        const first = pick(FIRST);
        const last = pick(LAST);
        const spam = random() < 0.08;
        const at = new Date(now - span + i * gap + random() * gap).toISOString();
        const age = now - Date.parse(at);
        const id = await insertEnquiry(trx, {
          organization: random() < 0.15 ? '' : `${pick(ORG_WORDS)} ${pick(ORG_KINDS)} ${pick(ORG_ENDS)}`,
          name: spam
            ? `Cheap ${pick(['Pills', 'Loans', 'Followers', 'Backlinks'])} ${randomInt(99_999)}`
            : `${first} ${last}`,
          email: `${first}.${last.replace(/\W/g, '')}${randomInt(10_000)}@${pick(DOMAINS)}`.toLowerCase(),
          mobile: mobile(),
          requirements: spam
            ? 'Best offer!!! Visit our site for the cheapest prices.'
            : `We need ${pick(NEEDS)} for ${pick(SIZES)}, live ${pick(WHEN)}. Reference ${randomInt(1_000_000)}.`,
          created_at: at,
          // Older enquiries have mostly been answered; the last weeks' are still new.
          status: spam ? 'Spam' : age > 14 * DAY_MS && random() < 0.95 ? 'Handled' : 'New',
        });
        if (!spam) {
          await insertMailJob(trx, id, at);
          mailed.push(id);
        }
      }
    });
    // The outbox's round: claim what is due, record each attempt's outcome.
    const lease = new Date(now + 60_000).toISOString();
    const jobs = await claimDueJobs(site.db, site.dialect, new Date(now).toISOString(), lease, mailed.length);
    for (const job of jobs) {
      const roll = random();
      const outcome =
        roll < 0.002
          ? { state: 'failed' as const, attempts: 8, error: '550 5.1.1 Mailbox unavailable' }
          : roll < 0.004
            ? {
                state: 'retrying' as const,
                attempts: 2,
                nextAttemptAt: new Date(now + 3_600_000).toISOString(),
                error: '421 4.7.0 Try again later',
              }
            : { state: 'sent' as const, attempts: 1, sentAt: job.next_attempt_at };
      await finishMailJob(site.db, job, outcome);
    }
  });
}

/** Users as the users screen saves them (insertUser, then their details), with a code and a full name each. */
async function fillUsers(site: Site, have: number, now: number): Promise<void> {
  const hash = await hashPassword('bench-data-user-password-123');
  await inBatches('users', have, DATA_VOLUME.users, async (start, end) => {
    await site.db.transaction().execute(async (trx) => {
      for (let i = start; i < end; i += 1) {
        const username = `user${i}`;
        const first = pick(FIRST);
        const last = pick(LAST);
        const id = await insertUser(trx, {
          username,
          passwordHash: hash,
          groupId: EDITORS_GROUP_ID,
          firstName: first,
          at: new Date(now - randomInt(1000) * DAY_MS).toISOString(),
        });
        await updateUserDetails(trx, id, {
          employee_code: `EMP${String(i).padStart(5, '0')}`,
          salutation: '',
          gender: '',
          first_name: first,
          middle_name: random() < 0.3 ? pick(FIRST) : '',
          last_name: last,
          address: '',
          mobile: mobile(),
          mobile2: '',
          email: `${username}@${pick(DOMAINS)}`,
          username,
          group_id: EDITORS_GROUP_ID,
          active: random() < 0.9 ? 1 : 0,
        });
      }
    });
  });
}

/** Master values through the master-data service (each with its audit entry), of a type of their own. */
async function fillMasterValues(site: Site, have: number): Promise<void> {
  if (have >= DATA_VOLUME.masterValues) return;
  const type = await saveMasterType(site.tenant, {
    code: `BENCH${randomInt(100_000)}`,
    name: 'Product line',
    dependsOn: null,
  });
  const started = performance.now();
  for (let i = have; i < DATA_VOLUME.masterValues; i += 1) {
    await saveMasterValue(site.tenant, {
      typeId: type.id,
      code: `PL${String(i).padStart(5, '0')}`,
      name: `${pick(ORG_WORDS)} ${pick(NEEDS).replace(/^an? /, '')} ${i}`,
      sequence: i,
      parentId: null,
    });
  }
  console.log(
    `  master values: ${(DATA_VOLUME.masterValues - have).toLocaleString('en-GB')} added in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
}

/** A PNG of one pixel: the bytes behind every bench image (the list reads metadata, never bytes). */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * The media library's images (docs/design.md §27): a row of `media` each, with alt text for most, and its original in
 * `images` (one tiny picture: the list's cost is in its metadata and in where images are used, not in bytes).
 * One in ten is used by the company's logo or not at all: the rest are unused, as a library that grew for years.
 */
async function fillImages(site: Site, have: number, now: number): Promise<void> {
  const total = DATA_VOLUME.images;
  const span = 3 * 365 * DAY_MS;
  await inBatches('images', have, total, async (start, end) => {
    await site.db.transaction().execute(async (trx) => {
      const at = (i: number) => new Date(now - span + (i * span) / total).toISOString();
      const names = Array.from(
        { length: end - start },
        (_, k) => `${(start + k).toString(16).padStart(24, '0')}_1200x800.png`,
      );
      await trx
        .insertInto('images')
        .values(names.map((name, k) => imageRow('about', name, TINY_PNG, at(start + k))))
        .execute();
      await trx
        .insertInto('media')
        .values(
          names.map((name, k) => ({
            folder: 'about',
            name,
            alt:
              random() < 0.8
                ? `${pick(ORG_WORDS)} ${pick(ORG_KINDS).toLowerCase()} ${pick(PICTURED)} ${start + k}`
                : '',
            width: 1200,
            height: 800,
            bytes: TINY_PNG.length,
            uploaded_at: at(start + k),
          })),
        )
        .execute();
    });
  });
}

/** Audit entries as every change writes them (audit() in the change's transaction), over the last year. */
async function fillAudit(site: Site, have: number, now: number): Promise<void> {
  const total = DATA_VOLUME.auditEntries;
  const span = 365 * DAY_MS;
  await inBatches('audit entries', have, total, async (start, end) => {
    await site.db.transaction().execute(async (trx) => {
      for (let i = start; i < end; i += 1) {
        const area = pick(AREAS);
        const target = area.target();
        const at = new Date(now - span + ((i + random()) * span) / total);
        const user = random() < 0.3 ? 'admin' : `user${randomInt(200)}`;
        await runAs({ userName: user, ip: `10.0.${randomInt(256)}.${randomInt(256)}` }, () =>
          audit(
            trx,
            site.tenant,
            {
              action: area.action,
              targetType: area.type,
              targetId: target,
              summary: area.summary(target),
              details: { bench: true },
            },
            at,
          ),
        );
      }
    });
  });
}

/** The bench's own administrator (made once, through the users repository), who signs in to measure. */
async function ensureAdministrator(site: Site): Promise<void> {
  const existing = await site.db
    .selectFrom('users')
    .select('id')
    .where('username', '=', ADMIN.username)
    .executeTakeFirst();
  if (existing) return;
  await insertUser(site.db, {
    username: ADMIN.username,
    passwordHash: await hashPassword(ADMIN.password),
    groupId: ADMINISTRATORS_GROUP_ID,
    firstName: 'Bench',
    at: new Date().toISOString(),
  });
}

async function fill(site: Site): Promise<void> {
  const now = Date.now();
  const have = {
    enquiries: await count(site.db, 'enquiries'),
    users: await count(site.db, 'users'),
    auditEntries: await count(site.db, 'audit_log'),
    masterValues: await count(site.db, 'master_values'),
    images: await count(site.db, 'media'),
  };
  console.log(
    `Filling up to ${DATA_VOLUME.enquiries.toLocaleString('en-GB')} enquiries, ${DATA_VOLUME.users.toLocaleString('en-GB')} users, ${DATA_VOLUME.auditEntries.toLocaleString('en-GB')} audit entries, ${DATA_VOLUME.masterValues.toLocaleString('en-GB')} master values and ${DATA_VOLUME.images.toLocaleString('en-GB')} images (there are ${have.enquiries.toLocaleString('en-GB')}, ${have.users.toLocaleString('en-GB')}, ${have.auditEntries.toLocaleString('en-GB')}, ${have.masterValues.toLocaleString('en-GB')}, ${have.images.toLocaleString('en-GB')})`,
  );
  await runAs({ userName: 'bench:data', ip: null }, async () => {
    await ensureAdministrator(site);
    await fillEnquiries(site, have.enquiries, now);
    await fillUsers(site, have.users, now);
    await fillMasterValues(site, have.masterValues);
    await fillImages(site, have.images, now);
    await fillAudit(site, await count(site.db, 'audit_log'), now);
    await fillVisits(site, now);
  });
  // Fresh statistics for the planner, and on PostgreSQL the visibility map (index-only scans), as a database that
  // has grown over time has them from autovacuum.
  await sql.raw(site.dialect === 'postgres' ? 'vacuum analyze' : 'analyze').execute(site.db);
}

/**
 * 25 months of visits at 1,000,000 views a month (docs/design.md §31), as the flush leaves them: each day's figures for
 * the site and the twelve public pages in two languages, and each day's referrers (60 hosts for the site, 15 a page),
 * campaigns (10 and 5) and devices. Filled once: a second run finds the days there.
 */
async function fillVisits(site: Site, now: number): Promise<void> {
  const days = Math.round((VISIT_MONTHS * 365) / 12);
  const have = await site.db
    .selectFrom('visit_days')
    .select(sql<number>`count(distinct day)`.as('n'))
    .where('routing', '=', '')
    .executeTakeFirstOrThrow();
  if (Number(have.n) >= days) return;
  console.log(`Filling ${days} days of visits (${VIEWS_A_MONTH.toLocaleString('en-GB')} views a month)`);
  const pages = CONTENT_PAGES.map((page) => page.routing);
  const perDay = Math.round((VIEWS_A_MONTH * 12) / 365);
  const hosts = Array.from({ length: 60 }, (_, i) => `site-${i + 1}.example`);
  const campaigns = Array.from({ length: 10 }, (_, i) => `newsletter\temail\tcampaign-${i + 1}`);
  for (let back = days - 1; back >= 0; back -= 1) {
    const day = new Date(now - back * 86_400_000).toISOString().slice(0, 10);
    const dayRows: Parameters<typeof addDays>[1][number][] = [
      { routing: '', locale: '', day, views: perDay, visitors: Math.round(perDay * 0.4) },
    ];
    const sourceRows: Parameters<typeof addSources>[1][number][] = [];
    const share = (i: number, of: number) => Math.max(1, Math.round(perDay / (i + 2) / of));
    pages.forEach((routing, i) => {
      for (const locale of ['en-IN', 'de']) {
        const views = share(i, locale === 'de' ? 12 : 4);
        dayRows.push({ routing, locale, day, views, visitors: Math.round(views * 0.5) });
      }
      for (let h = 0; h < 15; h += 1)
        sourceRows.push({ routing, day, kind: 'referrer', name: hosts[(h + i) % hosts.length]!, views: share(h, 8) });
      for (let c = 0; c < 5; c += 1)
        sourceRows.push({ routing, day, kind: 'campaign', name: campaigns[c]!, views: share(c, 40) });
      for (const [d, device] of (['phone', 'tablet', 'desktop'] as const).entries())
        sourceRows.push({ routing, day, kind: 'device', name: device, views: share(i + d, 6) });
    });
    hosts.forEach((name, h) => sourceRows.push({ routing: '', day, kind: 'referrer', name, views: share(h, 4) }));
    campaigns.forEach((name, c) => sourceRows.push({ routing: '', day, kind: 'campaign', name, views: share(c, 20) }));
    for (const [d, device] of (['phone', 'tablet', 'desktop'] as const).entries())
      sourceRows.push({ routing: '', day, kind: 'device', name: device, views: share(d, 2) });
    await addDays(site.db, dayRows);
    await addSources(site.db, sourceRows);
  }
}

// ---- Measuring ------------------------------------------------------------------------------------------------

interface Call {
  name: string;
  url: string;
  /** A POST's JSON body; none for a GET (its query is in the url). */
  body?: unknown;
  budget: number;
}

interface Row {
  name: string;
  p50: number;
  p99: number;
  budget: number;
  detail: string;
}

/** The calls measured: every list of the back office, first and deep pages, filters, searches; search; dashboard. */
async function calls(
  site: Site,
  ask: (url: string, body: unknown) => Promise<Record<string, unknown>>,
): Promise<Call[]> {
  const { db } = site;
  // Positions deep in each list, as the cursor the page before them would carry (keyset.ts writes it).
  const enquiryIds = await db
    .selectFrom('enquiries')
    .select('id')
    .orderBy('id', 'desc')
    .offset(Math.floor(DATA_VOLUME.enquiries * 0.75))
    .limit(1)
    .executeTakeFirst();
  const userIds = await db
    .selectFrom('users')
    .select('id')
    .orderBy('id')
    .offset(Math.floor(DATA_VOLUME.users * 0.75))
    .limit(1)
    .executeTakeFirst();
  const auditRow = await db
    .selectFrom('audit_log')
    .select(['at', 'id'])
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .offset(Math.floor(DATA_VOLUME.auditEntries * 0.75))
    .limit(1)
    .executeTakeFirst();
  const deepEnquiry = encodeCursor([enquiryIds?.id ?? 1]);
  const deepUser = encodeCursor([userIds?.id ?? 1]);
  const deepAudit = encodeCursor([auditRow?.at ?? '', auditRow?.id ?? 1]);
  // A person and a word that each occur rarely, taken from the data itself.
  const rare = await db
    .selectFrom('enquiries')
    .select(['name', 'email'])
    .where('status', '!=', 'Spam')
    .orderBy('id')
    .offset(1234)
    .limit(1)
    .executeTakeFirstOrThrow();
  const rareEmail = rare.email;
  const rareUser = await db
    .selectFrom('users')
    .select(['employee_code', 'last_name'])
    .where('username', '=', 'user12345')
    .executeTakeFirst();
  // Page 2 of a search by the cursor its page 1 gave.
  const commonPage1 = await ask('/api/master/getenquiries', { searchText: 'erp' });
  const userPage1 = await ask('/api/master/getSearchForEmployeeMaster', { searchText: 'sharma', type: 'All' });
  const enquiryTypes = await db
    .selectFrom('master_types')
    .select('id')
    .where('name', '=', 'Product line')
    .executeTakeFirst();
  const from = new Date(Date.now() - 30 * DAY_MS).toISOString().slice(0, 10);

  const list = (name: string, url: string, body?: unknown): Call => ({ name, url, body, budget: LIST_BUDGET_MS });
  const deepImage = await db
    .selectFrom('media')
    .select('id')
    .orderBy('id', 'desc')
    .offset(Math.floor(DATA_VOLUME.images * 0.75))
    .limit(1)
    .executeTakeFirst();
  const imagePage1 = await ask('/api/master/media', undefined);
  return [
    list('enquiries: page 1', '/api/master/getenquiries', { pageno: 1 }),
    list('enquiries: page 2 (cursor)', '/api/master/getenquiries', {
      pageno: 2,
      ...(await nextOf(ask, '/api/master/getenquiries', {})),
    }),
    list('enquiries: a page 150,000 rows deep (cursor)', '/api/master/getenquiries', {
      pageno: 15_001,
      after: deepEnquiry,
    }),
    list('enquiries: page 100 by its number', '/api/master/getenquiries', { pageno: 100 }),
    list('enquiries: status New', '/api/master/getenquiries', { status: 'New' }),
    list('enquiries: status Spam, deep (cursor)', '/api/master/getenquiries', {
      status: 'Spam',
      pageno: 1001,
      after: deepEnquiry,
    }),
    list('enquiries: mail Failed', '/api/master/getenquiries', { mailState: 'failed' }),
    list('enquiries: mail Retrying', '/api/master/getenquiries', { mailState: 'retrying' }),
    list('enquiries: search a common word ("erp")', '/api/master/getenquiries', { searchText: 'erp' }),
    list('enquiries: search "erp", page 2 (cursor)', '/api/master/getenquiries', {
      searchText: 'erp',
      pageno: 2,
      after: commonPage1.next,
    }),
    list('enquiries: search two words ("crm sharma")', '/api/master/getenquiries', { searchText: 'crm sharma' }),
    list('enquiries: search a prefix ("kulk")', '/api/master/getenquiries', { searchText: 'kulk' }),
    list('enquiries: search a rare e-mail address', '/api/master/getenquiries', { searchText: rareEmail }),
    list(`enquiries: search a name ("${rare.name}") and status New`, '/api/master/getenquiries', {
      searchText: rare.name,
      status: 'New',
    }),
    list('enquiries: search with mail Failed ("erp")', '/api/master/getenquiries', {
      searchText: 'erp',
      mailState: 'failed',
    }),
    list('enquiries: search that finds nothing', '/api/master/getenquiries', { searchText: 'zzyzx' }),
    list('enquiries: search of 1,000 characters', '/api/master/getenquiries', { searchText: 'word '.repeat(200) }),
    list('users: page 1', '/api/master/getempmasterfroEmp', { pageno: 1 }),
    list('users: a page 15,000 rows deep (cursor)', '/api/master/getempmasterfroEmp', {
      pageno: 1501,
      after: deepUser,
    }),
    list('users: search All ("sharma")', '/api/master/getSearchForEmployeeMaster', {
      searchText: 'sharma',
      type: 'All',
    }),
    list('users: search All ("sharma"), page 2 (cursor)', '/api/master/getSearchForEmployeeMaster', {
      searchText: 'sharma',
      type: 'All',
      pageno: 2,
      after: userPage1.next,
    }),
    list('users: search Code', '/api/master/getSearchForEmployeeMaster', {
      searchText: rareUser?.employee_code ?? 'EMP12345',
      type: 'Code',
    }),
    list('users: search Name, a prefix ("meh")', '/api/master/getSearchForEmployeeMaster', {
      searchText: 'meh',
      type: 'Name',
    }),
    list('audit log: page 1', '/api/master/getauditlog', { pageno: 1 }),
    list('audit log: a page 75,000 entries deep (cursor)', '/api/master/getauditlog', {
      pageno: 3751,
      after: deepAudit,
    }),
    list('audit log: by user', '/api/master/getauditlog', { userName: 'user42' }),
    list('audit log: by action', '/api/master/getauditlog', { action: 'company.update' }),
    list('audit log: by area', '/api/master/getauditlog', { action: 'group' }),
    list('audit log: by target type', '/api/master/getauditlog', { targetType: 'master_value' }),
    list('audit log: the last 30 days', '/api/master/getauditlog', { from }),
    list('audit log: user, area and 30 days', '/api/master/getauditlog', { userName: 'admin', action: 'page', from }),
    list('user groups', '/api/master/getusergroup', {}),
    list('media library: page 1', '/api/master/media'),
    list('media library: page 2 (cursor)', `/api/master/media?after=${String(imagePage1.next)}`),
    list(
      'media library: a page 7,500 images deep (cursor)',
      `/api/master/media?after=${encodeCursor([deepImage?.id ?? 1])}`,
    ),
    list('media library: search ("konkan")', '/api/master/media?search=konkan'),
    list('media library: search that finds nothing', '/api/master/media?search=zzyzx'),
    list('media library: unused', '/api/master/media?unused=1'),
    list('master values: page 1', '/api/master/getCommonMaster', { pageno: 1, searchText: '' }),
    list('master values: page 150 of one type', '/api/master/getCommonMaster', {
      pageno: 150,
      searchText: '',
      ...(enquiryTypes ? { typeId: enquiryTypes.id } : {}),
    }),
    list('master values: search', '/api/master/getSearchForcommonMaster', { pageno: 1, searchText: 'erp' }),
    {
      name: 'search: a common word ("sharma")',
      url: '/api/master/search',
      body: { q: 'sharma' },
      budget: SEARCH_BUDGET_MS,
    },
    { name: 'search: a prefix ("des")', url: '/api/master/search', body: { q: 'des' }, budget: SEARCH_BUDGET_MS },
    {
      name: 'search: a rare e-mail address',
      url: '/api/master/search',
      body: { q: rareEmail },
      budget: SEARCH_BUDGET_MS,
    },
    {
      name: 'search: a user by code',
      url: '/api/master/search',
      body: { q: rareUser?.employee_code ?? 'EMP12345' },
      budget: SEARCH_BUDGET_MS,
    },
    {
      name: 'search: two common words ("erp kulkarni")',
      url: '/api/master/search',
      body: { q: 'erp kulkarni' },
      budget: SEARCH_BUDGET_MS,
    },
    { name: 'search: nothing found', url: '/api/master/search', body: { q: 'zzyzx' }, budget: SEARCH_BUDGET_MS },
    {
      name: 'search: FTS syntax and wildcards',
      url: '/api/master/search',
      body: { q: '"a* NEAR(b) OR %_' },
      budget: SEARCH_BUDGET_MS,
    },
    { name: 'dashboard', url: '/api/master/getdashboard', body: {}, budget: DASHBOARD_BUDGET_MS },
    ...visitCalls(),
  ];
}

/** The visits screen's ranges (docs/design.md §31), and a page's editor's panel. */
function visitCalls(): Call[] {
  const day = (back: number) => new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10);
  const visits = (name: string, query: string): Call => ({
    name: `visits: ${name}`,
    url: `/api/master/visits?${query}`,
    budget: VISITS_BUDGET_MS,
  });
  return [
    visits('30 days', ''),
    visits('12 months', `from=${day(364)}&to=${day(0)}`),
    visits('25 months', `from=${day(761)}&to=${day(0)}`),
    visits('one page, 12 months', `from=${day(364)}&to=${day(0)}&routing=News`),
    {
      name: "visits: a page editor's panel, 60 days",
      url: `/api/master/visits/pages/Home?from=${day(59)}&to=${day(0)}`,
      budget: VISITS_BUDGET_MS,
    },
  ];
}

/** The `after` of page 2 of a list. */
async function nextOf(
  ask: (url: string, body: unknown) => Promise<Record<string, unknown>>,
  url: string,
  body: object,
): Promise<{ after?: string }> {
  const page = await ask(url, body);
  return typeof page.next === 'string' ? { after: page.next } : {};
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

async function measure(site: Site): Promise<number> {
  const serverTimes = new Map<string, number[]>();
  const app = await buildApp(site.config);
  // Server time of each measured request: from its arrival to the last byte of the answer.
  app.addHook('onResponse', (request, reply, done) => {
    const name = request.headers['x-bench-call'];
    if (typeof name === 'string') {
      const times = serverTimes.get(name) ?? [];
      times.push(reply.elapsedTime);
      serverTimes.set(name, times);
    }
    done();
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  let failures = 0;
  try {
    const signin = await fetch(`${base}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    if (!signin.ok) throw new Error(`signing in as ${ADMIN.username} answered ${signin.status}`);
    const { token } = (await signin.json()) as { token: string };
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    const ask = async (url: string, body: unknown, name?: string) => {
      const sent = name ? { ...headers, 'x-bench-call': name } : headers;
      // A call without a body is a GET (the media library's list); every other measured call is a POST of JSON.
      const response = await fetch(
        `${base}${url}`,
        body === undefined ? { headers: sent } : { method: 'POST', headers: sent, body: JSON.stringify(body) },
      );
      const text = await response.text();
      if (!response.ok)
        throw new Error(
          `${url} ${JSON.stringify(body).slice(0, 80)} answered ${response.status}: ${text.slice(0, 200)}`,
        );
      return JSON.parse(text) as Record<string, unknown>;
    };

    const rows: Row[] = [];
    for (const call of await calls(site, ask)) {
      try {
        let answer: Record<string, unknown> = {};
        for (let i = 0; i < WARM_UP; i += 1) answer = await ask(call.url, call.body);
        for (let i = 0; i < ITERATIONS; i += 1) await ask(call.url, call.body, call.name);
        const { p50, p99 } = percentiles(serverTimes.get(call.name) ?? []);
        const shown = answer.items ?? answer.list;
        const items = Array.isArray(shown) ? shown.length : undefined;
        const total =
          typeof answer.totalItems === 'number'
            ? `${answer.totalCapped ? 'more than ' : ''}${answer.totalItems.toLocaleString('en-GB')}`
            : undefined;
        rows.push({
          name: call.name,
          p50,
          p99,
          budget: call.budget,
          detail: [items !== undefined ? `${items} shown` : '', total ? `of ${total}` : ''].filter(Boolean).join(' '),
        });
      } catch (error) {
        failures += 1;
        console.error(`  ${call.name}: could not be measured: ${(error as Error).message}`);
      }
    }
    printTable(rows);
    failures += await measureExports(base, token);
  } finally {
    await app.close();
  }
  return failures;
}

function printTable(rows: readonly Row[]): void {
  const width = Math.max(...rows.map((row) => row.name.length));
  console.log(`\n${'call'.padEnd(width)}  ${'p50'.padStart(9)}  ${'p99'.padStart(9)}  budget (p99)`);
  for (const row of rows) {
    const over = row.p99 > row.budget ? '  OVER BUDGET' : '';
    console.log(
      `${row.name.padEnd(width)}  ${ms(row.p50).padStart(9)}  ${ms(row.p99).padStart(9)}  ≤ ${row.budget} ms${over}   ${row.detail}`,
    );
  }
  const over = rows.filter((row) => row.p99 > row.budget);
  console.log(
    over.length === 0
      ? `\nEvery call within its budget (${ITERATIONS} calls each, after ${WARM_UP} to warm up).`
      : `\n${over.length} call(s) over budget.`,
  );
}

/** Streams each CSV export in full over HTTP, sampling the server's memory meanwhile. */
async function measureExports(base: string, token: string): Promise<number> {
  let failures = 0;
  for (const url of ['/api/master/enquiries.csv?status=', '/api/master/auditlog.csv']) {
    // The live heap (after a full collection) every 100 ms: what the export holds, not garbage not yet collected.
    const gc = (globalThis as { gc?: () => void }).gc;
    gc?.();
    const before = process.memoryUsage();
    let peakRss = before.rss;
    let peakHeap = before.heapUsed;
    const sampler = setInterval(() => {
      gc?.();
      const now = process.memoryUsage();
      peakRss = Math.max(peakRss, now.rss);
      peakHeap = Math.max(peakHeap, now.heapUsed);
    }, 100);
    const started = performance.now();
    try {
      const response = await fetch(`${base}${url}`, { headers: { authorization: `Bearer ${token}` } });
      if (!response.ok || !response.body) throw new Error(`answered ${response.status}`);
      let bytes = 0;
      let lines = 0;
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        bytes += chunk.byteLength;
        for (const byte of chunk) if (byte === 10) lines += 1;
      }
      const mb = (value: number) => `${(value / 1024 / 1024).toFixed(0)} MB`;
      console.log(
        `${url.split('?')[0]}: ${(lines - 1).toLocaleString('en-GB')} rows, ${mb(bytes)} in ${((performance.now() - started) / 1000).toFixed(1)} s; while it streamed (server and client, one process) the RSS rose by at most ${mb(peakRss - before.rss)} and the ${gc ? 'live heap' : 'heap (run with --expose-gc for the live heap)'} by at most ${mb(peakHeap - before.heapUsed)}`,
      );
    } catch (error) {
      failures += 1;
      console.error(`${url}: could not be measured: ${(error as Error).message}`);
    } finally {
      clearInterval(sampler);
    }
  }
  return failures;
}

async function main(): Promise<number> {
  const fillOnly = process.argv.includes('--fill-only');
  const config = loadConfig({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' });
  const { db, dialect } = openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    sqliteFile: 'folio.sqlite',
  });
  const site: Site = {
    config,
    db,
    dialect,
    tenant: { name: 'default', db, dialect, cache: new TenantCache() } as Tenant,
  };
  console.log(
    `bench:data on ${dialect === 'postgres' ? `PostgreSQL (${config.databaseUrl?.replace(/\/\/[^@]*@/, '//')})` : `SQLite (${config.dataDir}/folio.sqlite)`}`,
  );
  try {
    await migrateToLatest(db as unknown as Kysely<unknown>, dialect);
    await seedIfEmpty(db, dialect);
    await fill(site);
  } finally {
    await db.destroy();
  }
  if (fillOnly) {
    console.log(`Filled; left for other tools to measure. Sign in as ${ADMIN.username} / ${ADMIN.password}.`);
    return 0;
  }
  const { db: measured, dialect: sameDialect } = openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    sqliteFile: 'folio.sqlite',
  });
  try {
    return await measure({
      ...site,
      db: measured,
      dialect: sameDialect,
      tenant: { ...site.tenant, db: measured } as Tenant,
    });
  } finally {
    await measured.destroy();
  }
}

main().then(
  (code) => process.exit(code === 0 ? 0 : 1),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
