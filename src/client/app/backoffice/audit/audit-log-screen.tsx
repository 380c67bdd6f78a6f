import { useEffect, useId, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { Download, Eye } from 'lucide-react';
import { AUDIT_PAGE_SIZE, type AuditEntryRow } from '../../../../core/schemas/audit';
import { errorMessage } from '../../lib/api';
import { DataTable, type DataColumn } from '../../components/data-table';
import { useDetailDialog } from '../../components/modal-dialog';
import { IconButton } from '../../components/icon-button';
import { OptionalCell } from '../../components/optional-cell';
import { BackToHomeLink, Screen } from '../../components/screen';
import { usePageCursors } from '../../components/use-page-cursors';
import { isFilterRefusal, useAuditLog } from './api';
import { ActionName, AuditTime, TargetCell } from './audit-cells';
import { AuditDetail } from './audit-detail';
import { AuditFilterBar, USER_INPUT_ID } from './audit-filters';
import {
  emptyMessage,
  entryCount,
  exportUrl,
  filtersOf,
  isFiltered,
  paramsFromQuery,
  queryFromParams,
  type AuditFilters,
  type AuditQuery,
} from './audit-list';
import '../../../styles/audit-log.css';

const column = createColumnHelper<AuditEntryRow>();

const COLUMNS: DataColumn<AuditEntryRow>[] = [
  column.accessor('at', { header: 'When', cell: ({ getValue }) => <AuditTime at={getValue()} /> }),
  column.accessor('userName', { header: 'User', cell: ({ getValue }) => <OptionalCell text={getValue()} /> }),
  column.accessor('action', { header: 'Action', cell: ({ getValue }) => <ActionName action={getValue()} /> }),
  column.display({
    id: 'target',
    header: 'Target',
    cell: ({ row }) => <TargetCell type={row.original.targetType} id={row.original.targetId} />,
  }),
  column.accessor('summary', {
    header: 'Summary',
    cell: ({ getValue }) => <span className="audit-summary">{getValue()}</span>,
  }),
  column.accessor('ip', { header: 'Address', cell: ({ getValue }) => <OptionalCell text={getValue()} /> }),
];

/** Where the focus goes when what had it is gone (the row of an entry no longer listed): the filters' start. */
function focusListStart() {
  document.getElementById(USER_INPUT_ID)?.focus();
}

const sameFilters = (a: AuditFilters, b: AuditFilters) => JSON.stringify(a) === JSON.stringify(b);

/**
 * auditlog (Administrators, docs/design.md §21): every change made through the back office or the shell, and the
 * sign-ins, newest first. Filters (user name, action or area, target type, From and To as the viewer's local
 * days) live in the address, so Back and a reload keep them; 20 a page with the total; each entry in full in
 * a dialog; the CSV of what the filters select. Reading only: nothing here changes or deletes an entry.
 */
export function AuditLogScreen() {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => queryFromParams(params), [params]);
  const filters = useMemo(() => filtersOf(query), [query]);
  const log = useAuditLog(query, usePageCursors());
  const { detail, openDetail, closeDetail } = useDetailDialog<AuditEntryRow>(focusListStart);
  const refusalId = useId();
  const exportHintId = useId();

  const list = log.data;
  const totalItems = list?.totalItems ?? 0;
  const refusal = log.isError && isFilterRefusal(log.error) ? log.error.message : null;

  /** Shows a list: a new address (Back returns to the one before), or the same one in place (`replace`). */
  const show = (next: AuditQuery, replace = false) => setParams(paramsFromQuery(next), { replace });

  // A page past the end (an address kept from a longer list): the last page instead, in place of it.
  const lastPage = Math.max(1, Math.ceil(totalItems / AUDIT_PAGE_SIZE));
  const pageGone =
    list !== undefined &&
    !log.isPlaceholderData &&
    !list.totalCapped &&
    list.items.length === 0 &&
    totalItems > 0 &&
    query.pageno > lastPage;
  useEffect(() => {
    if (pageGone) setParams(paramsFromQuery({ ...query, pageno: lastPage }), { replace: true });
  }, [pageGone, lastPage, query, setParams]);

  const apply = (next: AuditFilters) => {
    // The same filters applied again look again (new entries keep coming); new ones start on page 1.
    if (sameFilters(next, filters) && query.pageno === 1) void log.refetch();
    else show({ ...next, pageno: 1 });
  };

  const filtered = isFiltered(filters);
  return (
    <Screen
      title="Audit Log"
      lead="Every change made in the back office or the shell, and every sign-in, newest first: who, when, from which address, and what changed. Entries cannot be changed or deleted."
      actions={
        <div className="screen-actions">
          <BackToHomeLink />
        </div>
      }
    >
      <AuditFilterBar
        applied={filters}
        onApply={apply}
        onRefresh={() => void log.refetch()}
        errorId={refusal ? refusalId : undefined}
      />
      {refusal ? (
        <p id={refusalId} className="audit-log__refusal" role="alert">
          {refusal}
        </p>
      ) : null}
      <div className="audit-log__bar">
        <p className="audit-log__total" role="status">
          {log.status === 'success' && list
            ? filtered
              ? `${entryCount(totalItems, list.totalCapped)} match the filters`
              : entryCount(totalItems, list.totalCapped)
            : ''}
        </p>
        {/* A plain link: the browser downloads the file with the session cookie (a GET needs no CSRF header).
            Not while the server refuses the filters: the file would be refused as well. */}
        {refusal ? null : (
          <>
            <a
              className="button button--outline audit-log__export"
              href={exportUrl(filters)}
              download
              aria-describedby={exportHintId}
            >
              <Download className="button__icon" aria-hidden="true" focusable="false" />
              Download CSV
            </a>
            <span id={exportHintId} className="visually-hidden">
              Every entry that matches the filters, on all pages.
            </span>
          </>
        )}
      </div>
      <DataTable
        caption="Audit log entries"
        columns={COLUMNS}
        rows={list?.items ?? []}
        getRowId={(row) => String(row.id)}
        status={log.status}
        errorMessage={
          refusal
            ? 'Nothing is listed until the filters are put right (see the message above the list).'
            : log.isError
              ? errorMessage(log.error)
              : undefined
        }
        onRetry={refusal ? undefined : () => void log.refetch()}
        refreshing={log.isPlaceholderData}
        loadingLabel="Loading the audit log…"
        emptyMessage={emptyMessage(filters)}
        paging={{
          page: query.pageno,
          pageSize: AUDIT_PAGE_SIZE,
          totalItems,
          totalCapped: list?.totalCapped,
          hasNext: list ? list.next !== null : undefined,
          onPageChange: (pageno) => show({ ...query, pageno }),
        }}
        actionsHeader="Details"
        rowActions={(row) => (
          <IconButton
            icon={Eye}
            label={`View entry ${row.id}: ${row.summary}`}
            tooltipAlign="end"
            onClick={() => openDetail(row)}
          />
        )}
      />
      {detail ? <AuditDetail entry={detail} onClose={() => closeDetail()} /> : null}
    </Screen>
  );
}
