import { Link } from 'react-router';
import type { WaitingRelease } from '../../../../core/schemas/dashboard';
import { errorMessage } from '../../lib/api';
import { formatDateTime } from '../../lib/date-time';
import { notify } from '../../toasts';
import { useRetryRelease } from './api';

/**
 * The staff home's card "Releases" (docs/design.md §32): the releases waiting for their time, soonest first, and those
 * that could not go live at it, with the reason and Retry (publish now: all its pages or none). The home asks again
 * every 30 s, so a release that failed shows within a minute.
 */

export const RELEASES_HREF = '/releases';

const pagesWords = (count: number) => `${count} ${count === 1 ? 'page' : 'pages'}`;

const Moment = ({ value }: { value: string }) => <time dateTime={value}>{formatDateTime(value)}</time>;

export function ReleasesCard({ releases }: { releases: readonly WaitingRelease[] }) {
  const retry = useRetryRelease();
  const onRetry = async (release: WaitingRelease) => {
    if (retry.isPending) return;
    try {
      notify.success((await retry.mutateAsync(release.id)).message);
    } catch (error) {
      notify.error(errorMessage(error, 'The release could not be published.'));
    }
  };
  if (releases.length === 0)
    return (
      <p className="dashboard-empty">
        No release waits for its time. On the Releases screen, Schedule… puts pages live together at a time you choose.
      </p>
    );
  return (
    <ul className="dashboard-list">
      {releases.map((release) => (
        <li key={release.id} className="dashboard-list__item">
          <span className="dashboard-list__main">
            <Link to={RELEASES_HREF}>{release.name}</Link>
            <span className="dashboard-tag">{pagesWords(release.pages)}</span>
          </span>
          {release.failed === undefined ? (
            <span className="dashboard-list__detail">
              Goes live {release.publishAt ? <Moment value={release.publishAt} /> : 'when published'}
            </span>
          ) : (
            <span className="dashboard-list__detail dashboard-list__failed">
              Could not go live
              {release.publishAt ? (
                <>
                  {' '}
                  at <Moment value={release.publishAt} />
                </>
              ) : null}
              : {release.failed}{' '}
              <button
                type="button"
                className="button button--outline dashboard-retry"
                aria-busy={(retry.isPending && retry.variables === release.id) || undefined}
                onClick={() => void onRetry(release)}
              >
                Retry<span className="visually-hidden"> the release {release.name}</span>
              </button>
            </span>
          )}
          <span className="dashboard-list__meta">Made by {release.createdBy}</span>
        </li>
      ))}
    </ul>
  );
}
