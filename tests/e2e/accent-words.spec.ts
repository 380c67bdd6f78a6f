import type { Locator, Page } from '@playwright/test';
import { E2E_ADMIN_PASSWORD } from '../../playwright.config';
import {
  clickInPreview,
  ensureGerman,
  expect,
  expectNoAxeViolations,
  logInAs,
  signIn,
  sidewaysScroll,
  test,
} from './fixtures';

// Accent words marked with a toolbar button, in every language (docs/design.md §34): Home's expertise title is typed as
// text, some of its words selected and marked with "Accent colour", and the preview shows them in the accent span;
// in German the title keeps its accent editor beside its source. Nothing is saved: other specs count Home's
// revisions (preview-pane) and translate it (translate-page), so this one only reads the preview of the working copy.
const RUN = `${Date.now() % 100000}`.padStart(5, '0');

const preview = (page: Page) => page.frameLocator('iframe[title="Preview of the page"]');
/** The field at a path: its row in the form. */
const fieldAt = (page: Page, path: string) => page.locator(`[data-field-path="${path}"]`);
/** The markup the preview shows for a field, as visitors' HTML holds it. */
const previewHtml = (page: Page, path: string) =>
  preview(page)
    .locator(`[data-folio-field="${path}"]`)
    .first()
    .evaluate((element) => element.innerHTML);

test.describe.configure({ mode: 'serial', timeout: 240_000 });

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext();
  try {
    const admin = await context.newPage();
    await logInAs(admin, 'admin', E2E_ADMIN_PASSWORD);
    await ensureGerman(admin);
  } finally {
    await context.close();
  }
});

/** The editor at its address, with its preview pane at rest. */
async function openEditor(page: Page, address: string) {
  await signIn(page, 'admin', E2E_ADMIN_PASSWORD);
  await page.goto(address);
  await expect(page.locator('.preview-pane[data-render]:not([aria-busy])')).toBeVisible({ timeout: 15_000 });
}

/**
 * Replaces a heading's text with `words` (typed: a `<b>` in them is text) and marks its last `accented` characters
 * with the toolbar's Accent colour, as a person does: select them with the keyboard, press the button.
 */
async function typeAccented(page: Page, field: Locator, words: string, accented: string) {
  const textbox = field.getByRole('textbox');
  const button = field.getByRole('button', { name: 'Accent colour' });
  await textbox.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Backspace');
  await page.keyboard.type(words);
  // Enter adds no line: a heading is one line.
  await page.keyboard.press('Enter');
  await expect(textbox.locator('p')).toHaveCount(1);
  await expect(button).toHaveAttribute('aria-pressed', 'false');
  for (let i = 0; i < accented.length; i += 1) await page.keyboard.press('Shift+ArrowLeft');
  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'true');
  await expect(textbox.locator('span')).toHaveText(accented);
}

test('English: the expertise title is typed as text, its words marked with Accent colour, and the preview shows the accent span', async ({
  page,
  consoleErrors,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openEditor(page, '/Home');
  const field = fieldAt(page, 'exprtshead');
  // No HTML to type: the hint says which button marks the words.
  await expect(field).toContainText('Select words and press Accent colour');
  await expect(field.getByRole('toolbar', { name: 'Expertise title: formatting' })).toBeVisible();
  await typeAccented(page, field, `Tools & <b>${RUN} services`, 'services');
  // The preview renders the working copy: the typed tag is text, the accented word a bare span.
  await expect
    .poll(() => previewHtml(page, 'exprtshead'), { timeout: 10_000 })
    .toBe(`Tools &amp; &lt;b&gt;${RUN} <span>services</span>`);
  await expect(preview(page).locator('[data-folio-field="exprtshead"] b')).toHaveCount(0);

  // A click on the heading in the preview puts the cursor in its field.
  await page.locator('main h1').first().click();
  await clickInPreview(page, '[data-folio-field="exprtshead"]');
  await expect(field.getByRole('textbox')).toBeFocused();
  // The cursor to the end: the accented words show in their tint, no longer selected.
  await page.keyboard.press('End');

  await expectNoAxeViolations(page, 'Home editor with an accented heading at 1280 px');
  await field.getByRole('textbox').scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('accent-home-1280.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await field.getByRole('textbox').evaluate((element) => element.scrollIntoView({ block: 'center' }));
  expect(await sidewaysScroll(page)).toBe(0);
  await expectNoAxeViolations(page, 'Home editor with an accented heading at 390 px');
  await page.screenshot({ path: test.info().outputPath('accent-home-390.png') });
  expect(consoleErrors).toEqual([]);
});

test('German: a translated heading keeps its accent editor, a one-line title stays one line, rich text stays rich text', async ({
  page,
  consoleErrors,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openEditor(page, '/Home?locale=de');
  await expect(page.getByRole('heading', { level: 1, name: 'Home editor: Deutsch' })).toBeVisible();
  // Each text with its source field's kind.
  await expect(fieldAt(page, 'slideList.0.heading').locator('input[type="text"]')).toHaveCount(1);
  await expect(fieldAt(page, 'slideList.0.heading').locator('textarea, [contenteditable]')).toHaveCount(0);
  await expect(fieldAt(page, 'expertiseList.0.exprtsParagraph').getByRole('button', { name: 'Bold' })).toBeVisible();
  const field = fieldAt(page, 'exprtshead');
  await expect(field.getByRole('button', { name: 'Accent colour' })).toBeVisible();
  await expect(field.getByRole('button', { name: 'Bold' })).toHaveCount(0);
  // Its English source beside it, its accent as the editor shows it.
  const row = page.locator('.translation-row').filter({ has: field });
  await expect(row.locator('.translation-row__text--accent span')).toHaveText('Expertise');

  await typeAccented(page, field, `Unsere Kompetenz ${RUN}`, `Kompetenz ${RUN}`);
  await expect
    .poll(() => previewHtml(page, 'exprtshead'), { timeout: 10_000 })
    .toBe(`Unsere <span>Kompetenz ${RUN}</span>`);

  await page.locator('main h1').first().click();
  await clickInPreview(page, '[data-folio-field="exprtshead"]');
  await expect(field.getByRole('textbox')).toBeFocused();
  // The cursor to the end: the accented words show in their tint, no longer selected.
  await page.keyboard.press('End');

  await expectNoAxeViolations(page, 'German translation of Home with an accented heading at 1280 px');
  await field.getByRole('textbox').scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('accent-german-1280.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await field.getByRole('textbox').evaluate((element) => element.scrollIntoView({ block: 'center' }));
  expect(await sidewaysScroll(page)).toBe(0);
  await expectNoAxeViolations(page, 'German translation of Home with an accented heading at 390 px');
  await page.screenshot({ path: test.info().outputPath('accent-german-390.png') });
  expect(consoleErrors).toEqual([]);
});
