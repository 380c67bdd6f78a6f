import { MAIL_STATE_LABELS, type EnquiryMail, type EnquiryStatus } from '../../../../core/schemas/enquiries';
import { dateAndTime, formatDateTime } from '../../lib/date-time';
import { mailtoHref } from './enquiry-list';

/** The pieces of an enquiry that the list and the detail view both show. */

/** An enquiry's status on a badge: New stands out, Handled is done, Spam is set aside. */
export function EnquiryStatusBadge({ status }: { status: EnquiryStatus }) {
  return <span className={`status-badge enquiry-status enquiry-status--${status.toLowerCase()}`}>{status}</span>;
}

/** The mail's state in the contract's words, on a badge coloured by how it went. */
export function MailStateBadge({ mail }: { mail: EnquiryMail }) {
  return (
    <span className={`status-badge enquiry-mail__state enquiry-mail__state--${mail.state}`}>
      {MAIL_STATE_LABELS[mail.state]}
    </span>
  );
}

/** The Mail cell of the list: the state, and for a failing mail when it is tried next and the SMTP answer. */
export function MailCell({ mail }: { mail: EnquiryMail }) {
  const failing = mail.state === 'failed' || mail.state === 'retrying';
  return (
    <div className="enquiry-mail">
      <MailStateBadge mail={mail} />
      {mail.state === 'retrying' && mail.nextAttemptAt ? (
        <span className="enquiry-mail__note">
          Next attempt <DateTime value={mail.nextAttemptAt} />
        </span>
      ) : null}
      {failing && mail.lastError ? <span className="enquiry-mail__error">{mail.lastError}</span> : null}
    </div>
  );
}

/** A moment, readable and in the viewer's time zone, with its exact value for machines. */
export function DateTime({ value }: { value: string }) {
  return <time dateTime={value}>{formatDateTime(value)}</time>;
}

/** The Received cell: the date over the time, so the column stays narrow. */
export function ReceivedCell({ value }: { value: string }) {
  const parts = dateAndTime(value);
  if (!parts) return <>{value}</>;
  return (
    <time className="enquiry-received" dateTime={value}>
      <span className="enquiry-received__date">{parts.date}</span>{' '}
      <span className="enquiry-received__time">{parts.time}</span>
    </time>
  );
}

/** An e-mail address as a mailto: link that may break after its @ (never inside a word) in a narrow column. */
export function EmailLink({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  return (
    <a className="enquiry-email" href={mailtoHref(email)}>
      {at > 0 ? (
        <>
          {email.slice(0, at + 1)}
          <wbr />
          {email.slice(at + 1)}
        </>
      ) : (
        email
      )}
    </a>
  );
}
