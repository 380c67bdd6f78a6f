import type { FastifyInstance } from 'fastify';
import * as audit from '../../core/api/audit';
import { typed } from '../http/contract';
import { sendCsv } from '../http/csv';
import { AUDIT_CSV_COLUMNS, auditCsvRecords, getAuditLog } from './audit-log.service';

/** The auditlog screen's calls (docs/design.md §21): the list and its CSV. Nothing here changes or deletes an entry. */
export async function auditLogRoutes(app: FastifyInstance): Promise<void> {
  const api = typed(app);
  api.route(audit.getAuditLog, async (request) => getAuditLog(request.tenant, request.body));
  api.route(audit.exportAuditLog, async (request, reply) =>
    sendCsv(reply, 'audit-log', AUDIT_CSV_COLUMNS, auditCsvRecords(request.tenant, request.query)),
  );
}
