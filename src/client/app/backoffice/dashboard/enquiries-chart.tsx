import { useEffect, useRef, useState } from 'react';
import type { Chart } from 'chart.js';
import type { EnquiryWeek } from '../../../../core/schemas/dashboard';
import { dateFormat } from '../../lib/staff-locale';

/**
 * Enquiries per week (docs/design.md §23): New and Spam as bars drawn by Chart.js, with the same numbers in a table for
 * screen readers and keyboard users. Chart.js is imported on demand inside the effect, so it lands in a chunk of
 * its own that only this card loads (never the public bundle nor the staff app's main chunk). Where no chart can
 * be drawn (no canvas context, the chunk failed to load) the table stays, opened.
 */

/** The Monday a week starts on (`2026-11-23`, UTC) as the chart's axis says it: "23 Nov". */

export function weekLabel(week: string): string {
  const date = new Date(`${week}T00:00:00Z`);
  return Number.isNaN(date.getTime())
    ? week
    : dateFormat({ day: 'numeric', month: 'short', timeZone: 'UTC' }).format(date);
}

/** Whether the weeks hold no enquiry at all (then there is nothing to draw). */
export function noEnquiries(weeks: readonly EnquiryWeek[]): boolean {
  return weeks.every((week) => week.new === 0 && week.spam === 0);
}

/** What the chart shows, in one sentence: the canvas's accessible name. */
export function chartSummary(weeks: readonly EnquiryWeek[]): string {
  const first = weeks[0];
  const last = weeks.at(-1);
  if (!first || !last) return 'Enquiries per week: no weeks.';
  const total = (key: 'new' | 'spam') => weeks.reduce((sum, week) => sum + week[key], 0);
  const busiest = weeks.reduce((top, week) => (week.new > top.new ? week : top), first);
  const peak =
    busiest.new > 0 ? `; the most New in one week: ${busiest.new}, in the week of ${weekLabel(busiest.week)}` : '';
  return (
    `Bar chart of enquiries per week over ${weeks.length} weeks, from the week of ${weekLabel(first.week)} ` +
    `to the week of ${weekLabel(last.week)}: ${total('new')} New and ${total('spam')} Spam in all${peak}.`
  );
}

/** A colour of the site's palette (public.css), read from the page so the chart follows it. */
function paletteColour(name: string, fallback: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

/**
 * Loads Chart.js with only what a bar chart needs registered. The import is destructured here, outside any try
 * block, on purpose: Rollup leaves out of the chunk the exports a destructured dynamic import does not name (the
 * other controllers, elements, scales and plugins), but keeps all of them for an import inside a try block.
 */
async function loadBarChart() {
  const { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } = await import('chart.js');
  Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);
  return Chart;
}

/** Draws the bars on the canvas. Resolves with the chart, or null where it cannot be drawn or is no longer wanted. */
async function drawChart(
  canvas: HTMLCanvasElement,
  weeks: readonly EnquiryWeek[],
  signal: AbortSignal,
): Promise<Chart | null> {
  try {
    // No 2D context (jsdom, a browser with canvas blocked): nothing to draw on, and no need to load the library.
    if (!canvas.getContext('2d')) return null;
    const Chart = await loadBarChart();
    if (signal.aborted) return null;
    const text = paletteColour('--slate-700', '#334155');
    Chart.defaults.color = text;
    Chart.defaults.font.family = getComputedStyle(canvas).fontFamily || Chart.defaults.font.family;
    const reducedMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    Chart.getChart(canvas)?.destroy();
    return new Chart(canvas, {
      type: 'bar',
      data: {
        labels: weeks.map((week) => weekLabel(week.week)),
        datasets: [
          // Blue and dark amber: each at least 3:1 against the white card, and apart for colour-blind eyes too.
          {
            label: 'New',
            data: weeks.map((week) => week.new),
            backgroundColor: paletteColour('--blue', '#1d4ed8'),
            borderRadius: 3,
          },
          { label: 'Spam', data: weeks.map((week) => week.spam), backgroundColor: '#b45309', borderRadius: 3 },
        ],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        ...(reducedMotion ? { animation: false as const } : {}),
        scales: {
          x: { grid: { display: false }, ticks: { color: text } },
          y: {
            beginAtZero: true,
            ticks: { precision: 0, color: text },
            grid: { color: paletteColour('--slate-200', '#e2e8f0') },
          },
        },
        plugins: {
          legend: { position: 'bottom', labels: { color: text } },
          tooltip: { callbacks: { title: (items) => `Week of ${items[0]?.label ?? ''}` } },
        },
      },
    });
  } catch {
    return null;
  }
}

type Drawing = 'pending' | 'drawn' | 'failed';

/** The chart of the twelve weeks (oldest first), with its table; a sentence instead when all are zeros. */
export function EnquiriesChart({ weeks }: { weeks: readonly EnquiryWeek[] }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [drawing, setDrawing] = useState<Drawing>('pending');
  const empty = noEnquiries(weeks);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const abort = new AbortController();
    let chart: Chart | null = null;
    void drawChart(canvas, weeks, abort.signal).then((drawn) => {
      if (abort.signal.aborted) {
        drawn?.destroy();
        return;
      }
      chart = drawn;
      setDrawing(drawn ? 'drawn' : 'failed');
    });
    return () => {
      abort.abort();
      chart?.destroy();
    };
  }, [weeks, empty]);

  if (empty)
    return (
      <p className="dashboard-empty">
        No enquiries in the last twelve weeks. Each week's new enquiries and spam from the contact form are drawn here.
      </p>
    );

  const failed = drawing === 'failed';
  return (
    <div className="dashboard-chart">
      <div className="dashboard-chart__frame" hidden={failed}>
        <canvas ref={canvasRef} role="img" aria-label={chartSummary(weeks)} />
      </div>
      {failed ? (
        <p className="dashboard-note">The chart cannot be drawn in this browser: the table holds its numbers.</p>
      ) : null}
      <details className="dashboard-chart__table" open={failed || undefined}>
        <summary>Show as a table</summary>
        <div className="dashboard-table-scroll">
          <table className="dashboard-table">
            <caption className="visually-hidden">Enquiries per week, oldest first</caption>
            <thead>
              <tr>
                <th scope="col">Week of</th>
                <th scope="col">New</th>
                <th scope="col">Spam</th>
              </tr>
            </thead>
            <tbody>
              {weeks.map((week) => (
                <tr key={week.week}>
                  <th scope="row">
                    <time dateTime={week.week}>{weekLabel(week.week)}</time>
                  </th>
                  <td>{week.new}</td>
                  <td>{week.spam}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </div>
  );
}
