// @vitest-environment jsdom
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { JOB_APPLICATION } from '../../../core/forms/job-application.fixture';
import type { PublicForm as PublicFormData } from '../../../core/public-page';
import { PublicForm } from '../components/public-form';
import { SiteWordsProvider } from '../site-words';
import { enhance } from './form';

/**
 * The form's island on a page in German (docs/design.md §30): the server renders the form with its texts translated
 * and hands the island the forms' words that differ from Folio's; the island refuses with them, sends the page's
 * language, and says a flood's sentence in them too.
 */

const GERMAN = {
  'form.send': 'Senden',
  'form.required': '{label} fehlt noch.',
  'form.tooMany': 'Zu viele Anfragen. Bitte warten Sie einige Minuten.',
};
const FORM: PublicFormData = {
  id: 7,
  fields: [
    { key: 'name', label: 'Ihr Name', kind: 'text', required: true },
    { key: 'email', label: 'E-Mail', kind: 'email', required: true },
    JOB_APPLICATION.fields.find((field) => field.key === 'heard')!,
  ],
  successMessage: 'Danke.',
  token: '1764500000000.token',
  language: 'de',
};

function mount() {
  document.body.innerHTML = renderToStaticMarkup(
    createElement(SiteWordsProvider, {
      words: { ...GERMAN, 'footer.cta': 'Schreiben Sie uns' },
      children: createElement(PublicForm, { form: FORM, action: '/de/Careers1' }),
    }),
  );
  const form = document.querySelector('form')!;
  enhance(form);
  return form;
}

const control = (key: string) => document.getElementById(`form-7-${key}`) as HTMLInputElement;
const type = (key: string, value: string) => {
  control(key).value = value;
  control(key).dispatchEvent(new Event('input', { bubbles: true }));
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the form island in another language', () => {
  it('is handed only the forms’ words, refuses with them at the field, and sends the page’s language', async () => {
    const form = mount();
    expect(JSON.parse(form.dataset.words!)).toEqual(GERMAN);
    expect(form.querySelector('button[type="submit"]')?.textContent).toBe('Senden');
    const fetch = vi.fn(async () => new Response(JSON.stringify({ message: 'Success', id: 1 }), { status: 200 }));
    vi.stubGlobal('fetch', fetch);

    form.requestSubmit();
    expect(document.getElementById('form-7-name-error')?.textContent).toBe('Ihr Name fehlt noch.');
    expect(document.getElementById('form-7-email-error')?.textContent).toBe('E-Mail fehlt noch.');
    // The focus on the first refused field (the staff app's expectFocus is out of a public test's reach).
    await vi.waitFor(() => expect(document.activeElement).toBe(control('name')));
    expect(fetch).not.toHaveBeenCalled();

    type('name', 'Asha Rao');
    type('email', 'asha@example.com');
    form.requestSubmit();
    await vi.waitFor(() => expect(document.querySelector('[role="status"]')?.textContent).toBe('Danke.'));
    const sent = JSON.parse(String((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body));
    expect(sent).toMatchObject({ values: { name: 'Asha Rao', email: 'asha@example.com' }, language: 'de' });
  });

  it('says a flood’s sentence in the page’s words, above the Send button', async () => {
    const form = mount();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ message: 'Too many requests. Please wait a few minutes and try again.' }), {
            status: 429,
          }),
      ),
    );
    type('name', 'Asha Rao');
    type('email', 'asha@example.com');
    form.requestSubmit();
    await vi.waitFor(() => expect(form.querySelector('[role="alert"]')?.textContent).toBe(GERMAN['form.tooMany']));
    expect(control('name').value).toBe('Asha Rao');
  });
});
