import type { FastifyInstance } from 'fastify';
import * as backup from '../../core/api/backup';
import type { AppConfig } from '../config';
import { typed } from '../http/contract';
import { startBackupDownload } from './backup.service';

/** The backups screen's call (docs/design.md §22): a backup of the caller's tenant, streamed as it is written. */
export async function backupRoutes(app: FastifyInstance, { config }: { config: AppConfig }): Promise<void> {
  const api = typed(app);
  api.route(backup.downloadBackup, async (request, reply) => {
    const { filename, stream } = await startBackupDownload(config, request.tenant);
    return reply
      .type('application/gzip')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'no-store')
      .send(stream);
  });
}
