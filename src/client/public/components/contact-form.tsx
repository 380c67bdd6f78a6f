import { DEFAULT_COUNTRY } from '../../../core/countries';
import { contentPageByKey } from '../../../core/pages';
import { PHONE_MAX_LENGTH } from '../../../core/phone';
import type { ContactFormState } from '../../../core/public-page';
import { Field } from '../../components/field';
import { CONTACT_FORM_WORDS, sayIn, type ContactWords } from '../../../core/site-texts';
import { CONTACT_OUTCOME } from './contact-outcome';

type FieldName = 'organization' | 'name' | 'email' | 'mobile' | 'requirements';

/** Without JavaScript the browser posts the form to the page itself; the server answers with the page again. */
const FORM_ACTION = `${contentPageByKey('contact').publicPath}#contact-form`;

/**
 * The enquiry form of the contact page (spec 000 §2 Contact, §5, §8), as the server renders it: a plain form
 * posted to the page, which the server answers with the page again (`initial`: what was sent and its errors,
 * or that it was sent). In the browser the contact-form island (`islands/contact-form.ts`) takes it over: it
 * checks as the visitor types and sends JSON to savecont2. A honeypot field, hidden from people and screen
 * readers, catches bots that fill in every field (docs/design.md §15).
 */
export function ContactForm({
  initial,
  words,
  address,
  country = DEFAULT_COUNTRY,
}: {
  initial?: ContactFormState | undefined;
  words?: ContactWords | undefined;
  /** The page's address in another language (`/de/Contact1`): the form posts there, and is answered in it. */
  address?: string | undefined;
  /** The company's country (docs/design.md §34): how a mobile number without + is read, and the hint under Mobile. */
  country?: string | undefined;
}) {
  const say = (text: string) => sayIn(words, text);
  const w = CONTACT_FORM_WORDS;
  // After a post without JavaScript the server renders what was typed.
  const start = initial && !initial.sent ? initial.values : undefined;
  const frame = (field: FieldName, label: string, hint?: string) => ({
    id: `contact-${field}`,
    label,
    required: field !== 'organization',
    hint,
    error: initial?.errors[field] === undefined ? undefined : say(initial.errors[field]),
  });

  return (
    <form
      id="contact-form"
      className="contact-form"
      method="post"
      action={address ? `${address}#contact-form` : FORM_ACTION}
      noValidate
      data-island="contact-form"
      // The island says its messages in the page's language too (docs/design.md §28).
      data-words={words && Object.keys(words).length > 0 ? JSON.stringify(words) : undefined}
      // The island reads a number without + in the company's country (docs/design.md §34); absent, India.
      data-country={country === DEFAULT_COUNTRY ? undefined : country}
    >
      <p className="contact-form__note">{say(w.note)}</p>

      <Field {...frame('organization', say(w.organization))}>
        {(control) => (
          <input
            {...control}
            className="field__input"
            type="text"
            autoComplete="organization"
            defaultValue={start?.organization ?? ''}
            name="organization"
          />
        )}
      </Field>

      <Field {...frame('name', say(w.name))}>
        {(control) => (
          <input
            {...control}
            className="field__input"
            type="text"
            autoComplete="name"
            defaultValue={start?.name ?? ''}
            name="name"
          />
        )}
      </Field>

      <div className="field-row">
        <Field {...frame('email', say(w.email))}>
          {(control) => (
            <input
              {...control}
              className="field__input"
              type="email"
              autoComplete="email"
              defaultValue={start?.email ?? ''}
              name="email"
            />
          )}
        </Field>

        {/* Any country's number (docs/design.md §34): a keyboard with +, nothing cut short of the longest number. */}
        <Field
          {...frame('mobile', say(w.mobile), say(country === DEFAULT_COUNTRY ? w.mobileHint : w.mobileHintAbroad))}
        >
          {(control) => (
            <input
              {...control}
              className="field__input"
              type="tel"
              inputMode="tel"
              maxLength={PHONE_MAX_LENGTH}
              autoComplete="tel"
              defaultValue={start?.mobile ?? ''}
              name="mobile"
            />
          )}
        </Field>
      </div>

      <Field {...frame('requirements', say(w.requirements))}>
        {(control) => (
          <textarea
            {...control}
            className="field__input field__textarea"
            rows={5}
            defaultValue={start?.requirements ?? ''}
            name="requirements"
          />
        )}
      </Field>

      {/* The honeypot: off screen, out of the tab order and hidden from screen readers; people leave it empty. */}
      <div className="contact-form__trap" aria-hidden="true">
        <label htmlFor="contact-website">Website (leave this empty)</label>
        <input id="contact-website" type="text" tabIndex={-1} autoComplete="off" name="website" />
      </div>

      <div className="contact-form__actions">
        <button type="submit" className="button">
          {say(w.submit)}
        </button>
      </div>

      <div role="status" className={initial?.sent ? 'form-outcome form-outcome--success' : 'form-outcome'}>
        {initial?.sent ? say(CONTACT_OUTCOME.sent) : null}
      </div>
    </form>
  );
}
