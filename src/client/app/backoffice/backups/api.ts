import { useQuery } from '@tanstack/react-query';
import { AuditListSchema } from '../../../../core/schemas/audit';
import { ApiError, api, apiUrl } from '../../lib/api';
import { getAuditLog } from '../../../../core/api/audit';
import { downloadBackup } from '../../../../core/api/backup';

/**
 * The backups screen's calls (docs/design.md §22). The download itself is a plain link to BACKUP_PATH (the browser
 * streams it to disk; it is never held in memory here). The list of recent downloads is the audit log's
 * backup entries: it needs the audit log's screen too, and shows nothing when the caller lacks it.
 */
export const BACKUP_PATH = apiUrl(downloadBackup);

export const RECENT_BACKUPS_KEY = ['backups', 'recent'] as const;

export function useRecentBackups() {
  return useQuery({
    queryKey: RECENT_BACKUPS_KEY,
    queryFn: async () => {
      try {
        const list = AuditListSchema.parse(await api(getAuditLog, { body: { pageno: 1, action: 'backup' } }));
        return list.items.slice(0, 10);
      } catch (error) {
        if (error instanceof ApiError && error.status === 403) return null;
        throw error;
      }
    },
  });
}
