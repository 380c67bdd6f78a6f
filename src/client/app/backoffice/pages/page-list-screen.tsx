import { useState } from 'react';
import { Link } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { Eye, EyeOff, Pencil, Plus, SlidersHorizontal } from 'lucide-react';
import {
  PAGE_PAGE_SIZE,
  PAGE_SCREEN_WORDS,
  pageTypeWords,
  type PageListRow,
} from '../../../../core/page-defs/page-definition';
import { SCREEN_PAGES } from '../../../../core/pages';
import { ApiError, errorMessage } from '../../lib/api';
import { DataTable, type DataColumn } from '../../components/data-table';
import { IconButton, IconLink } from '../../components/icon-button';
import { useConfirm } from '../../components/confirm-dialog';
import { statusQuestion } from '../../components/status-badge';
import { BackToHomeLink, Screen } from '../../components/screen';
import { notify } from '../../toasts';
import { redirectSaved, useSaveRedirect } from '../redirects/api';
import { usePageList, useSetPageStatus } from './api';
import { publicAddressOf } from './live-pages';
import { RedirectOffer } from './redirect-offer';
import { SpecTerm } from './spec-term';
import '../../../styles/page-defs.css';

/** Back-office screens are pages too, but cannot be deactivated (the server refuses): they get no toggle. */
const SCREEN_IDS: ReadonlySet<number> = new Set(SCREEN_PAGES.map((screen) => screen.id));

/** The question asked before a page is deactivated (docs/design.md §11: unpublishing keeps the content; §24: its voice). */
export const DEACTIVATE_PAGE_QUESTION = statusQuestion(
  'page',
  false,
  'Its public page will answer 404 and leave the sitemap and every menu; its content and history are kept.',
);

const column = createColumnHelper<PageListRow>();

const COLUMNS: DataColumn<PageListRow>[] = [
  column.accessor('srno', { header: 'No.', meta: { align: 'end', width: '5.5rem' } }),
  column.accessor('name', {
    header: 'Page',
    // Display names are text: React escapes them (a name with HTML shows its tags as typed).
    cell: ({ row }) => (
      <span className="page-name">
        <span className="page-name__display">{row.original.name}</span>
        <span className="page-name__meta">
          <span className="page-name__route">/{row.original.code}</span>
          {row.original.homepage === 'Y' ? <span className="status-badge status-badge--on">On the website</span> : null}
          {row.original.activeStatus === 'N' ? <span className="status-badge">Inactive</span> : null}
        </span>
      </span>
    ),
  }),
  column.accessor('modulename', { header: 'Group' }),
  column.accessor('type', {
    header: 'Type',
    cell: ({ getValue }) => pageTypeWords(getValue()),
  }),
];

/**
 * homepages ("Create Home-Page"): every page, 10 a page, with edit, active Y/N and parameters (spec 001 §2).
 * Deactivating a page made without code offers to send its visitors to another page (docs/design.md §27).
 */
export function PageListScreen() {
  const [page, setPage] = useState(1);
  const pages = usePageList(page);
  const setStatus = useSetPageStatus();
  const saveRedirect = useSaveRedirect();
  const { confirm, dialog } = useConfirm();

  /** After a page is deactivated: its old address sends visitors to the page chosen in the question (docs/design.md §27). */
  const sendVisitors = async (from: string, to: string) => {
    try {
      notify.success(redirectSaved(await saveRedirect.mutateAsync({ from, to, status: 301 })), 'Redirect saved');
    } catch (error) {
      notify.error(
        `The page is deactivated, but ${from} does not send its visitors on: ${errorMessage(error)} Add the redirect on the Redirects screen.`,
      );
    }
  };

  const changeStatus = async (row: PageListRow) => {
    if (setStatus.isPending) return;
    const activate = row.activeStatus !== 'Y';
    // A page made without code that is on the website may send its visitors elsewhere once it is gone.
    const from = !activate && row.type === 'Autowired' ? publicAddressOf(row) : null;
    let to = '';
    const details = from ? <RedirectOffer from={from} onChoose={(chosen) => (to = chosen)} /> : undefined;
    if (
      !activate &&
      !(await confirm(DEACTIVATE_PAGE_QUESTION, {
        title: `Deactivate ${row.name}`,
        confirmLabel: 'Deactivate',
        danger: true,
        details,
      }))
    )
      return;
    try {
      const answer = await setStatus.mutateAsync({ id: row.id, activeStatus: activate ? 'Y' : 'N' });
      notify.success(answer.message);
    } catch (error) {
      // The catalogue's sentence, with the server's reason when it gave one.
      const reason =
        error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 403
          ? error.message
          : '';
      notify.error(reason ? `${PAGE_SCREEN_WORDS.statusFailed} ${reason}` : PAGE_SCREEN_WORDS.statusFailed);
      return;
    }
    // Only once the page is gone: the server refuses a redirect from a live page's address.
    if (from && to) await sendVisitors(from, to);
  };

  const rowActions = (row: PageListRow) => (
    <>
      <IconLink icon={Pencil} label={`Edit ${row.name}`} to={`/formcreation/${row.id}`} tooltipAlign="end" />
      {SCREEN_IDS.has(row.id) ? null : (
        // One button whose action follows the state: it keeps the focus when the state changes.
        <IconButton
          icon={row.activeStatus === 'Y' ? EyeOff : Eye}
          label={row.activeStatus === 'Y' ? `Deactivate ${row.name}` : `Activate ${row.name}`}
          tone={row.activeStatus === 'Y' ? 'danger' : 'success'}
          tooltipAlign="end"
          onClick={() => void changeStatus(row)}
        />
      )}
      <IconLink
        icon={SlidersHorizontal}
        label={`Choose the fields of ${row.name}`}
        to={`/paramactivity/${row.id}`}
        tooltipAlign="end"
      />
    </>
  );

  const data = pages.data;
  // The last page may have gone: show the new last page.
  const pageCount = Math.max(1, Math.ceil((data?.totalItems ?? 0) / PAGE_PAGE_SIZE));
  if (data && !pages.isPlaceholderData && page > pageCount) setPage(pageCount);

  return (
    <Screen
      title="Pages"
      lead={
        <>
          <p>
            Every page of the website and of the staff app. Make a page without code, choose its fields, put it on the
            website and in its menu.
          </p>
          <SpecTerm>Create Home-Page (homepages); Wired and Autowired pages</SpecTerm>
        </>
      }
      actions={
        <div className="screen-actions">
          <Link className="button" to="/formcreation">
            <Plus className="button__icon" aria-hidden="true" focusable="false" />
            Create New Page
          </Link>
          <BackToHomeLink />
        </div>
      }
    >
      <DataTable
        caption="Pages"
        columns={COLUMNS}
        rows={data?.items ?? []}
        getRowId={(row) => String(row.id)}
        status={pages.status}
        errorMessage={pages.isError ? errorMessage(pages.error) : undefined}
        onRetry={() => void pages.refetch()}
        refreshing={pages.isPlaceholderData}
        loadingLabel="Loading pages…"
        emptyMessage="No pages yet"
        paging={{ page, pageSize: PAGE_PAGE_SIZE, totalItems: data?.totalItems ?? 0, onPageChange: setPage }}
        rowActions={rowActions}
      />
      {dialog}
    </Screen>
  );
}
