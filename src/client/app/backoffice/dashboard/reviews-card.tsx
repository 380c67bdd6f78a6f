import { Link } from 'react-router';
import type { ReviewItem } from '../../../../core/schemas/review';
import { formatDateTime } from '../../lib/date-time';

/**
 * The staff home's card "Waiting for your review" (docs/design.md §32): how many revisions wait for the caller's
 * review and the first few, each opening the Reviews screen, where they are compared and decided. The home shows it
 * only when something waits. It borrows nothing from the Reviews screen's chunk but its list call (reviews/api.ts).
 */

/** How many the card lists; the Reviews screen has them all. */
export const REVIEWS_ON_CARD = 3;

export const REVIEWS_HREF = '/reviews';

export function ReviewsCard({ items }: { items: readonly ReviewItem[] }) {
  const shown = items.slice(0, REVIEWS_ON_CARD);
  return (
    <>
      <p className="dashboard-figure">
        <span className="dashboard-figure__number">{items.length}</span>{' '}
        {items.length === 1 ? 'revision waits' : 'revisions wait'} for your review
      </p>
      {items.length > shown.length ? (
        <p className="dashboard-card__lead">The {shown.length} asked first are listed; Reviews shows them all.</p>
      ) : null}
      <ul className="dashboard-list">
        {shown.map((item) => (
          <li key={`${item.routing}/${item.locale ?? ''}/${item.revision}`} className="dashboard-list__item">
            <span className="dashboard-list__main">
              <Link to={REVIEWS_HREF}>{item.title}</Link>
              {item.locale === null ? null : (
                <span className="dashboard-tag">
                  <span className="visually-hidden">Language: </span>
                  {item.locale}
                </span>
              )}
            </span>
            <span className="dashboard-list__detail">Asked by {item.author}</span>
            <span className="dashboard-list__meta">
              Asked <time dateTime={item.askedAt}>{formatDateTime(item.askedAt)}</time>
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}
