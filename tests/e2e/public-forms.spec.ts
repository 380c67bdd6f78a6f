import { E2E_ADMIN_PASSWORD } from '../../playwright.config';
import type { Page } from '@playwright/test';
import {
  callApi,
  expect,
  expectNoAxeViolations,
  expectNoAxeViolationsWithoutScripts,
  freshRun,
  logInAs,
  openAdministrationScreen,
  queryE2eDatabase,
  saveEditor,
  test,
  toastOf,
} from './fixtures';

// A form made without code from start to end (docs/design.md §30): an administrator builds the job application on the
// forms screen (its positions from master data, a field dragged into place, the preview beside it) and places it on a
// new page made without code; a visitor sends it without JavaScript (the page at a phone's and a desktop's width, its
// refusals at their fields, the success message after the 303) and with it; staff find both in the inbox. The spec
// makes its own form, master data and page, used by no other spec.

// In order: the staff's look at the inbox reads what the visitors' tests sent (and five posts a minute is a form's most).
test.describe.configure({ mode: 'serial' });

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

let name = '';
let formId = 0;

test.beforeAll(() => {
  name = `Jobs${freshRun()}`;
});

/** A field added to the form on the forms screen: its label, key and kind, as an administrator types them. */
async function addField(page: Page, label: string, key: string, kind: string) {
  const fields = page.locator('.form-editor__field');
  const index = await fields.count();
  await page.getByRole('button', { name: 'Add a field' }).click();
  const field = fields.nth(index);
  await expect(field.getByLabel(`Field ${index + 1}: label`)).toBeFocused();
  await field.getByLabel(`Field ${index + 1}: label`).fill(label);
  await field.getByLabel('Key', { exact: true }).fill(key);
  await field.getByLabel('Kind', { exact: true }).selectOption(kind);
  return field;
}

test('an administrator builds the job application in the staff app and places it on a new page', async ({
  page,
  consoleErrors,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await logInAs(page, 'admin', E2E_ADMIN_PASSWORD);
  // The positions are master data (the firm keeps them on the master data screens).
  const positions = `Positions ${name}`;
  await callApi(page, '/api/master/savecommonmastertype', { code: `POS${name.slice(4)}`, name: positions });
  const typeId = queryE2eDatabase<{ id: number }>('select id from master_types where name = ?', positions)[0]!.id;
  for (const [code, label] of [
    ['DEV', 'Developer'],
    ['QA', 'Tester'],
  ])
    await callApi(page, '/api/master/savecommonmaster', { typeId, code: `${code}${name.slice(4)}`, name: label });

  // The form, field by field on the forms screen, its preview beside it.
  await openAdministrationScreen(page, 'Forms', '/forms');
  await page.getByRole('button', { name: 'New form' }).click();
  await page.getByLabel('Name', { exact: true }).fill(`Job application ${name}`);
  await (await addField(page, 'Your name', 'name', 'text')).getByLabel('Required', { exact: true }).check();
  const position = await addField(page, 'Position', 'position', 'choice');
  await position.getByLabel('Required', { exact: true }).check();
  await position.getByLabel('Choices from').selectOption({ label: `Master data: ${positions}` });
  await expect(position.getByLabel('Choices', { exact: true })).toHaveCount(0);
  await (await addField(page, 'Email', 'email', 'email')).getByLabel('Required', { exact: true }).check();
  // Email goes above Position: the up arrow on its handle, the focus staying on the handle.
  const handle = page.getByRole('button', { name: 'Drag field 3 to move it' });
  await handle.focus();
  await page.keyboard.press('ArrowUp');
  await expect(page.getByRole('button', { name: 'Drag field 2 to move it' })).toBeFocused();
  await expect(page.getByRole('status').filter({ hasText: 'Field 3 is now field 2 of 3.' })).toBeAttached();
  await expect(page.getByLabel('Field 2: label')).toHaveValue('Email');
  await expect(page.getByLabel('Field 3: label')).toHaveValue('Position');
  const cv = await addField(page, 'CV', 'cv', 'file');
  await cv.getByLabel('Required', { exact: true }).check();
  await expect(cv.getByRole('checkbox', { name: 'PDF' })).toBeChecked();
  await cv.getByLabel('Largest file (MB)').fill('5');
  const heard = await addField(page, 'How did you hear of us?', 'heard', 'choice');
  await heard.getByLabel('Choices', { exact: true }).fill('friend = A friend\nother = Other');
  const where = await addField(page, 'Where?', 'heard_other', 'text');
  await where.getByLabel('Required', { exact: true }).check();
  await where.getByLabel('Shown only when').selectOption({ label: 'How did you hear of us?' });
  await where.getByLabel('…has the value').fill('other');
  await addField(page, 'I agree to the privacy notice', 'consent', 'consent');
  await page.getByLabel('Mail each submission to').fill('jobs@example.com');
  await page.getByLabel('Mail the sender a confirmation (the form needs an email field)').check();
  await page.getByLabel('Subject', { exact: true }).fill('Thank you, {{name}}');
  await page.getByLabel('Text', { exact: true }).fill('We read every application.');
  await page.getByLabel('Success message').fill('Thank you: we will write within a week.');
  // The preview shows the form as visitors will: the positions from master data, the field Other shows.
  // (Read from the frame's document: no script, Playwright's either, runs in its sandbox.)
  const preview = page.locator('iframe[title="Preview of the form"]');
  await expect(preview).toHaveAttribute('srcdoc', />Tester</);
  await expect(preview).toHaveAttribute('srcdoc', /Where\?/);
  await expect(preview).toHaveAttribute('srcdoc', /I agree to the privacy notice/);
  // At a phone's width first; Desktop shows the page 1280 px wide, scaled down to the pane.
  await expect(preview).toHaveCSS('width', '390px');
  const desktop = page.getByRole('complementary', { name: 'Preview of the form' }).getByRole('button', {
    name: 'Desktop (1280 pixels)',
  });
  await desktop.click();
  await expect(desktop).toHaveAttribute('aria-pressed', 'true');
  await expect(preview).toHaveCSS('width', '1280px');
  await expectNoAxeViolations(page, 'the form editor with its preview');
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByRole('heading', { name: 'A new form' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/public-forms/editor-1280.png' });
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toastOf(page, 'Form saved')).toBeVisible();
  formId = queryE2eDatabase<{ id: number }>('select id from forms where name = ?', `Job application ${name}`)[0]!.id;

  // A new page made without code, with a field of the type Form.
  await page.goto('/homepages');
  await page.getByRole('link', { name: 'Create New Page' }).click();
  await page.getByLabel('Name in the address').fill(name);
  await page.getByLabel('Page title').fill(`Careers ${name}`);
  await page.getByLabel('Group of pages').selectOption({ label: 'Website' });
  await page.getByRole('checkbox', { name: 'Part of the public website' }).check();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toastOf(page, 'Page saved.')).toBeVisible();
  const pageId = queryE2eDatabase<{ id: number }>('select id from pages where routing = ?', name)[0]!.id;
  await page.goto(`/paramactivity/${pageId}`);
  await page.getByLabel('Field name').fill('Introduction');
  await page.getByLabel('Type', { exact: true }).selectOption('Textarea');
  await page.getByLabel('Where it goes').selectOption('Header');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByLabel('Field name').fill('Apply');
  await page.getByLabel('Type', { exact: true }).selectOption('Form');
  await page.getByLabel('Where it goes').selectOption('Header');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByRole('button', { name: 'Save the fields', exact: true }).click();
  await expect(toastOf(page, 'Fields saved. The editor and the public page use them from now on.')).toBeVisible();

  // Its editor offers the form by name; published, the page shows it.
  await page.goto(`/${name}`);
  await page.getByRole('textbox', { name: 'Introduction' }).fill('We are hiring testers.');
  await page.getByLabel('Apply', { exact: true }).selectOption({ label: `Job application ${name}` });
  await saveEditor(page);
  const [stored] = queryE2eDatabase<{ definition: string }>('select definition from forms where id = ?', formId);
  const fields = JSON.parse(stored!.definition).fields as Array<{ key: string; masterType?: number }>;
  expect(fields.map((field) => field.key)).toEqual([
    'name',
    'email',
    'position',
    'cv',
    'heard',
    'heard_other',
    'consent',
  ]);
  expect(fields[2]!.masterType).toBe(typeId);
  expect(consoleErrors).toEqual([]);
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
