import { useId, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { LONGEST_SCHEDULE_MS } from '../../../../core/schemas/revision';
import { CALENDAR_MESSAGES, type CalendarItem, type CalendarRelease } from '../../../../core/schemas/calendar';
import { RELEASE_MESSAGES } from '../../../../core/schemas/release';
import { useConfirm } from '../../components/confirm-dialog';
import { useModalDialog } from '../../components/modal-dialog';
import { RefusalBox, StaffForm, SubmitButton, useStaffForm } from '../../components/staff-form';
import { errorMessage, refusedField } from '../../lib/api';
import { formatDateTime } from '../../lib/date-time';
import { notify } from '../../toasts';
import {
  SCHEDULE_MESSAGES,
  inputsOf,
  localMoment,
  localTimeZone,
  scheduleIso,
  scheduleProblem,
} from '../../editors/schedule-time';
import { localeOf, useMoveRelease, useReschedule } from './api';
import { itemName, moveQuestion, moveReleaseQuestion, releaseStands, whereItStands } from './calendar-words';
import '../../../styles/data-table.css';
import { MomentField, type MomentValues } from '../../editors/moment-field';

/** The new moment as its inputs hold it: a local date and time. */
/** What the dialog says when the moment chosen is the one the item has already. */
export const SAME_MOMENT = 'Choose another day or time: it goes live at this moment already.';

/** Which field a refusal of the moment (`publishAt`) belongs at: a time not ahead at the time, any other at the date. */
const fieldOfRefusal = (message: string): 'date' | 'time' =>
  message === SCHEDULE_MESSAGES.past || message === CALENDAR_MESSAGES.notAhead || message === RELEASE_MESSAGES.notAhead
    ? 'time'
    : 'date';

/** What a move dialog moves: its name, where it stands, its moment, and how it is moved. */
interface Movable {
  /** The dialog's heading after "Move". */
  name: string;
  /** Where it stands now, the dialog's first sentence. */
  where: string;
  at: string;
  /** The question asked before the move, with both moments. */
  question: (publishAt: string) => string;
  questionTitle: string;
  /** Sends the move; its answer's sentence is toasted. */
  send: (publishAt: string) => Promise<{ message: string }>;
}

/**
 * Move… (docs/design.md §32): a modal dialog asking for the new day (the date a drop chose, else the item's own) and
 * time (the item's, unless changed) in the viewer's time zone. The moment is checked here first (ahead, within a year,
 * another than now), then the move is asked in words with both moments; once confirmed it is sent as UTC, the
 * server's sentence is toasted and the calendar asked again. A refusal shows in the dialog, at its field if it names
 * the moment.
 */
export function MoveDialog({
  item,
  day,
  onClose,
  onMoved,
}: {
  item: CalendarItem;
  /** The day the item was dropped on, offered in place of its own. */
  day?: string | undefined;
  /** Cancel, Escape: nothing was sent. */
  onClose: () => void;
  /** Moved (the calendar is fresh): the dialog is gone. */
  onMoved: () => void;
}) {
  const move = useReschedule();
  const movable: Movable = {
    name: itemName(item),
    where: whereItStands(item),
    at: item.at,
    question: (publishAt) => moveQuestion(item, publishAt),
    questionTitle: 'Move the publication?',
    send: (publishAt) =>
      move.mutateAsync({ routing: item.routing, ...localeOf(item), revision: item.revision, publishAt }),
  };
  return <MomentDialog movable={movable} day={day} onClose={onClose} onMoved={onMoved} />;
}

/** Move… of a scheduled release (docs/design.md §32): the same dialog, the release published at the new moment. */
export function MoveReleaseDialog({
  release,
  day,
  onClose,
  onMoved,
}: {
  release: CalendarRelease;
  day?: string | undefined;
  onClose: () => void;
  onMoved: () => void;
}) {
  const move = useMoveRelease();
  const movable: Movable = {
    name: `the release ${release.name}`,
    where: releaseStands(release),
    at: release.at,
    question: (publishAt) => moveReleaseQuestion(release, publishAt),
    questionTitle: 'Move the release?',
    send: (publishAt) => move.mutateAsync({ id: release.id, publishAt }),
  };
  return <MomentDialog movable={movable} day={day} onClose={onClose} onMoved={onMoved} />;
}

function MomentDialog({
  movable,
  day,
  onClose,
  onMoved,
}: {
  movable: Movable;
  day: string | undefined;
  onClose: () => void;
  onMoved: () => void;
}) {
  const titleId = useId();
  const introId = useId();
  const dateId = useId();
  const timeId = useId();
  const [now] = useState(() => new Date());
  const { confirm, dialog: question } = useConfirm();
  const zone = localTimeZone();
  const current = inputsOf(new Date(movable.at));

  const form = useStaffForm<MomentValues>({
    defaultValues: { date: day ?? current.date, time: current.time },
    submit: async ({ date, time }) => {
      const problem = scheduleProblem(date, time, new Date());
      const publishAt = problem ? null : scheduleIso(date, time);
      if (!publishAt) {
        const { field, message } = problem ?? { field: 'date' as const, message: SCHEDULE_MESSAGES.badDate };
        form.methods.setError(field, { type: 'validate', message });
        form.methods.setFocus(field);
        return;
      }
      if (Date.parse(publishAt) === Date.parse(movable.at)) {
        form.methods.setError('date', { type: 'validate', message: SAME_MOMENT });
        form.methods.setFocus('date');
        return;
      }
      if (!(await confirm(movable.question(publishAt), { title: movable.questionTitle, confirmLabel: 'Move' }))) return;
      try {
        const answer = await movable.send(publishAt);
        notify.success(answer.message);
        onMoved();
      } catch (error) {
        // The server names the moment (`publishAt`): said at the field it was chosen in. Anything else: in the box.
        if (refusedField(error) !== 'publishAt') throw error;
        const field = fieldOfRefusal(errorMessage(error));
        form.methods.setError(field, { type: 'server', message: errorMessage(error) });
        form.methods.setFocus(field);
      }
    },
  });
  // The one way of opening a modal dialog: the focus starts on the date; Escape cancels unless a move is on its way.
  const { firstFocus: dateInput, dialogProps } = useModalDialog<HTMLInputElement>(() => {
    if (!form.busy) onClose();
  });

  const { errors } = form.methods.formState;
  const [date, time] = useWatch({ control: form.methods.control, name: ['date', 'time'] });
  const moment = errors.date || errors.time ? null : localMoment(date, time);
  const bounds = { min: inputsOf(now).date, max: inputsOf(new Date(now.getTime() + LONGEST_SCHEDULE_MS)).date };
  const changed = () => form.methods.clearErrors();

  return (
    <>
      <dialog
        {...dialogProps}
        className="staff-dialog schedule-dialog calendar-move"
        aria-labelledby={titleId}
        aria-describedby={introId}
      >
        <StaffForm form={form} className="schedule-dialog__form">
          <h2 className="confirm-dialog__title" id={titleId}>
            Move {movable.name}
          </h2>
          <p className="schedule-dialog__intro" id={introId}>
            {movable.where} Choose the new day: the time stays unless you change it.
            {zone ? ` Times are in your time zone (${zone}).` : ' Times are in your own time zone.'}
          </p>
          <div className="schedule-dialog__fields">
            <MomentField
              name="date"
              id={dateId}
              label="New date"
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
                It would go live on <time dateTime={moment.toISOString()}>{formatDateTime(moment.toISOString())}</time>.
              </>
            ) : null}
          </p>
          <RefusalBox message={form.refusal} />
          <div className="confirm-dialog__actions">
            <button
              type="button"
              className="button button--outline confirm-dialog__button"
              onClick={() => !form.busy && onClose()}
            >
              Cancel
            </button>
            <SubmitButton busy={form.busy} className="button confirm-dialog__button">
              Move…
            </SubmitButton>
          </div>
        </StaffForm>
      </dialog>
      {question}
    </>
  );
}
