import { useId } from 'react';
import type { ReactNode } from 'react';
import { X } from 'lucide-react';
import type { EnquiryRow } from '../../../../core/schemas/enquiries';
import { IconButton } from '../../components/icon-button';
import { useModalDialog } from '../../components/modal-dialog';
import { OptionalCell } from '../../components/optional-cell';
import { DateTime, EmailLink, EnquiryStatusBadge, MailStateBadge } from './enquiry-cells';
import { telHref } from './enquiry-list';

function Item({ term, children, wide = false }: { term: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'enquiry-detail__item enquiry-detail__item--wide' : 'enquiry-detail__item'}>
      <dt className="enquiry-detail__term">{term}</dt>
      <dd className="enquiry-detail__value">{children}</dd>
    </div>
  );
}

/** What the mail section says where there is nothing to show. */
function Missing({ children }: { children: ReactNode }) {
  return <span className="enquiry-detail__missing">{children}</span>;
}

/**
 * One enquiry in full, in a modal dialog (the native `<dialog>` opened with showModal: the browser keeps the
 * focus inside and the page behind inert). The focus starts on Close; Escape closes; whoever opened it gets
 * the focus back (the screen sees to that). Every value is text: the requirements keep their line breaks.
 */
export function EnquiryDetail({
  row,
  mailConfigured,
  onClose,
  actions,
}: {
  row: EnquiryRow;
  mailConfigured: boolean;
  onClose: () => void;
  /** The enquiry's actions (EnquiryActionButtons). */
  actions: ReactNode;
}) {
  const { firstFocus: closeButton, dialogProps } = useModalDialog(onClose);
  const titleId = useId();
  const mailTitleId = useId();

  const { mail } = row;
  const waiting = mail.state === 'queued' || mail.state === 'retrying';
  return (
    <dialog {...dialogProps} className="staff-dialog enquiry-detail" aria-labelledby={titleId}>
      <div className="enquiry-detail__header">
        <h2 className="enquiry-detail__title" id={titleId}>
          Enquiry from {row.name}
        </h2>
        <IconButton ref={closeButton} icon={X} label="Close" tooltipAlign="end" onClick={onClose} />
      </div>

      <dl className="enquiry-detail__fields">
        <Item term="Received">
          <DateTime value={row.createdAt} />
        </Item>
        <Item term="Status">
          <EnquiryStatusBadge status={row.status} />
        </Item>
        <Item term="Contact Person">{row.name}</Item>
        <Item term="Organization">
          <OptionalCell text={row.organization} />
        </Item>
        <Item term="Email">
          <EmailLink email={row.email} />
        </Item>
        <Item term="Mobile">
          <a href={telHref(row.mobile)}>{row.mobile}</a>
        </Item>
        <Item term="Requirements" wide>
          <p className="enquiry-detail__requirements">{row.requirements}</p>
        </Item>
      </dl>

      <section className="enquiry-detail__mail" aria-labelledby={mailTitleId}>
        <h3 className="enquiry-detail__subtitle" id={mailTitleId}>
          Mail to the company
        </h3>
        {!mailConfigured && mail.state === 'queued' ? (
          <p className="enquiry-detail__note">
            Mail is not set up on the server yet: this enquiry is mailed once it is.
          </p>
        ) : null}
        <dl className="enquiry-detail__fields">
          <Item term="State">
            <MailStateBadge mail={mail} />
          </Item>
          <Item term="Attempts">{mail.attempts}</Item>
          <Item term="Sent">{mail.sentAt ? <DateTime value={mail.sentAt} /> : <Missing>Not yet</Missing>}</Item>
          {waiting && mail.nextAttemptAt ? (
            <Item term="Next attempt">
              <DateTime value={mail.nextAttemptAt} />
            </Item>
          ) : null}
          <Item term="Last SMTP answer" wide>
            {mail.lastError ? <p className="enquiry-detail__smtp">{mail.lastError}</p> : <Missing>None</Missing>}
          </Item>
        </dl>
      </section>

      <div className="enquiry-detail__actions">{actions}</div>
    </dialog>
  );
}
