import { sql, type Insertable, type Selectable } from 'kysely';
import { auditRange, type AuditFilter } from '../../core/schemas/audit';
import type { Db } from '../db/database';
import type { AuditLogTable } from '../db/schema';

/** The only write the app makes to the audit log: an insert (no update; the only delete is the retention job's). */
export async function insertAuditEntry(db: Db, entry: Insertable<AuditLogTable>): Promise<void> {
  await db.insertInto('audit_log').values(entry).execute();
}

/** The entries a filter selects (the list, its count and the export share it). */
function filtered(db: Db, filter: AuditFilter) {
  let query = db.selectFrom('audit_log');
  if (filter.userName) query = query.where(sql<boolean>`lower(user_name) = ${filter.userName.toLowerCase()}`);
  if (filter.action) {
    // An area (`page`) selects all of its actions; an action (`page.publish`) itself.
    query = filter.action.includes('.') ? query.where('action', '=', filter.action) : query.where('action', 'like', `${filter.action}.%`);
  }
  if (filter.targetType) query = query.where('target_type', '=', filter.targetType);
  const range = auditRange(filter);
  if (range.from) query = query.where('at', '>=', range.from);
  if (range.to) query = query.where('at', '<=', range.to);
  return query;
}

const COLUMNS = ['id', 'at', 'tenant', 'user_name', 'ip', 'action', 'target_type', 'target_id', 'summary', 'details'] as const;
export type AuditRow = Selectable<AuditLogTable>;

/** A page of entries, newest first, and how many the filter selects. */
export async function listAuditEntries(db: Db, filter: AuditFilter, offset: number, limit: number): Promise<{ rows: AuditRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    filtered(db, filter).select([...COLUMNS]).orderBy('at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    filtered(db, filter)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
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
