import {
  ENQUIRY_STATUSES,
  MAIL_STATE_LABELS,
  MAIL_STATES,
  type EnquiryList,
  type EnquiryListRequest,
  type EnquiryRow,
  type EnquiryStatus,
  type MailState,
} from '../../../../core/schemas/enquiries';
import { ASKED_ON_SCREEN } from '../../lib/screen-words';
import { exportEnquiries } from '../../../../core/api/enquiries';

/**
 * The rules of the enquiries screen that need no React: its filters, the calls they make, the CSV link, which
 * actions a row offers and how its mail is described. The screen and the detail view both read them.
 */

/** The list as asked for: the searched text and the two filters ('' is no filter), and the page. */
export interface EnquiryQuery {
  searchText: string;
  status: EnquiryStatus | '';
  mailState: MailState | '';
  pageno: number;
}

export const FIRST_PAGE: EnquiryQuery = { searchText: '', status: '', mailState: '', pageno: 1 };

/** The spec's one delete question, word for word. */
export const DELETE_QUESTION = ASKED_ON_SCREEN.deleteEnquiry;

/** The Status filter: without a status the server lists New and Handled; Spam only when asked for. */
export const STATUS_FILTER_OPTIONS: ReadonlyArray<{ value: EnquiryStatus | ''; label: string }> = [
  { value: '', label: 'All (New and Handled)' },
  ...ENQUIRY_STATUSES.map((status) => ({ value: status, label: status })),
];

/** The Mail filter: the contract's words for each state. */
export const MAIL_FILTER_OPTIONS: ReadonlyArray<{ value: MailState | ''; label: string }> = [
  { value: '', label: 'Any' },
  ...MAIL_STATES.map((state) => ({ value: state, label: MAIL_STATE_LABELS[state] })),
];

export function isEnquiryStatus(value: string): value is EnquiryStatus {
  return (ENQUIRY_STATUSES as readonly string[]).includes(value);
}

export function isMailState(value: string): value is MailState {
  return (MAIL_STATES as readonly string[]).includes(value);
}

/** The body of getenquiries: only the filters that are set. */
export function listRequest(query: EnquiryQuery): EnquiryListRequest {
  return {
    pageno: query.pageno,
    ...(query.searchText === '' ? {} : { searchText: query.searchText }),
    ...(query.status === '' ? {} : { status: query.status }),
    ...(query.mailState === '' ? {} : { mailState: query.mailState }),
  };
}

/** The CSV export of what the list shows (every page of it): the same filters as query parameters. */
export function exportUrl(query: Pick<EnquiryQuery, 'searchText' | 'status' | 'mailState'>): string {
  const params = new URLSearchParams();
  if (query.searchText !== '') params.set('searchText', query.searchText);
  if (query.status !== '') params.set('status', query.status);
  if (query.mailState !== '') params.set('mailState', query.mailState);
  const search = params.toString();
  const { path } = exportEnquiries;
  return search === '' ? path : `${path}?${search}`;
}

/** Two queries that ask for the same list (Search pressed again asks the server anew instead). */
export function sameQuery(a: EnquiryQuery, b: EnquiryQuery): boolean {
  return a.searchText === b.searchText && a.status === b.status && a.mailState === b.mailState && a.pageno === b.pageno;
}

/** What an empty list says: what was searched and filtered, or that nothing came in yet. */
export function emptyMessage(query: EnquiryQuery): string {
  const filtered = query.searchText !== '' || query.status !== '' || query.mailState !== '';
  if (!filtered) return 'No enquiries yet';
  const what = query.status === '' ? 'No enquiries' : `No ${query.status} enquiries`;
  const text = query.searchText === '' ? '' : ` match '${query.searchText}'`;
  const mail = query.mailState === '' ? '' : ` (Mail: ${MAIL_STATE_LABELS[query.mailState]})`;
  return `${what}${text}${mail}`;
}

/** Whether an enquiry of `status` is still listed under the Status filter `filter`. */
export function listedUnder(filter: EnquiryStatus | '', status: EnquiryStatus): boolean {
  return filter === '' ? status !== 'Spam' : filter === status;
}

/** The actions an enquiry offers beside View and Delete. */
export interface EnquiryActionSet {
  /** The status the status action sets: Handled for a new enquiry, New again for a handled one; none for spam. */
  statusChange: 'Handled' | 'New' | null;
  /** Mark as spam, or (for spam) Not spam, which makes it New again. */
  spamChange: 'Spam' | 'New';
  /** Resend: for a mail that failed for good, or for a non-spam enquiry that was never mailed (spam set right). */
  resend: boolean;
}

export function enquiryActions(row: Pick<EnquiryRow, 'status' | 'mail'>): EnquiryActionSet {
  const spam = row.status === 'Spam';
  return {
    statusChange: spam ? null : row.status === 'New' ? 'Handled' : 'New',
    spamChange: spam ? 'New' : 'Spam',
    resend: row.mail.state === 'failed' || (row.mail.state === 'none' && !spam),
  };
}

/**
 * Whether the list should look again soon: a mail is on its way (waiting, with mail configured, or retrying),
 * so its state will change without anyone acting on the screen.
 */
export function mailInFlight(list: EnquiryList | undefined): boolean {
  if (!list) return false;
  return list.items.some(
    (row) => row.mail.state === 'retrying' || (row.mail.state === 'queued' && list.mailConfigured),
  );
}

/** How often the list looks again while a mail is on its way. */
export const IN_FLIGHT_REFRESH_MS = 5000;

/** A tel: link for a mobile number: ten digits are an Indian mobile (the form asks for them without +91). */
export function telHref(mobile: string): string {
  const digits = mobile.replace(/[^\d+]/g, '');
  return /^\d{10}$/.test(digits) ? `tel:+91${digits}` : `tel:${digits}`;
}

/** A mailto: link; the characters that would start a query or a fragment in the URL are escaped. */
export function mailtoHref(email: string): string {
  return `mailto:${email.replace(/[%?#&]/g, (character) => encodeURIComponent(character))}`;
}
