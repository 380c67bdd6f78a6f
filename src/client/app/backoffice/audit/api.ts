import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { AuditListSchema } from '../../../../core/schemas/audit';
import { ApiError, api } from '../../lib/api';
import { listRequest, type AuditQuery } from './audit-list';

/**
 * The audit log feature's one call (DESIGN §21), its answer read through the core schema. Reading only: the
 * log has no call that changes or deletes an entry. A refusal (a bad filter: 400 with `{message}`) throws an
 * ApiError carrying the server's sentence.
 */

export const AUDIT_LOG_KEY = ['audit-log'] as const;

export const auditKeys = {
  all: AUDIT_LOG_KEY,
  list: (query: AuditQuery) => [...AUDIT_LOG_KEY, 'list', listRequest(query)] as const,
};

export function fetchAuditLog(query: AuditQuery) {
  return api<unknown>('/api/master/getauditlog', listRequest(query)).then((data) => AuditListSchema.parse(data));
}

/** A refusal of the filters themselves (400): asking again would get the same answer. */
export function isFilterRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 400;
}

/** The screen's list: the page shown stays while the next one loads. */
export function useAuditLog(query: AuditQuery) {
  return useQuery({
    queryKey: auditKeys.list(query),
    queryFn: () => fetchAuditLog(query),
    placeholderData: keepPreviousData,
  });
}
