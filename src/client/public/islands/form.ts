import { checkSubmission, isShown, type SubmittedFile, type SubmittedValues } from '../../../core/forms/form-rules';
import { sayFormWord, type FormWords } from '../../../core/forms/form-words';
import { readPhoneLeniently } from '../../../core/phone-rule';
import type { FormField } from '../../../core/schemas/forms';
import { describedBy, fieldErrorId, fieldHintId } from '../../components/field-ids';

/**
 * A form made without code in the browser (docs/design.md §30): it shows a field only while the field it depends on has
 * the value that shows it, checks with the rules the server checks with (`core/forms/form-rules.ts`), and sends
 * to the form's call (`data-endpoint`, from the route table): JSON, or the form's own multipart data when it has a
 * file field. A refusal shows at its field with the focus there, anything else above the Send button; the success
 * message in the form's status line. Its sentences are the page's words (`data-words`: the site words of forms that
 * differ from Folio's, in the page's language), and it sends the page's language (`data-language`) with the form.
 * Without this island the form posts to its page and works all the same.
 */
export function enhance(element: HTMLElement): void {
  if (!(element instanceof HTMLFormElement)) return;
  const form = element;
  const fields = JSON.parse(form.dataset.fields ?? '[]') as FormField[];
  const formId = form.id;
  const show = () => {
    const values = valuesOf(form, fields);
    for (const field of fields) {
      if (!field.showWhen) continue;
      const wrapper = form.querySelector<HTMLElement>(`[data-field="${field.key}"]`);
      if (wrapper) wrapper.hidden = !isShown(field, fields, values);
    }
  };
  form.addEventListener('change', show);
  form.addEventListener('input', show);
  show();
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void send(form, formId, fields);
  });
}

/** What the form holds now, by field key (several values for several choices), without its files. */
function valuesOf(form: HTMLFormElement, fields: readonly FormField[]): Record<string, string | string[]> {
  const data = new FormData(form);
  const values: Record<string, string | string[]> = {};
  for (const field of fields) {
    if (field.kind === 'file') continue;
    const all = data.getAll(field.key).filter((value): value is string => typeof value === 'string');
    values[field.key] = field.kind === 'checkboxes' ? all : (all[0] ?? '');
  }
  return values;
}

/** The files chosen, by field key, as the rules see them (name and size). */
function filesOf(form: HTMLFormElement, fields: readonly FormField[]): Record<string, SubmittedFile> {
  const files: Record<string, SubmittedFile> = {};
  for (const field of fields) {
    const input = form.elements.namedItem(field.key);
    const file = input instanceof HTMLInputElement ? input.files?.[0] : undefined;
    if (file) files[field.key] = { name: file.name, bytes: file.size };
  }
  return files;
}

async function send(form: HTMLFormElement, formId: string, fields: readonly FormField[]): Promise<void> {
  const values = valuesOf(form, fields);
  const words = JSON.parse(form.dataset.words ?? '{}') as FormWords;
  const { problems } = checkSubmission(fields, values as SubmittedValues, {
    country: form.dataset.country,
    readPhone: readPhoneLeniently,
    files: filesOf(form, fields),
    words,
  });
  for (const field of fields) mark(form, formId, field.key, problems.find((p) => p.field === field.key)?.message);
  say(form, '', false);
  if (problems.length > 0) {
    focusOn(form, formId, problems[0]!.field);
    return;
  }
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  button?.setAttribute('aria-busy', 'true');
  try {
    const withFile = fields.some((field) => field.kind === 'file');
    const data = new FormData(form);
    const response = await fetch(form.dataset.endpoint ?? '', {
      method: 'POST',
      ...(withFile
        ? { body: data }
        : {
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              values,
              token: data.get('_token'),
              honeypot: data.get('_website'),
              language: form.dataset.language,
            }),
          }),
    });
    const answer = (await response.json().catch(() => ({}))) as { message?: string; field?: string };
    if (response.ok) {
      form.reset();
      for (const field of fields) mark(form, formId, field.key, undefined);
      form.dispatchEvent(new Event('change'));
      say(form, form.dataset.success ?? '', false);
      return;
    }
    if (answer.field && fields.some((field) => field.key === answer.field)) {
      mark(form, formId, answer.field, answer.message);
      focusOn(form, formId, answer.field);
    } else if (response.status === 429) say(form, sayFormWord(words, 'form.tooMany'), true);
    else say(form, answer.message ?? sayFormWord(words, 'form.failed'), true);
  } catch {
    say(form, sayFormWord(words, 'form.offline'), true);
  } finally {
    button?.removeAttribute('aria-busy');
  }
}

/**
 * A field's sentence under it, or none: the paragraph the server renders for an error (`id` the control's with
 * `-error`), aria-invalid on a control (a fieldset of choices names the error in its description only).
 */
function mark(form: HTMLFormElement, formId: string, key: string, message: string | undefined): void {
  const target = form.querySelector<HTMLElement>(`[id="${formId}-${key}"]`);
  const frame = target?.closest('.field');
  if (!target || !frame) return;
  const errorId = fieldErrorId(target.id);
  let error = frame.querySelector<HTMLElement>(`[id="${errorId}"]`);
  if (message) {
    if (!error) {
      error = document.createElement('p');
      error.className = 'field__error';
      error.id = errorId;
      frame.append(error);
    }
    error.textContent = message;
  } else error?.remove();
  if (target.tagName !== 'FIELDSET') {
    if (message) target.setAttribute('aria-invalid', 'true');
    else target.removeAttribute('aria-invalid');
  }
  const hintId = fieldHintId(target.id);
  const described = describedBy(
    frame.querySelector(`[id="${hintId}"]`) ? hintId : undefined,
    message ? errorId : undefined,
  );
  if (described) target.setAttribute('aria-describedby', described);
  else target.removeAttribute('aria-describedby');
}

/** The focus in a field: its control, or the first choice of a fieldset. */
function focusOn(form: HTMLFormElement, formId: string, key: string): void {
  const target = form.querySelector<HTMLElement>(`[id="${formId}-${key}"]`);
  (target?.tagName === 'FIELDSET' ? target.querySelector<HTMLElement>('input') : target)?.focus();
}

/** The form's own line: the success message (status), or what went wrong with the whole post (alert). */
function say(form: HTMLFormElement, text: string, problem: boolean): void {
  const status = form.querySelector<HTMLElement>('[role="status"]');
  if (!status) return;
  status.textContent = problem ? '' : text;
  status.className = text && !problem ? 'form-outcome form-outcome--success' : 'form-outcome';
  let alert = form.querySelector<HTMLElement>('.public-form__problem');
  if (problem) {
    if (!alert) {
      alert = document.createElement('p');
      alert.className = 'form-outcome form-outcome--error public-form__problem';
      alert.setAttribute('role', 'alert');
      status.before(alert);
    }
    alert.textContent = text;
  } else alert?.remove();
}
