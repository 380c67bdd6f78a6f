import { useEffect, useId, useRef, useState, type Dispatch, type FormEvent, type SetStateAction } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { Download } from 'lucide-react';
import { ENQUIRIES_PAGE_SIZE, type EnquiryList, type EnquiryRow } from '../../../../core/schemas/enquiries';
import { errorMessage } from '../../lib/api';
import { DataTable, type DataColumn } from '../../components/data-table';
import { useDetailDialog } from '../../components/modal-dialog';
import { OptionalCell } from '../../components/optional-cell';
import { BackToHomeLink, Screen } from '../../components/screen';
import { SearchToolbar, ToolbarSelect } from '../../components/search-toolbar';
import { usePageCursors } from '../../components/use-page-cursors';
import { useRecordLink } from '../../components/use-record-link';
import { notify } from '../../toasts';
import { ENQUIRIES_KEY, useEnquiries, useEnquiry } from './api';
import {
  EnquiryActionButtons,
  EnquiryRowActions,
  useEnquiryActionCalls,
  type EnquiryActionKind,
} from './enquiry-actions';
import { EmailLink, EnquiryStatusBadge, MailCell, ReceivedCell } from './enquiry-cells';
import { EnquiryDetail } from './enquiry-detail';
import { FormChooser, SubmissionsScreen, useChosenForm } from './submissions';
import {
  FIRST_PAGE,
  MAIL_FILTER_OPTIONS,
  STATUS_FILTER_OPTIONS,
  emptyMessage,
  exportUrl,
  isEnquiryStatus,
  isMailState,
  listedUnder,
  sameQuery,
  type EnquiryQuery,
} from './enquiry-list';
import '../../../styles/enquiries.css';

const column = createColumnHelper<EnquiryRow>();

const COLUMNS: DataColumn<EnquiryRow>[] = [
  column.accessor('createdAt', { header: 'Received', cell: ({ getValue }) => <ReceivedCell value={getValue()} /> }),
  column.accessor('name', { header: 'Contact Person' }),
  column.accessor('organization', {
    header: 'Organization',
    cell: ({ getValue }) => <OptionalCell text={getValue()} />,
  }),
  column.accessor('email', { header: 'Email', cell: ({ getValue }) => <EmailLink email={getValue()} /> }),
  column.accessor('status', { header: 'Status', cell: ({ getValue }) => <EnquiryStatusBadge status={getValue()} /> }),
  column.accessor('mail', { header: 'Mail', cell: ({ getValue }) => <MailCell mail={getValue()} /> }),
];

const SEARCH_INPUT_ID = 'enquiry-search';

/**
 * Where the focus goes when what had it goes away (a deleted enquiry's row, one that left the filter): the
 * start of the list's controls, so the keyboard carries on from there rather than from the top of the page.
 */
function focusListStart() {
  document.getElementById(SEARCH_INPUT_ID)?.focus();
}

/**
 * A link to one enquiry (`/enquiries?open=42`, from the dashboard or the search): its detail opens over the list
 * once it is read; one that is gone says so (the server's sentence) and the list shows as usual. Gives back what
 * takes `open` out of the address.
 */
function useOpenLinkedEnquiry(openDetail: (row: EnquiryRow) => void) {
  const link = useRecordLink('open');
  const linked = useEnquiry(link.id);
  const linkOpened = useRef<number | undefined>(undefined);
  const clearLink = link.clear;
  useEffect(() => {
    if (link.id === undefined) linkOpened.current = undefined;
    else if (linked.data && linked.data.id === link.id && linkOpened.current !== link.id) {
      linkOpened.current = link.id;
      openDetail(linked.data);
    }
  }, [link.id, linked.data, openDetail]);
  const linkError = linked.isError ? linked.error : null;
  useEffect(() => {
    // Only before its detail opened: once open, the dialog keeps its own copy.
    if (!linkError || linkOpened.current === link.id) return;
    notify.error(errorMessage(linkError));
    clearLink();
  }, [linkError, link.id, clearLink]);
  // An address that names no enquiry (`?open=abc`) is dropped.
  useEffect(() => {
    if (link.present && link.id === undefined) clearLink();
  }, [link.present, link.id, clearLink]);
  return clearLink;
}

/**
 * Moves to the new last page when the one shown emptied (its last enquiry deleted or moved out of the filter),
 * rather than leaving an empty page after pages that still hold enquiries.
 */
function useLastPageWhenEmptied(
  list: EnquiryList | undefined,
  isPlaceholderData: boolean,
  pageno: number,
  setQuery: Dispatch<SetStateAction<EnquiryQuery>>,
) {
  const totalItems = list?.totalItems ?? 0;
  const lastPage = Math.max(1, Math.ceil(totalItems / ENQUIRIES_PAGE_SIZE));
  const pageGone =
    list !== undefined &&
    !isPlaceholderData &&
    !list.totalCapped &&
    list.items.length === 0 &&
    totalItems > 0 &&
    pageno > lastPage;
  useEffect(() => {
    if (pageGone) setQuery((current) => ({ ...current, pageno: lastPage }));
  }, [pageGone, lastPage, setQuery]);
}

/** Said above the list while the server has no mail settings: enquiries are stored but not mailed. */
function MailNotSetUpNotice() {
  return (
    <div className="app-notice enquiries-notice" role="note">
      <p className="enquiries-notice__title">Enquiries are not mailed yet.</p>
      <p>
        They are stored and listed here, but no mail goes out until the server&apos;s SMTP_URL (the mail server to send
        through) and CONTACT_RECIPIENT (the address that receives enquiries) settings are set. Enquiries waiting then
        are mailed at once.
      </p>
    </div>
  );
}

/** The list's search with its Status and Mail filters, and the CSV of every enquiry they match. */
function EnquiriesToolbar({
  text,
  onTextChange,
  onSearch,
  onRefresh,
  query,
  onStatusFilter,
  onMailFilter,
  exportHintId,
}: {
  text: string;
  onTextChange: (text: string) => void;
  onSearch: (event: FormEvent) => void;
  onRefresh: () => void;
  query: EnquiryQuery;
  onStatusFilter: (value: string) => void;
  onMailFilter: (value: string) => void;
  exportHintId: string;
}) {
  return (
    <div className="enquiries-toolbar">
      <SearchToolbar
        label="Search enquiries"
        inputId={SEARCH_INPUT_ID}
        text={text}
        onTextChange={onTextChange}
        onSearch={onSearch}
        onRefresh={onRefresh}
      >
        <ToolbarSelect
          id="enquiry-filter-status"
          label="Status"
          value={query.status}
          options={STATUS_FILTER_OPTIONS}
          onChange={onStatusFilter}
        />
        <ToolbarSelect
          id="enquiry-filter-mail"
          label="Mail"
          value={query.mailState}
          options={MAIL_FILTER_OPTIONS}
          onChange={onMailFilter}
        />
      </SearchToolbar>
      {/* A plain link: the browser downloads the file with the session cookie (a GET needs no CSRF header). */}
      <a
        className="button button--outline enquiries-export"
        href={exportUrl(query)}
        download
        aria-describedby={exportHintId}
      >
        <Download className="button__icon" aria-hidden="true" focusable="false" />
        Export CSV
      </a>
      <span id={exportHintId} className="visually-hidden">
        Every enquiry that matches the search and filters of the list, on all its pages.
      </span>
    </div>
  );
}

/**
 * What the list is asked for: the search text as typed, the query (search, filters and page; `?status=Spam`, the
 * staff home's count of spam, opens the list under that filter), the list read for it, and Search, the filters and
 * Refresh that change it.
 */
function useEnquiryListQuery() {
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [searchParams] = useSearchParams();
  const [query, setQuery] = useState<EnquiryQuery>(() => {
    const status = searchParams.get('status') ?? '';
    return isEnquiryStatus(status) ? { ...FIRST_PAGE, status } : FIRST_PAGE;
  });
  const enquiries = useEnquiries(query, usePageCursors());

  const apply = (next: EnquiryQuery) => {
    // The same list asked for again (Search pressed twice) is looked up anew: mail states move on their own.
    if (sameQuery(next, query)) void enquiries.refetch();
    else setQuery(next);
  };

  const search = (event: FormEvent) => {
    event.preventDefault();
    apply({ ...query, searchText: text.trim(), pageno: 1 });
  };

  // The filters apply at once, with the text last searched.
  const filterStatus = (value: string) =>
    setQuery({ ...query, status: isEnquiryStatus(value) ? value : '', pageno: 1 });
  const filterMail = (value: string) => setQuery({ ...query, mailState: isMailState(value) ? value : '', pageno: 1 });

  const refresh = () => {
    setText('');
    setQuery({ ...query, searchText: '', pageno: 1 });
    void queryClient.invalidateQueries({ queryKey: ENQUIRIES_KEY });
  };

  return { text, setText, query, setQuery, enquiries, search, filterStatus, filterMail, refresh };
}

/**
 * enquiries: what visitors sent through the contact form, newest first (docs/design.md §15): search, Status and Mail
 * filters, the CSV of what is listed, a paged table with each enquiry's mail state, its detail in a dialog,
 * and the actions (handled / new, spam / not spam, Resend, Delete).
 */
export function EnquiriesScreen() {
  const formId = useChosenForm();
  return formId === null ? <ContactEnquiries /> : <SubmissionsScreen key={formId} formId={formId} />;
}

/** The contact form's enquiries (spec 000 §2 Contact), under the Form filter's first choice. */
function ContactEnquiries() {
  const { text, setText, query, setQuery, enquiries, search, filterStatus, filterMail, refresh } =
    useEnquiryListQuery();
  const calls = useEnquiryActionCalls();
  const { detail, setDetail, openDetail, closeDetail } = useDetailDialog<EnquiryRow>(focusListStart);
  const exportHintId = useId();
  const clearLink = useOpenLinkedEnquiry(openDetail);

  /** Closes the detail, and takes a link's `open` out of the address so that Back does not open it again. */
  const closeShown = (openerGone = false) => {
    closeDetail(openerGone);
    clearLink();
  };

  const list = enquiries.data;
  const totalItems = list?.totalItems ?? 0;

  useLastPageWhenEmptied(list, enquiries.isPlaceholderData, query.pageno, setQuery);

  // The detail shows the listed copy while the enquiry is listed, else the last one known (marked spam under
  // the default filter, it leaves the list but stays open here).
  const shown = detail ? (list?.items.find((row) => row.id === detail.id) ?? detail) : null;

  const runAction = async (kind: EnquiryActionKind, row: EnquiryRow, from: 'row' | 'detail') => {
    if (kind === 'view') {
      openDetail(row);
      return;
    }
    const outcome = await calls.perform(kind, row);
    if (!outcome.done) return;
    if (from === 'detail') {
      if (outcome.deleted) closeShown(true);
      else if (outcome.status) setDetail({ ...row, status: outcome.status });
      else if (outcome.resent) setDetail({ ...row, mail: { ...row.mail, state: 'queued' } });
      return;
    }
    // The row goes away (deleted, or out of the filters): the focus moves on before its button does.
    const leaves =
      outcome.deleted ||
      (outcome.status !== undefined && !listedUnder(query.status, outcome.status)) ||
      (outcome.resent && query.mailState !== '' && query.mailState !== 'queued');
    if (leaves) focusListStart();
  };

  return (
    <Screen
      title="Enquiries"
      lead="What visitors sent through the contact form, newest first. Each enquiry is also mailed to the company; the Mail column shows how far that got. Search looks in names, organisations, e-mail addresses and requirements."
      actions={
        <div className="screen-actions">
          <BackToHomeLink />
        </div>
      }
    >
      {list && !list.mailConfigured ? <MailNotSetUpNotice /> : null}
      <FormChooser />
      <EnquiriesToolbar
        text={text}
        onTextChange={setText}
        onSearch={search}
        onRefresh={refresh}
        query={query}
        onStatusFilter={filterStatus}
        onMailFilter={filterMail}
        exportHintId={exportHintId}
      />
      <DataTable
        caption="Enquiries"
        columns={COLUMNS}
        rows={list?.items ?? []}
        getRowId={(row) => String(row.id)}
        status={enquiries.status}
        errorMessage={enquiries.isError ? errorMessage(enquiries.error) : undefined}
        onRetry={() => void enquiries.refetch()}
        refreshing={enquiries.isPlaceholderData}
        loadingLabel="Loading enquiries…"
        emptyMessage={emptyMessage(query)}
        paging={{
          page: query.pageno,
          pageSize: ENQUIRIES_PAGE_SIZE,
          totalItems,
          totalCapped: list?.totalCapped,
          hasNext: list ? list.next !== null : undefined,
          onPageChange: (pageno) => setQuery({ ...query, pageno }),
        }}
        rowActions={(row) => <EnquiryRowActions row={row} onAction={(kind) => void runAction(kind, row, 'row')} />}
      />
      {shown ? (
        <EnquiryDetail
          row={shown}
          mailConfigured={list?.mailConfigured ?? true}
          onClose={() => closeShown()}
          actions={
            <EnquiryActionButtons
              row={shown}
              busy={calls.busy}
              onAction={(kind) => void runAction(kind, shown, 'detail')}
            />
          }
        />
      ) : null}
      {calls.dialog}
    </Screen>
  );
}
