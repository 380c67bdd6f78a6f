import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { AuditListSchema } from '../../../../core/schemas/audit';
import type { PageCursors } from '../../components/use-page-cursors';
import { ApiError, api } from '../../lib/api';
import { filtersOf, listRequest, type AuditQuery } from './audit-list';
import * as auditApi from '../../../../core/api/audit';

/**
 * The audit log feature's one call (docs/design.md §21), its answer read through the core schema. Reading only: the
 * log has no call that changes or deletes an entry. A refusal (a bad filter: 400 with `{message}`) throws an
 * ApiError carrying the server's sentence.
 */

export const AUDIT_LOG_KEY = ['audit-log'] as const;

export const auditKeys = {
  all: AUDIT_LOG_KEY,
  list: (query: AuditQuery) => [...AUDIT_LOG_KEY, 'list', listRequest(query)] as const,
};

/** A page of the log; `after` (the `next` of the page before) finds it through the index (paging.ts). */
export function fetchAuditLog(query: AuditQuery, after?: string) {
  const body = after === undefined ? listRequest(query) : { ...listRequest(query), after };
  return api(auditApi.getAuditLog, { body }).then((data) => AuditListSchema.parse(data));
}

/** A refusal of the filters themselves (400): asking again would get the same answer. */
export function isFilterRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 400;
}

/**
 * The screen's list: the page shown stays while the next one loads; pages are read after the cursor of the
 * page before when the screen has it (`cursors`, use-page-cursors.ts).
 */
export function useAuditLog(query: AuditQuery, cursors: PageCursors) {
  return useQuery({
    // The key has no cursor: a page read with or without one is the same page.
    queryKey: auditKeys.list(query),
    queryFn: () => cursors.read(filtersOf(query), query.pageno, (after) => fetchAuditLog(query, after)),
    placeholderData: keepPreviousData,
  });
}
