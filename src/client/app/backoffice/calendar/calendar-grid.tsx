import { useRef, useState, type DragEvent } from 'react';
import { Link } from 'react-router';
import { CalendarClock, CircleAlert, MoveRight, PackageCheck, UserCheck } from 'lucide-react';
import type { CalendarItem, CalendarRelease } from '../../../../core/schemas/calendar';
import { editorHref, inLanguage } from '../reviews/review-words';
import {
  dayNumber,
  dayShortWords,
  dayWords,
  localDay,
  timeWords,
  weekdayNames,
  type CalendarViewKind,
} from './calendar-dates';
import { KIND_LABELS, isMovable, itemKey, itemName, releasePages } from './calendar-words';

const KIND_ICONS = { scheduled: CalendarClock, review: UserCheck, failed: CircleAlert } as const;

/** One item: its time, the page (and language), its kind, who, the way to its editor and, if it may move, Move…. */
function CalendarEntry({
  item,
  onMove,
  onDragStart,
  onDragEnd,
}: {
  item: CalendarItem;
  onMove: () => void;
  onDragStart: () => void;
  onDragEnd: () => void;
}) {
  const movable = isMovable(item);
  const Icon = KIND_ICONS[item.kind];
  const drag = (event: DragEvent<HTMLLIElement>) => {
    // Some browsers start a drag only with data in it; the item itself is held by the grid.
    event.dataTransfer?.setData('text/plain', itemName(item));
    if (event.dataTransfer) event.dataTransfer.effectAllowed = 'move';
    onDragStart();
  };
  return (
    <li
      className={`calendar-item calendar-item--${item.kind}`}
      draggable={movable || undefined}
      onDragStart={movable ? drag : undefined}
      onDragEnd={movable ? onDragEnd : undefined}
    >
      <p className="calendar-item__when">
        <time className="calendar-item__time" dateTime={item.at}>
          {timeWords(item.at)}
        </time>{' '}
        <span className="calendar-item__kind">
          <Icon className="calendar-item__icon" aria-hidden="true" focusable="false" />
          {KIND_LABELS[item.kind]}
        </span>
      </p>
      <Link className="calendar-item__title" to={editorHref(item)}>
        {item.title}
        {item.locale === null ? null : <span className="calendar-item__language">{inLanguage(item.locale)}</span>}
      </Link>
      <p className="calendar-item__by">by {item.by}</p>
      {movable ? (
        <button type="button" className="button button--outline calendar-item__move" onClick={onMove}>
          <MoveRight className="button__icon" aria-hidden="true" focusable="false" />
          Move…
          <span className="visually-hidden">
            {' '}
            {itemName(item)}, revision {item.revision}
          </span>
        </button>
      ) : null}
    </li>
  );
}

/**
 * A release on its day (docs/design.md §32): apart from single pages by its look and its words ("Release", how many
 * pages), leading to the Releases screen; a scheduled one moves with Move…, one that failed does not (the home's Retry
 * publishes it).
 */
function ReleaseOnDay({
  release,
  onMove,
  onDragStart,
  onDragEnd,
}: {
  release: CalendarRelease;
  onMove: () => void;
  onDragStart: () => void;
  onDragEnd: () => void;
}) {
  const failed = release.kind === 'failed';
  const Icon = failed ? CircleAlert : PackageCheck;
  const drag = (event: DragEvent<HTMLLIElement>) => {
    event.dataTransfer?.setData('text/plain', release.name);
    if (event.dataTransfer) event.dataTransfer.effectAllowed = 'move';
    onDragStart();
  };
  return (
    <li
      className={`calendar-item calendar-item--release${failed ? ' calendar-item--failed' : ''}`}
      draggable={!failed || undefined}
      onDragStart={failed ? undefined : drag}
      onDragEnd={failed ? undefined : onDragEnd}
    >
      <p className="calendar-item__when">
        <time className="calendar-item__time" dateTime={release.at}>
          {timeWords(release.at)}
        </time>{' '}
        <span className="calendar-item__kind">
          <Icon className="calendar-item__icon" aria-hidden="true" focusable="false" />
          {failed ? 'Release failed' : 'Release'}
        </span>
      </p>
      <Link className="calendar-item__title" to="/releases">
        {release.name}
        <span className="calendar-item__language">, {releasePages(release)}</span>
      </Link>
      <p className="calendar-item__by">by {release.by}</p>
      {failed ? null : (
        <button type="button" className="button button--outline calendar-item__move" onClick={onMove}>
          <MoveRight className="button__icon" aria-hidden="true" focusable="false" />
          Move…<span className="visually-hidden"> the release {release.name}</span>
        </button>
      )}
    </li>
  );
}

/** A day's entries, pages and releases, in time order. */
function dayEntries(
  items: readonly CalendarItem[],
  releases: readonly CalendarRelease[],
): Array<{ at: string; item: CalendarItem } | { at: string; release: CalendarRelease }> {
  return [
    ...items.map((item) => ({ at: item.at, item })),
    ...releases.map((release) => ({ at: release.at, release })),
  ].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
}

/** What is being dragged: a page's publication or a release. */
type Dragged = { item: CalendarItem } | { release: CalendarRelease };

/**
 * Drag and drop, an extra to Move… (which the keyboard uses): a movable item dragged onto another day opens the move
 * dialog with that day chosen, which asks first as Move… does. Native drag events on the day cells.
 */
function useDropOnDay(
  onDrop: (item: CalendarItem, day: string) => void,
  onDropRelease: (release: CalendarRelease, day: string) => void,
) {
  const dragged = useRef<Dragged | null>(null);
  const [over, setOver] = useState<string | null>(null);
  const end = () => {
    dragged.current = null;
    setOver(null);
  };
  const atOf = (held: Dragged) => ('release' in held ? held.release.at : held.item.at);
  const targetOf = (day: string) => ({
    onDragOver: (event: DragEvent) => {
      const held = dragged.current;
      if (!held || localDay(atOf(held)) === day) return;
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'move';
      setOver(day);
    },
    onDragLeave: () => setOver((now) => (now === day ? null : now)),
    onDrop: (event: DragEvent) => {
      const held = dragged.current;
      end();
      if (!held || localDay(atOf(held)) === day) return;
      event.preventDefault();
      if ('release' in held) onDropRelease(held.release, day);
      else onDrop(held.item, day);
    },
  });
  return { over, targetOf, start: (held: Dragged) => (dragged.current = held), end };
}

/**
 * The grid of a period (docs/design.md §32): each day (Monday first) a list item with its heading and its items in
 * time order. A month: seven columns where the width allows, with the names of the days above them; narrower, only
 * the days of the month that have items, one under another (calendar.css). A week: its seven days, side by side
 * where they fit.
 */
export function CalendarGrid({
  kind,
  days,
  inPeriod,
  todayIs,
  byDay,
  releasesOn,
  labelledBy,
  onMove,
  onMoveRelease,
}: {
  kind: CalendarViewKind;
  days: readonly string[];
  /** Whether a day is of the period (a month's grid shows the ends of the months around it). */
  inPeriod: (day: string) => boolean;
  todayIs: string;
  byDay: ReadonlyMap<string, readonly CalendarItem[]>;
  /** The releases of each day. */
  releasesOn: ReadonlyMap<string, readonly CalendarRelease[]>;
  /** The period's heading. */
  labelledBy: string;
  /** Move… (or a drop: the day chosen). */
  onMove: (item: CalendarItem, day?: string) => void;
  /** Move… of a scheduled release (or a drop: the day chosen). */
  onMoveRelease: (release: CalendarRelease, day?: string) => void;
}) {
  const drop = useDropOnDay(onMove, onMoveRelease);
  return (
    <div className={`calendar-grid calendar-grid--${kind}`}>
      {kind === 'month' ? (
        <div className="calendar-weekdays" aria-hidden="true">
          {weekdayNames().map((name) => (
            <span key={name}>{name}</span>
          ))}
        </div>
      ) : null}
      <ol className="calendar-days" aria-labelledby={labelledBy}>
        {days.map((day) => {
          const items = dayEntries(byDay.get(day) ?? [], releasesOn.get(day) ?? []);
          const classes = [
            'calendar-day',
            inPeriod(day) ? '' : 'calendar-day--outside',
            items.length === 0 ? 'calendar-day--empty' : '',
            day === todayIs ? 'calendar-day--today' : '',
            drop.over === day ? 'calendar-day--drop' : '',
          ];
          return (
            <li
              key={day}
              className={classes.filter(Boolean).join(' ')}
              data-day={day}
              aria-current={day === todayIs ? 'date' : undefined}
              {...drop.targetOf(day)}
            >
              <h3 className="calendar-day__heading">
                <time dateTime={day}>
                  <span className="calendar-day__number" aria-hidden="true">
                    {dayNumber(day)}
                  </span>
                  <span className="calendar-day__short" aria-hidden="true">
                    {dayShortWords(day)}
                  </span>
                  <span className="calendar-day__words">{dayWords(day)}</span>
                </time>
                {day === todayIs ? <span className="calendar-day__today">Today</span> : null}
              </h3>
              {items.length > 0 ? (
                <ul className="calendar-day__items">
                  {items.map((entry) =>
                    'release' in entry ? (
                      <ReleaseOnDay
                        key={`release/${entry.release.id}`}
                        release={entry.release}
                        onMove={() => onMoveRelease(entry.release)}
                        onDragStart={() => drop.start({ release: entry.release })}
                        onDragEnd={drop.end}
                      />
                    ) : (
                      <CalendarEntry
                        key={itemKey(entry.item)}
                        item={entry.item}
                        onMove={() => onMove(entry.item)}
                        onDragStart={() => drop.start({ item: entry.item })}
                        onDragEnd={drop.end}
                      />
                    ),
                  )}
                </ul>
              ) : kind === 'week' ? (
                <p className="calendar-day__none">Nothing scheduled.</p>
              ) : null}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
