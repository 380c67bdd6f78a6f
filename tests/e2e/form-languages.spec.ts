import type { Page } from '@playwright/test';
import type { TranslationDocument } from '../../src/core/schemas/locale';
import { E2E_ADMIN_PASSWORD } from '../../playwright.config';
import {
  callApi,
  createEditorsAutowiredPage,
  ensureGerman,
  expect,
  expectNoAxeViolationsWithoutScripts,
  freshRun,
  logInAs,
  openHydrated,
  queryE2eTenant,
  readApi,
  test,
} from './fixtures';
import { onOwnSite } from './tenants';

// A form made without code in German (docs/design.md §30): the spec makes its own form and page, puts the page into
// German and translates the form's texts among the site's words, as a translator does; a visitor of /de/… then reads the
// form in German and is refused in German, with JavaScript (the island, without a post) and without it (one post). Two
// posts in all: five a minute from one address on one site is a form's most, and every spec posts from 127.0.0.1, so
// the spec runs on a site of its own (tests/e2e/tenants.ts), where no other spec's posts count.

test.use(onOwnSite('forms'));
test.describe.configure({ mode: 'serial', timeout: 120_000 });

let name = '';
let formId = 0;
const key = (rest: string) => `form.${formId}.${rest}`;

/** The site's German words with these translations added (whatever other specs translated is kept). */
async function translateSiteWords(page: Page, texts: Record<string, string>, tries = 3): Promise<void> {
  const doc = await readApi<TranslationDocument>(page, '/api/master/sitetexts?locale=de');
  const kept = Object.fromEntries(doc.units.filter((unit) => unit.target !== '').map((u) => [u.path, u.target]));
  try {
    await callApi(page, '/api/master/sitetexts', {
      locale: 'de',
      revision: doc.revision,
      texts: { ...kept, ...texts },
      publish: 'now',
    });
  } catch (error) {
    // Another spec saved the German words in between (409): read them again.
    if (tries <= 1) throw error;
    await translateSiteWords(page, texts, tries - 1);
  }
}

test.beforeAll(async ({ browser }) => {
  name = `Bewerbung${freshRun()}`;
  await createEditorsAutowiredPage(
    browser,
    {
      name,
      display: name,
      parameters: [
        {
          parameterName: 'Introduction',
          sequence: 1,
          type: 'Textarea',
          unittype: 'Character',
          pagecreationtype: 'Header',
        },
        { parameterName: 'application', sequence: 2, type: 'Form', unittype: 'Integer', pagecreationtype: 'Header' },
      ],
    },
    onOwnSite('forms'),
  );
  const context = await browser.newContext(onOwnSite('forms'));
  try {
    const admin = await context.newPage();
    await logInAs(admin, 'admin', E2E_ADMIN_PASSWORD);
    await ensureGerman(admin);
    ({ id: formId } = await callApi<{ id: number }>(admin, '/api/master/forms', {
      name: `Application ${name}`,
      fields: [
        { key: 'name', label: 'Your name', kind: 'text', required: true, help: 'As on your passport.' },
        { key: 'email', label: 'Email', kind: 'email', required: true },
        {
          key: 'team',
          label: 'Team',
          kind: 'choice',
          required: true,
          options: [
            { value: 'sales', label: 'Sales' },
            { value: 'support', label: 'Support' },
          ],
        },
      ],
      recipients: [],
      confirmation: { enabled: false, subject: '', body: '' },
      successMessage: 'Thank you: we will write soon.',
      retentionDays: 30,
    }));
    await callApi(admin, '/api/master/savepagecontent', {
      commonrouting: name,
      document: { header: { Introduction: 'Join us.', application: formId }, rows: [], revision: 0 },
    });
    await callApi(admin, `/api/master/translate/${name}`, {
      locale: 'de',
      revision: 0,
      texts: { 'header.Introduction': 'Werden Sie Teil unseres Teams.' },
    });
    await translateSiteWords(admin, {
      [key('field.name.label')]: 'Ihr Name',
      [key('field.name.help')]: 'Wie im Reisepass.',
      [key('field.team.option.sales')]: 'Vertrieb',
      [key('successMessage')]: 'Danke: Wir schreiben Ihnen bald.',
      'form.send': 'Senden',
      'form.required': '{label} fehlt noch.',
    });
  } finally {
    await context.close();
  }
});

test('with JavaScript the German form is in German, and refuses in German at the field without posting', async ({
  page,
  consoleErrors,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  // The island's rules answer the click once the page is hydrated (before, the browser would post the form).
  await openHydrated(page, `/de/${name}1`);
  const form = page.locator(`form#form-${formId}`);
  await expect(form.getByLabel('Ihr Name')).toBeVisible();
  await expect(form.getByText('Wie im Reisepass.')).toBeVisible();
  // A text not translated is the default language's; a choice's value stays.
  await expect(form.getByLabel('Email')).toBeVisible();
  await expect(form.getByRole('radio', { name: 'Vertrieb' })).toHaveAttribute('value', 'sales');
  await form.getByRole('button', { name: 'Senden' }).click();
  await expect(form.getByText('Ihr Name fehlt noch.')).toBeVisible();
  await expect(form.getByText('Email fehlt noch.')).toBeVisible();
  await expect(form.getByLabel('Ihr Name')).toBeFocused();
  await expect(page).toHaveURL(new RegExp(`/de/${name}1$`));

  await form.getByLabel('Ihr Name').fill('Asha Rao');
  await form.getByLabel('Email').fill('asha@example.com');
  await form.getByRole('radio', { name: 'Vertrieb' }).check();
  await form.getByRole('button', { name: 'Senden' }).click();
  await expect(form.getByRole('status')).toHaveText('Danke: Wir schreiben Ihnen bald.');
  const rows = queryE2eTenant<{ field_values: string; locale: string }>(
    'forms',
    'select field_values, locale from form_submissions where form_id = ?',
    formId,
  );
  expect(rows).toHaveLength(1);
  expect(rows[0]!.locale).toBe('de');
  expect(JSON.parse(rows[0]!.field_values)).toMatchObject({ name: 'Asha Rao', team: 'sales' });
  expect(consoleErrors).toEqual([]);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the German page answers a refused post in German, the focus at the field', async ({ page, browser }) => {
    await page.setViewportSize({ width: 390, height: 900 });
    await page.goto(`/de/${name}1`);
    const form = page.locator(`form#form-${formId}`);
    await form.getByLabel('Email').fill('asha@example.com');
    await form.getByRole('button', { name: 'Senden' }).click();
    await expect(page).toHaveURL(new RegExp(`/de/${name}1$`));
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(form.getByText('Ihr Name fehlt noch.')).toBeVisible();
    await expect(form.getByLabel('Ihr Name')).toBeFocused();
    await expect(form.getByLabel('Email')).toHaveValue('asha@example.com');
    await expectNoAxeViolationsWithoutScripts(page, browser, 'the refused German form at 390 px');
  });
});
