import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CONTACT_PAGE_ID } from '../../../core/pages';
import { ContactEnquirySchema } from '../../../core/schemas/contact-enquiry';
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
    resolver: zodResolver(ContactEnquirySchema),
    mode: 'onTouched',
    defaultValues: EMPTY,
  });
  const [outcome, setOutcome] = useState<Outcome>(null);

  // Validity comes from the schema itself, so it is right on the first render (server included).
  const valid = ContactEnquirySchema.safeParse(watch()).success;

  const onSubmit = async (values: ContactEnquiry) => {
    setOutcome(null);
    try {
      const response = await postJson<{ message?: unknown }>('/api/master/savecont2', {
        organization: values.organization,
        name: values.name,
        email: values.email,
        mobile: values.mobile,
        requirements: values.requirements,
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
    <form className="contact-form" noValidate onSubmit={handleSubmit(onSubmit)}>
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
