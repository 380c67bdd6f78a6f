import { AuditExportQuerySchema, AuditListRequestSchema, AuditListSchema } from '../schemas/audit';
import { fileReply, route, screenErrors } from './route';

/** The auditlog screen's calls (docs/design.md §21): the list and its CSV. Nothing here changes or deletes an entry. */
const screen = { screen: 'auditlog' } as const;

export const getAuditLog = route({
  method: 'POST',
  path: '/api/master/getauditlog',
  body: AuditListRequestSchema,
  reply: AuditListSchema,
  errors: screenErrors(),
  access: screen,
});
export const exportAuditLog = route({
  method: 'GET',
  path: '/api/master/auditlog.csv',
  query: AuditExportQuerySchema,
  reply: fileReply('text/csv; UTF-8 with BOM, CRLF, every field quoted, formulas neutralised.'),
  replyType: 'text/csv',
  errors: screenErrors(),
  access: screen,
});
