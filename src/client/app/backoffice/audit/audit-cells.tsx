import { OptionalCell } from '../../components/optional-cell';
import { localTime, utcTime, type DetailValue } from './audit-list';

/** The pieces of an entry that the list and the detail view both show. Every value is text, never markup. */

/** When: the viewer's local date over the time (to the second), the exact UTC moment for machines and as a tooltip. */
export function AuditTime({ at, inline = false }: { at: string; inline?: boolean }) {
  const parts = localTime(at);
  if (!parts) return <>{at}</>;
  return (
    <time className={inline ? 'audit-time audit-time--inline' : 'audit-time'} dateTime={at} title={utcTime(at)}>
      <span className="audit-time__date">{parts.date}</span> <span className="audit-time__time">{parts.time}</span>
    </time>
  );
}

/** An action by its name (`page.publish`): the area and the verb set apart, so a column of them reads at a glance. */
export function ActionName({ action }: { action: string }) {
  const dot = action.indexOf('.');
  return (
    <code className="audit-action">
      {dot > 0 ? (
        <>
          <span className="audit-action__area">{action.slice(0, dot)}</span>.{action.slice(dot + 1)}
        </>
      ) : (
        action
      )}
    </code>
  );
}

/** Target: its kind (`group`) and its name or id (`Editors`). */
export function TargetCell({ type, id }: { type: string; id: string }) {
  return (
    <span className="audit-target">
      <span className="audit-target__type">{type}</span>{' '}
      <span className="audit-target__id">{id === '' ? <OptionalCell text={null} /> : id}</span>
    </span>
  );
}

/** A value of the details: its words; nothing as a dash read as "None"; an empty text said so. */
export function DetailText({ value }: { value: DetailValue }) {
  if (value.kind === 'none') return <OptionalCell text={null} />;
  if (value.kind === 'empty') return <span className="audit-detail__empty">(empty)</span>;
  return <span className="audit-detail__text">{value.text}</span>;
}
