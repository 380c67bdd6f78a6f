import { sql, type Insertable, type Selectable } from 'kysely';
import { auditRange, type AuditFilter } from '../../core/schemas/audit';
import type { Db } from '../db/database';
import { cappedCount, pageOfRows } from '../db/keyset';
import type { AuditLogTable } from '../db/schema';

/** The only write the app makes to the audit log: an insert (no update; the only delete is the retention job's). */
export async function insertAuditEntry(db: Db, entry: Omit<Insertable<AuditLogTable>, 'area'>): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({ ...entry, area: areaOf(entry.action) })
    .execute();
}

/** An action's area: `page` of `page.publish`. */
const areaOf = (action: string) => action.split('.', 1)[0]!;

/** The entries a filter selects (the list, its count and the export share it). */
function filtered(db: Db, filter: AuditFilter) {
  let query = db.selectFrom('audit_log');
  if (filter.userName) query = query.where(sql<boolean>`lower(user_name) = ${filter.userName.toLowerCase()}`);
  if (filter.action) {
    // An area (`page`) selects all of its actions; an action (`page.publish`) itself. Each has its index.
    query = filter.action.includes('.')
      ? query.where('action', '=', filter.action)
      : query.where('area', '=', filter.action);
  }
  if (filter.targetType) query = query.where('target_type', '=', filter.targetType);
  const range = auditRange(filter);
  if (range.from) query = query.where('at', '>=', range.from);
  if (range.to) query = query.where('at', '<=', range.to);
  return query;
}

const COLUMNS = [
  'id',
  'at',
  'tenant',
  'user_name',
  'ip',
  'action',
  'target_type',
  'target_id',
  'summary',
  'details',
] as const;
export type AuditRow = Omit<Selectable<AuditLogTable>, 'area'>;

/**
 * A page of entries, newest first (by time, then id), the cursor of the page after, and how many the filter
 * selects up to the cap. Each filter has an index that ends in (at, id), so a page after a cursor starts
 * where the page before ended.
 */
export async function listAuditEntries(
  db: Db,
  filter: AuditFilter,
  page: { after?: readonly [string, number] | undefined; offset: number; limit: number },
) {
  let query = filtered(db, filter).select([...COLUMNS]);
  if (page.after) query = query.where(sql<boolean>`(at, id) < (${page.after[0]}, ${page.after[1]})`);
  const [rows, count] = await Promise.all([
    query
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.limit + 1)
      .offset(page.after ? 0 : page.offset)
      .execute(),
    cappedCount(db, filtered(db, filter)),
  ]);
  return { ...pageOfRows(rows as AuditRow[], page.limit, (row) => [row.at, Number(row.id)]), ...count };
}

/** Every entry of the filter, newest first, a batch at a time (keyset on id): an export of any size stays small. */
export async function* eachAuditEntry(db: Db, filter: AuditFilter, batch = 500): AsyncGenerator<AuditRow> {
  let before: number | null = null;
  for (;;) {
    let query = filtered(db, filter).select([...COLUMNS]);
    if (before !== null) query = query.where('id', '<', before);
    const rows = await query.orderBy('id', 'desc').limit(batch).execute();
    yield* rows;
    if (rows.length < batch) return;
    before = rows[rows.length - 1]!.id;
  }
}

/** The retention job's delete (AUDIT_KEEP_DAYS): entries older than `before`; answers how many went. */
export async function pruneAuditEntries(db: Db, before: string): Promise<number> {
  const result = await db.deleteFrom('audit_log').where('at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
