import { randomBytes } from 'node:crypto';
import { parse } from 'csv-parse';
import {
  addressKey,
  isFolioAddress,
  LONGEST_REDIRECT_IMPORT,
  normalAddress,
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
  type SaveRedirect,
} from '../../core/schemas/redirect';
import { isKnownProbe } from '../../core/known-probes';
import { z } from 'zod';
import type { SessionUser } from '../access/access';
import { audit } from '../audit/audit';
import { invalidate } from '../cache/cached';
import { TAGS } from '../cache/tags';
import { inTransaction, type Db } from '../db/database';
import { ConfirmFirstError, ConflictError, NotFoundError, ValidationError } from '../errors';
import type { Page } from '../pages/page-kind';
import { listPages, publicPagesOf } from '../pages/resolve-page';
import type { Tenant } from '../tenants/tenants';
import { parseInput } from '../validation';
import {
  addNotFoundHits,
  addRedirectHits,
  applyStagedRedirects,
  deleteNotFound,
  dropStagedRedirects,
  deleteRedirectRow,
  findRedirectFrom,
  findRedirectRow,
  insertRedirects,
  listNotFoundPaths,
  listNotFoundRows,
  listRedirectRows,
  redirectsVersion,
  stageRedirects,
  trimNotFound,
  updateRedirects,
  type RedirectRow,
} from './redirects.repository';
import { RedirectBook, splitTarget, type BookEntry } from './redirect-book';
import { pageAddresses } from './served-redirects';

/**
 * Redirects and the 404 log (docs/design.md §27). Addresses are matched without regard to case, as live pages are, and
 * every rule compares them in one spelling (docs/design.md §34: `normalAddress`, `addressKey`); the rules themselves are
 * the redirect book's (redirect-book.ts).
 */

const redirectOf = (row: RedirectRow): Redirect => ({
  id: row.id,
  from: row.from_path,
  to: row.to_target,
  status: row.status === 302 ? 302 : 301,
  hits: row.hits,
  lastHit: row.last_hit,
});

export async function listRedirects(tenant: Tenant): Promise<RedirectList> {
  return { items: (await listRedirectRows(tenant.db)).map(redirectOf) };
}

/** Where the tenant's pages are reached, by lower-cased address: public (in every language) and by name, read from its cache. */
async function livePages(tenant: Tenant): Promise<{ pages: Map<string, Page>; addresses: Set<string> }> {
  const pages = pageAddresses(await listPages(tenant));
  const addresses = new Set([
    ...pages.keys(),
    ...[...(await publicPagesOf(tenant)).keys()].map((address) => address.toLowerCase()),
  ]);
  return { pages, addresses };
}

/**
 * A redirect's addresses in their one spelling, and the refusals a `from` gets before any transaction: one of
 * Folio's own addresses, or where a live page is reached. A `to` where a live page is reached becomes that
 * page's own address (`/about1/` → `/About1`).
 */
function normalised<T extends { from: string; to: string }>(input: T, pages: ReadonlyMap<string, Page>): T {
  const from = normalAddress(input.from);
  if (isFolioAddress(from)) throw new ValidationError(REDIRECT_MESSAGES.reserved(input.from), 'from');
  const page = pages.get(addressKey(from));
  if (page) throw new ValidationError(REDIRECT_MESSAGES.livePage(input.from, page.displayName || page.routing), 'from');
  const target = splitTarget(input.to);
  if (target.path === null) return { ...input, from };
  const path = normalAddress(target.path);
  const live = pages.get(addressKey(path));
  return { ...input, from, to: `${(live && live.kind.publicAddress(live)) ?? path}${target.query}` };
}

/**
 * Whether something answers at a `to` (docs/design.md §34: a redirect to where nothing is asks first): an https address
 * elsewhere is not checked; on this site, a page (in any language), another redirect, or one of Folio's own
 * addresses.
 */
function targetExists(to: string, book: RedirectBook, addresses: ReadonlySet<string>): boolean {
  const { path } = splitTarget(to);
  return path === null || addresses.has(addressKey(path)) || book.find(path) !== undefined || isFolioAddress(path);
}

/** Writes what the book changed, in a few statements, and takes the addresses it now answers off the 404 log. */
async function writeBook(trx: Db, book: RedirectBook, userId: number | null, at: string): Promise<void> {
  const changed = [...book.changed];
  const row = (entry: BookEntry) => ({ from_path: entry.from, to_target: entry.to, status: entry.status });
  await updateRedirects(
    trx,
    changed.flatMap((entry) => (entry.id === null ? [] : [{ id: entry.id, ...row(entry) }])),
    at,
  );
  await insertRedirects(trx, changed.filter((entry) => entry.id === null).map(row), userId, at);
  if (book.answered.size > 0)
    await deleteNotFound(
      trx,
      (await listNotFoundPaths(trx)).filter((path) => book.answered.has(addressKey(path))),
    );
}

/**
 * `POST /api/master/redirects`: creates a redirect (no `id`) or changes one; answers it as stored. A `to` on this
 * site where nothing answers is a 409 that asks first (`confirm`), unless the save says `confirmed`.
 */
export async function saveRedirect(
  tenant: Tenant,
  input: SaveRedirect,
  user: SessionUser,
  now = new Date(),
): Promise<Redirect> {
  const { pages, addresses } = await livePages(tenant);
  const { confirmed, ...redirect } = normalised(input, pages);
  const at = now.toISOString();
  const from = await inTransaction(tenant.db, async (trx) => {
    const book = new RedirectBook(await listRedirectRows(trx));
    const written = book.store(redirect);
    if (!confirmed && !targetExists(redirect.to, book, addresses))
      throw new ConfirmFirstError(REDIRECT_MESSAGES.missingTarget(redirect.to), 'to');
    await writeBook(trx, book, user.userId, at);
    const { entry, before } = written;
    const chained = entry.to === redirect.to ? '' : ` (the end of the chain ${redirect.to} led to)`;
    await audit(
      trx,
      tenant,
      {
        action: before ? 'redirect.update' : 'redirect.create',
        targetType: 'redirect',
        targetId: entry.from,
        summary: `${before ? 'Changed the redirect' : 'Redirected'} ${entry.from} to ${entry.to}${chained}`,
        details: {
          ...(before ? { before } : {}),
          from: entry.from,
          to: entry.to,
          status: entry.status,
          ...(written.repointed.length > 0 ? { repointed: written.repointed } : {}),
        },
      },
      now,
    );
    return entry.from;
  });
  invalidate(tenant, [TAGS.redirects]);
  const row = await findRedirectFrom(tenant.db, from);
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
      {
        action: 'redirect.delete',
        targetType: 'redirect',
        targetId: found.from_path,
        summary: `Deleted the redirect from ${found.from_path}`,
        details: { from: found.from_path, to: found.to_target, status: found.status },
      },
      now,
    );
    return found;
  });
  if (!row) throw new NotFoundError(REDIRECT_MESSAGES.notFound);
  invalidate(tenant, [TAGS.redirects]);
  return redirectOf(row);
}

/**
 * A page made without code was renamed (page-defs.service.ts, in its transaction): its old public address
 * redirects to the new one for good. A redirect from the new address goes (the page answers there now), and
 * redirects to the old address lead to the new one.
 */
export async function redirectRenamedPage(
  trx: Db,
  tenant: Tenant,
  page: string,
  from: string,
  to: string,
  at: Date,
): Promise<void> {
  const book = new RedirectBook(await listRedirectRows(trx));
  const shadowed = book.remove(to);
  if (shadowed?.id) await deleteRedirectRow(trx, shadowed.id);
  const written = book.store({ id: 'by-from', from, to, status: 301 });
  await writeBook(trx, book, null, at.toISOString());
  await audit(
    trx,
    tenant,
    {
      action: written.before ? 'redirect.update' : 'redirect.create',
      targetType: 'redirect',
      targetId: from,
      summary: `Redirected ${from} to ${to} (page ${page} renamed)`,
      details: {
        from,
        to,
        status: 301,
        page,
        ...(written.repointed.length > 0 ? { repointed: written.repointed } : {}),
      },
    },
    at,
  );
}

/** The CSV export's records: every redirect, by address. */
export async function* redirectCsvRecords(
  tenant: Tenant,
): AsyncIterable<Record<(typeof REDIRECT_CSV_COLUMNS)[number], string>> {
  for (const row of await listRedirectRows(tenant.db))
    yield { from: row.from_path, to: row.to_target, status: String(row.status) };
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

/** Lines worked out between two turns of the event loop: an import never keeps other requests waiting (docs/design.md §34). */
const LINES_A_TURN = 250;
/** How much of a CSV is read between two turns of the event loop (cut at a line's end). */
const CSV_CHARACTERS_A_TURN = 32 * 1024;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The CSV's lines with their numbers in the file (1: the first), the header line left out; read a piece at a time. */
async function readCsv(text: string): Promise<CsvLine[]> {
  const parser = parse({ bom: true, info: true, relax_column_count: true, skip_empty_lines: true, trim: true });
  const records: Array<{ record: string[]; info: { lines: number } }> = [];
  parser.on('readable', () => {
    for (
      let record = parser.read() as (typeof records)[number] | null;
      record !== null;
      record = parser.read() as (typeof records)[number] | null
    )
      records.push(record);
  });
  const ended = new Promise<void>((resolve, reject) => parser.once('end', resolve).once('error', reject));
  for (let at = 0; at < text.length && !parser.destroyed;) {
    const cut = text.indexOf('\n', at + CSV_CHARACTERS_A_TURN);
    const end = cut === -1 ? text.length : cut + 1;
    parser.write(text.slice(at, end));
    at = end;
    await nextTurn();
  }
  parser.end();
  try {
    await ended;
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
 * Writes an import's book all at once, or nothing, unless the redirects changed since `version` was read (409).
 * The rows are staged first in a table of their own and written by two statements in one short transaction: on
 * SQLite the staging runs a few hundred rows at a time with requests answered between; on PostgreSQL (a
 * temporary table lives on one connection) all of it runs in the one transaction, which waits on no one.
 */
async function writeImport(
  tenant: Tenant,
  book: RedirectBook,
  userId: number | null,
  now: Date,
  version: string,
  andThen: (trx: Db) => Promise<unknown>,
): Promise<void> {
  const at = now.toISOString();
  const name = `redirect_import_${randomBytes(6).toString('hex')}`;
  const rows = [...book.changed].map((entry) => ({
    id: entry.id,
    from_path: entry.from,
    to_target: entry.to,
    status: entry.status,
  }));
  const apply = async (trx: Db) => {
    if ((await redirectsVersion(trx)) !== version) throw new ConflictError(REDIRECT_MESSAGES.changedMeanwhile);
    await applyStagedRedirects(trx, name, userId, at);
    await deleteNotFound(
      trx,
      (await listNotFoundPaths(trx)).filter((path) => book.answered.has(addressKey(path))),
    );
    await andThen(trx);
  };
  if (tenant.dialect === 'postgres') {
    await inTransaction(tenant.db, async (trx) => {
      await stageRedirects(trx, name, rows, async () => {}, true);
      await apply(trx);
    });
    return;
  }
  try {
    await stageRedirects(tenant.db, name, rows, nextTurn, false);
    await inTransaction(tenant.db, apply);
  } finally {
    await dropStagedRedirects(tenant.db, name);
  }
}

/**
 * `POST /api/master/redirects.csv`: each good line is stored as a redirect (a new one, or the one from the same
 * address changed), in the file's order, so that chains within the file flatten too; each bad line is listed
 * with a sentence and writes nothing. One transaction and one audit entry with the counts: all good lines are
 * stored, or none.
 *
 * On SQLite every query runs on the one connection, in the event loop's thread (docs/design.md §34: imports never stall
 * the site). So the lines are checked in memory (the redirect book), a few hundred between two turns of the
 * event loop, and the transaction only writes the outcome, a few hundred rows a statement. Should the redirects
 * change meanwhile, nothing is written and the import is refused with a sentence (409): it is simply sent again.
 */
export async function importRedirects(
  tenant: Tenant,
  text: string,
  user: SessionUser,
  now = new Date(),
): Promise<RedirectImport> {
  const lines = await readCsv(text);
  const { pages } = await livePages(tenant);
  const version = await redirectsVersion(tenant.db);
  const book = new RedirectBook(await listRedirectRows(tenant.db));
  const errors: RedirectImport['errors'] = [];
  let created = 0;
  let changed = 0;
  for (const [index, { line, values }] of lines.entries()) {
    if (index % LINES_A_TURN === LINES_A_TURN - 1) await nextTurn();
    try {
      if (values.length < 2 || values.length > 3) throw new ValidationError(REDIRECT_MESSAGES.csvColumns);
      const row = normalised(
        parseInput(CsvRowSchema, { from: values[0], to: values[1], status: values[2] ?? '' }),
        pages,
      );
      if (book.store({ id: 'by-from', ...row }).before) changed += 1;
      else created += 1;
    } catch (error) {
      if (!(error instanceof ValidationError || error instanceof ConflictError)) throw error;
      errors.push({ line, message: error.message });
    }
  }
  const imported = created + changed;
  if (imported > 0) {
    await writeImport(tenant, book, user.userId, now, version, async (trx) =>
      audit(
        trx,
        tenant,
        {
          action: 'redirect.import',
          targetType: 'redirect',
          targetId: 'csv',
          summary: `Imported ${imported} redirect${imported === 1 ? '' : 's'} from a CSV (${created} new, ${changed} changed, ${errors.length} line${errors.length === 1 ? '' : 's'} refused)`,
          details: { created, changed, refused: errors.length },
        },
        now,
      ),
    );
    invalidate(tenant, [TAGS.redirects]);
  }
  return { imported, errors };
}

/** `GET /api/master/notfound`: the 404 log, most asked for first. */
export async function listNotFound(tenant: Tenant): Promise<NotFoundList> {
  const rows = await listNotFoundRows(tenant.db, NOT_FOUND_LOG_SIZE);
  return {
    items: rows.map((row) => ({ path: row.path, hits: row.hits, lastSeen: row.last_seen, referrer: row.referrer })),
  };
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
      for (const [id, counted] of taken.redirects)
        await addRedirectHits(trx, id, counted.hits, new Date(counted.lastHit).toISOString());
      for (const [path, counted] of taken.notFound)
        await addNotFoundHits(trx, {
          path,
          hits: counted.hits,
          last_seen: new Date(counted.lastSeen).toISOString(),
          referrer: counted.referrer,
        });
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
  flushes: ReadonlyArray<(tenant: Tenant) => Promise<void>> = [flushVisits],
): { flush(): Promise<void>; stop(): Promise<void> } {
  const flush = async () => {
    for (const tenant of tenants())
      for (const flushOne of flushes) {
        try {
          await flushOne(tenant);
        } catch (error) {
          log.warn({ tenant: tenant.name, err: error }, 'visits counted could not be written; kept for the next try');
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
