import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppConfig } from '../config';
import { screenReplies, typed } from '../http/contract';
import { startBackupDownload } from './backup.service';

/** The backups screen's call (docs/design.md §22): a backup of the caller's tenant, streamed as it is written. */
export async function backupRoutes(app: FastifyInstance, { config }: { config: AppConfig }): Promise<void> {
  const api = typed(app);
  api.get(
    '/api/master/backup',
    {
      config: { access: { screen: 'backups' } },
      schema: { response: screenReplies(z.string().meta({ description: 'application/gzip: the backup file of docs/design.md §22 (JSON lines and a manifest), as an attachment.' })) },
    },
    async (request, reply) => {
      const { filename, stream } = await startBackupDownload(config, request.tenant);
      return reply
        .type('application/gzip')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );
}
