import { fileReply, route, screenErrors } from './route';

/** The backups screen's call (docs/design.md §22): a backup of the caller's tenant, streamed as it is written. */
export const downloadBackup = route({
  method: 'GET',
  path: '/api/master/backup',
  reply: fileReply(
    'application/gzip: the backup file of docs/design.md §22 (JSON lines and a manifest), as an attachment.',
  ),
  replyType: 'application/gzip',
  errors: screenErrors(),
  access: { screen: 'backups' },
});
