import { useId, useState } from 'react';
import { useWatch } from 'react-hook-form';
import type { Scheduled } from '../../../core/schemas/revision';
import { LONGEST_SCHEDULE_MS } from '../../../core/schemas/revision';
import { useModalDialog } from '../components/modal-dialog';
import { Refusal, RefusalBox, StaffForm, SubmitButton, useStaffForm } from '../components/staff-form';
import { formatDateTime } from '../lib/date-time';
import type { SaveOutcome } from './page-document';
import { MomentField, type MomentValues } from './moment-field';
import {
  SCHEDULE_MESSAGES,
  firstChoice,
  inputsOf,
  localMoment,
  localTimeZone,
  scheduleIso,
  scheduleProblem,
} from './schedule-time';
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
  const titleId = useId();
  const introId = useId();
  const dateId = useId();
  const timeId = useId();
  const [now] = useState(() => new Date());
  // The server's refusal, held here rather than in the model's box state: a change to the moment takes it away.
  const [refusal, setRefusal] = useState<string | null>(null);
  const zone = localTimeZone();

  const close = () => {
    if (dialogProps.ref.current?.open) dialogProps.ref.current.close();
    onClose();
  };
  const form = useStaffForm<MomentValues>({
    defaultValues: firstChoice(now, waiting?.publishAt ?? null),
    onRefused: setRefusal,
    submit: async ({ date, time }) => {
      // Judged as Schedule is pressed, against the clock then (not as a field is left): what is wrong is said at
      // its field, which takes the focus.
      const found = scheduleProblem(date, time, new Date());
      const publishAt = found ? null : scheduleIso(date, time);
      if (found || !publishAt) {
        const { field, message } = found ?? { field: 'date' as const, message: SCHEDULE_MESSAGES.badDate };
        form.methods.setError(field, { type: 'validate', message });
        form.methods.setFocus(field);
        return;
      }
      const outcome = await onSchedule(publishAt);
      if (!outcome.saved && outcome.refusal) throw new Refusal(outcome.refusal);
      close();
    },
  });
  // The one way of opening a modal dialog: the focus starts on the date; Escape cancels unless a save is on its way.
  const { firstFocus: dateInput, dialogProps } = useModalDialog<HTMLInputElement>(() => {
    if (!form.busy) close();
  });

  /** A change to the date or the time: what was said about the moment before is no longer true. */
  const changed = () => {
    form.methods.clearErrors();
    setRefusal(null);
  };

  const { errors } = form.methods.formState;
  const [date, time] = useWatch({ control: form.methods.control, name: ['date', 'time'] });
  const moment = errors.date || errors.time ? null : localMoment(date, time);
  const bounds = { min: inputsOf(now).date, max: inputsOf(new Date(now.getTime() + LONGEST_SCHEDULE_MS)).date };

  return (
    <dialog
      {...dialogProps}
      className="staff-dialog schedule-dialog"
      aria-labelledby={titleId}
      aria-describedby={introId}
    >
      <StaffForm form={form} className="schedule-dialog__form">
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
          <MomentField
            name="date"
            id={dateId}
            label="Date"
            error={errors.date?.message}
            inputRef={dateInput}
            bounds={bounds}
            onChange={changed}
          />
          <MomentField name="time" id={timeId} label="Time" error={errors.time?.message} onChange={changed} />
        </div>
        <p className="schedule-dialog__moment" aria-live="polite">
          {moment ? (
            <>
              Visitors will see it from{' '}
              <time dateTime={moment.toISOString()}>{formatDateTime(moment.toISOString())}</time>.
            </>
          ) : null}
        </p>
        <RefusalBox message={refusal} className="schedule-dialog__refusal" />
        <div className="confirm-dialog__actions">
          <button
            type="button"
            className="button button--outline confirm-dialog__button"
            onClick={() => !form.busy && close()}
          >
            Cancel
          </button>
          <SubmitButton busy={form.busy} className="button confirm-dialog__button">
            Schedule
          </SubmitButton>
        </div>
      </StaffForm>
    </dialog>
  );
}
