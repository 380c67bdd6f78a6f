import { parse } from 'csv-parse/sync';
import {
  isFolioAddress,
  LONGEST_REDIRECT_IMPORT,
  NOT_FOUND_LOG_SIZE,
  REDIRECT_CSV_COLUMNS,
  REDIRECT_MESSAGES,
  RedirectFromSchema,
  RedirectStatusSchema,
  RedirectToSchema,
  type NotFoundList,
  type Redirect,
  type RedirectImport,
  type RedirectList,
  type RedirectStatus,
  type SaveRedirect,
} from '../../core/schemas/redirect';
import { isKnownProbe } from '../../core/known-probes';
import { z } from 'zod';
import type { SessionUser } from '../access/access';
import { audit } from '../audit/audit';
import { inTransaction, type Db } from '../db/database';
import { ConflictError, NotFoundError, ValidationError } from '../errors';
import { listPages } from '../pages/resolve-page';
import type { Tenant } from '../tenants/tenants';
import { parseInput } from '../validation';
import {
  addNotFoundHits,
  addRedirectHits,
  deleteNotFound,
  deleteRedirectRow,
  findRedirectFrom,
  findRedirectRow,
  insertRedirect,
  listNotFoundRows,
  listRedirectRows,
  listRedirectsTo,
  trimNotFound,
  updateRedirect,
  type RedirectRow,
} from './redirects.repository';
import { pageAddresses } from './served-redirects';

/**
 * Redirects and the 404 log (DESIGN §27).
 *
 * Stored redirects are always flat: no redirect's target is the address of another redirect (A→B plus B→C is
 * stored as A→C, and an existing X→A becomes X→C when A→C is made). So following a redirect takes one step, a
 * loop is found by looking one step ahead, and visitors are never sent along a chain. Addresses are compared as
 * spelled (paths on the web are case-sensitive); a target's query is part of it, and a path target is followed
 * through a redirect by its path.
 */

const redirectOf = (row: RedirectRow): Redirect => ({
  id: row.id,
  from: row.from_path,
  to: row.to_target,
  status: row.status === 302 ? 302 : 301,
  hits: row.hits,
  lastHit: row.last_hit,
});

/** `/a?x=1` → ['/a', '?x=1']; an https address has no path on this site. */
function splitTarget(target: string): { path: string | null; query: string } {
  if (!target.startsWith('/')) return { path: null, query: '' };
  const at = target.indexOf('?');
  return at === -1 ? { path: target, query: '' } : { path: target.slice(0, at), query: target.slice(at) };
}

/** Where a target leads once the redirect at its path is followed, its own query kept unless the next has one. */
function followed(next: string, query: string): string {
  return query === '' || next.includes('?') ? next : `${next}${query}`;
}

export async function listRedirects(tenant: Tenant): Promise<RedirectList> {
  return { items: (await listRedirectRows(tenant.db)).map(redirectOf) };
}

/**
 * The refusals a `from` gets before any transaction (they read the tenant's pages, from its cache): one of
 * Folio's own addresses, or where a live page is reached.
 */
async function checkSource(tenant: Tenant, from: string): Promise<void> {
  if (isFolioAddress(from)) throw new ValidationError(REDIRECT_MESSAGES.reserved(from), 'from');
  const page = pageAddresses(await listPages(tenant)).get(from.toLowerCase());
  if (page) throw new ValidationError(REDIRECT_MESSAGES.livePage(from, page.displayName || page.routing), 'from');
}

interface Written {
  id: number;
  /** The target as stored: the end of any chain. */
  to: string;
  before: RedirectRow | undefined;
  /** Redirects that pointed at `from` and now point where it leads: `from → to` of each, as they are now. */
  repointed: Array<{ from: string; to: string }>;
}

/**
 * Stores a redirect in `trx`: a new one, the one of `id`, or (`id` 'by-from', the import) the one from the same
 * address if there is one. Every check comes before the first write, so a refused redirect writes nothing.
 */
async function storeRedirect(
  trx: Db,
  input: { id?: number | 'by-from'; from: string; to: string; status: RedirectStatus },
  userId: number | null,
  at: string,
): Promise<Written> {
  const sameFrom = await findRedirectFrom(trx, input.from);
  let before: RedirectRow | undefined;
  if (input.id === 'by-from') before = sameFrom;
  else if (input.id !== undefined) {
    before = await findRedirectRow(trx, input.id);
    if (!before) throw new NotFoundError(REDIRECT_MESSAGES.notFound);
  }
  if (sameFrom && sameFrom.id !== before?.id) throw new ConflictError(REDIRECT_MESSAGES.taken(input.from));

  // The end of the chain: the target's path may be another redirect's address (never more than one step: stored redirects are flat).
  let to = input.to;
  const target = splitTarget(to);
  if (target.path === input.from) throw new ValidationError(target.query === '' ? REDIRECT_MESSAGES.same : REDIRECT_MESSAGES.loop(input.from, input.to), 'to');
  const next = target.path === null ? undefined : await findRedirectFrom(trx, target.path);
  if (next && next.id !== before?.id) {
    to = followed(next.to_target, target.query);
    if (splitTarget(to).path === input.from) throw new ValidationError(REDIRECT_MESSAGES.loop(input.from, input.to), 'to');
  }

  let id: number;
  if (before) {
    await updateRedirect(trx, before.id, { from_path: input.from, to_target: to, status: input.status, at });
    id = before.id;
  } else id = await insertRedirect(trx, { from_path: input.from, to_target: to, status: input.status, created_by: userId, at });

  // Redirects that led here now lead where this one does (X→A becomes X→C).
  const repointed: Written['repointed'] = [];
  for (const row of await listRedirectsTo(trx, input.from)) {
    if (row.id === id) continue;
    const now = followed(to, splitTarget(row.to_target).query);
    await updateRedirect(trx, row.id, { to_target: now, at });
    repointed.push({ from: row.from_path, to: now });
  }
  // Once a redirect answers an address, it is no longer a 404 to look into.
  await deleteNotFound(trx, input.from);
  return { id, to, before, repointed };
}

/** `POST /api/master/redirects`: creates a redirect (no `id`) or changes one; answers it as stored. */
export async function saveRedirect(tenant: Tenant, input: SaveRedirect, user: SessionUser, now = new Date()): Promise<Redirect> {
  await checkSource(tenant, input.from);
  const at = now.toISOString();
  const id = await inTransaction(tenant.db, async (trx) => {
    const written = await storeRedirect(trx, input, user.userId, at);
    const chained = written.to === input.to ? '' : ` (the end of the chain ${input.to} led to)`;
    await audit(
      trx,
      tenant,
      {
        action: written.before ? 'redirect.update' : 'redirect.create',
        targetType: 'redirect',
        targetId: input.from,
        summary: `${written.before ? 'Changed the redirect' : 'Redirected'} ${input.from} to ${written.to}${chained}`,
        details: {
          ...(written.before ? { before: { from: written.before.from_path, to: written.before.to_target, status: written.before.status } } : {}),
          from: input.from,
          to: written.to,
          status: input.status,
          ...(written.repointed.length > 0 ? { repointed: written.repointed } : {}),
        },
      },
      now,
    );
    return written.id;
  });
  tenant.cache.clear();
  const row = await findRedirectRow(tenant.db, id);
  if (!row) throw new NotFoundError(REDIRECT_MESSAGES.notFound);
  return redirectOf(row);
}

/** `DELETE /api/master/redirects/:id`: answers the redirect as it was. */
export async function deleteRedirect(tenant: Tenant, id: number, now = new Date()): Promise<Redirect> {
  const row = await inTransaction(tenant.db, async (trx) => {
    const found = await findRedirectRow(trx, id);
    if (!found || !(await deleteRedirectRow(trx, id))) return undefined;
    await audit(
      trx,
      tenant,
      { action: 'redirect.delete', targetType: 'redirect', targetId: found.from_path, summary: `Deleted the redirect from ${found.from_path}`, details: { from: found.from_path, to: found.to_target, status: found.status } },
      now,
    );
    return found;
  });
  if (!row) throw new NotFoundError(REDIRECT_MESSAGES.notFound);
  tenant.cache.clear();
  return redirectOf(row);
}

/**
 * A page made without code was renamed (page-defs.service.ts, in its transaction): its old public address
 * redirects to the new one for good. A redirect from the new address goes (the page answers there now), and
 * redirects to the old address lead to the new one.
 */
export async function redirectRenamedPage(trx: Db, tenant: Tenant, page: string, from: string, to: string, at: Date): Promise<void> {
  const shadowed = await findRedirectFrom(trx, to);
  if (shadowed) await deleteRedirectRow(trx, shadowed.id);
  const written = await storeRedirect(trx, { id: 'by-from', from, to, status: 301 }, null, at.toISOString());
  await audit(
    trx,
    tenant,
    {
      action: written.before ? 'redirect.update' : 'redirect.create',
      targetType: 'redirect',
      targetId: from,
      summary: `Redirected ${from} to ${to} (page ${page} renamed)`,
      details: { from, to, status: 301, page, ...(written.repointed.length > 0 ? { repointed: written.repointed } : {}) },
    },
    at,
  );
}

/** The CSV export's records: every redirect, by address. */
export async function* redirectCsvRecords(tenant: Tenant): AsyncIterable<Record<(typeof REDIRECT_CSV_COLUMNS)[number], string>> {
  for (const row of await listRedirectRows(tenant.db)) yield { from: row.from_path, to: row.to_target, status: String(row.status) };
}

const CsvRowSchema = z.strictObject({
  from: RedirectFromSchema,
  to: RedirectToSchema,
  status: z.preprocess((value) => (value === '' || value === undefined ? 301 : Number(value)), RedirectStatusSchema),
});

interface CsvLine {
  line: number;
  values: string[];
}

/** The CSV's lines with their numbers in the file (1: the first), the header line left out. */
function readCsv(text: string): CsvLine[] {
  let records: Array<{ record: string[]; info: { lines: number } }>;
  try {
    records = parse(text, { bom: true, info: true, relax_column_count: true, skip_empty_lines: true, trim: true }) as unknown as typeof records;
  } catch (error) {
    throw new ValidationError(REDIRECT_MESSAGES.csvUnreadable((error as Error).message.replace(/\.?$/, '.')));
  }
  const lines = records.map(({ record, info }) => ({ line: info.lines, values: record }));
  const header = lines[0]?.values.map((value) => value.toLowerCase());
  if (header && header[0] === 'from' && header[1] === 'to') lines.shift();
  if (lines.length === 0) throw new ValidationError(REDIRECT_MESSAGES.csvEmpty);
  if (lines.length > LONGEST_REDIRECT_IMPORT) throw new ValidationError(REDIRECT_MESSAGES.csvTooLong);
  return lines;
}

/**
 * `POST /api/master/redirects.csv`: each good line is stored as a redirect (a new one, or the one from the same
 * address changed), in the file's order, so that chains within the file flatten too; each bad line is listed
 * with a sentence and writes nothing. One transaction and one audit entry with the counts.
 */
export async function importRedirects(tenant: Tenant, text: string, user: SessionUser, now = new Date()): Promise<RedirectImport> {
  const errors: RedirectImport['errors'] = [];
  const good: Array<{ line: number; row: z.infer<typeof CsvRowSchema> }> = [];
  for (const { line, values } of readCsv(text)) {
    if (values.length < 2 || values.length > 3) {
      errors.push({ line, message: REDIRECT_MESSAGES.csvColumns });
      continue;
    }
    try {
      const row = parseInput(CsvRowSchema, { from: values[0], to: values[1], status: values[2] ?? '' });
      await checkSource(tenant, row.from);
      good.push({ line, row });
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      errors.push({ line, message: error.message });
    }
  }
  const at = now.toISOString();
  const imported = await inTransaction(tenant.db, async (trx) => {
    let created = 0;
    let changed = 0;
    for (const { line, row } of good) {
      try {
        const written = await storeRedirect(trx, { id: 'by-from', ...row }, user.userId, at);
        if (written.before) changed += 1;
        else created += 1;
      } catch (error) {
        if (!(error instanceof ValidationError || error instanceof ConflictError)) throw error;
        errors.push({ line, message: error.message });
      }
    }
    if (created + changed > 0) {
      await audit(
        trx,
        tenant,
        {
          action: 'redirect.import',
          targetType: 'redirect',
          targetId: 'csv',
          summary: `Imported ${created + changed} redirect${created + changed === 1 ? '' : 's'} from a CSV (${created} new, ${changed} changed, ${errors.length} line${errors.length === 1 ? '' : 's'} refused)`,
          details: { created, changed, refused: errors.length },
        },
        now,
      );
    }
    return created + changed;
  });
  if (imported > 0) tenant.cache.clear();
  errors.sort((a, b) => a.line - b.line);
  return { imported, errors };
}

/** `GET /api/master/notfound`: the 404 log, most asked for first. */
export async function listNotFound(tenant: Tenant): Promise<NotFoundList> {
  const rows = await listNotFoundRows(tenant.db, NOT_FOUND_LOG_SIZE);
  return { items: rows.map((row) => ({ path: row.path, hits: row.hits, lastSeen: row.last_seen, referrer: row.referrer })) };
}

/** The longest address and referrer the 404 log keeps: a longer address is no page's, a referrer is cut. */
const LONGEST_LOGGED_PATH = 300;
const LONGEST_REFERRER = 500;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * A visitor got the site's 404 page at `path` (decoded, without query): counted in memory unless it is one of
 * Folio's own addresses (the API, files, images), a known bot probe, or an address too long to be a page's.
 */
export function countNotFound(tenant: Tenant, path: string, referrer: string | undefined): void {
  if (path.length > LONGEST_LOGGED_PATH || CONTROL.test(path) || isKnownProbe(path)) return;
  if (path.startsWith('/api/') || path.startsWith('/assets/') || path.startsWith('/uploads/')) return;
  const trimmed = referrer?.trim().slice(0, LONGEST_REFERRER);
  tenant.cache.visits.notFound(path, trimmed && !CONTROL.test(trimmed) ? trimmed : null, Date.now());
}

/**
 * Adds what this instance counted (redirects followed, 404s) to the tenant's tables in one transaction, and keeps
 * the 404 log to its 1,000 most asked-for paths. Should it fail, the counts are kept for the next flush.
 */
export async function flushVisits(tenant: Tenant): Promise<void> {
  const visits = tenant.cache.visits;
  if (visits.empty) return;
  const taken = visits.take();
  try {
    await inTransaction(tenant.db, async (trx) => {
      for (const [id, counted] of taken.redirects) await addRedirectHits(trx, id, counted.hits, new Date(counted.lastHit).toISOString());
      for (const [path, counted] of taken.notFound) await addNotFoundHits(trx, { path, hits: counted.hits, last_seen: new Date(counted.lastSeen).toISOString(), referrer: counted.referrer });
      if (taken.notFound.size > 0) await trimNotFound(trx, NOT_FOUND_LOG_SIZE);
    });
  } catch (error) {
    visits.giveBack(taken);
    throw error;
  }
}

/** How often each instance adds what it counted to the database (and once more when it closes). */
export const FLUSH_VISITS_EVERY_MS = 10_000;

/**
 * Flushes every tenant's counts now and every FLUSH_VISITS_EVERY_MS. Not a job on the runner (decision 015): the
 * counts are this instance's own memory, so every instance flushes its own, and none may wait for another to.
 * `stop` ends the timer and flushes what is left (closing). `everyMs` 0: no timer (tests that count).
 */
export function startVisitFlushes(
  tenants: () => Iterable<Tenant>,
  log: { warn(details: object, message: string): void },
  everyMs = FLUSH_VISITS_EVERY_MS,
): { flush(): Promise<void>; stop(): Promise<void> } {
  const flush = async () => {
    for (const tenant of tenants()) {
      try {
        await flushVisits(tenant);
      } catch (error) {
        log.warn({ tenant: tenant.name, err: error }, 'redirect hits and 404s could not be written; kept for the next try');
      }
    }
  };
  const timer = everyMs > 0 ? setInterval(() => void flush(), everyMs) : undefined;
  timer?.unref();
  return {
    flush,
    stop: async () => {
      clearInterval(timer);
      await flush();
    },
  };
}
