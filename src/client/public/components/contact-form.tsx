import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CONTACT_PAGE_ID } from '../../../core/pages';
import type { ContactEnquiry, ContactEnquiryInput } from '../../../core/schemas/contact-enquiry';
import { postJson } from '../../lib/http';

type FieldName = 'organization' | 'name' | 'email' | 'mobile' | 'requirements';
type Outcome = { kind: 'success' | 'error'; text: string } | null;

const EMPTY: Required<Pick<ContactEnquiryInput, FieldName>> = {
  organization: '',
  name: '',
  email: '',
  mobile: '',
  requirements: '',
};

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

/** The enquiry form of the contact page (spec 000 §2 Contact, §5, §8). */
export function ContactForm() {
  const {
    register,
    handleSubmit,
    watch,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ContactEnquiryInput, unknown, ContactEnquiry>({
    resolver,
    mode: 'onTouched',
    defaultValues: EMPTY,
  });
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [validation, setValidation] = useState<Validation | null>(null);

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

  // mode 'onTouched' validates a field from its first blur on, so an error exists only for a touched field.
  const errorOf = (field: FieldName): string | undefined => errors[field]?.message;

  const describedBy = (field: FieldName, hint?: string) => {
    const ids = [hint, errorOf(field) ? `contact-${field}-error` : undefined].filter(Boolean);
    return ids.length > 0 ? ids.join(' ') : undefined;
  };

  const fieldError = (field: FieldName) => {
    const message = errorOf(field);
    return message ? (
      <p className="field__error" id={`contact-${field}-error`}>
        {message}
      </p>
    ) : null;
  };

  return (
    <form
      className="contact-form"
      noValidate
      onSubmit={handleSubmit(onSubmit)}
      onFocus={prepareValidation}
      onPointerDown={prepareValidation}
      onInput={prepareValidation}
    >
      <p className="contact-form__note">Fields other than Organization are required.</p>

      <div className="field">
        <label className="field__label" htmlFor="contact-organization">
          Organization
        </label>
        <input
          id="contact-organization"
          className="field__input"
          type="text"
          autoComplete="organization"
          aria-invalid={errorOf('organization') ? true : undefined}
          aria-describedby={describedBy('organization')}
          {...register('organization')}
        />
        {fieldError('organization')}
      </div>

      <div className="field">
        <label className="field__label" htmlFor="contact-name">
          Contact Person
        </label>
        <input
          id="contact-name"
          className="field__input"
          type="text"
          autoComplete="name"
          aria-required="true"
          aria-invalid={errorOf('name') ? true : undefined}
          aria-describedby={describedBy('name')}
          {...register('name')}
        />
        {fieldError('name')}
      </div>

      <div className="field-row">
        <div className="field">
          <label className="field__label" htmlFor="contact-email">
            Email
          </label>
          <input
            id="contact-email"
            className="field__input"
            type="email"
            autoComplete="email"
            aria-required="true"
            aria-invalid={errorOf('email') ? true : undefined}
            aria-describedby={describedBy('email')}
            {...register('email')}
          />
          {fieldError('email')}
        </div>

        <div className="field">
          <label className="field__label" htmlFor="contact-mobile">
            Mobile
          </label>
          <input
            id="contact-mobile"
            className="field__input"
            type="tel"
            inputMode="numeric"
            maxLength={10}
            autoComplete="tel-national"
            aria-required="true"
            aria-invalid={errorOf('mobile') ? true : undefined}
            aria-describedby={describedBy('mobile', 'contact-mobile-hint')}
            {...register('mobile')}
          />
          <p className="field__hint" id="contact-mobile-hint">
            10 digits, without +91
          </p>
          {fieldError('mobile')}
        </div>
      </div>

      <div className="field">
        <label className="field__label" htmlFor="contact-requirements">
          Requirements
        </label>
        <textarea
          id="contact-requirements"
          className="field__input field__textarea"
          rows={5}
          aria-required="true"
          aria-invalid={errorOf('requirements') ? true : undefined}
          aria-describedby={describedBy('requirements')}
          {...register('requirements')}
        />
        {fieldError('requirements')}
      </div>

      <div className="contact-form__actions">
        <button type="submit" className="button" disabled={!valid || isSubmitting} aria-busy={isSubmitting || undefined}>
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
