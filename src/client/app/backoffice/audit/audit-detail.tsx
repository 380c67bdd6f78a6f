import { useId, useMemo } from 'react';
import type { ReactNode } from 'react';
import { X } from 'lucide-react';
import type { AuditEntryRow } from '../../../../core/schemas/audit';
import { IconButton } from '../../components/icon-button';
import { useModalDialog } from '../../components/modal-dialog';
import { OptionalCell } from '../../components/optional-cell';
import { ActionName, AuditTime, DetailText } from './audit-cells';
import { readDetails, utcTime } from './audit-list';

function Item({ term, children, wide = false }: { term: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'audit-detail__item audit-detail__item--wide' : 'audit-detail__item'}>
      <dt className="audit-detail__term">{term}</dt>
      <dd className="audit-detail__value">{children}</dd>
    </div>
  );
}

/**
 * One audit entry in full, in a modal dialog (the native `<dialog>` opened with showModal: the browser keeps
 * the focus inside and the page behind inert), as the enquiry detail is. The focus starts on Close; Escape
 * closes; whoever opened it gets the focus back (the screen sees to that). Reading only: nothing here changes
 * or deletes the entry. The details read as a table of the changed fields (Field | Before | After) and a list
 * of the other facts, every value as text.
 */
export function AuditDetail({ entry, onClose }: { entry: AuditEntryRow; onClose: () => void }) {
  const { firstFocus: closeButton, dialogProps } = useModalDialog(onClose);
  const titleId = useId();
  const changesTitleId = useId();
  const factsTitleId = useId();
  const details = useMemo(() => readDetails(entry.details), [entry.details]);

  const nothingMore = details.changes.length === 0 && details.facts.length === 0;
  return (
    <dialog {...dialogProps} className="staff-dialog audit-detail" aria-labelledby={titleId}>
      <div className="audit-detail__header">
        <div className="audit-detail__heading">
          <p className="audit-detail__kicker">Audit entry {entry.id}</p>
          <h2 className="audit-detail__title" id={titleId}>
            {entry.summary}
          </h2>
        </div>
        <IconButton ref={closeButton} icon={X} label="Close" tooltipAlign="end" onClick={onClose} />
      </div>

      <dl className="audit-detail__fields">
        <Item term="When">
          <AuditTime at={entry.at} inline />
          <span className="audit-detail__utc">{utcTime(entry.at)}</span>
        </Item>
        <Item term="User">
          <OptionalCell text={entry.userName} />
        </Item>
        <Item term="Address (IP)">
          <OptionalCell text={entry.ip} />
        </Item>
        <Item term="Action">
          <ActionName action={entry.action} />
        </Item>
        <Item term="Target type">{entry.targetType}</Item>
        <Item term="Target">
          <OptionalCell text={entry.targetId} />
        </Item>
        <Item term="Summary" wide>
          {entry.summary}
        </Item>
        <Item term="Entry">
          {entry.id} <span className="audit-detail__muted">(site {entry.tenant})</span>
        </Item>
      </dl>

      {details.changes.length > 0 ? (
        <section className="audit-detail__section" aria-labelledby={changesTitleId}>
          <h3 className="audit-detail__subtitle" id={changesTitleId}>
            Changed fields
          </h3>
          <table className="audit-detail__changes" aria-labelledby={changesTitleId}>
            <thead>
              <tr>
                <th scope="col">Field</th>
                <th scope="col">Before</th>
                <th scope="col">After</th>
              </tr>
            </thead>
            <tbody>
              {details.changes.map((change) => (
                <tr key={change.field}>
                  <th scope="row" className="audit-detail__field">
                    {change.field}
                  </th>
                  <td>
                    <DetailText value={change.before} />
                  </td>
                  <td>
                    <DetailText value={change.after} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}

      {details.facts.length > 0 ? (
        <section className="audit-detail__section" aria-labelledby={factsTitleId}>
          <h3 className="audit-detail__subtitle" id={factsTitleId}>
            {details.changes.length > 0 ? 'Other details' : 'Details'}
          </h3>
          <dl className="audit-detail__facts">
            {details.facts.map((fact) => (
              <div key={fact.term} className="audit-detail__fact">
                <dt className="audit-detail__field">{fact.term}</dt>
                <dd>
                  <DetailText value={fact.value} />
                </dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}

      {nothingMore ? <p className="audit-detail__note">No further details were recorded for this entry.</p> : null}
    </dialog>
  );
}
