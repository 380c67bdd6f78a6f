import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import { Link } from 'react-router';
import type { LucideIcon } from 'lucide-react';
import {
  ArrowRight,
  CalendarClock,
  ChartColumn,
  ChartLine,
  ClipboardCheck,
  Inbox,
  MailExclamationPoint,
  RotateCcwClock,
  Send,
} from 'lucide-react';
import type { AuditEntryRow } from '../../../../core/schemas/audit';
import type { ReviewItem } from '../../../../core/schemas/review';
import type {
  Dashboard,
  DashboardEnquiry,
  EnquiryWeek,
  FailingMail,
  MailCard as MailCardData,
  ScheduledPublication,
} from '../../../../core/schemas/dashboard';
import { MAIL_STATE_LABELS } from '../../../../core/schemas/enquiries';
import { errorMessage, useSession } from '../../lib/api';
import { formatDateTime } from '../../lib/date-time';
import { LoadFailure, LoadingStatus, Screen } from '../../components/screen';
import { notify } from '../../toasts';
import { useDashboard, useResendEnquiryMail, useRetrySchedule } from './api';
import { paramsFromQuery } from '../audit/audit-list';
import { EnquiriesChart } from './enquiries-chart';
import { VisitsCard } from './visits-card';
import { REVIEWS_HREF, ReviewsCard } from './reviews-card';
import { RELEASES_HREF, ReleasesCard } from './releases-card';
import { useReviews } from '../reviews/api';
import '../../../styles/dashboard.css';

/** Where an enquiry opens: the enquiries screen with its detail shown. */
export const enquiryHref = (id: number) => `/enquiries?open=${id}`;

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** A moment, readable and in the viewer's time zone, with its exact value for machines. */
function Moment({ value }: { value: string }) {
  return <time dateTime={value}>{formatDateTime(value)}</time>;
}

/** A card of the home: a region named by its heading, with the way on to the screen behind it at its foot. */
function Card({
  title,
  icon: Icon,
  wide = false,
  more,
  headingRef,
  children,
}: {
  title: string;
  icon: LucideIcon;
  /** Across the whole width (a list with long lines, the chart). */
  wide?: boolean;
  /** The link to the screen behind the card. */
  more?: { to: string; label: string };
  /** For a card that moves the focus to its heading (when what had it went away). */
  headingRef?: RefObject<HTMLHeadingElement | null>;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      className={wide ? 'app-panel dashboard-card dashboard-card--wide' : 'app-panel dashboard-card'}
      aria-labelledby={headingId}
    >
      <h2 id={headingId} className="dashboard-card__title" ref={headingRef} tabIndex={headingRef ? -1 : undefined}>
        <Icon className="dashboard-card__icon" aria-hidden="true" focusable="false" />
        {title}
      </h2>
      <div className="dashboard-card__body">{children}</div>
      {more ? (
        <p className="dashboard-card__more">
          <Link className="text-link" to={more.to}>
            {more.label}
            <ArrowRight className="icon" aria-hidden="true" focusable="false" />
          </Link>
        </p>
      ) : null}
    </section>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return <p className="dashboard-empty">{children}</p>;
}

/** The enquiries the spam guard kept back: listed under the Spam filter (docs/design.md §34: spam never hides a person). */
export const SPAM_HREF = '/enquiries?status=Spam';

function EnquiriesCard({
  newCount,
  spamCount,
  latest,
}: {
  newCount: number;
  spamCount: number;
  latest: readonly DashboardEnquiry[];
}) {
  return (
    <Card title="New enquiries" icon={Inbox} more={{ to: '/enquiries', label: 'All enquiries' }}>
      {newCount > 0 ? (
        <p className="dashboard-figure">
          <span className="dashboard-figure__number">{newCount}</span>{' '}
          {newCount === 1 ? 'new enquiry' : 'new enquiries'}
        </p>
      ) : (
        <Empty>No new enquiries. What visitors send through the contact form appears here.</Empty>
      )}
      {spamCount > 0 ? (
        <p className="dashboard-spam">
          <Link to={SPAM_HREF}>{plural(spamCount, 'enquiry is', 'enquiries are')} kept as spam</Link>: a look now and
          then finds a real one caught by mistake.
        </p>
      ) : null}
      {latest.length > 0 ? (
        <>
          <h3 className="dashboard-card__subtitle">Latest</h3>
          <ul className="dashboard-list">
            {latest.map((enquiry) => (
              <li key={enquiry.id} className="dashboard-list__item">
                <span className="dashboard-list__main">
                  <Link to={enquiryHref(enquiry.id)}>{enquiry.name}</Link>
                  {enquiry.status === 'New' ? null : <span className="dashboard-tag">{enquiry.status}</span>}
                </span>
                {enquiry.organization ? <span className="dashboard-list__detail">{enquiry.organization}</span> : null}
                <span className="dashboard-list__meta">
                  Received <Moment value={enquiry.createdAt} />
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </Card>
  );
}

/** The Mail card's line about what happens next to a failing mail. */
function nextAttempt(mail: FailingMail): ReactNode {
  if (mail.state === 'retrying' && mail.nextAttemptAt) {
    return (
      <>
        Next attempt <Moment value={mail.nextAttemptAt} />
      </>
    );
  }
  return mail.state === 'failed' ? 'No further attempt: Resend tries again.' : 'Next attempt soon.';
}

/**
 * What the Mail card says first (docs/design.md §24: the dashboard tells the truth): mail not set up and what waits
 * for it, or what is failing, or what waits to be sent, or that every enquiry was mailed.
 */
export function mailSummary({
  configured,
  unsent,
  failingCount,
}: Pick<MailCardData, 'configured' | 'unsent' | 'failingCount'>): string {
  const waiting = (count: number) =>
    count === 0 ? 'no enquiry waits' : count === 1 ? '1 enquiry waits' : `${count} enquiries wait`;
  if (!configured) return `Mail is not set up: ${waiting(unsent)} unsent.`;
  const others = unsent - failingCount;
  if (failingCount > 0) {
    const failing = `${plural(failingCount, 'enquiry whose mail is failing or being retried', 'enquiries whose mail is failing or being retried')}.`;
    return others > 0 ? `${failing} ${others === 1 ? '1 more is' : `${others} more are`} not mailed yet.` : failing;
  }
  // Waiting for the worker, or never queued (stored before mailing existed, taken out of Spam: Resend sends them).
  if (unsent > 0)
    return `No mail is failing. ${unsent === 1 ? '1 enquiry is' : `${unsent} enquiries are`} not mailed yet.`;
  return 'No mail is failing: every enquiry was mailed.';
}

function MailCard({ card }: { card: MailCardData }) {
  const { failing, failingCount, configured, unsent } = card;
  const resend = useResendEnquiryMail();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The enquiry whose mail was sent again: once the refreshed list no longer holds it, its Resend button (which
  // had the focus) is gone, and the focus goes to the card's heading instead of the top of the page.
  const resent = useRef<number | null>(null);

  useEffect(() => {
    const id = resent.current;
    if (id === null || failing.some((mail) => mail.enquiryId === id)) return;
    resent.current = null;
    if (document.activeElement === null || document.activeElement === document.body) headingRef.current?.focus();
  }, [failing]);

  const onResend = async (mail: FailingMail) => {
    // One at a time: a second press while a call is out does nothing.
    if (resend.isPending) return;
    resent.current = mail.enquiryId;
    try {
      const answer = await resend.mutateAsync({ id: mail.enquiryId });
      notify.success(answer.message || 'The mail will be sent again now.');
    } catch (error) {
      resent.current = null;
      notify.error(errorMessage(error));
    }
  };

  return (
    <Card
      title="Mail"
      icon={MailExclamationPoint}
      wide={failing.length > 0}
      headingRef={headingRef}
      more={configured && unsent === 0 ? undefined : { to: '/enquiries', label: 'Open the enquiries' }}
    >
      <p className={configured ? 'dashboard-card__lead' : 'dashboard-card__lead dashboard-card__lead--warning'}>
        {mailSummary(card)}
      </p>
      {configured ? null : (
        <p className="dashboard-card__lead">
          {unsent > 0 ? 'Nothing is lost: they are kept, and' : 'Enquiries are kept, and'} go out once whoever runs the
          server sets SMTP_URL and CONTACT_RECIPIENT.
        </p>
      )}
      {failing.length === 0 ? null : (
        <>
          {failingCount > failing.length ? (
            <p className="dashboard-card__lead">
              The newest {failing.length} are listed; the Mail filter of the enquiries screen shows them all.
            </p>
          ) : null}
          <ul className="dashboard-mail">
            {failing.map((mail) => {
              const busy = resend.isPending && resend.variables?.id === mail.enquiryId;
              return (
                <li key={mail.enquiryId} className="dashboard-mail__item">
                  <div className="dashboard-mail__who">
                    <Link to={enquiryHref(mail.enquiryId)}>{mail.name}</Link>
                    <span className="dashboard-mail__email">{mail.email}</span>
                  </div>
                  <div className="dashboard-mail__state">
                    <span className={`status-badge dashboard-mail__badge dashboard-mail__badge--${mail.state}`}>
                      {MAIL_STATE_LABELS[mail.state]}
                    </span>
                    <span>{plural(mail.attempts, 'attempt', 'attempts')}</span>
                  </div>
                  <div className="dashboard-mail__detail">
                    {mail.lastError ? (
                      <p className="dashboard-mail__error">
                        <span className="dashboard-mail__label">Last error:</span> {mail.lastError}
                      </p>
                    ) : null}
                    <p className="dashboard-mail__next">{nextAttempt(mail)}</p>
                  </div>
                  <button
                    type="button"
                    className="button button--outline dashboard-mail__resend"
                    aria-busy={busy || undefined}
                    onClick={() => void onResend(mail)}
                  >
                    <Send className="button__icon" aria-hidden="true" focusable="false" />
                    Resend<span className="visually-hidden"> the mail of the enquiry from {mail.name}</span>
                  </button>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </Card>
  );
}

function ScheduledCard({ scheduled }: { scheduled: readonly ScheduledPublication[] }) {
  const retry = useRetrySchedule();
  const onRetry = async (publication: ScheduledPublication) => {
    if (retry.isPending) return;
    try {
      const { routing, revision, locale } = publication;
      notify.success((await retry.mutateAsync({ routing, revision, ...(locale ? { locale } : {}) })).message);
    } catch (error) {
      notify.error(errorMessage(error));
    }
  };
  return (
    <Card title="Scheduled publications" icon={CalendarClock}>
      {scheduled.length === 0 ? (
        <Empty>Nothing is scheduled. In a page&apos;s editor, Schedule… publishes a draft at a time you choose.</Empty>
      ) : (
        <ul className="dashboard-list">
          {scheduled.map((publication) => (
            <li key={`${publication.routing}-${publication.revision}`} className="dashboard-list__item">
              <span className="dashboard-list__main">
                <Link to={`/${publication.routing}`}>{publication.name}</Link>
                <span className="dashboard-tag">Revision {publication.revision}</span>
              </span>
              {publication.failed === undefined ? (
                <span className="dashboard-list__detail">
                  Goes live <Moment value={publication.publishAt} />
                </span>
              ) : (
                <span className="dashboard-list__detail dashboard-list__failed">
                  Could not be published at <Moment value={publication.publishAt} />: {publication.failed}{' '}
                  <button
                    type="button"
                    className="button button--outline dashboard-retry"
                    aria-busy={retry.isPending || undefined}
                    onClick={() => void onRetry(publication)}
                  >
                    Retry<span className="visually-hidden"> {publication.name}</span>
                  </button>
                </span>
              )}
              <span className="dashboard-list__meta">Scheduled by {publication.scheduledBy}</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** A change in the audit log: the entries of its kind by the same person (or by visitors), newest first, it among them. */
function changeHref(entry: AuditEntryRow): string {
  return `/auditlog?${paramsFromQuery({ userName: entry.userName ?? '', action: entry.action, targetType: entry.targetType, from: '', to: '', pageno: 1 }).toString()}`;
}

function ChangesCard({ changes }: { changes: readonly AuditEntryRow[] }) {
  return (
    <Card title="Last changes" icon={RotateCcwClock} more={{ to: '/auditlog', label: 'Open the audit log' }}>
      {changes.length === 0 ? (
        <Empty>No changes recorded yet.</Empty>
      ) : (
        <ul className="dashboard-list">
          {changes.map((entry) => (
            <li key={entry.id} className="dashboard-list__item">
              <span className="dashboard-list__main dashboard-list__summary">
                <Link to={changeHref(entry)}>{entry.summary}</Link>
              </span>
              <span className="dashboard-list__meta">
                {entry.userName ?? 'Anonymous'}, <Moment value={entry.at} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function ChartCard({ weeks }: { weeks: readonly EnquiryWeek[] }) {
  return (
    <Card title="Enquiries per week" icon={ChartColumn}>
      <EnquiriesChart weeks={weeks} />
    </Card>
  );
}

const NO_REVIEWS: readonly ReviewItem[] = [];

/** The visits screen over the same 7 days as the card. */
export const VISITS_WEEK_HREF = '/visits?range=7d';

/**
 * The cards the answer holds, in a fixed order: what waits for the user's review (docs/design.md §32: only when
 * something does), what came in, what needs doing, what is on its way, what changed.
 */
function Cards({ dashboard, reviews }: { dashboard: Dashboard; reviews: readonly ReviewItem[] }) {
  const { enquiries, enquiriesPerWeek, mail, scheduled, releases, changes, visits } = dashboard;
  if (
    !enquiries &&
    !enquiriesPerWeek &&
    !mail &&
    !scheduled &&
    !releases &&
    !changes &&
    !visits &&
    reviews.length === 0
  ) {
    return (
      <p className="app-panel dashboard-none">
        Your menu holds none of the screens the home shows. Open a screen from the menu.
      </p>
    );
  }
  return (
    <div className="dashboard">
      {reviews.length > 0 ? (
        <Card title="Waiting for your review" icon={ClipboardCheck} more={{ to: REVIEWS_HREF, label: 'Open Reviews' }}>
          <ReviewsCard items={reviews} />
        </Card>
      ) : null}
      {enquiries ? (
        <EnquiriesCard newCount={enquiries.newCount} spamCount={enquiries.spamCount} latest={enquiries.latest} />
      ) : null}
      {enquiriesPerWeek ? <ChartCard weeks={enquiriesPerWeek} /> : null}
      {visits ? (
        <Card title="Visits" icon={ChartLine} more={{ to: VISITS_WEEK_HREF, label: 'Open Visits' }}>
          <VisitsCard days={visits.days} />
        </Card>
      ) : null}
      {mail ? <MailCard card={mail} /> : null}
      {scheduled ? <ScheduledCard scheduled={scheduled} /> : null}
      {releases ? (
        <Card title="Releases" icon={CalendarClock} more={{ to: RELEASES_HREF, label: 'Open Releases' }}>
          <ReleasesCard releases={releases} />
        </Card>
      ) : null}
      {changes ? <ChangesCard changes={changes} /> : null}
    </div>
  );
}

/**
 * dashboard: the staff home after sign-in (docs/design.md §23). New enquiries, mail failing or retrying (with Resend),
 * scheduled publications, releases waiting for their time or failed (with Retry, §32), the last changes, enquiries per week and the last 7 days' visits (§31); each card only where
 * the user's menu holds the screen behind it (the server leaves the others out of its answer). What waits for the user's
 * review (§32) comes from its own call, first, and only when something waits.
 */
export default function DashboardScreen() {
  const dashboard = useDashboard();
  // Asked beside the home's own call, for a user whose menu holds the Reviews screen (where a decision is made: the
  // menu is the permission); while it is on its way, or when it fails, the home shows no review card.
  const mayReview = useSession().data?.user?.screens.includes('reviews') === true;
  const reviews = useReviews(mayReview);
  return (
    <Screen title="Dashboard" lead="What came in, what needs doing and what changed, at a glance.">
      {dashboard.isPending ? (
        <LoadingStatus inline />
      ) : dashboard.isError ? (
        <LoadFailure
          inline
          message={errorMessage(dashboard.error, 'The dashboard could not be loaded.')}
          onRetry={() => void dashboard.refetch()}
        />
      ) : (
        <Cards dashboard={dashboard.data} reviews={(mayReview ? reviews.data : undefined) ?? NO_REVIEWS} />
      )}
    </Screen>
  );
}
