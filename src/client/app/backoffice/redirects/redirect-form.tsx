import { useId } from 'react';
import { useFormContext } from 'react-hook-form';
import { Save, X } from 'lucide-react';
import { z } from 'zod';
import { REDIRECT_STATUSES } from '../../../../core/schemas/redirect';
import { ApiError } from '../../lib/api';
import { useConfirm } from '../../components/confirm-dialog';
import { FormField, useFieldError } from '../../components/form-field';
import { RefusalBox, StaffForm, SubmitButton, useStaffForm } from '../../components/staff-form';
import { notify } from '../../toasts';
import { STATUS_NAMES, redirectSaved, useSaveRedirect, type RedirectInput } from './api';
import '../../../styles/page-defs.css';

/** What the form starts from: a redirect to change (with its id), or a new one, maybe with its `from` filled in. */
export type RedirectDraft = RedirectInput;

export const EMPTY_DRAFT: RedirectDraft = { from: '', to: '', status: 301 };

/** The form's values: the radios hold the kind as text. */
interface RedirectValues {
  from: string;
  to: string;
  status: '301' | '302';
}

/**
 * What the form checks before sending: both addresses given (the server's rules for them, with its sentences, come
 * back at their field).
 */
const RedirectValuesSchema = z.object({
  from: z.string().trim().min(1, { message: 'Enter the address visitors come to, such as /our-old-team-page.' }),
  to: z.string().trim().min(1, {
    message: 'Enter where they should go: an address on this site, such as /About1, or an https:// address.',
  }),
  status: z.enum(['301', '302']).transform((status) => Number(status) as RedirectInput['status']),
});

/** What a status means, said beside its choice. */
const STATUS_HINTS = {
  301: 'The page has moved for good: search engines list the new address instead.',
  302: 'For a while: search engines keep the old address.',
} as const;

/** A 409 that asks first (docs/design.md §34: a target on this site where nothing is): its message is the question. */
const isQuestion = (error: unknown): error is ApiError =>
  error instanceof ApiError &&
  error.status === 409 &&
  (error.data as { confirm?: unknown } | undefined)?.confirm === true;

/** The redirect's kind: a radio per status and, below, what the chosen one means (and the server's refusal of it). */
function RedirectKindChoice() {
  const hintId = useId();
  const { register, watch } = useFormContext<RedirectValues>();
  const problem = useFieldError('status');
  const chosen = Number(watch('status')) as RedirectInput['status'];
  return (
    <fieldset className="app-fieldset redirect-form__kind" aria-describedby={problem ? `${hintId}-error` : hintId}>
      <legend className="app-fieldset__legend">Kind</legend>
      <div className="page-form__choices">
        {REDIRECT_STATUSES.map((status) => (
          <label key={status} className="page-form__check" htmlFor={`redirect-status-${status}`}>
            <input id={`redirect-status-${status}`} type="radio" value={String(status)} {...register('status')} />{' '}
            {STATUS_NAMES[status]} ({status})
          </label>
        ))}
      </div>
      <p className="field__hint" id={hintId}>
        {STATUS_HINTS[chosen]}
      </p>
      {problem ? (
        <p className="field__error" id={`${hintId}-error`}>
          {problem}
        </p>
      ) : null}
    </fieldset>
  );
}

/** Save (busy while the server answers) and, while a redirect is changed, Cancel. */
function RedirectFormActions({
  editing,
  saving,
  onCancel,
}: {
  editing: boolean;
  saving: boolean;
  onCancel: () => void;
}) {
  return (
    <div className="app-actions">
      <SubmitButton busy={saving} icon={Save}>
        {editing ? 'Save changes' : 'Save redirect'}
      </SubmitButton>
      {editing ? (
        <button type="button" className="button button--outline" onClick={onCancel}>
          <X className="button__icon" aria-hidden="true" focusable="false" />
          Cancel
        </button>
      ) : null}
    </div>
  );
}

/**
 * Add or change one redirect: from (a path on this site), to (a path or an https address) and its kind, on the one
 * form model. A refusal by the server is shown at the field it names (a loop at `to`, a live page's address at
 * `from`), with the focus there; any other in the form's refusal box. `focus` says which field takes the focus as
 * the form opens (the 404 log's Create redirect fills `from` and puts the focus in `to`); none when the screen opens.
 */
export function RedirectForm({
  draft,
  focus,
  onDone,
}: {
  draft: RedirectDraft;
  focus: 'from' | 'to' | null;
  /** Called after a save, and on Cancel while a redirect is changed: the form starts again empty. */
  onDone: () => void;
}) {
  const save = useSaveRedirect();
  const { confirm, dialog } = useConfirm();
  const headingId = useId();
  const editing = draft.id !== undefined;
  const form = useStaffForm<RedirectValues, z.output<typeof RedirectValuesSchema>>({
    schema: RedirectValuesSchema,
    defaultValues: { from: draft.from, to: draft.to, status: String(draft.status) as RedirectValues['status'] },
    submit: async (values) => {
      const input: RedirectInput = { ...values, ...(editing ? { id: draft.id } : {}) };
      let saved;
      try {
        saved = await save.mutateAsync(input);
      } catch (error) {
        // Nothing is at the target yet: the person says whether to save anyway (the form keeps what was typed).
        if (!isQuestion(error)) throw error;
        const anyway = await confirm(error.message, {
          title: 'Nothing is at that address yet',
          confirmLabel: 'Save anyway',
          cancelLabel: 'Go back',
        });
        if (!anyway) {
          form.methods.setFocus('to');
          return;
        }
        saved = await save.mutateAsync({ ...input, confirmed: true });
      }
      notify.success(redirectSaved(saved), 'Redirect saved');
      onDone();
    },
  });

  return (
    <section className="app-panel redirects-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{editing ? `Change the redirect from ${draft.from}` : 'Add a redirect'}</h2>
      <StaffForm form={form} className="app-form redirect-form">
        <div className="redirect-form__addresses">
          <FormField
            name="from"
            id="redirect-from"
            label="From"
            required
            hint="An address on this site that no page lives at, such as /our-old-team-page."
            maxLength={2000}
            spellCheck={false}
            autoFocus={focus === 'from'}
          />
          <FormField
            name="to"
            id="redirect-to"
            label="To"
            required
            hint="An address on this site, such as /About1, or a page elsewhere starting with https://."
            maxLength={2000}
            spellCheck={false}
            autoFocus={focus === 'to'}
          />
        </div>
        <RedirectKindChoice />
        <RefusalBox message={form.refusal} />
        <RedirectFormActions editing={editing} saving={form.busy} onCancel={onDone} />
      </StaffForm>
      {dialog}
    </section>
  );
}
