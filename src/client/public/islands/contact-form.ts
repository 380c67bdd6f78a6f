import {
  CONTACT_FORM_FIELDS,
  CONTACT_PAGE_ID,
  contactFieldErrors,
  type ContactFormField,
} from '../../../core/public-page';
import { fieldErrorId } from '../../components/field-ids';
import { postJson } from '../../lib/http';
import type { ContactWords } from '../../../core/site-texts';
import { CONTACT_OUTCOME } from '../components/contact-outcome';
import { checkAll, checkField, checksOn, shownError, startChecks, type FormChecks } from './contact-form-checks';
import { showFieldError } from './field-error';

type Control = HTMLInputElement | HTMLTextAreaElement;
type Outcome = { kind: 'success' | 'error'; text: string } | null;
type Validation = ReturnType<(typeof import('./contact-validation'))['enquirySchemaIn']>;
/** An enquiry the schema accepted, as it is sent. */
type Enquiry = ReturnType<Validation['parse']>;

let validationLoad: Promise<typeof import('./contact-validation')> | null = null;
/**
 * The schema in the company's country, its code fetched once, on first use (see contact-validation.ts for why);
 * a failed fetch is tried again.
 */
function loadValidation(country: string | undefined): Promise<Validation> {
  validationLoad ??= import('./contact-validation').catch((error: unknown) => {
    validationLoad = null;
    throw error;
  });
  return validationLoad.then((loaded) => loaded.enquirySchemaIn(country));
}

/** The form's words in the page's language, from the markup (`data-words`); none on a page in the default language. */
function wordsOf(form: HTMLFormElement): ContactWords {
  try {
    const parsed: unknown = JSON.parse(form.dataset.words ?? '{}');
    return parsed !== null && typeof parsed === 'object' ? (parsed as ContactWords) : {};
  } catch {
    return {};
  }
}

/** The form's field a refusal names (`field` of the answer), if it is one. */
const fieldNamed = (name: unknown): ContactFormField | undefined => CONTACT_FORM_FIELDS.find((field) => field === name);

const isControl = (element: unknown): element is Control =>
  element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement;

/** The errors of the server's answer to a post without JavaScript, read from the markup where they already are. */
function serverErrorsIn(form: HTMLFormElement, controls: Map<ContactFormField, Control | null>) {
  const errors: Partial<Record<ContactFormField, string>> = {};
  for (const [field, control] of controls) {
    const text = control && form.querySelector(`[id="${fieldErrorId(control.id)}"]`)?.textContent;
    if (text) errors[field] = text;
  }
  return errors;
}

/** Shows how sending went: a success in the status line, an error in an alert made on first need, nothing for null. */
function showOutcome(form: HTMLFormElement, status: HTMLElement, outcome: Outcome) {
  const success = outcome?.kind === 'success';
  status.className = success ? 'form-outcome form-outcome--success' : 'form-outcome';
  status.textContent = success ? outcome.text : '';
  let alert = form.querySelector<HTMLElement>('[role="alert"]');
  if (outcome?.kind !== 'error') return alert?.remove();
  if (!alert) {
    alert = document.createElement('div');
    alert.setAttribute('role', 'alert');
    alert.className = 'form-outcome form-outcome--error';
    status.after(alert);
  }
  alert.textContent = outcome.text;
}

/**
 * Posts a valid enquiry to savecont2 and gives back the answer's message ('' when it has none) and the form's field
 * it names, if any; a failed call throws.
 */
async function postEnquiry(enquiry: Enquiry): Promise<{ message: string; field: ContactFormField | undefined }> {
  // The call's entry comes with the schema's chunk (contact-validation.ts), already loaded by then.
  const { saveContactEnquiry } = await import('./contact-validation');
  const response = await postJson<{ message?: unknown; field?: unknown }>(saveContactEnquiry.path, {
    organization: enquiry.organization,
    name: enquiry.name,
    email: enquiry.email,
    mobile: enquiry.mobile,
    requirements: enquiry.requirements,
    website: enquiry.website,
    menupageid: CONTACT_PAGE_ID,
    commonrouting: 'Contact',
  });
  const message = typeof response.data?.message === 'string' ? response.data.message : '';
  return { message, field: fieldNamed(response.data?.field) };
}

/**
 * The contact-form island: takes over the server-rendered form (which without JavaScript posts to the page).
 * It checks each field with the server's own schema from the field's first blur on, keeps Submit disabled while
 * the form is invalid or sending, and sends the enquiry as JSON to savecont2 (spec 000 §2 Contact, §5, §8).
 */
export function enhance(element: HTMLElement): void {
  if (!(element instanceof HTMLFormElement)) return;
  const form = element;
  const controlOf = (name: string) => {
    const control = form.elements.namedItem(name);
    return isControl(control) ? control : null;
  };
  const controls = new Map(CONTACT_FORM_FIELDS.map((field) => [field, controlOf(field)] as const));
  const honeypot = controlOf('website');
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const status = form.querySelector<HTMLElement>('[role="status"]');
  if (!honeypot || !submit || !status || [...controls.values()].some((control) => !control)) return;
  // The page's language's words for the form's messages (docs/design.md §28): the default's text → its translation.
  const words = wordsOf(form);
  const say = (text: string) => words[text] ?? text;
  const fieldOf = (target: EventTarget | null): ContactFormField | undefined =>
    CONTACT_FORM_FIELDS.find((field) => controls.get(field) === target);

  let checks: FormChecks = startChecks(serverErrorsIn(form, controls));
  let validation: Validation | null = null;
  let sending = false;

  const values = () => ({
    ...Object.fromEntries([...controls].map(([field, control]) => [field, control?.value ?? ''])),
    website: honeypot.value,
  });
  const parse = (schema: Validation) => schema.safeParse(values());
  const errorsNow = (schema: Validation) => {
    const result = parse(schema);
    return result.success ? {} : contactFieldErrors(result.error.issues);
  };

  const showErrors = (fields: readonly ContactFormField[]) => {
    for (const field of fields) {
      const control = controls.get(field);
      const error = shownError(checks, field);
      if (control) showFieldError(control, error && say(error));
    }
  };

  // Submit works only on a valid form; until the schema is here the form counts as invalid, which is right:
  // nobody has typed anything yet.
  const showSubmit = () => {
    submit.disabled = sending || !(validation && parse(validation).success);
    if (sending) submit.setAttribute('aria-busy', 'true');
    else submit.removeAttribute('aria-busy');
  };

  // Fetched as soon as the visitor starts on the form, so it is there by the first blur.
  const prepare = () => {
    if (validation) return;
    loadValidation(form.dataset.country).then(
      (loaded) => {
        validation = loaded;
        showSubmit();
      },
      () => undefined,
    );
  };

  const check = async (field: ContactFormField, event: 'blur' | 'input') => {
    validation ??= await loadValidation(form.dataset.country).catch(() => null);
    if (!validation) return;
    checks = checkField(checks, field, errorsNow(validation), event);
    showErrors([field]);
  };

  const send = async () => {
    if (sending) return;
    validation ??= await loadValidation(form.dataset.country).catch(() => null);
    if (!validation) return showOutcome(form, status, { kind: 'error', text: say(CONTACT_OUTCOME.failed) });
    const result = parse(validation);
    if (!result.success) {
      // Only reached when something sends the form past the disabled button: show every error, go to the first.
      checks = checkAll(checks, contactFieldErrors(result.error.issues));
      showErrors(CONTACT_FORM_FIELDS);
      controls.get(CONTACT_FORM_FIELDS.find((field) => checks.found[field]) ?? 'name')?.focus();
      return;
    }
    checks = { ...checks, submitted: true };
    sending = true;
    showOutcome(form, status, null);
    showSubmit();
    let outcome: Outcome;
    try {
      const { message, field } = await postEnquiry(result.data);
      if (message !== 'Success' && message && field) {
        // A refusal about one field (a number the lenient check let through, docs/design.md §34) shows at that field.
        checks = { ...checks, found: { ...checks.found, [field]: message } };
        showErrors([field]);
        controls.get(field)?.focus();
        outcome = null;
      } else {
        outcome =
          message === 'Success'
            ? { kind: 'success', text: say(CONTACT_OUTCOME.sent) }
            : { kind: 'error', text: say(message || CONTACT_OUTCOME.refused) };
      }
    } catch {
      outcome = { kind: 'error', text: say(CONTACT_OUTCOME.failed) };
    }
    if (outcome?.kind === 'success') {
      // Sent: the form starts over, empty (the server's errors of an earlier post are gone for good too).
      for (const control of [...controls.values(), honeypot]) if (control) control.value = '';
      checks = startChecks({});
      showErrors(CONTACT_FORM_FIELDS);
    }
    sending = false;
    showOutcome(form, status, outcome);
    showSubmit();
  };

  for (const type of ['focusin', 'pointerdown', 'input']) form.addEventListener(type, prepare);
  form.addEventListener('input', (event) => {
    const field = fieldOf(event.target);
    if (field && checksOn(checks, field, 'input')) void check(field, 'input');
    showSubmit();
  });
  form.addEventListener('focusout', (event) => {
    const field = fieldOf(event.target);
    if (field) void check(field, 'blur');
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void send();
  });
  showSubmit();
}
