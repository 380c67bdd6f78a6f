import { useId, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { Filter } from 'lucide-react';
import type { NotFoundEntry } from '../../../../core/schemas/redirect';
import { VISIT_DEVICES, type VisitDevice, type Visits } from '../../../../core/schemas/visits';
import { errorMessage } from '../../lib/api';
import { formatDateTime } from '../../lib/date-time';
import { DataTable, type DataColumn } from '../../components/data-table';
import { IconButton } from '../../components/icon-button';
import { LoadFailure, LoadingStatus } from '../../components/screen';
import { isForbidden, useNotFoundTop } from './api';
import { count, languageName } from './visits-range';

/**
 * The lists of the visits screen (docs/design.md §31) under the chart: the pages most viewed, where visitors came from,
 * campaigns, devices, languages, and the 404 log's top addresses. Each is a region named by its heading; an empty list
 * is a sentence in place of its table (an empty table would still be wider than a phone).
 */

/** Rows a page of each list shows: the server sends at most VISITS_TOP (50) of each. */
export const VISITS_LIST_PAGE = 10;

type PageRow = Visits['pages'][number];
type ReferrerRow = Visits['referrers'][number];
type CampaignRow = Visits['campaigns'][number];
type ShareRow = { name: string; views: number; share: string };

export const DEVICE_NAMES: Record<VisitDevice, string> = { phone: 'Phones', tablet: 'Tablets', desktop: 'Computers' };

/** A part of a whole as a percentage ("42%", "<1%" for a part too small to round up, "0%"). */
export function shareOf(part: number, whole: number): string {
  if (whole <= 0 || part <= 0) return '0%';
  const percent = Math.round((part / whole) * 100);
  return percent === 0 ? '<1%' : `${percent}%`;
}

/** One page of a list the server sends whole. */
function usePageOf<T>(rows: readonly T[]) {
  const [page, setPage] = useState(1);
  const shown = Math.min(page, Math.max(1, Math.ceil(rows.length / VISITS_LIST_PAGE)));
  return {
    rows: rows.slice((shown - 1) * VISITS_LIST_PAGE, shown * VISITS_LIST_PAGE),
    paging:
      rows.length > VISITS_LIST_PAGE
        ? { page: shown, pageSize: VISITS_LIST_PAGE, totalItems: rows.length, onPageChange: setPage }
        : undefined,
  };
}

/** A list of the screen: a region with its heading, what it lists, and the list (or its sentence when empty). */
export function VisitsSection({
  title,
  lead,
  wide = false,
  children,
}: {
  title: string;
  lead?: ReactNode;
  wide?: boolean;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      className={wide ? 'app-panel visits-section visits-section--wide' : 'app-panel visits-section'}
      aria-labelledby={headingId}
    >
      <h2 id={headingId}>{title}</h2>
      {lead ? <p className="visits-section__lead">{lead}</p> : null}
      {children}
    </section>
  );
}

/** A list's table (paged by 10), or its sentence when it is empty. */
function List<T>({
  caption,
  columns,
  rows,
  rowId,
  empty,
  rowActions,
}: {
  caption: string;
  columns: readonly DataColumn<T>[];
  rows: readonly T[];
  rowId: (row: T) => string;
  empty: string;
  rowActions?: (row: T) => ReactNode;
}) {
  const page = usePageOf(rows);
  if (rows.length === 0) return <p className="visits-empty">{empty}</p>;
  return (
    <DataTable
      caption={caption}
      columns={columns}
      rows={page.rows}
      getRowId={rowId}
      status="success"
      emptyMessage={empty}
      paging={page.paging}
      rowActions={rowActions}
      actionsHeader="Filter"
    />
  );
}

/** A column of counts, right-aligned. */
function countColumn<T>(id: string, header: string, read: (row: T) => number): DataColumn<T> {
  return { id, header, meta: { align: 'end' }, cell: ({ row }) => count(read(row.original)) };
}

const pageColumn = createColumnHelper<PageRow>();

/** The pages most viewed, each in its language; a page's name opens its editor where the user may edit it. */
export function TopPages({
  pages,
  mayEdit,
  filtered,
  onFilter,
}: {
  pages: readonly PageRow[];
  mayEdit: (routing: string) => boolean;
  /** The screen shows one page already: no Filter buttons. */
  filtered: boolean;
  onFilter: (row: PageRow) => void;
}) {
  const columns = useMemo<DataColumn<PageRow>[]>(
    () => [
      pageColumn.accessor('routing', {
        header: 'Page',
        cell: ({ row }) => {
          const { routing, locale } = row.original;
          return mayEdit(routing) ? (
            <Link to={`/${routing}?${new URLSearchParams({ locale }).toString()}`}>
              {routing}
              <span className="visually-hidden"> (open its editor)</span>
            </Link>
          ) : (
            routing
          );
        },
      }),
      pageColumn.accessor('locale', { header: 'Language', cell: ({ getValue }) => languageName(getValue()) }),
      countColumn<PageRow>('views', 'Views', (row) => row.views),
      countColumn<PageRow>('visitors', 'Visitors', (row) => row.visitors),
    ],
    [mayEdit],
  );
  return (
    <VisitsSection title="Pages" lead="The pages most viewed, each language of a page on its own line." wide>
      <List
        caption="Pages by views"
        columns={columns}
        rows={pages}
        rowId={(row) => `${row.routing} ${row.locale}`}
        empty="No page was viewed in this range."
        rowActions={
          filtered
            ? undefined
            : (row) => (
                <IconButton
                  icon={Filter}
                  label={`Show only ${row.routing} in ${languageName(row.locale)}`}
                  tooltipAlign="end"
                  onClick={() => onFilter(row)}
                />
              )
        }
      />
    </VisitsSection>
  );
}

const referrerColumn = createColumnHelper<ReferrerRow>();
const REFERRER_COLUMNS: DataColumn<ReferrerRow>[] = [
  referrerColumn.accessor('host', {
    header: 'Site',
    cell: ({ getValue }) => <span className="visits-host">{getValue()}</span>,
  }),
  countColumn<ReferrerRow>('views', 'Views', (row) => row.views),
];

export function Referrers({ referrers }: { referrers: readonly ReferrerRow[] }) {
  return (
    <VisitsSection
      title="Where visitors came from"
      lead="Other sites whose links brought views; each search engine counts as one site."
    >
      <List
        caption="Sites that brought views"
        columns={REFERRER_COLUMNS}
        rows={referrers}
        rowId={(row) => row.host}
        empty="No views came through a link on another site in this range: visitors typed the address, used a bookmark, or came from an app."
      />
    </VisitsSection>
  );
}

const campaignColumn = createColumnHelper<CampaignRow>();
const orNone = (text: string) => text || <span className="visits-none">None given</span>;
const CAMPAIGN_COLUMNS: DataColumn<CampaignRow>[] = [
  campaignColumn.accessor('source', { header: 'Source', cell: ({ getValue }) => orNone(getValue()) }),
  campaignColumn.accessor('medium', { header: 'Medium', cell: ({ getValue }) => orNone(getValue()) }),
  campaignColumn.accessor('campaign', { header: 'Campaign', cell: ({ getValue }) => orNone(getValue()) }),
  countColumn<CampaignRow>('views', 'Views', (row) => row.views),
];

export function Campaigns({ campaigns }: { campaigns: readonly CampaignRow[] }) {
  return (
    <VisitsSection
      title="Campaigns"
      lead={
        <>
          Views that came by a link tagged for a campaign (with <code>utm_source</code>, <code>utm_medium</code> and{' '}
          <code>utm_campaign</code> in its address), as in a newsletter or an advertisement.
        </>
      }
    >
      <List
        caption="Campaigns by views"
        columns={CAMPAIGN_COLUMNS}
        rows={campaigns}
        rowId={(row) => `${row.source}|${row.medium}|${row.campaign}`}
        empty="No views came by a campaign's link in this range."
      />
    </VisitsSection>
  );
}

const shareColumn = createColumnHelper<ShareRow>();
const shareColumns = (what: string): DataColumn<ShareRow>[] => [
  shareColumn.accessor('name', { header: what }),
  countColumn<ShareRow>('views', 'Views', (row) => row.views),
  shareColumn.accessor('share', { header: 'Share', meta: { align: 'end' } }),
];
const DEVICE_COLUMNS = shareColumns('Device');
const LANGUAGE_COLUMNS = shareColumns('Language');

export function Devices({ devices }: { devices: Visits['devices'] }) {
  const total = VISIT_DEVICES.reduce((sum, device) => sum + devices[device], 0);
  const rows = VISIT_DEVICES.map((device) => ({
    name: DEVICE_NAMES[device],
    views: devices[device],
    share: shareOf(devices[device], total),
  }));
  return (
    <VisitsSection title="Devices" lead="Views by the kind of device, as its browser tells it.">
      <List caption="Views by device" columns={DEVICE_COLUMNS} rows={rows} rowId={(row) => row.name} empty="" />
    </VisitsSection>
  );
}

export function Languages({ locales }: { locales: Visits['locales'] }) {
  const total = locales.reduce((sum, locale) => sum + locale.views, 0);
  const rows = locales.map((locale) => ({
    name: languageName(locale.code),
    views: locale.views,
    share: shareOf(locale.views, total),
  }));
  return (
    <VisitsSection title="Languages" lead="Views by the language the page was shown in.">
      <List
        caption="Views by language"
        columns={LANGUAGE_COLUMNS}
        rows={rows}
        rowId={(row) => row.name}
        empty="No views in this range."
      />
    </VisitsSection>
  );
}

/** How many of the 404 log's addresses the screen lists (the redirects screen has them all). */
export const NOT_FOUND_TOP = 10;

const notFoundColumn = createColumnHelper<NotFoundEntry>();
const NOT_FOUND_COLUMNS: DataColumn<NotFoundEntry>[] = [
  notFoundColumn.accessor('path', {
    header: 'Address',
    cell: ({ getValue }) => <code className="visits-host">{getValue()}</code>,
  }),
  notFoundColumn.accessor('hits', {
    header: 'Times asked',
    meta: { align: 'end' },
    cell: ({ getValue }) => count(getValue()),
  }),
  notFoundColumn.accessor('lastSeen', {
    header: 'Last asked',
    cell: ({ getValue }) => <time dateTime={getValue()}>{formatDateTime(getValue())}</time>,
  }),
];

/**
 * The addresses visitors asked for most and did not find (the redirects screen's 404 log, of all time, not of the
 * range), for users whose menu holds the redirects screen; left out, without a word, when the server refuses it (403).
 */
export function AddressesNotFound() {
  const notFound = useNotFoundTop();
  if (notFound.isError && isForbidden(notFound.error)) return null;
  return (
    <VisitsSection
      title="Addresses not found"
      lead={
        <>
          The addresses visitors asked for most and got “Page not found”, since the log began (not only in this range).
          On the <Link to="/redirects">Redirects</Link> screen, a redirect sends them where the page is now.
        </>
      }
      wide
    >
      {notFound.isPending ? (
        <LoadingStatus inline label="Loading the addresses not found…" />
      ) : notFound.isError ? (
        <LoadFailure inline message={errorMessage(notFound.error)} onRetry={() => void notFound.refetch()} />
      ) : (
        <List
          caption="Addresses not found, most asked first"
          columns={NOT_FOUND_COLUMNS}
          rows={notFound.data.slice(0, NOT_FOUND_TOP)}
          rowId={(row) => row.path}
          empty="Visitors have found every address they asked for."
        />
      )}
    </VisitsSection>
  );
}
