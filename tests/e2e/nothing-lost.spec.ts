import type { Page } from '@playwright/test';
import {
  confirmPublish,
  ensureE2eUser,
  expect,
  expectNoAxeViolations,
  listEditor,
  logInAs,
  test,
  toastOf,
} from './fixtures';

// docs/design.md §24 "Nothing typed is lost silently" and "Messages sit where they help": the question about an entry
// typed but not added, Add refusing while an image is still uploading, the "Editing entry N" line, moving
// entries, and field names in messages. The tests save pages other tests of this file read: one after another.
test.describe.configure({ mode: 'default' });

const EDITOR = { username: 'e2e-nothing-lost', password: 'e2e-nothing-lost-password' };

// Both workers may run this; the second finds the user there already.
test.beforeAll(() => ensureE2eUser(EDITOR.username, EDITOR.password, 3));

const logIn = (page: Page) => logInAs(page, EDITOR.username, EDITOR.password);
const unsentQuestion = (page: Page) => page.getByRole('alertdialog', { name: 'Add the entry you typed?' });
const MODULE = 'E2E module typed but never added by its author';

/** The Pharma editor with a module typed into the New module form, not added. */
async function typeUnsentModule(page: Page, text = MODULE) {
  await logIn(page);
  await page.goto('/RelationwareCRM-Pharma');
  const modules = listEditor(page, 'module');
  await modules.getByLabel('Module', { exact: true }).fill(text);
  return modules;
}

test.describe('saving with an entry typed but not added asks first', () => {
  test('Add it adds the entry (its rules run) and then saves: the public page shows it', async ({ page }) => {
    const modules = await typeUnsentModule(page);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const question = unsentQuestion(page);
    await expect(question).toBeVisible();
    await expect(question).toContainText('You typed a new module but did not add it to the list.');
    // The focus starts on Stay, the answer that changes nothing.
    await expect(question.getByRole('button', { name: 'Stay' })).toBeFocused();
    await question.getByRole('button', { name: 'Add it' }).click();
    await confirmPublish(page);
    await expect(toastOf(page, 'Saved and published: visitors see it now.')).toBeVisible();
    await expect(modules.getByLabel('Module', { exact: true })).toHaveValue('');
    // Stored: the API and the public page have it.
    const stored = await page.evaluate(async () => {
      const response = await fetch('/api/master/getprod2', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      return ((await response.json()) as { moduleslst: { moduledata: string }[] }).moduleslst.map((m) => m.moduledata);
    });
    expect(stored.at(-1)).toBe(MODULE);
    await page.goto('/RelationwareCRM-Pharma1');
    await expect(page.locator('main')).toContainText(MODULE);
  });

  test('Add it runs the field rules: a refused entry is shown at its field and nothing is saved', async ({ page }) => {
    const modules = await typeUnsentModule(page, 'Too short');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await unsentQuestion(page).getByRole('button', { name: 'Add it' }).click();
    const input = modules.getByLabel('Module', { exact: true });
    await expect(toastOf(page, 'Please enter at least 10 characters in Module')).toBeVisible();
    await expect(modules.locator('.field__error')).toHaveText('Please enter at least 10 characters in Module');
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toBeFocused();
    await expect(toastOf(page, 'Draft saved')).toHaveCount(0);
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
  });

  test('Discard it clears the form and goes on with the save', async ({ page }) => {
    const modules = await typeUnsentModule(page);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await unsentQuestion(page).getByRole('button', { name: 'Discard it' }).click();
    await expect(modules.getByLabel('Module', { exact: true })).toHaveValue('');
    // The save went on: with nothing else changed, there is nothing to publish.
    await expect(toastOf(page, /^Nothing new to publish/)).toBeVisible();
  });

  test('Stay keeps the entry in its form, saves nothing and puts the focus there', async ({ page }) => {
    const modules = await typeUnsentModule(page);
    await page.getByRole('button', { name: 'Schedule…' }).click();
    await unsentQuestion(page).getByRole('button', { name: 'Stay' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    const input = modules.getByLabel('Module', { exact: true });
    await expect(input).toHaveValue(MODULE);
    await expect(input).toBeFocused();
  });

  test('the question passes axe, and Escape is Stay', async ({ page }) => {
    await typeUnsentModule(page);
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(unsentQuestion(page)).toBeVisible();
    await expectNoAxeViolations(page, 'Pharma editor with the unsent-entry question');
    await page.keyboard.press('Escape');
    await expect(unsentQuestion(page)).toHaveCount(0);
    await expect(listEditor(page, 'module').getByLabel('Module', { exact: true })).toHaveValue(MODULE);
  });
});

test('Add while an image is still uploading adds nothing and says so', async ({ page }) => {
  await logIn(page);
  await page.goto('/Customers');
  const customers = listEditor(page, 'customer');
  await customers.getByRole('button', { name: 'Show Content' }).click();
  const rows = customers.locator('tbody tr');
  const before = await rows.count();
  await customers.getByLabel('Customer', { exact: true }).fill('E2E Logo Not Uploaded Ltd');
  // The upload is held on its way (a slow line): the file stays under way until its Cancel.
  let held = false;
  await page.route('**/api/master/uploadImage', () => {
    held = true;
  });
  await customers
    .getByLabel('Choose an image file (PNG or JPEG)')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from('on its way, never arriving') });
  await expect.poll(() => held).toBe(true);
  await expect(customers.getByRole('progressbar', { name: 'Uploading logo.png' })).toBeVisible();
  await customers.getByRole('button', { name: 'Add' }).click();
  await expect(toastOf(page, 'Wait until the image has uploaded, or cancel its upload.')).toBeVisible();
  await expect(customers.locator('.field__error')).toHaveText(
    'Wait until the image has uploaded, or cancel its upload.',
  );
  await expect(rows).toHaveCount(before);
  // Cancelling the upload leaves the entry free to be added without an image.
  await customers.getByRole('button', { name: 'Cancel the upload of logo.png' }).click();
  await expect(customers.getByRole('progressbar')).toHaveCount(0);
  await customers.getByRole('button', { name: 'Add' }).click();
  await expect(rows).toHaveCount(before + 1);
});

test('the form says which entry Add replaces, and editing can be cancelled', async ({ page }) => {
  await logIn(page);
  await page.goto('/News');
  const news = listEditor(page, 'news entry');
  await news.getByRole('button', { name: 'Show Content' }).click();
  const count = await news.locator('tbody tr').count();
  await news.getByRole('button', { name: 'Edit entry 2', exact: true }).click();
  await expect(news.locator('legend')).toHaveText('Edit news entry 2');
  await expect(news.getByText(`Editing entry 2 of ${count}: Add replaces it.`)).toBeVisible();
  await expect(news.locator('tbody tr').nth(1)).toHaveAttribute('aria-current', 'true');
  await news.getByRole('button', { name: 'Cancel editing' }).click();
  await expect(news.locator('legend')).toHaveText('New news entry');
  await expect(news.getByText(/Editing entry/)).toHaveCount(0);
  await expect(news.getByLabel('Year', { exact: true })).toHaveValue('');
});

test('a new news entry moved to the top by keyboard is published first on /News1', async ({ page }) => {
  await logIn(page);
  await page.goto('/News');
  const news = listEditor(page, 'news entry');
  await news.getByLabel('Year', { exact: true }).fill('2041');
  await news.getByRole('textbox', { name: 'Details' }).fill('E2E moved to the top of the timeline by keyboard.');
  await news.getByRole('button', { name: 'Add' }).click();
  await news.getByRole('button', { name: 'Show Content' }).click();
  const rows = news.locator('tbody tr');
  const count = await rows.count();
  await expect(rows.last()).toContainText('2041');
  // The first entry has no Up, the last no Down.
  await expect(news.getByRole('button', { name: 'Move entry 1 up' })).toHaveCount(0);
  await expect(news.getByRole('button', { name: `Move entry ${count} down` })).toHaveCount(0);
  await news.getByRole('button', { name: `Move entry ${count} up` }).focus();
  for (let place = count; place > 1; place -= 1) {
    await expect(page.locator(':focus')).toHaveAccessibleName(`Move entry ${place} up`);
    await page.keyboard.press('Enter');
  }
  // At the top the entry has no Up: the focus stays with it, on its Down.
  await expect(page.locator(':focus')).toHaveAccessibleName('Move entry 1 down');
  await expect(rows.first()).toContainText('2041');
  await page.getByRole('button', { name: 'Save All' }).click();
  await confirmPublish(page);
  await expect(toastOf(page, 'Saved and published: visitors see it now.')).toBeVisible();
  await page.goto('/News1');
  await expect(page.locator('.timeline__item').first()).toContainText('2041');
  await expect(page.locator('.timeline__item').first()).toContainText(
    'E2E moved to the top of the timeline by keyboard.',
  );
});

test('a field-rule message names the field by its label, at the field and in the toast', async ({ page }) => {
  await logIn(page);
  await page.goto('/InnovoCare');
  // The doctor features' rich text: property data2, label Feature, at least 5 characters.
  const features = listEditor(page, 'doctor feature');
  const feature = features.getByRole('textbox', { name: 'Feature' });
  const count = features.locator('.list-editor__count');
  const before = (await count.textContent()) ?? '';
  await feature.fill('Tiny');
  await features.getByRole('button', { name: 'Add' }).click();
  const message = 'Please enter at least 5 characters in Feature';
  await expect(toastOf(page, message)).toBeVisible();
  await expect(feature).toHaveAttribute('aria-invalid', 'true');
  await expect(feature).toHaveAccessibleDescription(message);
  await expect(feature).toBeFocused();
  await expect(count).toHaveText(before);
  // Typing again clears the field's error.
  await feature.fill('Tiny no more');
  await expect(feature).not.toHaveAttribute('aria-invalid', 'true');
  await expect(features.locator('.field__error')).toHaveCount(0);
});
