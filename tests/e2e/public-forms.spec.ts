import { E2E_ADMIN_PASSWORD } from '../../playwright.config';
import { JOB_APPLICATION } from '../../src/core/forms/job-application.fixture';
import {
  callApi,
  expect,
  expectNoAxeViolations,
  expectNoAxeViolationsWithoutScripts,
  freshRun,
  logInAs,
  queryE2eDatabase,
  test,
} from './fixtures';

// A form made without code on a public page, sent by a visitor without JavaScript (docs/design.md §30): the page as a
// browser shows it at a phone's and a desktop's width, its refusals at their fields, and the success message after
// the 303. The spec makes its own form and page, used by no other spec.

// In order: the staff's look at the inbox reads what the visitors' tests sent (and five posts a minute is a form's most).
test.describe.configure({ mode: 'serial' });

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

let name = '';
let formId = 0;

test.beforeAll(async ({ browser }) => {
  name = `Jobs${freshRun()}`;
  const context = await browser.newContext();
  try {
    const admin = await context.newPage();
    await logInAs(admin, 'admin', E2E_ADMIN_PASSWORD);
    formId = (
      await callApi<{ id: number }>(admin, '/api/master/forms', {
        ...JOB_APPLICATION,
        name: `Job application ${name}`,
        fields: JOB_APPLICATION.fields.filter((field) => field.key !== 'phone'),
      })
    ).id;
    const created = await callApi<{ id: number }>(admin, '/api/master/savePageCreation', {
      filename: name,
      dspname: `Careers ${name}`,
      module: 1,
      type: 'Autowired',
      homepage: 'Y',
    });
    await callApi(admin, '/api/master/saveParameters', {
      id: created.id,
      parameters: [
        {
          parameterName: 'Introduction',
          sequence: 1,
          type: 'Textarea',
          unittype: 'Character',
          pagecreationtype: 'Header',
        },
        { parameterName: 'Apply', sequence: 2, type: 'Form', unittype: 'Integer', pagecreationtype: 'Header' },
      ],
    });
    await callApi(admin, '/api/master/savepagecontent', {
      commonrouting: name,
      document: { header: { Introduction: 'We are hiring testers.', Apply: formId }, rows: [], revision: 0 },
    });
  } finally {
    await context.close();
  }
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  // Five posts a minute from one address are the most a form takes (docs/design.md §30): this spec's browsers all post
  // from 127.0.0.1, so the wide window only reads the form, and the phone's sends it.
  test('the form reads well at 1280 px', async ({ page, browser }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/${name}1`);
    await expect(page.locator(`form#form-${formId}`).getByLabel('Your name')).toBeVisible();
    await expectNoAxeViolationsWithoutScripts(page, browser, 'the form at 1280 px');
    await page.screenshot({ path: 'test-results/public-forms/form-1280.png', fullPage: true });
  });

  test('at 390 px it says what is wrong at each field, and sends a CV', async ({ page, browser }) => {
    await page.setViewportSize({ width: 390, height: 900 });
    await page.goto(`/${name}1`);
    const form = page.locator(`form#form-${formId}`);
    await expect(form.getByLabel('Your name')).toBeVisible();
    await expectNoAxeViolationsWithoutScripts(page, browser, 'the form at 390 px');
    await page.screenshot({ path: 'test-results/public-forms/form-390.png', fullPage: true });

    // Sent empty: the page again, a sentence at each field, the focus on the first.
    await form.getByRole('button', { name: 'Send' }).click();
    await expect(page).toHaveURL(new RegExp(`/${name}1$`));
    await expect(form.getByText('Your name is required.')).toBeVisible();
    await expect(form.getByText('Choose a file: CV.')).toBeVisible();
    await expect(form.getByLabel('Your name')).toBeFocused();
    await expectNoAxeViolationsWithoutScripts(page, browser, 'the refused form at 390 px');
    await page.screenshot({ path: 'test-results/public-forms/refused-390.png', fullPage: true });

    await form.getByLabel('Your name').fill('Asha');
    await form.getByLabel('Email').fill('asha@example.com');
    await form.getByRole('radio', { name: 'Tester' }).check();
    await form.getByRole('radio', { name: 'Other' }).check();
    await form.getByLabel('Where?').fill('A meetup');
    await form.getByLabel('CV').setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: PDF });
    await form.getByLabel('I agree to the privacy notice').check();
    await form.getByRole('button', { name: 'Send' }).click();
    await expect(page).toHaveURL(new RegExp(`/${name}1\\?sent=1#form-${formId}$`));
    await expect(form.getByRole('status')).toHaveText('Thank you: we will write within a week.');
    await expectNoAxeViolationsWithoutScripts(page, browser, 'the sent form at 390 px');
    const rows = queryE2eDatabase<{ field_values: string }>(
      'select field_values from form_submissions where form_id = ? order by id desc',
      formId,
    );
    expect(JSON.parse(rows[0]!.field_values)).toMatchObject({ name: 'Asha', heard_other: 'A meetup', cv: 'cv.pdf' });
  });
});

test.describe('with JavaScript', () => {
  test('shows "Where?" only once Other is chosen, refuses a PNG renamed .pdf at its field, and sends', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/${name}1`);
    const form = page.locator(`form#form-${formId}`);
    const where = form.getByLabel('Where?');
    await expect(where).toBeHidden();
    await form.getByRole('radio', { name: 'Other' }).check();
    await expect(where).toBeVisible();
    await form.getByRole('radio', { name: 'A friend' }).check();
    await expect(where).toBeHidden();

    // Checked in the browser by the server's rules: nothing sent yet, the sentences at their fields.
    await form.getByRole('button', { name: 'Send' }).click();
    await expect(form.getByText('Your name is required.')).toBeVisible();
    await expect(form.getByLabel('Your name')).toBeFocused();
    await expect(page).toHaveURL(new RegExp(`/${name}1$`));

    await form.getByLabel('Your name').fill('Ravi');
    await form.getByLabel('Email').fill('ravi@example.com');
    await form.getByRole('radio', { name: 'Developer' }).check();
    await form.getByLabel('I agree to the privacy notice').check();
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    await form.getByLabel('CV').setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: png });
    await form.getByRole('button', { name: 'Send' }).click();
    await expect(form.getByText('CV must be PDF, at most 5 MB: this file is a PNG file.')).toBeVisible();
    await expect(form.getByLabel('CV')).toBeFocused();
    await expectNoAxeViolations(page, 'the form refused by the server');

    await form.getByLabel('CV').setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: PDF });
    await form.getByRole('button', { name: 'Send' }).click();
    await expect(form.getByRole('status')).toHaveText('Thank you: we will write within a week.');
    await expect(form.getByLabel('Your name')).toHaveValue('');
    const rows = queryE2eDatabase<{ field_values: string }>(
      'select field_values from form_submissions where form_id = ? order by id desc',
      formId,
    );
    expect(JSON.parse(rows[0]!.field_values)).toMatchObject({ name: 'Ravi', heard: 'friend', cv: 'cv.pdf' });
    expect(JSON.parse(rows[0]!.field_values)).not.toHaveProperty('heard_other');
  });
});

test('staff find the submissions in the inbox under the Form filter, and only staff download the CV', async ({
  page,
  browser,
}) => {
  await logInAs(page, 'admin', E2E_ADMIN_PASSWORD);
  await page.goto(`/enquiries?form=${formId}`);
  await expect(page.getByLabel('Form')).toHaveValue(String(formId));
  const table = page.getByRole('table', { name: 'Submissions: Inbox' });
  await expect(table.getByText('Ravi · ravi@example.com')).toBeVisible();
  await expect(table.getByText('Asha · asha@example.com')).toBeVisible();
  await expectNoAxeViolations(page, 'the inbox of a form');
  await table
    .getByRole('row', { name: /Ravi/ })
    .getByRole('button', { name: /Open the submission/ })
    .click();
  const detail = page.getByRole('region', { name: /Job application/ });
  await expect(detail.getByText('Ravi', { exact: true })).toBeVisible();
  const link = detail.getByRole('link', { name: 'cv.pdf' });
  const address = await link.getAttribute('href');
  const download = await page.request.get(address!);
  expect(download.status()).toBe(200);
  expect(download.headers()['content-disposition']).toContain('attachment');
  expect((await download.body()).equals(PDF)).toBe(true);
  const visitor = await browser.newContext();
  try {
    expect((await visitor.request.get(new URL(address!, page.url()).href)).status()).toBe(401);
  } finally {
    await visitor.close();
  }
  await expectNoAxeViolations(page, 'a submission opened');
});
