import {
  AUDIT_PAGE_SIZE,
  type AuditEntryRow,
  type AuditFilter,
  type AuditList,
  type AuditListRequest,
} from '../../core/schemas/audit';
import { decodeCursor } from '../db/keyset';
import { readableTime } from '../http/csv';
import type { Tenant } from '../tenants/tenants';
import { eachAuditEntry, listAuditEntries, pruneAuditEntries, type AuditRow } from './audit.repository';

/** The audit log's screen (docs/design.md §21): reading only. No call changes or deletes an entry. */

function parseDetails(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export function auditEntryOf(row: AuditRow): AuditEntryRow {
  return {
    id: Number(row.id),
    at: row.at,
    tenant: row.tenant,
    userName: row.user_name,
    ip: row.ip,
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    summary: row.summary,
    details: parseDetails(row.details),
  };
}

/** getauditlog: a page of 20, newest first. */
export async function getAuditLog(tenant: Tenant, { pageno, after, ...filter }: AuditListRequest): Promise<AuditList> {
  const key = after === undefined ? undefined : decodeCursor(after, ['string', 'bigid']);
  const page = await listAuditEntries(tenant.db, filter, {
    after: key,
    offset: (pageno - 1) * AUDIT_PAGE_SIZE,
    limit: AUDIT_PAGE_SIZE,
  });
  return {
    items: page.rows.map(auditEntryOf),
    totalItems: page.totalItems,
    totalCapped: page.totalCapped,
    next: page.next,
  };
}

/** The export's columns, in order. */
export const AUDIT_CSV_COLUMNS = [
  'Time',
  'User',
  'Address',
  'Action',
  'Target type',
  'Target',
  'Summary',
  'Details',
] as const;
type Column = (typeof AUDIT_CSV_COLUMNS)[number];

/** The entries of a filter as CSV records (sendCsv neutralises every cell). */
export async function* auditCsvRecords(tenant: Tenant, filter: AuditFilter): AsyncGenerator<Record<Column, string>> {
  for await (const row of eachAuditEntry(tenant.db, filter)) {
    yield {
      Time: readableTime(row.at),
      User: row.user_name ?? '',
      Address: row.ip ?? '',
      Action: row.action,
      'Target type': row.target_type,
      Target: row.target_id,
      Summary: row.summary,
      Details: row.details === '{}' ? '' : row.details,
    };
  }
}

/** How often the retention job looks for entries past AUDIT_KEEP_DAYS. */
export const PRUNE_AUDIT_LOG_EVERY_MS = 6 * 60 * 60_000;

/** The retention job: entries older than `keepDays` go. */
export async function pruneAuditLog(tenant: Tenant, keepDays: number, now: Date): Promise<number> {
  return pruneAuditEntries(tenant.db, new Date(now.getTime() - keepDays * 24 * 60 * 60_000).toISOString());
}
