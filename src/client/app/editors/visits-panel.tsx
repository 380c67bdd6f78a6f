import { useEffect, useId, useRef } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { VisitsSchema, type Visits } from '../../../core/schemas/visits';
import { api, errorMessage } from '../lib/api';
import { LoadFailure, LoadingStatus } from '../components/screen';
import { useMayOpen } from '../backoffice/visits/api';
import { VisitsChart } from '../backoffice/visits/visits-chart';
// The panel says what a visitor is in the visits screen's words, and so reads the screen's module: the panel's chunk
// then loads the screen's, and all the code both use sits in that one chunk. Every chunk a screen needs is named in the
// staff app's entry, which every editor's first screen loads (docs/design.md §26, ≤ 200 KB): one name, not three.
import { VISITORS_NOTE } from '../backoffice/visits/visits-screen';
import { count, dayLabel, languageName, paramsFromView, shiftDay, utcToday } from '../backoffice/visits/visits-range';
import { getPageVisits } from '../../../core/api/visits';

/** The days the panel shows, and the days it compares them with just before. */
export const PANEL_DAYS = 30;

/** The panel's two periods, as UTC days: the last 30 (today last) and the 30 before them. */
export function panelPeriods(today: string = utcToday()) {
  const from = shiftDay(today, 1 - PANEL_DAYS);
  return {
    current: { from, to: today },
    before: { from: shiftDay(from, -PANEL_DAYS), to: shiftDay(from, -1) },
  };
}

/** How a figure compares with the 30 days before, in words. */
export function comparison(now: number, before: number): string {
  if (before === 0) return now === 0 ? 'None in the 30 days before either.' : 'None in the 30 days before.';
  const percent = Math.round(((now - before) / before) * 100);
  const then = `the 30 days before (${count(before)})`;
  if (percent === 0) return `About the same as ${then}.`;
  return percent > 0 ? `${percent}% more than ${then}.` : `${-percent}% fewer than ${then}.`;
}

const total = (visits: Visits, key: 'views' | 'visitors') => visits.days.reduce((sum, day) => sum + day[key], 0);

/** One page's visits in a period (in one language, or all of them). */
function usePageVisits(routing: string, locale: string | undefined, period: { from: string; to: string }) {
  return useQuery({
    queryKey: ['visits', 'page', routing, locale ?? '', period.from, period.to],
    queryFn: async () =>
      VisitsSchema.parse(
        await api(getPageVisits, { params: { routing }, query: { ...period, ...(locale ? { locale } : {}) } }),
      ),
  });
}

/** The figures of the two periods side by side, the 30 days' chart, and where the views came from. */
function PanelFigures({ current, before }: { current: Visits; before: Visits }) {
  const figures = [
    { name: 'Views', now: total(current, 'views'), then: total(before, 'views') },
    { name: 'Visitors', now: total(current, 'visitors'), then: total(before, 'visitors') },
  ];
  if (figures.every((figure) => figure.now === 0 && figure.then === 0))
    return (
      <p className="visits-empty">
        No visits counted for this page in the last 60 days. Visits are counted from the day this version of Folio was
        installed; views by signed-in staff, yours too, never count.
      </p>
    );
  const referrers = current.referrers.slice(0, 5);
  return (
    <>
      <dl className="visits-figures">
        {figures.map((figure) => (
          <div key={figure.name} className="visits-figures__item">
            <dt>{figure.name}</dt>
            <dd>{count(figure.now)}</dd>
            <dd className="visits-figures__change">{comparison(figure.now, figure.then)}</dd>
          </div>
        ))}
      </dl>
      <VisitsChart days={current.days} caption="This page's views and visitors per day, oldest first" compact />
      {referrers.length > 0 ? (
        <>
          <h3 className="visits-panel__subtitle">Where its visitors came from</h3>
          <ul className="visits-panel__list">
            {referrers.map((referrer) => (
              <li key={referrer.host}>
                <span className="visits-host">{referrer.host}</span> {count(referrer.views)}{' '}
                {referrer.views === 1 ? 'view' : 'views'}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}

/**
 * An editor's Visits panel (docs/design.md §31): the page's views and visitors of the last 30 days against the 30
 * before, in the translation's language when the editor edits one (all the page's languages together for its
 * source). Its own chunk, loaded when the panel opens (an editor's first screen stays under its budget, §26); its
 * heading takes the focus as it opens, as History's does.
 */
export default function VisitsPanel({
  routing,
  locale,
  onClose,
}: {
  routing: string;
  locale?: string | undefined;
  onClose: () => void;
}) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const periods = panelPeriods();
  const current = usePageVisits(routing, locale, periods.current);
  const before = usePageVisits(routing, locale, periods.before);
  const mayOpenVisits = useMayOpen('visits');
  useEffect(() => headingRef.current?.focus(), []);

  const failed = current.isError ? current : before.isError ? before : null;
  return (
    <section className="app-panel visits-panel" aria-labelledby={headingId}>
      <div className="history-panel__head">
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className="editor-block__title">
          Visits
        </h2>
        <button type="button" className="button button--outline" onClick={onClose}>
          Close visits
        </button>
      </div>
      <p className="visits-section__lead">
        {dayLabel(periods.current.from)} to {dayLabel(periods.current.to)} against the 30 days before (UTC days)
        {locale ? `, this page in ${languageName(locale)} only` : ''}. {VISITORS_NOTE}
      </p>
      {failed ? (
        <LoadFailure inline message={errorMessage(failed.error)} onRetry={() => void failed.refetch()} />
      ) : current.data === undefined || before.data === undefined ? (
        <LoadingStatus inline label="Loading the visits…" />
      ) : (
        <PanelFigures current={current.data} before={before.data} />
      )}
      {mayOpenVisits ? (
        <p className="visits-panel__more">
          <Link
            className="text-link"
            to={`/visits?${paramsFromView({ range: '30d', from: '', to: '', routing, locale: locale ?? '' }).toString()}`}
          >
            More about this page's visits
          </Link>
        </p>
      ) : null}
    </section>
  );
}
