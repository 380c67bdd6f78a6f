import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Download } from 'lucide-react';
import type { Visits, VisitsQuery } from '../../../../core/schemas/visits';
import { ApiError, errorMessage, useSession } from '../../lib/api';
import { RefusalBox } from '../../components/staff-form';
import { BackToHomeLink, LoadFailure, LoadingStatus, Screen } from '../../components/screen';
import { useMayOpen, usePrefetchVisits, useVisits, visitsCsvUrl } from './api';
import { RangeForm } from './range-form';
import { VisitsChart } from './visits-chart';
import {
  count,
  languageName,
  paramsFromView,
  queryOf,
  rangeWords,
  viewFromParams,
  type VisitsView,
} from './visits-range';
import { AddressesNotFound, Campaigns, Devices, Languages, Referrers, TopPages, VisitsSection } from './visits-tables';
import '../../../styles/visits.css';

/** What the screen says when the range holds no visit at all. */
export const NO_VISITS =
  'No visits counted yet in this range: visits are counted from the day this version of Folio was installed (unless counting is turned off on the server), on the public pages only. Views by signed-in staff and by known robots never count.';

/** What "visitors" means here, said once under the totals. */
export const VISITORS_NOTE =
  'A visitor is counted once a day without a cookie: someone who came back on three days counts on each of them. Nothing about a person is kept.';

const isRefusal = (error: unknown): error is ApiError => error instanceof ApiError && error.status === 400;

const sum = (visits: Visits, key: 'views' | 'visitors') => visits.days.reduce((total, day) => total + day[key], 0);

/** Where the focus goes after a change that took away what had it (a Filter button, Show the whole site). */
type FocusTarget = 'filter' | 'summary' | null;

/**
 * The totals of the figures shown (`shown`: the query they answer), the CSV of the range asked for, and the way back to
 * the whole site when one page is asked for.
 */
function RangeSummary({
  visits,
  shown,
  asked,
  onWholeSite,
}: {
  visits: Visits;
  shown: VisitsQuery;
  asked: VisitsQuery;
  onWholeSite: () => void;
}) {
  const csvHintId = useId();
  const views = sum(visits, 'views');
  const visitors = sum(visits, 'visitors');
  return (
    <div className="visits-summary">
      <div className="visits-summary__text">
        <p id="visits-summary" className="visits-summary__totals" role="status" tabIndex={-1}>
          {rangeWords(shown)}: <strong>{count(views)}</strong> {views === 1 ? 'view' : 'views'} and{' '}
          <strong>{count(visitors)}</strong> {visitors === 1 ? 'visitor' : 'visitors'}
          {shown.routing ? ` of the page ${shown.routing}` : ' of the whole site'}
          {shown.routing && shown.locale ? ` in ${languageName(shown.locale)}` : ''}.
        </p>
        <p className="visits-summary__note">{VISITORS_NOTE}</p>
      </div>
      <div className="visits-summary__actions">
        {asked.routing ? (
          <button type="button" className="button button--outline" onClick={onWholeSite}>
            Show the whole site
          </button>
        ) : null}
        <a className="button button--outline" href={visitsCsvUrl(asked)} download aria-describedby={csvHintId}>
          <Download className="button__icon" aria-hidden="true" focusable="false" />
          Download CSV
        </a>
        <span id={csvHintId} className="visually-hidden">
          Every day of this range as a spreadsheet file: the figures of the site, then of each page in each language.
        </span>
      </div>
    </div>
  );
}

/** The figures of the range: the chart and the lists, or the sentence for a range without visits. */
function RangeFigures({
  visits,
  view,
  mayEdit,
  onFilter,
}: {
  visits: Visits;
  view: VisitsView;
  mayEdit: (routing: string) => boolean;
  onFilter: (row: Visits['pages'][number]) => void;
}) {
  const empty = visits.days.every((day) => day.views === 0 && day.visitors === 0);
  return (
    <>
      <VisitsSection title="Views and visitors per day" wide>
        {empty ? (
          <p className="visits-empty">{NO_VISITS}</p>
        ) : (
          <VisitsChart days={visits.days} caption="Views and visitors per day, oldest first" />
        )}
      </VisitsSection>
      {empty ? null : (
        <>
          <TopPages pages={visits.pages} mayEdit={mayEdit} filtered={view.routing !== ''} onFilter={onFilter} />
          <Referrers referrers={visits.referrers} />
          <Campaigns campaigns={visits.campaigns} />
          <Devices devices={visits.devices} />
          <Languages locales={visits.locales} />
        </>
      )}
    </>
  );
}

/** Whether the user may open a page's editor: its routing name is among the session's screens. */
function useMayEdit(): (routing: string) => boolean {
  const screens = useSession().data?.user?.screens;
  return useCallback(
    (routing: string) => (screens ?? []).some((screen) => screen.toLowerCase() === routing.toLowerCase()),
    [screens],
  );
}

/**
 * visits (docs/design.md §31): the site's views and visitors per day, counted on the server without cookies, over the
 * last 7, 30 or 90 days, 12 months or any dates; the pages most viewed (each can be looked at alone), where visitors
 * came from, campaigns, devices, languages, the 404 log's top addresses (for users who may see the redirects
 * screen), and the range as CSV. The range and the page live in the address.
 */
export default function VisitsScreen() {
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => viewFromParams(params), [params]);
  const query = useMemo(() => queryOf(view), [view]);
  const visits = useVisits(query);
  const prefetch = usePrefetchVisits();
  const mayEdit = useMayEdit();
  const mayReadNotFound = useMayOpen('redirects');
  const [focus, setFocus] = useState<FocusTarget>(null);
  // A range the server refuses (400): its sentence goes to the range's field, not to a Try again that would fail again.
  const refusal = visits.isError && isRefusal(visits.error) ? visits.error : null;

  const show = (next: VisitsView, then: FocusTarget = null) => {
    setParams(paramsFromView(next));
    setFocus(then);
  };

  // The focus moves once what it goes to is shown (the figures of the new range may still be on their way).
  const data = visits.data;
  useEffect(() => {
    const target = focus ? document.getElementById(`visits-${focus}`) : null;
    if (!target) return;
    target.focus();
    setFocus(null);
  }, [focus, data]);

  return (
    <Screen
      title="Visits"
      lead="How many people read the site's pages, which pages, and where they came from: counted on the server, without cookies, naming no one."
      actions={
        <div className="screen-actions">
          <BackToHomeLink />
        </div>
      }
    >
      <RangeForm applied={view} onApply={(next) => show(next)} prefetch={prefetch} refusal={refusal ?? undefined} />
      {view.routing ? (
        <p id="visits-filter" className="app-notice visits-filter" tabIndex={-1}>
          Only the page {view.routing}
          {view.locale ? ` in ${languageName(view.locale)}` : ''} is shown.
        </p>
      ) : null}
      {data === undefined ? (
        refusal ? (
          <RefusalBox message={`${refusal.message} Nothing is shown until the range is put right.`} />
        ) : visits.isError ? (
          <LoadFailure
            inline
            message={errorMessage(visits.error, 'The visits could not be loaded.')}
            onRetry={() => void visits.refetch()}
          />
        ) : (
          <LoadingStatus inline label="Loading the visits…" />
        )
      ) : (
        <div className="visits-grid" aria-busy={visits.isPlaceholderData || undefined}>
          <RangeSummary
            visits={data.visits}
            shown={data.query}
            asked={query}
            onWholeSite={() => show({ ...view, routing: '', locale: '' }, 'summary')}
          />
          <RangeFigures
            visits={data.visits}
            view={view}
            mayEdit={mayEdit}
            onFilter={(row) => show({ ...view, routing: row.routing, locale: row.locale }, 'filter')}
          />
          {mayReadNotFound && view.routing === '' ? <AddressesNotFound /> : null}
        </div>
      )}
    </Screen>
  );
}
