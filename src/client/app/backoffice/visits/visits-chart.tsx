import type { CSSProperties } from 'react';
import type { Visits } from '../../../../core/schemas/visits';
import { count, dayLabel } from './visits-range';
import '../../../styles/visits.css';
import { dateFormat } from '../../lib/staff-locale';

/**
 * Views and visitors per day (docs/design.md §31) as a small SVG chart, with the same numbers in a table for screen
 * readers and keyboard users. No chart library: the staff app's chunks have budgets, and two series of bars or lines
 * need none. The plot is drawn in day units and stretched to its box (preserveAspectRatio none), so it fills any width
 * from a phone to a wide screen; its text (the axes, the legend) is HTML beside it, never stretched. Up to a month the
 * days are bars side by side; a longer range (90 days, 12 months, up to 25 months) is two lines, one point a day.
 */

export type VisitDay = Visits['days'][number];

/** Days up to which each day gets its own pair of bars; past it, lines. */
const MOST_BARS = 31;

/** A step of 1, 2 or 5 times a power of ten, so that the axis reads 0, 50, 100, 150… */
function niceStep(rough: number): number {
  const power = 10 ** Math.floor(Math.log10(Math.max(rough, 1)));
  const step = [1, 2, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= rough);
  return step ?? 10 * power;
}

/** The value axis: its top and its lines (0 first), about four of them. */
export function valueAxis(days: readonly VisitDay[]): { top: number; ticks: number[] } {
  const most = Math.max(0, ...days.map((day) => Math.max(day.views, day.visitors)));
  const step = niceStep(most / 4);
  const top = Math.max(step, Math.ceil(most / step) * step);
  return { top, ticks: Array.from({ length: Math.round(top / step) + 1 }, (_, index) => index * step) };
}

/** Where the day axis is labelled: every day up to a week; else the first of some months (long ranges) or ~5 days. */
export function dayTicks(days: readonly VisitDay[]): number[] {
  const last = days.length - 1;
  if (last < 0) return [];
  if (days.length <= 7) return days.map((_, index) => index);
  if (days.length > 92) {
    const firsts = days.flatMap((day, index) => (day.date.endsWith('-01') ? [index] : []));
    const every = Math.ceil(firsts.length / 6);
    return firsts.filter((_, index) => index % every === 0);
  }
  const every = Math.ceil(last / 4);
  const ticks = Array.from({ length: Math.floor(last / every) + 1 }, (_, index) => index * every);
  // The last day is labelled (at the plot's right edge); a label less than most of a step before it would overlap it.
  return [...ticks.filter((index) => last - index >= every * 0.75), last];
}

const tickLabel = (day: string, long: boolean) =>
  long
    ? dateFormat({ month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`))
    : dayLabel(day, true);

const sum = (days: readonly VisitDay[], key: 'views' | 'visitors') => days.reduce((total, day) => total + day[key], 0);

/** What the chart shows, in a sentence: its accessible name. */
export function chartSummary(days: readonly VisitDay[]): string {
  const first = days[0];
  const last = days.at(-1);
  if (!first || !last) return 'Views and visitors per day: no days.';
  const busiest = days.reduce((top, day) => (day.views > top.views ? day : top), first);
  const peak =
    busiest.views > 0 ? `; the most views in one day: ${count(busiest.views)}, on ${dayLabel(busiest.date)}` : '';
  const kind = days.length > MOST_BARS ? 'Line chart' : 'Bar chart';
  return (
    `${kind} of views and visitors per day from ${dayLabel(first.date)} to ${dayLabel(last.date)}: ` +
    `${count(sum(days, 'views'))} views and ${count(sum(days, 'visitors'))} visitors in all${peak}.`
  );
}

/** A day's line of the hover text and of nothing else: the table says the same for everyone. */
const dayText = (day: VisitDay) => `${dayLabel(day.date)}: ${count(day.views)} views, ${count(day.visitors)} visitors`;

/** The plot in day units: x from 0 to the number of days, y from 0 (top) to 100 (the axis' top value). */
function Plot({ days, top, ticks }: { days: readonly VisitDay[]; top: number; ticks: number[] }) {
  const width = days.length;
  const y = (value: number) => 100 - (value / top) * 100;
  const line = (key: 'views' | 'visitors') =>
    days.map((day, index) => `${index + 0.5},${y(day[key]).toFixed(2)}`).join(' ');
  return (
    <svg className="visits-chart__svg" viewBox={`0 0 ${width} 100`} preserveAspectRatio="none" aria-hidden="true">
      {ticks.map((tick) => (
        <line
          key={tick}
          className={tick === 0 ? 'visits-chart__base' : 'visits-chart__grid'}
          x1={0}
          x2={width}
          y1={y(tick)}
          y2={y(tick)}
          vectorEffect="non-scaling-stroke"
        />
      ))}
      {width > MOST_BARS ? (
        <>
          <polygon className="visits-chart__area" points={`0.5,100 ${line('views')} ${width - 0.5},100`} />
          <polyline className="visits-chart__line" points={line('views')} vectorEffect="non-scaling-stroke" />
          <polyline
            className="visits-chart__line visits-chart__line--visitors"
            points={line('visitors')}
            vectorEffect="non-scaling-stroke"
          />
        </>
      ) : (
        days.map((day, index) => (
          <g key={day.date}>
            <rect
              className="visits-chart__bar"
              x={index + 0.14}
              width={0.34}
              y={y(day.views)}
              height={100 - y(day.views)}
            />
            <rect
              className="visits-chart__bar visits-chart__bar--visitors"
              x={index + 0.52}
              width={0.34}
              y={y(day.visitors)}
              height={100 - y(day.visitors)}
            />
          </g>
        ))
      )}
      {/* A day's figures on hover, for a pointer (the table holds them for everyone). */}
      {days.map((day, index) => (
        <rect key={day.date} className="visits-chart__hit" x={index} width={1} y={0} height={100}>
          <title>{dayText(day)}</title>
        </rect>
      ))}
    </svg>
  );
}

/** The days in a table, oldest first: the chart's numbers for those who cannot see it. */
export function VisitsTable({ days, caption }: { days: readonly VisitDay[]; caption: string }) {
  return (
    // A box that scrolls (a year is 365 rows) is reached by the keyboard, and named.
    <div className="visits-table-scroll" tabIndex={0} role="region" aria-label={caption}>
      <table className="visits-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Views</th>
            <th scope="col">Visitors</th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.date}>
              <th scope="row">
                <time dateTime={day.date}>{dayLabel(day.date)}</time>
              </th>
              <td>{count(day.views)}</td>
              <td>{count(day.visitors)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The chart of the days given (oldest first), its legend, and "Show as a table" under it. `compact`: a lower plot, for
 * the editors' Visits panel.
 */
export function VisitsChart({
  days,
  caption,
  compact = false,
}: {
  days: readonly VisitDay[];
  /** What the table lists ("Views and visitors per day, oldest first"). */
  caption: string;
  compact?: boolean;
}) {
  const { top, ticks: values } = valueAxis(days);
  const ticks = dayTicks(days);
  const long = days.length > 92;
  const lines = days.length > MOST_BARS;
  /** Where a day's label sits under its bars or point. */
  const place = (index: number): CSSProperties => {
    const at = (index + 0.5) / days.length;
    // Centred under its day; near an edge of a crowded axis, it starts or ends there instead of running past it.
    const shift = days.length <= 7 || (at >= 0.08 && at <= 0.92) ? '-50%' : at < 0.08 ? '0' : '-100%';
    return { left: `${at * 100}%`, transform: `translateX(${shift})` };
  };
  return (
    <div className={compact ? 'visits-chart visits-chart--compact' : 'visits-chart'}>
      <div className="visits-chart__figure" role="img" aria-label={chartSummary(days)}>
        <div className="visits-chart__values" aria-hidden="true">
          {values.map((tick) => (
            <span key={tick} style={{ bottom: `${(tick / top) * 100}%` }}>
              {count(tick)}
            </span>
          ))}
        </div>
        <div className="visits-chart__plot">
          <Plot days={days} top={top} ticks={values} />
        </div>
        <div className="visits-chart__days" aria-hidden="true">
          {ticks.map((index, position) => {
            const day = days[index]!;
            // Every other label, counted from the last (today's, say), is left out where the chart is narrow (a phone).
            const minor = days.length > 7 && (ticks.length - 1 - position) % 2 === 1;
            return (
              <span
                key={day.date}
                className={minor ? 'visits-chart__day visits-chart__day--minor' : 'visits-chart__day'}
                style={place(index)}
              >
                {tickLabel(day.date, long)}
              </span>
            );
          })}
        </div>
      </div>
      <p className={lines ? 'visits-chart__legend visits-chart__legend--lines' : 'visits-chart__legend'}>
        <span className="visits-chart__key">
          <span className="visits-chart__swatch" aria-hidden="true" />
          Views
        </span>
        <span className="visits-chart__key">
          <span className="visits-chart__swatch visits-chart__swatch--visitors" aria-hidden="true" />
          Visitors{lines ? ' (dashed line)' : ''}
        </span>
      </p>
      <details className="visits-chart__table">
        <summary>Show as a table</summary>
        <VisitsTable days={days} caption={caption} />
      </details>
    </div>
  );
}
