import type { VisitsCard as VisitsCardData } from '../../../../core/schemas/visits';
import { dateFormat, formatCount } from '../../lib/staff-locale';

/**
 * The staff home's Visits card (docs/design.md §31): the whole site's views and visitors of the last 7 days (today
 * last), their totals and the days in a small table. It borrows nothing from the visits screen's chunk on purpose: the home
 * would load that chunk, and every chunk a screen needs is named in the staff app's entry, which every editor's first
 * screen loads (§26, ≤ 200 KB).
 */

/** What the card says when the 7 days hold no visit. */
export const NO_VISITS_THIS_WEEK =
  'No visits counted in the last 7 days. Views of the public pages are counted from the day this version of Folio was installed; views by signed-in staff never count.';

/** A UTC day as the card says it: "Mon, 30 Nov". */
export const cardDay = (day: string) => {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime())
    ? day
    : dateFormat({ weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(date);
};
const count = formatCount;

export function VisitsCard({ days }: { days: VisitsCardData['days'] }) {
  const views = days.reduce((total, day) => total + day.views, 0);
  const visitors = days.reduce((total, day) => total + day.visitors, 0);
  if (views === 0 && visitors === 0) return <p className="dashboard-empty">{NO_VISITS_THIS_WEEK}</p>;
  return (
    <>
      <div className="dashboard-visits">
        <p className="dashboard-figure">
          <span className="dashboard-figure__number">{count(views)}</span> {views === 1 ? 'view' : 'views'}
        </p>
        <p className="dashboard-figure">
          <span className="dashboard-figure__number">{count(visitors)}</span> {visitors === 1 ? 'visitor' : 'visitors'}
        </p>
      </div>
      <p className="dashboard-note">
        In the last 7 days (UTC), today included. A visitor is counted once a day, without a cookie.
      </p>
      <div className="dashboard-table-scroll">
        <table className="dashboard-table">
          <caption className="visually-hidden">Views and visitors of the last 7 days, oldest first</caption>
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
                  <time dateTime={day.date}>{cardDay(day.date)}</time>
                </th>
                <td>{count(day.views)}</td>
                <td>{count(day.visitors)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
