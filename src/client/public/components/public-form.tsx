import type { ReactNode } from 'react';
import { DEFAULT_COUNTRY } from '../../../core/countries';
import { CONSENT_GIVEN, extensionsOf, fileRuleOf } from '../../../core/forms/form-rules';
import { formWordsOf, sayFormWord, type FormWords } from '../../../core/forms/form-words';
import { PHONE_MAX_LENGTH } from '../../../core/phone-rule';
import type { PublicForm as PublicFormData, PublicFormState } from '../../../core/public-page';
import { RADIOS_UP_TO, type FormField } from '../../../core/schemas/forms';
import { FORM_POST_FIELDS } from '../../../core/schemas/submissions';
import { sendForm } from '../../../core/api/submissions';
import { Field, FieldNotes } from '../../components/field';
import { fieldErrorId, fieldHintId } from '../../components/field-ids';
import { useSiteWords } from '../site-words';

/**
 * A form made without code as visitors fill it in (docs/design.md §30), rendered by the server and complete without
 * JavaScript: a plain form posted to the page itself (multipart when it has a file field), which the server answers
 * with a 303 to `?sent=1` and the success message, or with the page again (`state`: every value kept, a sentence at
 * each refused field, the focus on the first). Choices up to five are radio buttons in a fieldset, more a select; a
 * field shown only when another has a value says so under it (the server ignores it otherwise). Labels, fieldsets
 * and errors tied to their controls with `aria-describedby`. A hidden field catches bots; the time token says when
 * the form was shown. Its texts come translated into the page's language (server/forms/public-form.ts); its fixed
 * words are site words (core/forms/form-words.ts), handed to the island too when they differ from Folio's.
 */
export function PublicForm({
  form,
  state,
  action,
  country = DEFAULT_COUNTRY,
}: {
  form: PublicFormData;
  state?: PublicFormState | undefined;
  /** The page's own address: the form posts there. */
  action: string;
  country?: string | undefined;
}) {
  // A state of form 0 is every form's (`?sent=1`).
  const mine = state && (state.formId === form.id || state.formId === 0) ? state : undefined;
  const values = mine && !mine.sent ? mine.values : {};
  const errors = mine && !mine.sent ? mine.errors : {};
  const firstError = form.fields.find((field) => errors[field.key] !== undefined)?.key;
  const anchor = `form-${form.id}`;
  const withFile = form.fields.some((field) => field.kind === 'file');
  const words = formWordsOf(useSiteWords());
  return (
    <form
      id={anchor}
      className="contact-form public-form"
      method="post"
      // No fragment: a refused post's page puts the focus on its first refused field (autofocus), which a fragment stops.
      action={action}
      encType={withFile ? 'multipart/form-data' : undefined}
      noValidate
      data-country={country === DEFAULT_COUNTRY ? undefined : country}
      // The island (islands/form.ts) shows and hides fields, checks with the server's rules and sends to the form's call.
      data-island="form"
      data-fields={JSON.stringify(form.fields)}
      data-endpoint={sendForm.path.replace(':id', String(form.id))}
      data-success={form.successMessage}
      data-words={Object.keys(words).length > 0 ? JSON.stringify(words) : undefined}
      data-language={form.language}
    >
      {mine?.problem ? (
        <p className="form-outcome form-outcome--error" role="alert">
          {mine.problem}
        </p>
      ) : null}
      {form.fields.map((field) => (
        <FormControl
          key={field.key}
          formId={form.id}
          field={field}
          fields={form.fields}
          words={words}
          value={values[field.key]}
          error={errors[field.key]}
          autoFocus={field.key === firstError}
        />
      ))}
      <input type="hidden" name={FORM_POST_FIELDS.form} value={form.id} />
      <input type="hidden" name={FORM_POST_FIELDS.token} value={form.token} />
      {form.language ? <input type="hidden" name={FORM_POST_FIELDS.language} value={form.language} /> : null}
      {/* The hidden field: off screen, out of the tab order and hidden from screen readers; people leave it empty. */}
      <div className="contact-form__trap" aria-hidden="true">
        <label htmlFor={`${anchor}-website`}>{sayFormWord(words, 'form.honeypot')}</label>
        <input id={`${anchor}-website`} type="text" tabIndex={-1} autoComplete="off" name={FORM_POST_FIELDS.honeypot} />
      </div>
      <div className="contact-form__actions">
        <button type="submit" className="button">
          {sayFormWord(words, 'form.send')}
        </button>
      </div>
      <div role="status" className={mine?.sent ? 'form-outcome form-outcome--success' : 'form-outcome'}>
        {mine?.sent ? form.successMessage : null}
      </div>
    </form>
  );
}

/** Where a field shown only when another has a value says so (the island hides it until then). */
function shownWhenNote(field: FormField, fields: readonly FormField[], words: FormWords): string | undefined {
  if (!field.showWhen) return undefined;
  const by = fields.find((candidate) => candidate.key === field.showWhen!.field);
  const shown = by?.options?.find((option) => option.value === field.showWhen!.equals)?.label ?? field.showWhen.equals;
  return sayFormWord(words, 'form.shownWhen', { answer: shown, field: by?.label ?? field.showWhen.field });
}

function FormControl({
  formId,
  field,
  fields,
  words,
  value,
  error,
  autoFocus,
}: {
  formId: number;
  field: FormField;
  fields: readonly FormField[];
  words: FormWords;
  value: string | string[] | undefined;
  error: string | undefined;
  autoFocus: boolean;
}) {
  const id = `form-${formId}-${field.key}`;
  const hints = [
    field.help,
    field.kind === 'file' ? `${fileRuleOf(field, words)}.` : undefined,
    shownWhenNote(field, fields, words),
  ]
    .filter((hint): hint is string => Boolean(hint))
    .join(' ');
  const text = typeof value === 'string' ? value : (value?.[0] ?? '');
  const chosen = new Set(typeof value === 'string' ? [value] : (value ?? []));
  const wrap = (control: ReactNode) => (
    <div
      className="public-form__field"
      data-field={field.key}
      data-show-when={field.showWhen ? JSON.stringify(field.showWhen) : undefined}
    >
      {control}
    </div>
  );
  const options = field.options ?? [];
  if (field.kind === 'checkboxes' || (field.kind === 'choice' && options.length <= RADIOS_UP_TO))
    return wrap(
      <ChoiceSet
        id={id}
        field={field}
        hint={hints || undefined}
        error={error}
        chosen={chosen}
        autoFocus={autoFocus}
        type={field.kind === 'checkboxes' ? 'checkbox' : 'radio'}
      />,
    );
  if (field.kind === 'consent')
    return wrap(
      <div className="field">
        <div className="public-form__consent">
          <input
            id={id}
            type="checkbox"
            name={field.key}
            value={CONSENT_GIVEN}
            defaultChecked={text === CONSENT_GIVEN}
            required
            aria-required
            aria-invalid={error ? true : undefined}
            aria-describedby={
              [hints ? fieldHintId(id) : '', error ? fieldErrorId(id) : ''].filter(Boolean).join(' ') || undefined
            }
            autoFocus={autoFocus}
          />
          <label htmlFor={id}>{field.label}</label>
        </div>
        <FieldNotes
          hint={hints || undefined}
          hintId={hints ? fieldHintId(id) : undefined}
          error={error}
          errorId={error ? fieldErrorId(id) : undefined}
        />
      </div>,
    );
  return wrap(
    <Field id={id} label={field.label} required={field.required} markRequired hint={hints || undefined} error={error}>
      {(control) => {
        const common = { ...control, name: field.key, autoFocus, className: 'field__input' };
        switch (field.kind) {
          case 'textarea':
            return <textarea {...common} className="field__input field__textarea" rows={5} defaultValue={text} />;
          case 'choice':
            return (
              <select {...common} defaultValue={text}>
                <option value="">{sayFormWord(words, 'form.choose')}</option>
                {options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            );
          case 'file':
            return <input {...common} type="file" accept={extensionsOf(field.accept ?? []).join(',')} />;
          case 'email':
            return <input {...common} type="email" autoComplete="email" defaultValue={text} />;
          case 'phone':
            return (
              <input
                {...common}
                type="tel"
                inputMode="tel"
                maxLength={PHONE_MAX_LENGTH}
                autoComplete="tel"
                defaultValue={text}
              />
            );
          case 'number':
            return <input {...common} type="text" inputMode="decimal" defaultValue={text} />;
          case 'date':
            return <input {...common} type="date" defaultValue={text} />;
          default:
            return <input {...common} type="text" defaultValue={text} />;
        }
      }}
    </Field>,
  );
}

/** Radio buttons (one choice, up to five) or checkboxes in a fieldset, its legend the field's label. */
function ChoiceSet({
  id,
  field,
  hint,
  error,
  chosen,
  autoFocus,
  type,
}: {
  id: string;
  field: FormField;
  hint: string | undefined;
  error: string | undefined;
  chosen: ReadonlySet<string>;
  autoFocus: boolean;
  type: 'radio' | 'checkbox';
}) {
  const describedBy = [hint ? fieldHintId(id) : '', error ? fieldErrorId(id) : ''].filter(Boolean).join(' ');
  return (
    <fieldset id={id} className="field public-form__choices" aria-describedby={describedBy || undefined}>
      <legend className="field__label">
        {field.label}
        {field.required ? (
          <span className="field__required" aria-hidden="true">
            *
          </span>
        ) : null}
      </legend>
      {(field.options ?? []).map((option, index) => (
        <div key={option.value} className="public-form__choice">
          <input
            id={`${id}-${index}`}
            type={type}
            name={field.key}
            value={option.value}
            defaultChecked={chosen.has(option.value)}
            autoFocus={autoFocus && index === 0}
          />
          <label htmlFor={`${id}-${index}`}>{option.label}</label>
        </div>
      ))}
      <FieldNotes
        hint={hint}
        hintId={hint ? fieldHintId(id) : undefined}
        error={error}
        errorId={error ? fieldErrorId(id) : undefined}
      />
    </fieldset>
  );
}
