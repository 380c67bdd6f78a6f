import { useId, useRef, useState } from 'react';
import { createColumnHelper } from '@tanstack/react-table';
import { Pencil, Signpost, Trash2 } from 'lucide-react';
import type { NotFoundEntry, Redirect } from '../../../../core/schemas/redirect';
import { errorMessage } from '../../lib/api';
import { formatDateTime } from '../../lib/date-time';
import { useConfirm } from '../../components/confirm-dialog';
import { DataTable, type DataColumn, type DataTableProps } from '../../components/data-table';
import { IconButton } from '../../components/icon-button';
import { OptionalCell } from '../../components/optional-cell';
import { BackToHomeLink, Screen } from '../../components/screen';
import { notify } from '../../toasts';
import { STATUS_NAMES, useDeleteRedirect, useNotFound, useRedirects } from './api';
import { EMPTY_DRAFT, RedirectForm, type RedirectDraft } from './redirect-form';
import { RedirectsCsv } from './redirects-csv';
import '../../../styles/redirects.css';
import { formatCount } from '../../lib/staff-locale';

/** Rows a page of each list shows (the server sends them all: at most 1,000 addresses not found). */
export const REDIRECTS_PAGE_SIZE = 20;

/** What an empty list says. */
const NO_REDIRECTS =
  'There are no redirects yet: every address shows its own page or “Page not found”. Add one above, import a CSV file, or create one from an address not found below.';
const NO_ADDRESSES_NOT_FOUND = 'Visitors have found every address they asked for: none is waiting for a redirect.';

/** An address as the lists show it: in code type, breaking anywhere in a narrow column. */
const Address = ({ path }: { path: string }) => <code className="redirects-address">{path}</code>;

/** A moment in the viewer's own time, its exact value for machines; "Never" for none. */
const Moment = ({ at }: { at: string | null }) => (at ? <time dateTime={at}>{formatDateTime(at)}</time> : <>Never</>);

const count = formatCount;

const redirectColumn = createColumnHelper<Redirect>();
const REDIRECT_COLUMNS: DataColumn<Redirect>[] = [
  redirectColumn.accessor('from', { header: 'From', cell: ({ getValue }) => <Address path={getValue()} /> }),
  redirectColumn.accessor('to', { header: 'To', cell: ({ getValue }) => <Address path={getValue()} /> }),
  redirectColumn.accessor('status', {
    header: 'Kind',
    cell: ({ row }) => `${row.original.status} ${STATUS_NAMES[row.original.status]}`,
  }),
  redirectColumn.accessor('hits', {
    header: 'Hits',
    meta: { align: 'end' },
    cell: ({ getValue }) => count(getValue()),
  }),
  redirectColumn.accessor('lastHit', { header: 'Last hit', cell: ({ getValue }) => <Moment at={getValue()} /> }),
];

const notFoundColumn = createColumnHelper<NotFoundEntry>();
const NOT_FOUND_COLUMNS: DataColumn<NotFoundEntry>[] = [
  notFoundColumn.accessor('path', { header: 'Address', cell: ({ getValue }) => <Address path={getValue()} /> }),
  notFoundColumn.accessor('hits', {
    header: 'Hits',
    meta: { align: 'end' },
    cell: ({ getValue }) => count(getValue()),
  }),
  notFoundColumn.accessor('lastSeen', { header: 'Last seen', cell: ({ getValue }) => <Moment at={getValue()} /> }),
  notFoundColumn.accessor('referrer', {
    header: 'Came from',
    cell: ({ getValue }) => (
      <span className="redirects-referrer">
        <OptionalCell text={getValue()} />
      </span>
    ),
  }),
];

/**
 * A list, or what it says when empty as a sentence in place of the table: an empty table's columns would still be
 * wider than a phone, a scroll box with nothing in it to reach by keyboard.
 */
function ListOrSentence<T>({ total, ...table }: DataTableProps<T> & { total: number | undefined }) {
  return total === 0 ? <p className="redirects-empty">{table.emptyMessage}</p> : <DataTable {...table} />;
}

/** What a list's table says of the query behind it: loading, or its failure with Try again. */
const queryState = (query: { status: 'pending' | 'error' | 'success'; error: unknown; refetch: () => unknown }) => ({
  status: query.status,
  errorMessage: query.status === 'error' ? errorMessage(query.error) : undefined,
  onRetry: () => void query.refetch(),
});

/** One page of a list the server sends whole; a page past the end (its last row deleted) shows the last page. */
function usePageOf<T>(rows: readonly T[]) {
  const [page, setPage] = useState(1);
  const shown = Math.min(page, Math.max(1, Math.ceil(rows.length / REDIRECTS_PAGE_SIZE)));
  return {
    rows: rows.slice((shown - 1) * REDIRECTS_PAGE_SIZE, shown * REDIRECTS_PAGE_SIZE),
    paging: { page: shown, pageSize: REDIRECTS_PAGE_SIZE, totalItems: rows.length, onPageChange: setPage },
  };
}

/**
 * redirects (Administrators, docs/design.md §27): the site's redirects with a form to add or change one, their CSV out
 * and in, and the addresses visitors asked for and got 404, each with Create redirect (which fills the form's
 * From and puts the focus in To).
 */
export default function RedirectsScreen() {
  const redirects = useRedirects();
  const notFound = useNotFound();
  const deleteRedirect = useDeleteRedirect();
  const { confirm, dialog } = useConfirm();
  const [form, setForm] = useState<{ key: number; draft: RedirectDraft; focus: 'from' | 'to' | null }>({
    key: 0,
    draft: EMPTY_DRAFT,
    focus: null,
  });
  const listHeadingId = useId();
  const notFoundHeadingId = useId();
  const listHeading = useRef<HTMLHeadingElement>(null);
  const redirectPage = usePageOf(redirects.data ?? []);
  const notFoundPage = usePageOf(notFound.data ?? []);

  const openForm = (draft: RedirectDraft, focus: 'from' | 'to' | null) =>
    setForm((current) => ({ key: current.key + 1, draft, focus }));

  const remove = async (row: Redirect) => {
    const question = `Delete the redirect from ${row.from} to ${row.to}? Visitors of ${row.from} get “Page not found” again, unless a page lives there.`;
    if (!(await confirm(question, { title: 'Delete the redirect', confirmLabel: 'Delete', danger: true }))) return;
    try {
      await deleteRedirect.mutateAsync(row.id);
      notify.success(`The redirect from ${row.from} is deleted.`, 'Redirect deleted');
      if (form.draft.id === row.id) openForm(EMPTY_DRAFT, null);
      // Its row, and the button that had the focus, are gone: the list's heading takes it.
      listHeading.current?.focus();
    } catch (error) {
      notify.error(errorMessage(error));
    }
  };

  const redirectActions = (row: Redirect) => (
    <>
      <IconButton
        icon={Pencil}
        label={`Change the redirect from ${row.from}`}
        tooltipAlign="end"
        onClick={() => openForm({ id: row.id, from: row.from, to: row.to, status: row.status }, 'from')}
      />
      <IconButton
        icon={Trash2}
        label={`Delete the redirect from ${row.from}`}
        tone="danger"
        tooltipAlign="end"
        onClick={() => void remove(row)}
      />
    </>
  );

  const notFoundActions = (row: NotFoundEntry) => (
    <IconButton
      icon={Signpost}
      label={`Create redirect from ${row.path}`}
      tooltipAlign="end"
      onClick={() => openForm({ ...EMPTY_DRAFT, from: row.path }, 'to')}
    />
  );

  return (
    <Screen
      title="Redirects"
      lead="Send the visitors of an old address to where its page is now, and see which addresses visitors asked for and did not find."
      actions={
        <div className="screen-actions">
          <BackToHomeLink />
        </div>
      }
    >
      <RedirectForm key={form.key} draft={form.draft} focus={form.focus} onDone={() => openForm(EMPTY_DRAFT, 'from')} />

      <section className="redirects-section" aria-labelledby={listHeadingId}>
        <h2 id={listHeadingId} ref={listHeading} tabIndex={-1}>
          Redirects
        </h2>
        <ListOrSentence
          total={redirects.data?.length}
          caption="Redirects"
          columns={REDIRECT_COLUMNS}
          rows={redirectPage.rows}
          getRowId={(row) => String(row.id)}
          {...queryState(redirects)}
          loadingLabel="Loading the redirects…"
          emptyMessage={NO_REDIRECTS}
          paging={redirectPage.paging}
          rowActions={redirectActions}
        />
      </section>

      <RedirectsCsv />

      <section className="redirects-section" aria-labelledby={notFoundHeadingId}>
        <h2 id={notFoundHeadingId}>Addresses not found</h2>
        <p>What visitors asked for and got “Page not found”, most asked first. Known probes by robots are left out.</p>
        <ListOrSentence
          total={notFound.data?.length}
          caption="Addresses not found"
          columns={NOT_FOUND_COLUMNS}
          rows={notFoundPage.rows}
          getRowId={(row) => row.path}
          {...queryState(notFound)}
          loadingLabel="Loading the addresses not found…"
          emptyMessage={NO_ADDRESSES_NOT_FOUND}
          paging={notFoundPage.paging}
          rowActions={notFoundActions}
        />
      </section>
      {dialog}
    </Screen>
  );
}
