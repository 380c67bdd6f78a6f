import type { Page } from '@playwright/test';
import {
  AXE_TAGS,
  clickInPreview,
  createEditorsAutowiredPage,
  ensureE2eUser,
  expect,
  expectNoAxeViolations,
  signIn,
  queryE2eDatabase,
  test,
} from './fixtures';
import AxeBuilder from '@axe-core/playwright';

// The preview beside every editor (docs/design.md §26, issue 36): typing re-renders the page from the unsaved working
// copy and stores nothing; a click in the preview picks its field; the checks name what visitors trip on and lead
// to the field. For a built-in page (Home, Bespoke) and a page made without code.
const RUN = `${Date.now() % 100000}`.padStart(5, '0');
const NAME = `Openings${RUN}`;
const EDITOR = { username: 'e2e-preview', password: 'e2e-preview-password' };

const PARAMETERS = [
  {
    parameterName: 'headline',
    sequence: 1,
    type: 'Textarea',
    unittype: 'Character',
    pagecreationtype: 'Header',
    mandatory: 'Y',
    minlength: 3,
    maxlength: 80,
  },
  {
    parameterName: 'banner',
    sequence: 2,
    type: 'Image',
    unittype: 'Image',
    pagecreationtype: 'Header',
    mandatory: 'N',
    width: 1200,
    sizeinKB: 200,
  },
  {
    parameterName: 'role',
    sequence: 3,
    type: 'Textarea',
    unittype: 'Character',
    pagecreationtype: 'Detail',
    mandatory: 'Y',
  },
  { parameterName: 'opens', sequence: 4, type: 'Date', unittype: 'Date', pagecreationtype: 'Header', mandatory: 'N' },
  {
    parameterName: 'remote',
    sequence: 5,
    type: 'Checkbox',
    unittype: 'Boolean',
    pagecreationtype: 'Header',
    mandatory: 'N',
  },
  {
    parameterName: 'hours',
    sequence: 6,
    type: 'number',
    unittype: 'Integer',
    pagecreationtype: 'Header',
    mandatory: 'N',
  },
  {
    parameterName: 'about',
    sequence: 7,
    type: 'Richtext',
    unittype: 'Richtext',
    pagecreationtype: 'Header',
    mandatory: 'N',
  },
];

/** The control of the field at a path in the form. */
const control = (page: Page, path: string) =>
  page
    .locator(`[data-field-path="${path}"]`)
    .locator('input:not([type="file"]):not([type="color"]), textarea, [contenteditable="true"]')
    .first();
const preview = (page: Page) => page.frameLocator('iframe[title="Preview of the page"]');
/**
 * What this spec's own editor stored on a page: its revisions and audit entries. Counted by the user, whom no other
 * spec signs in as, because other specs save Home meanwhile (and translate it, docs/design.md §28): a count of all of Home's
 * revisions once saw another spec's save land between the two reads (docs/design.md §34).
 */
const counts = (routing: string) => ({
  revisions: queryE2eDatabase<{ n: number }>(
    'SELECT count(*) AS n FROM page_revisions WHERE saved_by_name = ? AND page_id = (SELECT id FROM pages WHERE routing = ?)',
    EDITOR.username,
    routing,
  )[0]!.n,
  audits: queryE2eDatabase<{ n: number }>(
    'SELECT count(*) AS n FROM audit_log WHERE user_name = ? AND target_id = ?',
    EDITOR.username,
    routing,
  )[0]!.n,
});

test.describe.configure({ mode: 'serial', timeout: 60_000 });

test.beforeAll(async ({ browser }) => {
  await ensureE2eUser(EDITOR.username, EDITOR.password, 3);
  await createEditorsAutowiredPage(browser, { name: NAME, display: `Openings ${RUN}`, parameters: PARAMETERS });
});

async function openEditor(page: Page, path: string, { rendered = true } = {}) {
  await signIn(page, EDITOR.username, EDITOR.password);
  await page.goto(path);
  if (!rendered) return;
  // The pane is sticky: once the page scrolls to the editor, all of it is in the window (and a frame out of the
  // window may be left unpainted by Chromium, so it is brought in first).
  await expect(page.locator('.preview-pane')).toBeVisible({ timeout: 15_000 });
  await page.evaluate(() =>
    window.scrollTo(
      0,
      (document.querySelector('.editor-layout')?.getBoundingClientRect().top ?? 0) + window.scrollY - 64,
    ),
  );
  await expect(page.locator('.preview-pane[data-render]:not([aria-busy])')).toBeVisible({ timeout: 15_000 });
  await expect(preview(page).locator('.preview-bar')).toBeVisible();
}

test('Home: typing changes the preview without a save, and stores nothing', async ({ page }) => {
  await openEditor(page, '/Home');
  const before = counts('Home');
  // The document loaded first stays: each render after it is put in place (nothing is fetched again).
  const loaded = await page.locator('iframe[title="Preview of the page"]').getAttribute('srcdoc');
  const firstRender = Number(await page.locator('.preview-pane').getAttribute('data-render'));
  await control(page, 'skillhead').click();
  await control(page, 'skillhead').fill('');
  await page.keyboard.type(`Skills of ${RUN}`);
  await expect(preview(page).locator('[data-folio-field="skillhead"]')).toHaveText(`Skills of ${RUN}`, {
    timeout: 5_000,
  });
  // (The pane numbers the render once the frame's answer reaches it, a moment after the frame shows it.)
  await expect
    .poll(async () => Number(await page.locator('.preview-pane').getAttribute('data-render')))
    .toBeGreaterThan(firstRender);
  expect(await page.locator('iframe[title="Preview of the page"]').getAttribute('srcdoc')).toBe(loaded);
  // The render's own scripts are not put in the page (the bridge already runs, once).
  await expect(preview(page).locator('script[src]')).toHaveCount(0);
  // While typing in it, the field is outlined in the preview with its label.
  await expect(preview(page).locator('.folio-pane-overlay span')).toHaveText('The skills title');
  expect(counts('Home')).toEqual(before);
});

test('Home: a click on a heading, a list entry and an image in the preview focuses its field', async ({ page }) => {
  await openEditor(page, '/Home');
  await clickInPreview(page, '[data-folio-field="exprtshead"]');
  await expect(control(page, 'exprtshead')).toBeFocused();

  const skillName = preview(page).locator('[data-folio-field="skillList.1.skillName"]').first();
  const name = (await skillName.textContent())!.trim();
  await clickInPreview(page, '[data-folio-field="skillList.1.skillName"]');
  const skills = page.locator('.list-editor').filter({ has: page.locator('legend', { hasText: /skill/i }) });
  await expect(skills.locator('legend')).toHaveText(/Edit skill 2/i);
  await expect(control(page, 'skillList.1.skillName')).toBeFocused();
  await expect(control(page, 'skillList.1.skillName')).toHaveValue(name);
  await skills.getByRole('button', { name: /Cancel/ }).click();

  await clickInPreview(page, 'img[data-folio-field="slideList.0.image"]');
  await expect(control(page, 'slideList.0.image')).toBeFocused();

  // The page as search engines list it, under the page: its title and description are the SEO fields.
  await clickInPreview(page, '[data-folio-field="seo.title"]');
  await expect(control(page, 'seo.title')).toBeFocused();
  await clickInPreview(page, '[data-folio-field="seo.description"]');
  await expect(control(page, 'seo.description')).toBeFocused();
});

test('Home: the preview brings the field being typed in into its own view, never scrolling the editor page', async ({
  page,
}) => {
  await openEditor(page, '/Home');
  const frameScroll = () =>
    preview(page)
      .locator('body')
      .evaluate(() => window.scrollY);
  expect(await frameScroll()).toBe(0);
  // The SEO title sits under the page in the preview, out of the frame's view, and low in the form.
  const field = control(page, 'seo.title');
  await field.scrollIntoViewIfNeeded();
  const pageScroll = await page.evaluate(() => window.scrollY);
  await field.focus();
  await expect(preview(page).locator('.folio-pane-overlay span')).toHaveText(/title/i);
  await expect.poll(frameScroll).toBeGreaterThan(0);
  expect(await page.evaluate(() => window.scrollY)).toBe(pageScroll);
  await expect(field).toBeFocused();
});

/**
 * Types a heading two levels too deep and an image without alternative text at the end of a rich-text field, then
 * checks that both are in the checks panel and that each finding's "Go to" leads to the field.
 */
async function expectChecksLeadToField(page: Page, field: string) {
  const text = control(page, field);
  await text.click();
  await expect(text).toBeFocused();
  // The caret to the end of the text (checked: pressed too early, the key may reach the editor before it is set up).
  await expect(async () => {
    await page.keyboard.press('ControlOrMeta+End');
    expect(
      await text.evaluate((element) => {
        const selection = getSelection();
        if (!selection?.focusNode) return false;
        const after = document.createRange();
        after.selectNodeContents(element);
        after.setStart(selection.focusNode, selection.focusOffset);
        return after.toString() === '';
      }),
    ).toBe(true);
  }).toPass({ timeout: 5_000 });
  await page.keyboard.press('Enter');
  await page.keyboard.type('#### A heading too deep');
  // Insert image asks for the address, then for the alternative text: left empty.
  const answers = ['/demo/logo.png', ''];
  page.on('dialog', (dialog) => void dialog.accept(answers.shift() ?? ''));
  await page.locator(`[data-field-path="${field}"]`).getByRole('button', { name: 'Insert image' }).click();
  await expect(preview(page).locator(`[data-folio-field="${field}"] h4`)).toHaveText('A heading too deep', {
    timeout: 5_000,
  });
  await expect(preview(page).locator(`[data-folio-field="${field}"] img`)).toHaveCount(1);

  await page.getByRole('button', { name: /^Checks/ }).click();
  const checks = page.locator('.checks-panel');
  const missingAlt = checks.locator('li', { hasText: 'An image has no alternative text' });
  const skipped = checks.locator('li', { hasText: 'A heading jumps from level' });
  await expect(missingAlt).toHaveCount(1, { timeout: 20_000 });
  await expect(skipped).toHaveCount(1);
  await text.blur();
  await missingAlt.getByRole('button', { name: /^Go to/ }).click();
  await expect(text).toBeFocused();
  await skipped.getByRole('button', { name: /^Go to/ }).click();
  await expect(text).toBeFocused();
  // The editor and its checks panel pass axe; the page (in the frame, and as typed in the rich-text field) has the
  // two problems put there on purpose.
  const results = await new AxeBuilder({ page })
    .withTags(AXE_TAGS)
    .exclude('.preview-pane__frame')
    .exclude(`[data-field-path="${field}"] [contenteditable]`)
    .analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);
}

test('Expertise: an image without alternative text and a skipped heading are in the checks and lead to their field', async ({
  page,
}) => {
  await openEditor(page, '/Expertise');
  await expectChecksLeadToField(page, 'description');
});

test('a page made without code: typing previews, a click on its heading, an entry, its image, a date, a checkbox and a number focuses the field', async ({
  page,
}) => {
  // Empty, its required headline refuses a save: the pane says so and leads to the field.
  await openEditor(page, `/${NAME}`, { rendered: false });
  await expect(page.getByText('The page shows here once it could be saved. Please enter headline')).toBeVisible();
  await page.getByRole('button', { name: 'Go to the field' }).click();
  await expect(page.getByLabel('headline', { exact: true })).toBeFocused();
  const before = counts(NAME);
  await page.getByLabel('headline', { exact: true }).fill(`Join us in ${RUN}`);
  await page.getByLabel('banner', { exact: true }).fill('/demo/logo.png');
  await page.getByLabel('role', { exact: true }).fill('Tester in Pune');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(preview(page).locator('[data-folio-field="document.header.headline"]')).toHaveText(`Join us in ${RUN}`, {
    timeout: 5_000,
  });
  await page.evaluate(() =>
    window.scrollTo(
      0,
      (document.querySelector('.editor-layout')?.getBoundingClientRect().top ?? 0) + window.scrollY - 64,
    ),
  );
  await expect(preview(page).locator('[data-folio-field="document.rows.0.role"]').first()).toHaveText('Tester in Pune');
  expect(counts(NAME)).toEqual(before);

  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await clickInPreview(page, '[data-folio-field="document.header.headline"]');
  await expect(page.getByLabel('headline', { exact: true })).toBeFocused();
  await clickInPreview(page, '[data-folio-field="document.rows.0.role"]');
  await expect(page.getByLabel('role', { exact: true })).toBeFocused();
  await expect(page.getByLabel('role', { exact: true })).toHaveValue('Tester in Pune');
  await clickInPreview(page, 'img[data-folio-field="document.header.banner"]');
  await expect(page.getByLabel('banner', { exact: true })).toBeFocused();

  // A date, a checkbox and a number: each shown in the preview, each a click away from its field.
  await page.getByLabel('opens', { exact: true }).fill('2026-12-01');
  await page.getByLabel('remote', { exact: true }).check();
  await page.getByLabel('hours', { exact: true }).fill('38');
  await expect(preview(page).locator('[data-folio-field="document.header.hours"]')).toContainText('38', {
    timeout: 5_000,
  });
  for (const name of ['opens', 'remote', 'hours']) {
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await clickInPreview(page, `[data-folio-field="document.header.${name}"]`);
    await expect(page.getByLabel(name, { exact: true })).toBeFocused();
  }
  expect(counts(NAME)).toEqual(before);
});

test('a page made without code: an image without alternative text and a skipped heading in its rich text are in the checks and lead to the field', async ({
  page,
}) => {
  // Nothing of it is saved (the test before stores nothing): its required headline first, then the page shows.
  await openEditor(page, `/${NAME}`, { rendered: false });
  await page.getByLabel('headline', { exact: true }).fill(`Join us in ${RUN}`);
  await expect(page.locator('.preview-pane[data-render]:not([aria-busy])')).toBeVisible({ timeout: 15_000 });
  await expectChecksLeadToField(page, 'document.header.about');
});

test('the editor with its preview has no accessibility violations, side by side and switched', async ({ page }) => {
  await openEditor(page, '/News');
  await expectNoAxeViolations(page, 'the News editor with its preview');
  // The width buttons: one pressed at a time, the page as wide as the one chosen (the frame scaled down to the pane).
  for (const [name, width] of [
    ['Tablet', 768],
    ['Phone', 390],
    ['Desktop', 1280],
  ] as const) {
    const button = page.getByRole('button', { name: `${name} (${width} pixels)` });
    await button.click();
    await expect(button).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('button', { pressed: true, name: /pixels/ })).toHaveCount(1);
    await expect(page.locator('iframe[title="Preview of the page"]')).toHaveCSS('width', `${width}px`);
  }
  await page.setViewportSize({ width: 768, height: 900 });
  await page.getByRole('tab', { name: 'Preview' }).click();
  await expect(preview(page).locator('.preview-bar')).toBeVisible();
  // One side at a time below 1280 px.
  await expect(page.getByRole('tabpanel', { name: 'Preview' })).toBeVisible();
  await expect(page.locator('.editor-layout__form')).toBeHidden();
  await expectNoAxeViolations(page, 'the News editor, its preview switched to');
  await page.getByRole('tab', { name: 'Form' }).click();
  await expect(page.getByRole('button', { name: 'Save draft' })).toBeVisible();
  await expect(page.locator('.editor-layout__form')).toBeVisible();
  await expect(page.getByRole('tabpanel', { name: 'Preview' })).toBeHidden();
});

test('the preview frame cannot reach the staff app, and ignores messages of other shapes and windows', async ({
  page,
}) => {
  await openEditor(page, '/News');
  const frame = await (await page.locator('iframe[title="Preview of the page"]').elementHandle())!.contentFrame();
  expect(frame).not.toBeNull();
  // No same origin: the frame cannot read the editor's document or its cookies.
  const reach = await frame!.evaluate(() => {
    try {
      return String(window.parent.document.title);
    } catch (error) {
      return (error as Error).name;
    }
  });
  expect(reach).toBe('SecurityError');
  const cookies = await frame!.evaluate(() => {
    try {
      return document.cookie;
    } catch (error) {
      return (error as Error).name;
    }
  });
  expect(cookies).toBe('SecurityError');
  // A message of another shape, and one from another window, pick nothing.
  const active = () =>
    page.evaluate(() => document.activeElement?.closest('[data-field-path]')?.getAttribute('data-field-path') ?? null);
  await frame!.evaluate(() => window.parent.postMessage({ channel: 'folio-preview', type: 'select', field: 42 }, '*'));
  await page.evaluate(() => window.postMessage({ channel: 'folio-preview', type: 'select', field: 'lead' }, '*'));
  await page.waitForTimeout(300);
  expect(await active()).toBeNull();
  // The real shape from the frame does.
  await frame!.evaluate(() =>
    window.parent.postMessage({ channel: 'folio-preview', type: 'select', field: 'lead' }, '*'),
  );
  await expect.poll(active).toBe('lead');
});

test('a page that cannot load in the pane is said so, and Try again shows it', async ({ page }) => {
  test.slow();
  // The render names a bridge script that does not exist: the frame never says it is ready. (The render is
  // changed on its way to the editor: the frame's own requests are made in a process of its own.)
  const renders = /\/api\/master\/preview\/News$/;
  await page.route(renders, async (route) => {
    const response = await route.fetch();
    const body = (await response.text()).replace(
      /\/assets\/preview-bridge-[^"]*\.js/,
      '/assets/preview-bridge-missing.js',
    );
    await route.fulfill({ response, body });
  });
  await openEditor(page, '/News', { rendered: false });
  const problem = page
    .locator('.preview-pane')
    .getByRole('status')
    .filter({ hasText: 'The preview could not be updated: the page took too long to load in the pane.' });
  await expect(problem).toBeVisible({ timeout: 25_000 });
  await expect(page.locator('.preview-pane[aria-busy]')).toHaveCount(0);
  await page.unroute(renders);
  await problem.getByRole('button', { name: 'Try again' }).click();
  await expect(problem).toHaveCount(0);
  await expect(page.locator('.preview-pane[data-render]:not([aria-busy])')).toBeVisible({ timeout: 15_000 });
  await expect(preview(page).locator('.preview-bar')).toBeVisible();
});
