import { useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import type { Scheduled } from '../../../core/schemas/revision';
import { LONGEST_SCHEDULE_MS } from '../../../core/schemas/revision';
import { Field } from '../../components/field';
import { useModalDialog } from '../components/modal-dialog';
import { formatDateTime } from '../lib/date-time';
import type { SaveOutcome } from './page-document';
import { firstChoice, inputsOf, localMoment, localTimeZone, scheduleIso, scheduleProblem } from './schedule-time';
import '../../styles/data-table.css';

export interface ScheduleDialogProps {
  /** A schedule already waiting: its moment is offered first. */
  waiting: Scheduled | null;
  /** The working copy has unsaved changes: they are what gets scheduled. */
  dirty: boolean;
  /** Saves the working copy to be published at the moment (UTC ISO 8601); a 400's sentence comes back to show. */
  onSchedule: (publishAt: string) => Promise<SaveOutcome>;
  /** Called once the dialog is done: scheduled, cancelled, or failed in a way shown elsewhere (a 409's banner). */
  onClose: () => void;
}

/**
 * Schedule…: a modal `<dialog>` asking for a date and a time in the browser's own time zone. The moment is
 * checked here first (in the future, at most a year ahead) and sent as UTC; a refusal by the server is shown
 * in the dialog. While the moment is valid, the dialog names it as visitors will meet it.
 */
export function ScheduleDialog({ waiting, dirty, onSchedule, onClose }: ScheduleDialogProps) {
  const timeInput = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const introId = useId();
  const dateId = useId();
  const timeId = useId();
  const [now] = useState(() => new Date());
  const [choice, setChoice] = useState(() => firstChoice(now, waiting?.publishAt ?? null));
  const [problem, setProblem] = useState<{ field: 'date' | 'time'; message: string } | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const zone = localTimeZone();

  const close = () => {
    if (dialogProps.ref.current?.open) dialogProps.ref.current.close();
    onClose();
  };
  // The one way of opening a modal dialog: the focus starts on the date; Escape cancels unless a save is on its way.
  const { firstFocus: dateInput, dialogProps } = useModalDialog<HTMLInputElement>(() => {
    if (!busy) close();
  });

  const change = (field: 'date' | 'time', value: string) => {
    setChoice((current) => ({ ...current, [field]: value }));
    setProblem(null);
    setRefusal(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = scheduleProblem(choice.date, choice.time, new Date());
    const publishAt = found ? null : scheduleIso(choice.date, choice.time);
    if (found || !publishAt) {
      setProblem(found ?? { field: 'date', message: 'Enter the date as day, month and year.' });
      (found?.field === 'time' ? timeInput : dateInput).current?.focus();
      return;
    }
    setBusy(true);
    const outcome = await onSchedule(publishAt);
    setBusy(false);
    if (!outcome.saved && outcome.refusal) {
      setRefusal(outcome.refusal);
      return;
    }
    close();
  };

  const moment = problem ? null : localMoment(choice.date, choice.time);
  const bounds = { min: inputsOf(now).date, max: inputsOf(new Date(now.getTime() + LONGEST_SCHEDULE_MS)).date };
  const error = (field: 'date' | 'time') => (problem?.field === field ? problem.message : undefined);

  return (
    <dialog
      {...dialogProps}
      className="staff-dialog schedule-dialog"
      aria-labelledby={titleId}
      aria-describedby={introId}
    >
      <form className="schedule-dialog__form" noValidate onSubmit={(event) => void submit(event)}>
        <h2 className="confirm-dialog__title" id={titleId}>
          Schedule the publication
        </h2>
        <p className="schedule-dialog__intro" id={introId}>
          {dirty
            ? 'Your changes are saved now and published at the moment you choose.'
            : 'The newest revision is published at the moment you choose.'}{' '}
          Visitors see the published page until then.
          {zone ? ` Times are in your time zone (${zone}).` : ' Times are in your own time zone.'}
        </p>
        {waiting ? (
          <p className="schedule-dialog__intro">
            Revision {waiting.revision} is scheduled for{' '}
            <time dateTime={waiting.publishAt}>{formatDateTime(waiting.publishAt)}</time> now.
          </p>
        ) : null}
        <div className="schedule-dialog__fields">
          <Field id={dateId} label="Date" required error={error('date')}>
            {(control) => (
              <input
                {...control}
                ref={dateInput}
                className="field__input"
                type="date"
                min={bounds.min}
                max={bounds.max}
                value={choice.date}
                onChange={(event) => change('date', event.target.value)}
              />
            )}
          </Field>
          <Field id={timeId} label="Time" required error={error('time')}>
            {(control) => (
              <input
                {...control}
                ref={timeInput}
                className="field__input"
                type="time"
                value={choice.time}
                onChange={(event) => change('time', event.target.value)}
              />
            )}
          </Field>
        </div>
        <p className="schedule-dialog__moment" aria-live="polite">
          {moment ? (
            <>
              Visitors will see it from{' '}
              <time dateTime={moment.toISOString()}>{formatDateTime(moment.toISOString())}</time>.
            </>
          ) : null}
        </p>
        {refusal ? (
          <p className="schedule-dialog__refusal" role="alert">
            {refusal}
          </p>
        ) : null}
        <div className="confirm-dialog__actions">
          <button
            type="button"
            className="button button--outline confirm-dialog__button"
            onClick={() => !busy && close()}
          >
            Cancel
          </button>
          <button type="submit" className="button confirm-dialog__button" aria-busy={busy || undefined}>
            Schedule
          </button>
        </div>
      </form>
    </dialog>
  );
}
