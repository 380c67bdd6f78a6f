import type { Insertable } from 'kysely';
import type { Db } from '../db/database';
import type { AuditLogTable } from '../db/schema';

/** The only write the audit log has: an insert (no update, no delete; pruning is the retention job's). */
export async function insertAuditEntry(db: Db, entry: Insertable<AuditLogTable>): Promise<void> {
  await db.insertInto('audit_log').values(entry).execute();
}
