import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CONTACT_PAGE_ID, contentPageByKey } from '../../../core/pages';
import type { ContactFormState } from '../../../core/public-page';
import type { ContactEnquiry, ContactEnquiryInput } from '../../../core/schemas/contact-enquiry';
import { postJson } from '../../lib/http';
import { Field } from '../../components/field';

type FieldName = 'organization' | 'name' | 'email' | 'mobile' | 'requirements' | 'website';
type Outcome = { kind: 'success' | 'error'; text: string } | null;

const EMPTY: Required<Pick<ContactEnquiryInput, FieldName>> = {
  organization: '',
  name: '',
  email: '',
  mobile: '',
  requirements: '',
  website: '',
};

/** Without JavaScript the browser posts the form to the page itself; the server answers with the page again. */
const FORM_ACTION = `${contentPageByKey('contact').publicPath}#contact-form`;

type Validation = typeof import('./contact-validation');

let validationLoad: Promise<Validation> | null = null;
/** The schema and its resolver, fetched once, on first use (see contact-validation.ts for why). */
function loadValidation(): Promise<Validation> {
  validationLoad ??= import('./contact-validation').catch((error: unknown) => {
    validationLoad = null;
    throw error;
  });
  return validationLoad;
}

let schemaResolver: Resolver<ContactEnquiryInput, unknown, ContactEnquiry> | null = null;
/** zodResolver(ContactEnquirySchema), once the schema is there. */
const resolver: Resolver<ContactEnquiryInput, unknown, ContactEnquiry> = async (values, context, options) => {
  const { ContactEnquirySchema } = await loadValidation();
  schemaResolver ??= zodResolver(ContactEnquirySchema);
  return schemaResolver(values, context, options);
};

const SUCCESS_TEXT = 'Record Saved Successfully!';
const FAILURE_TEXT = 'Failed to save data. Please try again.';

/**
 * The enquiry form of the contact page (spec 000 §2 Contact, §5, §8). With JavaScript it checks as the visitor
 * types and sends JSON to savecont2; without, it is a plain form posted to the page, which the server answers
 * with the page again (`initial`: what was sent and its errors, or that it was sent). A honeypot field, hidden
 * from people and screen readers, catches bots that fill in every field (DESIGN §15).
 */
export function ContactForm({ initial }: { initial?: ContactFormState | undefined }) {
  // After a post without JavaScript the server renders what was typed (defaultValue: it is in the HTML).
  const start = initial && !initial.sent ? { ...EMPTY, ...initial.values } : EMPTY;
  const {
    register,
    handleSubmit,
    watch,
    reset,
    formState: { errors, isSubmitting, touchedFields },
  } = useForm<ContactEnquiryInput, unknown, ContactEnquiry>({
    resolver,
    mode: 'onTouched',
    defaultValues: start,
  });
  const [outcome, setOutcome] = useState<Outcome>(initial?.sent ? { kind: 'success', text: SUCCESS_TEXT } : null);
  const [validation, setValidation] = useState<Validation | null>(null);
  // Until the page is hydrated the form is a plain HTML form: Submit stays enabled and the browser posts it.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  // Fetched as soon as the visitor starts on the form, so it is there by the first blur.
  const prepareValidation = () => {
    if (!validation) loadValidation().then(setValidation, () => undefined);
  };

  // Validity comes from the schema itself. Until it has loaded (and on the server) the form counts as
  // invalid, which is right: nobody has typed anything yet.
  const values = watch();
  const valid = validation ? validation.ContactEnquirySchema.safeParse(values).success : false;

  const onSubmit = async (enquiry: ContactEnquiry) => {
    setOutcome(null);
    try {
      const response = await postJson<{ message?: unknown }>('/api/master/savecont2', {
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
      if (message === 'Success') {
        setOutcome({ kind: 'success', text: SUCCESS_TEXT });
        reset(EMPTY);
      } else {
        setOutcome({ kind: 'error', text: message || 'Something went wrong' });
      }
    } catch {
      setOutcome({ kind: 'error', text: FAILURE_TEXT });
    }
  };

  // mode 'onTouched' validates a field from its first blur on, so an error exists only for a touched field;
  // the server's errors of a post without JavaScript show until the field is checked here.
  const frame = (field: Exclude<FieldName, 'website'>, label: string, hint?: string) => ({
    id: `contact-${field}`,
    label,
    required: field !== 'organization',
    hint,
    error: errors[field]?.message ?? (touchedFields[field] ? undefined : initial?.errors[field]),
  });

  return (
    <form
      id="contact-form"
      className="contact-form"
      method="post"
      action={FORM_ACTION}
      noValidate
      onSubmit={handleSubmit(onSubmit)}
      onFocus={prepareValidation}
      onPointerDown={prepareValidation}
      onInput={prepareValidation}
    >
      <p className="contact-form__note">Fields other than Organization are required.</p>

      <Field {...frame('organization', 'Organization')}>
        {(control) => <input {...control} className="field__input" type="text" autoComplete="organization" defaultValue={start.organization} {...register('organization')} />}
      </Field>

      <Field {...frame('name', 'Contact Person')}>
        {(control) => <input {...control} className="field__input" type="text" autoComplete="name" defaultValue={start.name} {...register('name')} />}
      </Field>

      <div className="field-row">
        <Field {...frame('email', 'Email')}>
          {(control) => <input {...control} className="field__input" type="email" autoComplete="email" defaultValue={start.email} {...register('email')} />}
        </Field>

        <Field {...frame('mobile', 'Mobile', '10 digits, without +91')}>
          {(control) => (
            <input
              {...control}
              className="field__input"
              type="tel"
              inputMode="numeric"
              maxLength={10}
              autoComplete="tel-national"
              defaultValue={start.mobile}
              {...register('mobile')}
            />
          )}
        </Field>
      </div>

      <Field {...frame('requirements', 'Requirements')}>
        {(control) => <textarea {...control} className="field__input field__textarea" rows={5} defaultValue={start.requirements} {...register('requirements')} />}
      </Field>

      {/* The honeypot: off screen, out of the tab order and hidden from screen readers; people leave it empty. */}
      <div className="contact-form__trap" aria-hidden="true">
        <label htmlFor="contact-website">Website (leave this empty)</label>
        <input id="contact-website" type="text" tabIndex={-1} autoComplete="off" {...register('website')} />
      </div>

      <div className="contact-form__actions">
        <button type="submit" className="button" disabled={hydrated && (!valid || isSubmitting)} aria-busy={isSubmitting || undefined}>
          Submit
        </button>
      </div>

      <div role="status" className={outcome?.kind === 'success' ? 'form-outcome form-outcome--success' : 'form-outcome'}>
        {outcome?.kind === 'success' ? outcome.text : null}
      </div>
      {outcome?.kind === 'error' ? (
        <div role="alert" className="form-outcome form-outcome--error">
          {outcome.text}
        </div>
      ) : null}
    </form>
  );
}
