import { useId, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { LONGEST_SCHEDULE_MS } from '../../../../core/schemas/revision';
import type { Acknowledged, Release } from '../../../../core/schemas/release';
import { useModalDialog } from '../../components/modal-dialog';
import { Refusal, RefusalBox, StaffForm, useStaffForm } from '../../components/staff-form';
import { errorMessage, refusedField } from '../../lib/api';
import { formatDateTime } from '../../lib/date-time';
import { notify } from '../../toasts';
import {
  SCHEDULE_MESSAGES,
  firstChoice,
  inputsOf,
  localMoment,
  localTimeZone,
  scheduleIso,
  scheduleProblem,
} from '../../editors/schedule-time';
import { MomentField, type MomentValues } from '../../editors/moment-field';
import { namedPage, usePublishRelease, type NamedPage } from './api';
import { ChecksFrame, ReleaseChecksList } from './release-checks-list';
import { findingsToShow, needsAcknowledgement, problemsOf, useReleaseChecks, type PageCheck } from './release-checks';
import { pageKey, pagesWords } from './release-words';
import '../../../styles/data-table.css';

/** What the dialog does: publish now, schedule (after the checks), or move a scheduled release to another moment. */
export type PublishMode = 'now' | 'schedule' | 'move';

const TITLES: Record<PublishMode, string> = { now: 'Publish now', schedule: 'Schedule', move: 'Move' };

/** Where the checks stand, in one sentence read out as it changes. */
function checksSentence(release: Release, checks: ReadonlyMap<string, PageCheck>): string {
  const states = release.items.map((item) => checks.get(pageKey(item)));
  const finished = states.filter((check) => check?.kind === 'done' || check?.kind === 'failed').length;
  if (finished < release.items.length) return `Checking page ${finished + 1} of ${release.items.length}…`;
  const flagged = states.filter(needsAcknowledgement).length;
  const advised = states.filter(
    (check) => check?.kind === 'done' && findingsToShow(check.findings).length > problemsOf(check.findings).length,
  ).length;
  const pages = pagesWords(release.items.length);
  if (flagged > 0)
    return `Checks done: ${flagged} of the ${pages} ${flagged === 1 ? 'needs' : 'need'} your word before publishing.`;
  return advised === 0
    ? `Checks done: no problems found on the ${pages}.`
    : `Checks done: no problems found on the ${pages}; advice worth a look on ${advised} of them.`;
}

/** The acknowledgements sent with the publication: each flagged page the user said yes to, with its count. */
function acknowledgedOf(release: Release, checks: ReadonlyMap<string, PageCheck>, said: ReadonlySet<string>) {
  return release.items.flatMap((item): Acknowledged[] => {
    const check = checks.get(pageKey(item));
    if (!needsAcknowledgement(check) || !said.has(pageKey(item))) return [];
    const findings = check?.kind === 'done' ? problemsOf(check.findings).length : 0;
    return [{ routing: item.routing, locale: item.locale, findings }];
  });
}

/** Every page checked, and each one flagged acknowledged: Publish may be pressed. */
function readyToPublish(release: Release, checks: ReadonlyMap<string, PageCheck>, said: ReadonlySet<string>) {
  return release.items.every((item) => {
    const check = checks.get(pageKey(item));
    if (check?.kind !== 'done' && check?.kind !== 'failed') return false;
    return !needsAcknowledgement(check) || said.has(pageKey(item));
  });
}

/** The moment of a schedule or a move: a date and a time in the viewer's zone, and the moment they make in words. */
function MomentFields({ now }: { now: Date }) {
  const dateId = useId();
  const timeId = useId();
  const { control, formState, clearErrors } = useFormContext<MomentValues>();
  const { errors } = formState;
  const [date, time] = useWatch({ control, name: ['date', 'time'] });
  const moment = errors.date || errors.time ? null : localMoment(date, time);
  const bounds = { min: inputsOf(now).date, max: inputsOf(new Date(now.getTime() + LONGEST_SCHEDULE_MS)).date };
  return (
    <>
      <div className="schedule-dialog__fields">
        <MomentField
          name="date"
          id={dateId}
          label="Date"
          error={errors.date?.message}
          bounds={bounds}
          onChange={() => clearErrors()}
        />
        <MomentField name="time" id={timeId} label="Time" error={errors.time?.message} onChange={() => clearErrors()} />
      </div>
      <p className="schedule-dialog__moment" aria-live="polite">
        {moment ? (
          <>
            It goes live on <time dateTime={moment.toISOString()}>{formatDateTime(moment.toISOString())}</time>.
          </>
        ) : null}
      </p>
    </>
  );
}

/**
 * Publish now…, Schedule… and Move… of a release (docs/design.md §32): first the §26 checks on each page as it will go
 * live (not for a move: its pages do not change), a page with problems (or whose checks could not run) needing its
 * own "Publish anyway" before the button is enabled; then, for a schedule or a move, the moment in the viewer's time.
 * A refusal shows in the dialog with the server's sentence; one naming a page marks it here and on the screen.
 */
export function PublishDialog({
  release,
  mode,
  onClose,
  onDone,
  onNamed,
}: {
  release: Release;
  mode: PublishMode;
  onClose: () => void;
  onDone: () => void;
  /** A refusal named a page (its sentence with it), or a publication went through (null). */
  onNamed: (refusal: { page: NamedPage; message: string } | null) => void;
}) {
  const titleId = useId();
  const introId = useId();
  const [now] = useState(() => new Date());
  const [said, setSaid] = useState<ReadonlySet<string>>(new Set());
  const [named, setNamed] = useState<string | null>(null);
  const publish = usePublishRelease();
  const checking = mode !== 'move';
  const { checks, frame, frameRef } = useReleaseChecks(release.items, checking);
  const timed = mode !== 'now';

  const form = useStaffForm<MomentValues>({
    defaultValues: firstChoice(now, release.publishAt),
    submit: async ({ date, time }) => {
      let publishAt: string | undefined;
      if (timed) {
        const problem = scheduleProblem(date, time, new Date());
        publishAt = (problem ? null : scheduleIso(date, time)) ?? undefined;
        if (!publishAt) {
          const { field, message } = problem ?? { field: 'date' as const, message: SCHEDULE_MESSAGES.badDate };
          form.methods.setError(field, { type: 'validate', message });
          form.methods.setFocus(field);
          return;
        }
      }
      const acknowledged = checking ? acknowledgedOf(release, checks, said) : [];
      try {
        const answer = await publish.mutateAsync({
          id: release.id,
          ...(publishAt ? { publishAt } : {}),
          ...(acknowledged.length > 0 ? { acknowledged } : {}),
        });
        notify.success(answer.message);
        onNamed(null);
        onDone();
      } catch (error) {
        const page = namedPage(error);
        setNamed(page ? pageKey(page) : null);
        onNamed(page ? { page, message: errorMessage(error) } : null);
        if (refusedField(error) === 'publishAt') {
          form.methods.setError('date', { type: 'server', message: errorMessage(error) });
          form.methods.setFocus('date');
          return;
        }
        throw new Refusal(errorMessage(error, 'The release could not be published.'));
      }
    },
  });
  const { firstFocus, dialogProps } = useModalDialog<HTMLHeadingElement>(() => {
    if (!form.busy) onClose();
  });

  const ready = !checking || readyToPublish(release, checks, said);
  const zone = localTimeZone();
  const acknowledge = (key: string, yes: boolean) =>
    setSaid((current) => (yes ? new Set(current).add(key) : new Set([...current].filter((one) => one !== key))));

  return (
    <dialog
      {...dialogProps}
      className="staff-dialog release-dialog release-publish"
      aria-labelledby={titleId}
      aria-describedby={introId}
    >
      <StaffForm form={form} className="release-dialog__form">
        <h2 className="confirm-dialog__title" id={titleId} ref={firstFocus} tabIndex={-1}>
          {TITLES[mode]}: {release.name}
        </h2>
        <p className="release-dialog__intro" id={introId}>
          {mode === 'now'
            ? `All ${pagesWords(release.items.length)} go live together as soon as you publish, or none of them does.`
            : mode === 'schedule'
              ? `All ${pagesWords(release.items.length)} go live together at the moment you choose, or none of them does.`
              : `The release goes live at the new moment instead of ${formatDateTime(release.publishAt ?? '')}.`}
          {mode === 'now' && release.status === 'scheduled' && release.publishAt
            ? ` It was to go live on ${formatDateTime(release.publishAt)}: publishing now takes the place of that.`
            : null}
          {timed ? (zone ? ` Times are in your time zone (${zone}).` : ' Times are in your own time zone.') : null}
        </p>
        {checking ? (
          <section className="release-dialog__checks" aria-labelledby={`${titleId}-checks`}>
            <h3 className="release-dialog__subtitle" id={`${titleId}-checks`}>
              Checks of each page as it will go live
            </h3>
            <p className="release-dialog__status" role="status">
              {checksSentence(release, checks)}
            </p>
            <ReleaseChecksList
              items={release.items}
              checks={checks}
              named={named}
              acknowledged={said}
              onAcknowledge={acknowledge}
            />
          </section>
        ) : null}
        {timed ? <MomentFields now={now} /> : null}
        <RefusalBox message={form.refusal} />
        <div className="confirm-dialog__actions">
          <button
            type="button"
            className="button button--outline confirm-dialog__button"
            onClick={() => !form.busy && onClose()}
          >
            Cancel
          </button>
          <button
            type="submit"
            className="button confirm-dialog__button"
            disabled={!ready}
            aria-busy={form.busy || undefined}
          >
            {mode === 'now' ? 'Publish' : mode === 'schedule' ? 'Schedule' : 'Move'}
            <span className="visually-hidden"> {release.name}</span>
          </button>
        </div>
      </StaffForm>
      <ChecksFrame frame={frame} frameRef={frameRef} />
    </dialog>
  );
}
