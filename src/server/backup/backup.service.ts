import { PassThrough, type Readable } from 'node:stream';
import { audit } from '../audit/audit';
import type { AppConfig } from '../config';
import type { Tenant } from '../tenants/tenants';
import { writeBackup } from './backup-writer';
import { openSnapshot } from './snapshot';

/**
 * The backups screen's download (docs/design.md §22): the same backup as `./folio backup`, of the caller's own tenant
 * only (an administrator of one tenant never receives another's data). It streams from a snapshot on
 * connections of its own, so the site goes on answering while a large backup downloads. The download is
 * recorded in the audit log as it starts.
 */
export async function startBackupDownload(
  config: AppConfig,
  tenant: Tenant,
  now = new Date(),
): Promise<{ filename: string; stream: Readable }> {
  const filename = `folio-backup-${tenant.name}-${now.toISOString().slice(0, 19).replace('T', '-').replaceAll(':', '')}.jsonl.gz`;
  const snapshot = await openSnapshot(config, [tenant.name]);
  try {
    await audit(
      tenant.db,
      tenant,
      {
        action: 'backup.download',
        targetType: 'backup',
        targetId: filename,
        summary: `Downloaded a backup of the site (${filename})`,
      },
      now,
    );
  } catch (error) {
    await snapshot.close();
    throw error;
  }
  const stream = new PassThrough();
  writeBackup(snapshot, stream, { now })
    .catch((error: unknown) => stream.destroy(error instanceof Error ? error : new Error(String(error))))
    .finally(() => void snapshot.close());
  return { filename, stream };
}
