import {
  AUDIT_ACTIONS,
  AUDIT_AREAS,
  SCREEN_TARGET_TYPES,
  type AuditFilter,
  type AuditListRequest,
} from '../../../../core/schemas/audit';
import { exportAuditLog } from '../../../../core/api/audit';
import { dateFormat, formatCount } from '../../lib/staff-locale';

/**
 * The rules of the audit log screen that need no React (docs/design.md §21): its filters and how they sit in the
 * address bar, the calls they make (the firm's local days turned into times with their offset), the CSV
 * link, what an empty list says, and how an entry's details read. The screen and the detail view share them.
 */

/**
 * The list as asked for, as it sits in the address bar: the filters ('' is no filter) and the page. From and
 * To are the viewer's local days (`2026-11-25`), as the date inputs give them.
 */
export interface AuditQuery {
  userName: string;
  /** An action (`page.publish`) or an area (`page`: all of its actions). */
  action: string;
  targetType: string;
  from: string;
  to: string;
  pageno: number;
}

export type AuditFilters = Omit<AuditQuery, 'pageno'>;

export const NO_FILTERS: AuditFilters = { userName: '', action: '', targetType: '', from: '', to: '' };
export const FIRST_PAGE: AuditQuery = { ...NO_FILTERS, pageno: 1 };

/** The query parameters of the screen's address (`/auditlog?user=admin&action=group&page=2`). */
const PARAM = {
  userName: 'user',
  action: 'action',
  targetType: 'target',
  from: 'from',
  to: 'to',
  pageno: 'page',
} as const;

const FILTER_KEYS = ['userName', 'action', 'targetType', 'from', 'to'] as const;

/** The query an address asks for; anything missing or unreadable is no filter (a page that is no number: 1). */
export function queryFromParams(params: URLSearchParams): AuditQuery {
  const text = (key: keyof typeof PARAM) => (params.get(PARAM[key]) ?? '').trim();
  const page = text('pageno');
  return {
    userName: text('userName'),
    action: text('action'),
    targetType: text('targetType'),
    from: text('from'),
    to: text('to'),
    pageno: /^\d{1,6}$/.test(page) && Number(page) >= 1 ? Number(page) : 1,
  };
}

/** The address's query of a list: only what is set, the page only past the first. */
export function paramsFromQuery(query: AuditQuery): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) if (query[key] !== '') params.set(PARAM[key], query[key]);
  if (query.pageno > 1) params.set(PARAM.pageno, String(query.pageno));
  return params;
}

export function filtersOf(query: AuditQuery): AuditFilters {
  return {
    userName: query.userName,
    action: query.action,
    targetType: query.targetType,
    from: query.from,
    to: query.to,
  };
}

export function isFiltered(filters: AuditFilters): boolean {
  return FILTER_KEYS.some((key) => filters[key] !== '');
}

/** Whether `value` is a day of the calendar (`2026-11-25`; not `2026-02-30`). */
export function isDay(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = localDate(year, month, day, 12);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day;
}

/** A local moment of a day (a year below 100 stays that year, which `new Date(y, …)` would not do). */
function localDate(year: number, month: number, day: number, hours: number, minutes = 0, seconds = 0, ms = 0): Date {
  const date = new Date(2000, 0, 1);
  date.setFullYear(year, month - 1, day);
  date.setHours(hours, minutes, seconds, ms);
  return date;
}

const pad = (value: number, width = 2) => String(Math.abs(value)).padStart(width, '0');

/** A moment as ISO 8601 in the viewer's local time with its offset (`2026-11-25T00:00:00.000+05:30`). */
export function localIsoTime(date: Date): string {
  const east = -date.getTimezoneOffset();
  const offset = `${east < 0 ? '-' : '+'}${pad(Math.trunc(Math.abs(east) / 60))}:${pad(Math.abs(east) % 60)}`;
  return (
    `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}${offset}`
  );
}

/**
 * A local day as the server's filter: From is the start of the day, To its last millisecond, each with the
 * offset of that moment (a day that changes to or from summer time keeps both ends right). Anything else is
 * sent as it is, for the server to judge (and to answer with its sentence).
 */
export function dayBound(value: string, end: boolean): string {
  if (!isDay(value)) return value;
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  return localIsoTime(end ? localDate(year, month, day, 23, 59, 59, 999) : localDate(year, month, day, 0));
}

/** The filters as the server reads them: only those set, the days as times with the local offset. */
export function filterRequest(filters: AuditFilters): AuditFilter {
  return {
    ...(filters.userName === '' ? {} : { userName: filters.userName }),
    ...(filters.action === '' ? {} : { action: filters.action }),
    ...(filters.targetType === '' ? {} : { targetType: filters.targetType }),
    ...(filters.from === '' ? {} : { from: dayBound(filters.from, false) }),
    ...(filters.to === '' ? {} : { to: dayBound(filters.to, true) }),
  };
}

/** The body of getauditlog. */
export function listRequest(query: AuditQuery): AuditListRequest {
  return { pageno: query.pageno, ...filterRequest(query) };
}

/** The CSV of every entry the filters select (all pages): the same filters as query parameters. */
export function exportUrl(filters: AuditFilters): string {
  const params = new URLSearchParams(filterRequest(filters) as Record<string, string>);
  const search = params.toString();
  const { path } = exportAuditLog;
  return search === '' ? path : `${path}?${search}`;
}

/** The Action filter: every action, and every area as all of its actions, grouped by area. */
export interface ActionGroup {
  area: string;
  options: ReadonlyArray<{ value: string; label: string }>;
}

export const ALL_ACTIONS_LABEL = 'All actions';

export const areaLabel = (area: string) => `All ${area} actions`;

export const ACTION_GROUPS: readonly ActionGroup[] = AUDIT_AREAS.map((area) => ({
  area,
  options: [
    { value: area, label: areaLabel(area) },
    ...AUDIT_ACTIONS.filter((action) => action.startsWith(`${area}.`)).map((action) => ({
      value: action,
      label: action,
    })),
  ],
}));

/** How the Action filter names a value: its option's words, else the value (an address may carry any action). */
export function actionLabel(value: string): string {
  if (value === '') return ALL_ACTIONS_LABEL;
  for (const group of ACTION_GROUPS)
    for (const option of group.options) if (option.value === value) return option.label;
  return value.includes('.') ? value : areaLabel(value);
}

/** The kinds of target the back office writes (`targetType`), in the order the screen offers them. */
export const TARGET_TYPES = SCREEN_TARGET_TYPES;

export const ANY_TARGET_LABEL = 'Any target';

/** The Target type filter: any, each known type, and the one the address asks for if it is another. */
export function targetTypeOptions(current: string): ReadonlyArray<{ value: string; label: string }> {
  const known: readonly string[] = TARGET_TYPES;
  const types = current === '' || known.includes(current) ? known : [...known, current];
  return [{ value: '', label: ANY_TARGET_LABEL }, ...types.map((type) => ({ value: type, label: type }))];
}

/** The Action filter's options beyond the fixed ones: the one the address asks for, if it is no known value. */
export function isKnownAction(value: string): boolean {
  return value === '' || ACTION_GROUPS.some((group) => group.options.some((option) => option.value === value));
}

/** A filter's day as the screen says it ("25 Nov 2026"); what is no day, as it came. */
export function dayLabel(value: string): string {
  if (!isDay(value)) return value;
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  return dateFormat({ dateStyle: 'medium' }).format(localDate(year, month, day, 12));
}

/** The filters set, each by the name of its field and what it asks for. */
export function filterWords(filters: AuditFilters): Array<{ field: string; words: string }> {
  const words: Array<{ field: string; words: string }> = [];
  if (filters.userName !== '') words.push({ field: 'User name', words: `“${filters.userName}”` });
  if (filters.action !== '') words.push({ field: 'Action', words: actionLabel(filters.action) });
  if (filters.targetType !== '') words.push({ field: 'Target type', words: filters.targetType });
  if (filters.from !== '') words.push({ field: 'From', words: dayLabel(filters.from) });
  if (filters.to !== '') words.push({ field: 'To', words: dayLabel(filters.to) });
  return words;
}

const joined = (items: readonly string[]) =>
  items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

/**
 * What an empty list says: that nothing was recorded yet, or which filters found nothing and which to
 * loosen (the user name is matched whole, so a part of one finds nothing).
 */
export function emptyMessage(filters: AuditFilters): string {
  const set = filterWords(filters);
  if (set.length === 0)
    return 'The audit log has no entries yet. Changes made in the back office and sign-ins are listed here as they happen.';
  const exact = filters.userName !== '' ? ' The user name must be a whole user name (any case).' : '';
  if (set.length === 1) {
    const only = set[0]!;
    return `No entries match ${only.field}: ${only.words}. Loosen or clear the ${only.field} filter to see more.${exact}`;
  }
  const described = joined(set.map((filter) => `${filter.field}: ${filter.words}`));
  return `No entries match ${described} together. Loosen or clear one of these filters (${joined(set.map((filter) => filter.field))}) to see more.${exact}`;
}

/** How many entries there are ("1 entry", "41 entries"). */
export function entryCount(total: number, capped = false): string {
  // A capped count (docs/design.md §23): the log holds more entries than the server counted.
  if (capped) return `More than ${formatCount(total)} entries`;
  return `${formatCount(total)} ${total === 1 ? 'entry' : 'entries'}`;
}

/** A moment in UTC, whole (`2026-11-25 10:00:05.123 UTC`); what is no time, as it came. */
export function utcTime(at: string): string {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return at;
  return `${date.toISOString().replace('T', ' ').replace('Z', '')} UTC`;
}

/** A moment in the viewer's zone, to the second (an audit trail needs the seconds); null for no time. */
export function localTime(at: string): { date: string; time: string } | null {
  const date = new Date(at);
  return Number.isNaN(date.getTime())
    ? null
    : {
        date: dateFormat({ dateStyle: 'medium' }).format(date),
        time: dateFormat({ timeStyle: 'medium' }).format(date),
      };
}

/** The viewer's time zone, as the filter's hint names it ("Asia/Kolkata"). */
export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'your local time';
}

// The details of an entry

/** A value of the details as the screen shows it: text, or nothing (shown as a dash read as "None"). */
export type DetailValue = { kind: 'text'; text: string } | { kind: 'none' } | { kind: 'empty' };

/** A field that changed: where it sits (`name`, `changed › Email › mandatory`), before and after. */
export interface DetailChange {
  field: string;
  before: DetailValue;
  after: DetailValue;
}

export interface DetailFact {
  term: string;
  value: DetailValue;
}

export interface ReadableDetails {
  changes: DetailChange[];
  facts: DetailFact[];
}

const PATH_SEPARATOR = ' › ';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** `{before, after}` and nothing else: a changed field as the server records it. */
export function isChange(value: unknown): value is { before: unknown; after: unknown } {
  if (!isRecord(value)) return false;
  const keys = Object.keys(value);
  return keys.length === 2 && 'before' in value && 'after' in value;
}

/** One value in words: yes/no for a flag, a list joined by commas, a nested record as compact JSON. */
export function readableValue(value: unknown): DetailValue {
  if (value === null || value === undefined) return { kind: 'none' };
  if (typeof value === 'string') return value === '' ? { kind: 'empty' } : { kind: 'text', text: value };
  if (typeof value === 'boolean') return { kind: 'text', text: value ? 'Yes' : 'No' };
  if (typeof value === 'number' || typeof value === 'bigint') return { kind: 'text', text: String(value) };
  if (Array.isArray(value)) {
    if (value.length === 0) return { kind: 'none' };
    return {
      kind: 'text',
      text: value.map((item) => (typeof item === 'string' ? item : textOf(readableValue(item)))).join(', '),
    };
  }
  return { kind: 'text', text: JSON.stringify(value) };
}

function textOf(value: DetailValue): string {
  return value.kind === 'text' ? value.text : value.kind === 'empty' ? '""' : 'none';
}

/**
 * An entry's details, readably: each `{before, after}` (at any depth) as a change of the field named by its
 * path; every other value as a term and its value (nested records by their path, lists joined). Nothing here
 * becomes markup: the screen renders the words as text.
 */
export function readDetails(details: Record<string, unknown>): ReadableDetails {
  const changes: DetailChange[] = [];
  const facts: DetailFact[] = [];
  const walk = (value: Record<string, unknown>, path: string[]) => {
    for (const [key, item] of Object.entries(value)) {
      const here = [...path, key];
      const field = here.join(PATH_SEPARATOR);
      if (isChange(item)) changes.push({ field, before: readableValue(item.before), after: readableValue(item.after) });
      else if (isRecord(item) && Object.keys(item).length > 0 && here.length < 6) walk(item, here);
      else facts.push({ term: field, value: isRecord(item) ? { kind: 'none' } : readableValue(item) });
    }
  };
  walk(details, []);
  return { changes, facts };
}
