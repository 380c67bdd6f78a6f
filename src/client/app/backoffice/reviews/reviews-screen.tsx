import { lazy, Suspense, useCallback, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Check, GitCompare, ListChecks, MessageSquareWarning, SquarePen } from 'lucide-react';
import { REVIEW_MESSAGES, type ReviewItem } from '../../../../core/schemas/review';
import { errorMessage } from '../../lib/api';
import { formatDateTime } from '../../lib/date-time';
import { useConfirm } from '../../components/confirm-dialog';
import { useDetailDialog } from '../../components/modal-dialog';
import { BackToHomeLink, LoadFailure, LoadingStatus, Screen } from '../../components/screen';
import { notify } from '../../toasts';
import { localeOf, useDecideReview, useReviews } from './api';
import { ChangesDialog } from './changes-dialog';
import { ReviewComparison } from './review-comparison';
import { editorHref, inLanguage, noComparison, reviewName } from './review-words';
import '../../../styles/reviews.css';

/** The checks of docs/design.md §26 on the revision, loaded when asked for (the releases' checks, their frame). */
const ReviewChecks = lazy(() => import('./review-checks'));

/** What the screen says when nothing waits for the caller. */
export const NOTHING_TO_REVIEW = 'Nothing waits for your review.';

/** How many wait, in a sentence (the focus comes here once a decision took an item off the list). */
export const waitingSentence = (count: number) =>
  count === 0
    ? NOTHING_TO_REVIEW
    : `${count} ${count === 1 ? 'revision waits' : 'revisions wait'} for your review, oldest first.`;

/** A moment in the viewer's own time, with its exact value for machines. */
const Moment = ({ value }: { value: string }) => <time dateTime={value}>{formatDateTime(value)}</time>;

/** What Approve asks first: what it publishes, and when. */
function approveQuestion(item: ReviewItem): string {
  const what = `Approve revision ${item.revision} of ${reviewName(item)}?`;
  return item.publishAt
    ? `${what} It goes live on ${formatDateTime(item.publishAt)}, as ${item.author} asked.`
    : `${what} It is published at once: visitors see it from now on.`;
}

/** One revision waiting: who asked and when, when it goes live, the comparison, and the decisions. */
function ReviewEntry({
  item,
  busy,
  onApprove,
  onRequestChanges,
}: {
  item: ReviewItem;
  /** A decision on it is on its way. */
  busy: boolean;
  onApprove: () => void;
  onRequestChanges: () => void;
}) {
  const comparisonId = useId();
  const compareButton = useRef<HTMLButtonElement>(null);
  const [comparing, setComparing] = useState(false);
  const name = reviewName(item);
  const note = noComparison(item);
  const closeComparison = () => {
    setComparing(false);
    compareButton.current?.focus();
  };
  const checksId = useId();
  const checksButton = useRef<HTMLButtonElement>(null);
  const [checking, setChecking] = useState(false);
  const closeChecks = () => {
    setChecking(false);
    checksButton.current?.focus();
  };

  return (
    <li className="app-panel reviews-item">
      <h2 className="reviews-item__title">
        {item.title}
        {item.locale === null ? null : <span className="reviews-item__language">{inLanguage(item.locale)}</span>}
      </h2>
      <dl className="reviews-item__facts">
        <div className="reviews-item__fact">
          <dt>Asked by</dt>
          <dd>{item.author}</dd>
        </div>
        <div className="reviews-item__fact">
          <dt>Asked</dt>
          <dd>
            <Moment value={item.askedAt} />
          </dd>
        </div>
        <div className="reviews-item__fact">
          <dt>Goes live</dt>
          <dd>{item.publishAt ? <Moment value={item.publishAt} /> : 'At once, when approved'}</dd>
        </div>
        <div className="reviews-item__fact">
          <dt>Revision</dt>
          <dd>
            {item.revision}
            {item.published === null ? ' (never published before)' : ` (visitors see revision ${item.published})`}
          </dd>
        </div>
      </dl>
      <div className="app-actions reviews-item__actions">
        {note === null ? (
          <button
            ref={compareButton}
            type="button"
            className="button button--outline"
            aria-expanded={comparing}
            aria-controls={comparing ? comparisonId : undefined}
            onClick={() => setComparing((open) => !open)}
          >
            <GitCompare className="button__icon" aria-hidden="true" focusable="false" />
            Compare with what is published<span className="visually-hidden">: {name}</span>
          </button>
        ) : null}
        <button
          ref={checksButton}
          type="button"
          className="button button--outline"
          aria-expanded={checking}
          aria-controls={checking ? checksId : undefined}
          onClick={() => setChecking((open) => !open)}
        >
          <ListChecks className="button__icon" aria-hidden="true" focusable="false" />
          Run the checks<span className="visually-hidden">: {name}</span>
        </button>
        <Link className="button button--outline" to={editorHref(item)}>
          <SquarePen className="button__icon" aria-hidden="true" focusable="false" />
          Open the page<span className="visually-hidden"> {name}</span>
        </Link>
        <button
          type="button"
          className="button"
          aria-disabled={busy || undefined}
          aria-busy={busy || undefined}
          onClick={() => !busy && onApprove()}
        >
          <Check className="button__icon" aria-hidden="true" focusable="false" />
          Approve
          <span className="visually-hidden">
            {' '}
            revision {item.revision} of {name}
          </span>
        </button>
        <button
          type="button"
          className="button button--outline"
          aria-disabled={busy || undefined}
          onClick={() => !busy && onRequestChanges()}
        >
          <MessageSquareWarning className="button__icon" aria-hidden="true" focusable="false" />
          Request changes
          <span className="visually-hidden">
            {' '}
            to revision {item.revision} of {name}
          </span>
        </button>
      </div>
      {note !== null ? <p className="reviews-item__note">{note}</p> : null}
      {checking ? (
        <Suspense fallback={<LoadingStatus />}>
          <ReviewChecks id={checksId} item={item} onClose={closeChecks} />
        </Suspense>
      ) : null}
      {comparing && item.published !== null ? (
        <ReviewComparison
          id={comparisonId}
          routing={item.routing}
          locale={item.locale}
          published={item.published}
          revision={item.revision}
          onClose={closeComparison}
        />
      ) : null}
    </li>
  );
}

/** A revision of a page in a language: an item, or the decision sent on it. */
const keyOf = (item: { routing: string; locale?: string | null | undefined; revision: number }) =>
  `${item.routing}/${item.locale ?? ''}/${item.revision}`;

/**
 * reviews (docs/design.md §32): the revisions that wait for the caller's review (pages they may edit, asked by members
 * of groups that publish through review), each with who asked and when, when it is to go live, the comparison with what
 * is published, the way to the page's editor (its preview and checks), Approve and Request changes.
 */
export default function ReviewsScreen() {
  const reviews = useReviews();
  const decide = useDecideReview();
  const { confirm, dialog } = useConfirm();
  const summaryRef = useRef<HTMLParagraphElement>(null);
  // Once a decision took its item off the list (the list is fresh by then), the focus goes to the count.
  const focusSummary = useCallback(() => summaryRef.current?.focus(), []);
  // Request changes: its dialog gives the focus back to the button that opened it, or (decided) to the count.
  const { detail: changing, openDetail, closeDetail } = useDetailDialog<ReviewItem>(focusSummary);

  const approve = async (item: ReviewItem) => {
    const yes = await confirm(approveQuestion(item), {
      title: item.publishAt ? 'Approve and schedule' : 'Approve and publish',
      confirmLabel: 'Approve',
    });
    if (!yes || decide.isPending) return;
    try {
      const answer = await decide.mutateAsync({
        routing: item.routing,
        ...localeOf(item),
        revision: item.revision,
        decision: 'approve',
      });
      notify.success(answer.message || (item.publishAt ? REVIEW_MESSAGES.approvedScheduled : REVIEW_MESSAGES.approved));
      focusSummary();
    } catch (error) {
      notify.error(errorMessage(error, 'The review could not be approved.'));
    }
  };

  const items = reviews.data;
  return (
    <Screen
      title="Reviews"
      lead="Revisions that members of a group publishing through review asked to publish. Compare each with what is published, run the checks of the page as it will go live, open it in its editor, then approve it or say what should change."
      actions={
        <div className="screen-actions">
          <BackToHomeLink />
        </div>
      }
    >
      {items === undefined ? (
        reviews.isError ? (
          <LoadFailure
            inline
            message={errorMessage(reviews.error, 'The reviews could not be loaded.')}
            onRetry={() => void reviews.refetch()}
          />
        ) : (
          <LoadingStatus inline label="Loading the reviews…" />
        )
      ) : (
        <>
          <p ref={summaryRef} className="reviews-summary" tabIndex={-1}>
            {waitingSentence(items.length)}
          </p>
          {items.length > 0 ? (
            <ul className="reviews-list">
              {items.map((item) => (
                <ReviewEntry
                  key={keyOf(item)}
                  item={item}
                  busy={decide.isPending && decide.variables !== undefined && keyOf(decide.variables) === keyOf(item)}
                  onApprove={() => void approve(item)}
                  onRequestChanges={() => openDetail(item)}
                />
              ))}
            </ul>
          ) : null}
        </>
      )}
      {changing ? (
        <ChangesDialog item={changing} onClose={() => closeDetail()} onDecided={() => closeDetail(true)} />
      ) : null}
      {dialog}
    </Screen>
  );
}
