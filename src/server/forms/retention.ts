import { audit } from '../audit/audit';
import { inTransaction } from '../db/database';
import type { Tenant } from '../tenants/tenants';
import { formOf } from './forms.service';
import { listFormRows } from './forms.repository';
import { deleteSubmissionsBefore } from './submissions.repository';

/** How often the job deletes submissions past their form's retention (docs/design.md §30): daily. */
export const PRUNE_SUBMISSIONS_EVERY_MS = 24 * 3_600_000;

/**
 * Deletes every form's submissions (and their files) older than the form keeps them (`retentionDays`), each form's in
 * a transaction with an audit entry that says how many went. Returns how many went in all.
 */
export async function pruneSubmissions(tenant: Tenant, now = new Date()): Promise<number> {
  let pruned = 0;
  for (const row of await listFormRows(tenant.db)) {
    if (row.submissions === 0) continue;
    const { retentionDays } = formOf(row);
    const before = new Date(now.getTime() - retentionDays * 24 * 3_600_000).toISOString();
    pruned += await inTransaction(tenant.db, async (trx) => {
      const deleted = await deleteSubmissionsBefore(trx, row.id, before);
      if (deleted > 0)
        await audit(
          trx,
          tenant,
          {
            action: 'submission.prune',
            targetType: 'form',
            targetId: row.id,
            summary: `Deleted ${deleted} ${deleted === 1 ? 'submission' : 'submissions'} of ${row.name} older than ${retentionDays} days`,
            details: { deleted, retentionDays },
            userName: null,
          },
          now,
        );
      return deleted;
    });
  }
  return pruned;
}
