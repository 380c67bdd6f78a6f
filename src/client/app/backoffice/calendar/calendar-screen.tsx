import { useCallback, useId, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { CalendarItem, CalendarRelease } from '../../../../core/schemas/calendar';
import { errorMessage } from '../../lib/api';
import { useDetailDialog } from '../../components/modal-dialog';
import { BackToHomeLink, LoadFailure, LoadingStatus, Screen } from '../../components/screen';
import { useCalendar } from './api';
import { CalendarGrid } from './calendar-grid';
import {
  CALENDAR_VIEWS,
  gridDays,
  itemsByDay,
  paramsFromView,
  periodOf,
  periodWords,
  queryOf,
  releasesByDay,
  shiftView,
  today,
  viewFromParams,
  type CalendarView,
} from './calendar-dates';
import { periodSentence } from './calendar-words';
import { MoveDialog, MoveReleaseDialog } from './move-dialog';
import '../../../styles/calendar.css';

const VIEW_LABELS = { month: 'Month', week: 'Week' } as const;

/** Month / Week, then Previous, Today and Next: each a button, the view shown pressed. */
function CalendarToolbar({ view, onShow }: { view: CalendarView; onShow: (next: CalendarView) => void }) {
  const unit = view.view;
  return (
    <div className="calendar-toolbar">
      <div className="calendar-toolbar__views" role="group" aria-label="View">
        {CALENDAR_VIEWS.map((kind) => (
          <button
            key={kind}
            type="button"
            className="calendar-toolbar__view"
            aria-pressed={view.view === kind}
            onClick={() => onShow({ ...view, view: kind })}
          >
            {VIEW_LABELS[kind]}
          </button>
        ))}
      </div>
      <div className="calendar-toolbar__moves" role="group" aria-label="Period">
        <button type="button" className="button button--outline" onClick={() => onShow(shiftView(view, -1))}>
          <ChevronLeft className="button__icon" aria-hidden="true" focusable="false" />
          Previous<span className="visually-hidden"> {unit}</span>
        </button>
        <button type="button" className="button button--outline" onClick={() => onShow({ ...view, date: today() })}>
          Today
        </button>
        <button type="button" className="button button--outline" onClick={() => onShow(shiftView(view, 1))}>
          Next<span className="visually-hidden"> {unit}</span>
          <ChevronRight className="button__icon" aria-hidden="true" focusable="false" />
        </button>
      </div>
    </div>
  );
}

/** What the screen is moving: the item, and the day it was dropped on (none for Move…); or a release. */
type Moving = { item: CalendarItem; day: string | undefined } | { release: CalendarRelease; day: string | undefined };

/**
 * calendar (docs/design.md §32): what goes live when, by month or by week in the viewer's own days: scheduled
 * publications of pages and translations, reviews asked for a time, and schedules that failed. Each item leads to its
 * page's editor; Move… (or a drag onto another day) moves a scheduled publication or a review's time, asking first.
 * The view and its period live in the address (`?view=month&date=2026-12-01`).
 */
export default function CalendarScreen() {
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => viewFromParams(params), [params]);
  const days = useMemo(() => gridDays(view), [view]);
  const query = useMemo(() => queryOf(days), [days]);
  const calendar = useCalendar(query);
  const headingId = useId();
  const summaryRef = useRef<HTMLParagraphElement>(null);
  // Once a move took its item to another day (the calendar is fresh by then), the focus goes to the sentence.
  const focusSummary = useCallback(() => summaryRef.current?.focus(), []);
  const { detail: moving, openDetail, closeDetail } = useDetailDialog<Moving>(focusSummary);

  const { first, last } = periodOf(view);
  const inPeriod = (day: string) => day >= first && day <= last;
  const byDay = useMemo(() => itemsByDay(calendar.data?.items ?? [], days), [calendar.data, days]);
  const releasesOn = useMemo(() => releasesByDay(calendar.data?.releases ?? [], days), [calendar.data, days]);
  const inView = <T,>(map: ReadonlyMap<string, readonly T[]>) =>
    [...map].filter(([day]) => day >= first && day <= last).flatMap(([, items]) => items);

  return (
    <Screen
      title="Calendar"
      lead="What goes live when: scheduled publications of pages and translations, releases, reviews asked for a time, and schedules that failed. Move a publication or a release to another day from here; each item opens its page (a release, the Releases screen)."
      actions={
        <div className="screen-actions">
          <BackToHomeLink />
        </div>
      }
    >
      <section className="calendar" aria-labelledby={headingId}>
        <CalendarToolbar view={view} onShow={(next) => setParams(paramsFromView(next))} />
        <h2 className="calendar__period" id={headingId}>
          {periodWords(view)}
        </h2>
        <p ref={summaryRef} className="calendar__summary" tabIndex={-1} aria-live="polite">
          {calendar.data === undefined ? '' : periodSentence(inView(byDay), inView(releasesOn))}
        </p>
        {calendar.data === undefined ? (
          calendar.isError ? (
            <LoadFailure
              inline
              message={errorMessage(calendar.error, 'The calendar could not be loaded.')}
              onRetry={() => void calendar.refetch()}
            />
          ) : (
            <LoadingStatus inline label="Loading the calendar…" />
          )
        ) : (
          <CalendarGrid
            kind={view.view}
            days={days}
            inPeriod={inPeriod}
            todayIs={today()}
            byDay={byDay}
            releasesOn={releasesOn}
            labelledBy={headingId}
            onMove={(item, day) => openDetail({ item, day })}
            onMoveRelease={(release, day) => openDetail({ release, day })}
          />
        )}
      </section>
      {moving && 'release' in moving ? (
        <MoveReleaseDialog
          release={moving.release}
          day={moving.day}
          onClose={() => closeDetail()}
          onMoved={() => closeDetail(true)}
        />
      ) : null}
      {moving && 'item' in moving ? (
        <MoveDialog
          item={moving.item}
          day={moving.day}
          onClose={() => closeDetail()}
          onMoved={() => closeDetail(true)}
        />
      ) : null}
    </Screen>
  );
}
