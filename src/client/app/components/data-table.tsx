import { useMemo } from 'react';
import type { ReactNode } from 'react';
import { flexRender, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import type { ColumnDef, PaginationState, Row, RowData, Table, Updater } from '@tanstack/react-table';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import '../../styles/data-table.css';
import { formatCount } from '../lib/staff-locale';

declare module '@tanstack/react-table' {
  // Declaration merging: the type parameters must be those of TanStack's own ColumnMeta.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    /** 'end' for numbers: the header and the cells are right-aligned alike. */
    align?: 'start' | 'end';
    /** A fixed width for the column (a CSS length), e.g. a short code or a serial number. */
    width?: string;
  }
}

/** A number of rows as the pager writes it (10,000), grouped as the firm's country does (lib/staff-locale.ts). */
const count = formatCount;

/** A column of a DataTable: TanStack's column definition (accessor or display column) of the row type. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a list of columns mixes value types (TanStack's own advice).
export type DataColumn<T> = ColumnDef<T, any>;

export interface DataTablePaging {
  /** 1-based, as the spec's `pageno`. */
  page: number;
  pageSize: number;
  /** How many rows there are in all (the server's totalItems): with `totalCapped`, the count's cap. */
  totalItems: number;
  /**
   * The list holds more than `totalItems` rows (the server counted up to its cap, docs/design.md §23): the range says
   * "of more than", the page line has no "of M", and Next stays on while there are rows after the page.
   */
  totalCapped?: boolean | undefined;
  /** Whether a page follows this one (the server's `next` is set): used, when given, instead of the count. */
  hasNext?: boolean | undefined;
  onPageChange: (page: number) => void;
}

export interface DataTableProps<T> {
  /** What the table lists ("Users"): the caption (read by screen readers) and the pager's name. */
  caption: string;
  /** Defined once (module level or useMemo): a cell renderer made anew on each render remounts its cells. */
  columns: readonly DataColumn<T>[];
  /** The rows of the page shown (the server pages; the table does not slice). */
  rows: readonly T[];
  getRowId: (row: T) => string;
  /** The query behind the rows: loading shows a status line, an error the message and Try again. */
  status: 'pending' | 'error' | 'success';
  errorMessage?: string;
  onRetry?: () => void;
  /** A newer page is on its way while the rows shown are the previous one's. */
  refreshing?: boolean;
  /** What an empty table says, naming what was searched ("No users match 'asha'"). */
  emptyMessage: string;
  loadingLabel?: string;
  paging?: DataTablePaging;
  /** The row's actions, as IconButton / IconLink: shown in a last column headed `actionsHeader`. */
  rowActions?: (row: T) => ReactNode;
  actionsHeader?: string;
}

const ACTIONS_COLUMN = '__actions';

function cellClass(align: 'start' | 'end' | undefined, extra = ''): string {
  return ['staff-table__cell', align === 'end' ? 'staff-table__cell--end' : '', extra].filter(Boolean).join(' ');
}

/**
 * The one table of every list of the staff app (docs/design.md §16): a real table on TanStack Table with a caption
 * and column headers that sit over their cells (header and cells share the padding and the alignment),
 * server paging, and one place for the loading, error and empty states and the row actions.
 */
export function DataTable<T>({
  caption,
  columns,
  rows,
  getRowId,
  status,
  errorMessage,
  onRetry,
  refreshing = false,
  emptyMessage,
  loadingLabel = 'Loading…',
  paging,
  rowActions,
  actionsHeader = 'Action',
}: DataTableProps<T>) {
  const hasActions = rowActions !== undefined;
  // The actions column is only a header here: its cells are rendered below from `rowActions`, not by a cell
  // renderer, since a renderer made anew on each render would remount the buttons (and drop their focus).
  const allColumns = useMemo<DataColumn<T>[]>(
    () =>
      hasActions ? [...columns, { id: ACTIONS_COLUMN, header: actionsHeader, meta: { align: 'end' } }] : [...columns],
    [columns, hasActions, actionsHeader],
  );

  const capped = paging?.totalCapped === true;
  // -1: TanStack's "not known" (a capped count does not say how many pages there are).
  const pageCount = paging ? (capped ? -1 : Math.max(1, Math.ceil(paging.totalItems / paging.pageSize))) : 1;
  const pagination: PaginationState = {
    pageIndex: (paging?.page ?? 1) - 1,
    pageSize: paging?.pageSize ?? Math.max(rows.length, 1),
  };
  const table = useReactTable<T>({
    data: rows as T[],
    columns: allColumns,
    getRowId: (row) => getRowId(row),
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    pageCount,
    state: { pagination },
    onPaginationChange: (updater: Updater<PaginationState>) => {
      const next = typeof updater === 'function' ? updater(pagination) : updater;
      paging?.onPageChange(next.pageIndex + 1);
    },
  });

  const bodyRows = table.getRowModel().rows;
  const showPager = paging !== undefined && status === 'success' && bodyRows.length > 0;

  return (
    <div className="staff-table">
      <div className="staff-table__scroll">
        <table className="staff-table__table" aria-busy={refreshing || undefined}>
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const { meta } = header.column.columnDef;
                  const isActions = header.column.id === ACTIONS_COLUMN;
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      className={cellClass(meta?.align, isActions ? 'staff-table__cell--actions' : '')}
                      style={meta?.width ? { width: meta.width } : undefined}
                    >
                      {header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext())}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody className={refreshing ? 'staff-table__body staff-table__body--refreshing' : 'staff-table__body'}>
            <DataTableBody
              rows={bodyRows}
              columnCount={allColumns.length}
              status={status}
              errorMessage={errorMessage}
              onRetry={onRetry}
              emptyMessage={emptyMessage}
              loadingLabel={loadingLabel}
              rowActions={rowActions}
            />
          </tbody>
        </table>
      </div>
      {showPager ? <DataTablePager caption={caption} paging={paging} table={table} rowCount={bodyRows.length} /> : null}
    </div>
  );
}

/** A row across the whole table that holds one message (loading, error, nothing found) in place of the rows. */
function MessageRow({ columnCount, children }: { columnCount: number; children: ReactNode }) {
  return (
    <tr className="staff-table__message-row">
      <td className="staff-table__message" colSpan={columnCount}>
        {children}
      </td>
    </tr>
  );
}

/**
 * The table's body: the query's loading or error state, the empty message, or the page's rows with their actions.
 * The actions are rendered here from `rowActions`, not by a cell renderer, so the buttons keep their focus.
 */
function DataTableBody<T>({
  rows,
  columnCount,
  status,
  errorMessage,
  onRetry,
  emptyMessage,
  loadingLabel,
  rowActions,
}: Pick<DataTableProps<T>, 'status' | 'errorMessage' | 'onRetry' | 'emptyMessage' | 'rowActions'> & {
  rows: Row<T>[];
  columnCount: number;
  loadingLabel: string;
}) {
  if (status === 'pending') {
    return (
      <MessageRow columnCount={columnCount}>
        <div className="staff-table__status" role="status">
          <span className="staff-table__spinner" aria-hidden="true" />
          {loadingLabel}
        </div>
      </MessageRow>
    );
  }
  if (status === 'error') {
    return (
      <MessageRow columnCount={columnCount}>
        <div className="staff-table__status staff-table__status--error" role="alert">
          <span>{errorMessage || 'The list could not be loaded.'}</span>
          {onRetry ? (
            <button type="button" className="staff-table__pager-button" onClick={onRetry}>
              Try again
            </button>
          ) : null}
        </div>
      </MessageRow>
    );
  }
  if (rows.length === 0) {
    return (
      <MessageRow columnCount={columnCount}>
        <p className="staff-table__empty">{emptyMessage}</p>
      </MessageRow>
    );
  }
  return rows.map((row) => (
    <tr key={row.id}>
      {row.getVisibleCells().map((cell) => {
        const { meta } = cell.column.columnDef;
        if (cell.column.id === ACTIONS_COLUMN) {
          return (
            <td key={cell.id} className={cellClass(meta?.align, 'staff-table__cell--actions')}>
              <div className="staff-table__actions">{rowActions?.(row.original)}</div>
            </td>
          );
        }
        return (
          <td key={cell.id} className={cellClass(meta?.align)}>
            {flexRender(cell.column.columnDef.cell, cell.getContext())}
          </td>
        );
      })}
    </tr>
  ));
}

/**
 * The pager under the table: the range of rows shown, Previous and Next, and the page line. A capped count says
 * "more than" and leaves out the number of pages; `hasNext`, when given, decides whether Next is on.
 */
function DataTablePager<T>({
  caption,
  paging,
  table,
  rowCount,
}: {
  caption: string;
  paging: DataTablePaging;
  table: Table<T>;
  rowCount: number;
}) {
  const capped = paging.totalCapped === true;
  const page = table.getState().pagination.pageIndex + 1;
  const first = (page - 1) * paging.pageSize + 1;
  const last = capped ? first + rowCount - 1 : Math.min(page * paging.pageSize, paging.totalItems);
  const canPrevious = table.getCanPreviousPage();
  const canNext = paging.hasNext ?? table.getCanNextPage();

  return (
    <nav className="staff-table__pager" aria-label={`${caption}: pages`}>
      <p className="staff-table__range">
        {count(first)}–{count(last)} of {capped ? `more than ${count(paging.totalItems)}` : count(paging.totalItems)}
      </p>
      <div className="staff-table__pager-controls">
        <button
          type="button"
          className="staff-table__pager-button"
          aria-label="Previous page"
          // aria-disabled, not disabled: the button keeps the focus of whoever pressed it to get here.
          aria-disabled={!canPrevious || undefined}
          onClick={() => {
            if (canPrevious) table.previousPage();
          }}
        >
          <ChevronLeft className="staff-table__pager-icon" aria-hidden="true" focusable="false" />
          Previous
        </button>
        <p className="staff-table__page" aria-live="polite">
          {capped ? `Page ${page}` : `Page ${page} of ${table.getPageCount()}`}
        </p>
        <button
          type="button"
          className="staff-table__pager-button"
          aria-label="Next page"
          aria-disabled={!canNext || undefined}
          onClick={() => {
            // Not table.nextPage(): that stops at the counted pages, and `hasNext` may know of one more.
            if (canNext) paging.onPageChange(page + 1);
          }}
        >
          Next
          <ChevronRight className="staff-table__pager-icon" aria-hidden="true" focusable="false" />
        </button>
      </div>
    </nav>
  );
}
