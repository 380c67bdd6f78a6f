import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Field } from './field';

const input = (control: object) => <input {...control} className="field__input" />;

describe('Field', () => {
  it('ties the label, hint and error to the control', () => {
    const html = renderToStaticMarkup(
      <Field id="email" label="Email" required hint="We answer here." error="Valid email is required.">
        {input}
      </Field>,
    );
    expect(html).toBe(
      '<div class="field"><label class="field__label" for="email">Email</label>' +
        '<input id="email" aria-required="true" aria-invalid="true" aria-describedby="email-hint email-error" class="field__input"/>' +
        '<p class="field__hint" id="email-hint">We answer here.</p>' +
        '<p class="field__error" id="email-error">Valid email is required.</p></div>',
    );
  });

  it('leaves out what is not there: no hint, no error, not required', () => {
    const html = renderToStaticMarkup(
      <Field id="city" label="City">
        {input}
      </Field>,
    );
    expect(html).toBe(
      '<div class="field"><label class="field__label" for="city">City</label><input id="city" class="field__input"/></div>',
    );
  });

  it('marks a required field with an asterisk hidden from screen readers when the form marks them', () => {
    const marked = renderToStaticMarkup(
      <Field id="code" label="Code" required markRequired className="field--text">
        {input}
      </Field>,
    );
    expect(marked).toContain(
      '<div class="field field--text"><div class="field__label-row"><label class="field__label" for="code">Code</label>',
    );
    expect(marked).toContain('<span class="field__required" aria-hidden="true">*</span></div>');
    const optional = renderToStaticMarkup(
      <Field id="city" label="City" markRequired>
        {input}
      </Field>,
    );
    expect(optional).toContain(
      '<div class="field__label-row"><label class="field__label" for="city">City</label></div>',
    );
    expect(optional).not.toContain('field__required');
  });
});
