import { useId, useRef, useState } from 'react';
import type { FormEvent, RefObject } from 'react';
import { Save, X } from 'lucide-react';
import { REDIRECT_STATUSES } from '../../../../core/schemas/redirect';
import { Field } from '../../../components/field';
import { ApiError, errorMessage } from '../../lib/api';
import { useConfirm } from '../../components/confirm-dialog';
import { notify } from '../../toasts';
import { STATUS_NAMES, redirectSaved, useSaveRedirect, type RedirectInput } from './api';
import '../../../styles/page-defs.css';

/** What the form starts from: a redirect to change (with its id), or a new one, maybe with its `from` filled in. */
export type RedirectDraft = RedirectInput;

export const EMPTY_DRAFT: RedirectDraft = { from: '', to: '', status: 301 };

/** What a status means, said beside its choice. */
const STATUS_HINTS = {
  301: 'The page has moved for good: search engines list the new address instead.',
  302: 'For a while: search engines keep the old address.',
} as const;

type FieldName = 'from' | 'to' | 'status';

/** A 409 that asks first (docs/design.md §34: a target on this site where nothing is): its message is the question. */
const isQuestion = (error: unknown): error is ApiError =>
  error instanceof ApiError &&
  error.status === 409 &&
  (error.data as { confirm?: unknown } | undefined)?.confirm === true;

/** The field a refusal names (a 400, or a 409 such as "a redirect from … exists already"), when it is one of the form's. */
const refusedFieldOf = (error: unknown): FieldName | null =>
  error instanceof ApiError &&
  (error.status === 400 || error.status === 409) &&
  (error.field === 'from' || error.field === 'to' || error.field === 'status')
    ? error.field
    : null;

/**
 * The redirect's kind: a radio per status and, below, what the chosen one means. The hint's id is made by the form,
 * so that the ids of the form's parts are made in one place.
 */
function RedirectKindChoice({
  hintId,
  status: chosen,
  problem,
  firstKind,
  onChange,
}: {
  hintId: string;
  status: RedirectInput['status'];
  problem: string | undefined;
  /** The first radio, where the focus goes when the server refuses the kind. */
  firstKind: RefObject<HTMLInputElement | null>;
  onChange: (status: RedirectInput['status']) => void;
}) {
  return (
    <fieldset className="app-fieldset redirect-form__kind" aria-describedby={problem ? `${hintId}-error` : hintId}>
      <legend className="app-fieldset__legend">Kind</legend>
      <div className="page-form__choices">
        {REDIRECT_STATUSES.map((status, index) => (
          <label key={status} className="page-form__check" htmlFor={`redirect-status-${status}`}>
            <input
              id={`redirect-status-${status}`}
              ref={index === 0 ? firstKind : undefined}
              type="radio"
              name="redirect-status"
              value={status}
              checked={chosen === status}
              onChange={() => onChange(status)}
            />{' '}
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
      <button type="submit" className="button" disabled={saving} aria-busy={saving || undefined}>
        <Save className="button__icon" aria-hidden="true" focusable="false" />
        {editing ? 'Save changes' : 'Save redirect'}
      </button>
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
 * Add or change one redirect: from (a path on this site), to (a path or an https address) and its kind. A
 * refusal by the server is shown at the field it names (a loop at `to`, a live page's address at `from`), with
 * the focus there; any other in the form. `focus` says which field takes the focus as the form opens (the
 * 404 log's Create redirect fills `from` and puts the focus in `to`); none when the screen opens.
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
  const kindHintId = useId();
  const [values, setValues] = useState(draft);
  const [problems, setProblems] = useState<Partial<Record<FieldName, string>>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const inputs = { from: useRef<HTMLInputElement>(null), to: useRef<HTMLInputElement>(null) };
  const firstKind = useRef<HTMLInputElement>(null);
  const editing = draft.id !== undefined;

  const change = (field: FieldName, value: string | number) => {
    setValues((current) => ({ ...current, [field]: value }));
    setProblems((current) => ({ ...current, [field]: undefined }));
    setRefusal(null);
  };

  const focusField = (field: FieldName) => (field === 'status' ? firstKind : inputs[field]).current?.focus();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const input: RedirectInput = { ...values, from: values.from.trim(), to: values.to.trim() };
    const missing: Partial<Record<FieldName, string>> = {};
    if (!input.from) missing.from = 'Enter the address visitors come to, such as /our-old-team-page.';
    if (!input.to)
      missing.to = 'Enter where they should go: an address on this site, such as /About1, or an https:// address.';
    if (missing.from || missing.to) {
      setProblems(missing);
      focusField(missing.from ? 'from' : 'to');
      return;
    }
    try {
      let saved;
      try {
        saved = await save.mutateAsync(input);
      } catch (error) {
        // Nothing is at the target yet: the person says whether to save anyway (the form keeps what was typed).
        if (!isQuestion(error)) throw error;
        if (
          !(await confirm(error.message, {
            title: 'Nothing is at that address yet',
            confirmLabel: 'Save anyway',
            cancelLabel: 'Go back',
          }))
        ) {
          focusField('to');
          return;
        }
        saved = await save.mutateAsync({ ...input, confirmed: true });
      }
      notify.success(redirectSaved(saved), 'Redirect saved');
      onDone();
    } catch (error) {
      const field = refusedFieldOf(error);
      if (field) {
        setProblems({ [field]: errorMessage(error) });
        focusField(field);
      } else setRefusal(errorMessage(error));
    }
  };

  const addressField = (field: 'from' | 'to', label: string, hint: string) => (
    <Field id={`redirect-${field}`} label={label} required markRequired hint={hint} error={problems[field]}>
      {(control) => (
        <input
          {...control}
          ref={inputs[field]}
          className="field__input"
          value={values[field]}
          onChange={(event) => change(field, event.target.value)}
          // As the form opens only (a new form for each draft): what the screen asked for.
          autoFocus={focus === field}
          autoComplete="off"
          spellCheck={false}
          maxLength={2000}
        />
      )}
    </Field>
  );

  return (
    <section className="app-panel redirects-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{editing ? `Change the redirect from ${draft.from}` : 'Add a redirect'}</h2>
      <form className="app-form redirect-form" noValidate onSubmit={(event) => void submit(event)}>
        <div className="redirect-form__addresses">
          {addressField('from', 'From', 'An address on this site that no page lives at, such as /our-old-team-page.')}
          {addressField(
            'to',
            'To',
            'An address on this site, such as /About1, or a page elsewhere starting with https://.',
          )}
        </div>
        <RedirectKindChoice
          hintId={kindHintId}
          status={values.status}
          problem={problems.status}
          firstKind={firstKind}
          onChange={(status) => change('status', status)}
        />
        {refusal ? (
          <p className="refusal-box refusal-box--strong" role="alert">
            {refusal}
          </p>
        ) : null}
        <RedirectFormActions editing={editing} saving={save.isPending} onCancel={onDone} />
      </form>
      {dialog}
    </section>
  );
}
