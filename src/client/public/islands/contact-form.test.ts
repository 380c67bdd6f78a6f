// @vitest-environment jsdom
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ContactFormState } from '../../../core/public-page';
import { CONTACT_MESSAGES } from '../../../core/schemas/contact-enquiry';
import { ContactForm } from '../components/contact-form';
import { enhance } from './contact-form';

const control = (id: string) => document.getElementById(`contact-${id}`) as HTMLInputElement;
const submit = () => document.querySelector<HTMLButtonElement>('button[type="submit"]')!;
const errorOf = (id: string) => document.getElementById(`contact-${id}-error`)?.textContent ?? null;
const focus = (id: string) => control(id).dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
const blur = (id: string) => control(id).dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
const type = (id: string, value: string) => {
  control(id).value = value;
  control(id).dispatchEvent(new Event('input', { bubbles: true }));
};
const fillValid = () => {
  type('organization', ' Sahyadri Tools ');
  type('name', 'Kavita Joshi');
  type('email', 'kavita@example.in');
  type('mobile', '9822012345');
  type('requirements', 'An ERP');
};
/** Lets any check that waits for the schema chunk finish (it loads on the first interaction). */
const settled = async () => {
  await import('./contact-validation');
  await new Promise((resolve) => setTimeout(resolve, 0));
};

function mount(initial?: ContactFormState) {
  document.body.innerHTML = renderToStaticMarkup(createElement(ContactForm, { initial }));
  enhance(document.querySelector('form')!);
}

function answer(status: number, body: unknown) {
  const fetch = vi.fn(
    async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the contact-form island', () => {
  it('disables Submit once it runs (the form is empty, so invalid)', () => {
    mount();
    expect(submit().disabled).toBe(true);
  });

  it('shows a field’s error from its first blur on, then live; untouched fields show none', async () => {
    mount();
    focus('name');
    blur('name');
    await vi.waitFor(() => expect(errorOf('name')).toBe(CONTACT_MESSAGES.name));
    expect(control('name').getAttribute('aria-invalid')).toBe('true');
    expect(control('name').getAttribute('aria-describedby')).toBe('contact-name-error');
    expect(errorOf('email')).toBeNull();
    // Before its first blur a field is not checked as it changes.
    type('email', 'not-an-email');
    await settled();
    expect(errorOf('email')).toBeNull();
    type('name', 'Kavita');
    await vi.waitFor(() => expect(errorOf('name')).toBeNull());
    expect(control('name').hasAttribute('aria-invalid')).toBe(false);
    expect(control('name').hasAttribute('aria-describedby')).toBe(false);
  });

  it('keeps the hint before the error in aria-describedby', async () => {
    mount();
    type('mobile', '98765');
    blur('mobile');
    await vi.waitFor(() => expect(errorOf('mobile')).toBe(CONTACT_MESSAGES.mobile));
    expect(control('mobile').getAttribute('aria-describedby')).toBe('contact-mobile-hint contact-mobile-error');
  });

  it('enables Submit when the schema accepts the form, and disables it again when it does not', async () => {
    mount();
    fillValid();
    await vi.waitFor(() => expect(submit().disabled).toBe(false));
    type('email', 'kavita@');
    expect(submit().disabled).toBe(true);
  });

  it('sends the checked enquiry as JSON, busy while sending, then empties the form and says so', async () => {
    let release = () => {};
    const fetch = vi.fn(
      () =>
        new Promise<Response>(
          (resolve) => (release = () => resolve(new Response(JSON.stringify({ message: 'Success' }), { status: 200 }))),
        ),
    );
    vi.stubGlobal('fetch', fetch);
    mount();
    fillValid();
    await vi.waitFor(() => expect(submit().disabled).toBe(false));
    submit().click();
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledOnce());
    expect(submit().getAttribute('aria-busy')).toBe('true');
    expect(submit().disabled).toBe(true);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/master/savecont2');
    expect(JSON.parse(String(init.body))).toEqual({
      organization: 'Sahyadri Tools',
      name: 'Kavita Joshi',
      email: 'kavita@example.in',
      mobile: '9822012345',
      requirements: 'An ERP',
      website: '',
      menupageid: 11,
      commonrouting: 'Contact',
    });
    release();
    await vi.waitFor(() =>
      expect(document.querySelector('[role="status"]')!.textContent).toBe(
        'Thank you. Your enquiry has reached us, and we will reply soon.',
      ),
    );
    expect(document.querySelector('[role="status"]')!.className).toBe('form-outcome form-outcome--success');
    expect(
      ['organization', 'name', 'email', 'mobile', 'requirements', 'website'].map((id) => control(id).value),
    ).toEqual(['', '', '', '', '', '']);
    expect(submit().hasAttribute('aria-busy')).toBe(false);
    expect(submit().disabled).toBe(true);
  });

  it('sends the honeypot as a bot filled it', async () => {
    const fetch = answer(200, { message: 'Success' });
    mount();
    fillValid();
    type('website', 'https://spam.example');
    await vi.waitFor(() => expect(submit().disabled).toBe(false));
    submit().click();
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledOnce());
    expect(JSON.parse(String((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body)).website).toBe(
      'https://spam.example',
    );
  });

  it.each([
    [
      'the server’s message',
      () => answer(429, { message: 'Too many enquiries, try again later.' }),
      'Too many enquiries, try again later.',
    ],
    [
      'a refusal without one',
      () => answer(500, {}),
      'Your enquiry could not be sent. Please check the form and try again.',
    ],
    [
      'a failed request',
      () =>
        vi.stubGlobal(
          'fetch',
          vi.fn(async () => Promise.reject(new TypeError('offline'))),
        ),
      'Your enquiry could not be sent. Please try again.',
    ],
  ])('shows %s when the enquiry is not saved, and keeps what was typed', async (_what, stub, text) => {
    stub();
    mount();
    fillValid();
    await vi.waitFor(() => expect(submit().disabled).toBe(false));
    submit().click();
    await vi.waitFor(() => expect(document.querySelector('[role="alert"]')?.textContent).toBe(text));
    expect(document.querySelector('[role="alert"]')!.className).toBe('form-outcome form-outcome--error');
    expect(control('name').value).toBe('Kavita Joshi');
    expect(submit().disabled).toBe(false);
    // The next try clears the old outcome first.
    answer(200, { message: 'Success' });
    submit().click();
    await vi.waitFor(() => expect(document.querySelector('[role="alert"]')).toBeNull());
  });

  it('shows the server’s errors of a post without JavaScript until each field is checked here', async () => {
    mount({
      values: { organization: '', name: 'Rahul', email: 'rahul@example', mobile: '123', requirements: 'ERP' },
      errors: { email: CONTACT_MESSAGES.email, mobile: CONTACT_MESSAGES.mobile },
      sent: false,
    });
    expect(errorOf('email')).toBe(CONTACT_MESSAGES.email);
    type('mobile', '9822098220');
    focus('mobile');
    blur('mobile');
    await vi.waitFor(() => expect(errorOf('mobile')).toBeNull());
    expect(errorOf('email')).toBe(CONTACT_MESSAGES.email);
  });
});
