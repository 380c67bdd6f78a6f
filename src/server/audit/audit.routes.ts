import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AuditExportQuerySchema, AuditListRequestSchema, AuditListSchema } from '../../core/schemas/audit';
import { screenReplies, typed } from '../http/contract';
import { sendCsv } from '../http/csv';
import { AUDIT_CSV_COLUMNS, auditCsvRecords, getAuditLog } from './audit-log.service';

/** The auditlog screen's calls (docs/design.md §21): the list and its CSV. Nothing here changes or deletes an entry. */
export async function auditLogRoutes(app: FastifyInstance): Promise<void> {
  const api = typed(app);
  const screen = { access: { screen: 'auditlog' } } as const;
  api.post('/api/master/getauditlog', { config: screen, schema: { body: AuditListRequestSchema, response: screenReplies(AuditListSchema) } }, async (request) =>
    getAuditLog(request.tenant, request.body),
  );
  api.get(
    '/api/master/auditlog.csv',
    {
      config: screen,
      schema: {
        querystring: AuditExportQuerySchema,
        response: screenReplies(z.string().meta({ description: 'text/csv; UTF-8 with BOM, CRLF, every field quoted, formulas neutralised.' })),
      },
    },
    async (request, reply) => sendCsv(reply, 'audit-log', AUDIT_CSV_COLUMNS, auditCsvRecords(request.tenant, request.query)),
  );
}
