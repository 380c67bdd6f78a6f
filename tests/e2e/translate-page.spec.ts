import type { Page } from '@playwright/test';
import type { TranslationDocument } from '../../src/core/schemas/locale';
import { E2E_ADMIN_PASSWORD } from '../../playwright.config';
import {
  callApi,
  confirmPublish,
  createEditorsAutowiredPage,
  ensureE2eUser,
  ensureGerman,
  expect,
  expectNoAxeViolations,
  logInAs,
  openHydrated,
  readApi,
  test,
  toastOf,
} from './fixtures';

// A page in another language (docs/design.md §28, issue 38): an administrator adds German, opens Home's editor, switches to
// Deutsch, translates a slide's heading beside its source, sees it in the preview pane, publishes it, and finds the
// page at /de/Home1 in German, linked from the switcher of /Home1. Other specs may add languages of their own: the
// list is read and added to, never assumed.
const RUN = `${Date.now() % 100000}`.padStart(5, '0');
const GERMAN_HEADING = `Software, die zu Ihrer Arbeit passt ${RUN}`;
const PATH = 'slideList.0.heading';

const preview = (page: Page) => page.frameLocator('iframe[title="Preview of the page"]');
/** A phone's, a tablet's and a desktop's window. */
const WIDTHS = [
  [390, 844],
  [768, 1024],
  [1280, 800],
] as const;
const sidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test.describe.configure({ mode: 'serial', timeout: 120_000 });

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

test('Home translated into German beside its source, previewed, published at /de/Home1 and linked from the switcher', async ({
  page,
  consoleErrors,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await logInAs(page, 'admin', E2E_ADMIN_PASSWORD);
  const before = await readApi<TranslationDocument>(page, '/api/master/translate/Home?locale=de');
  const unit = before.units.find((entry) => entry.path === PATH);
  expect(unit, `Home has a text ${PATH} to translate`).toBeTruthy();

  // The Home editor, switched to Deutsch in its action bar: the address says so, the title too.
  await page.goto('/Home');
  const language = page.getByRole('region', { name: 'Save and publish' }).getByLabel('Language');
  await expect(language).toHaveValue(/^en/);
  await language.selectOption({ label: 'Deutsch' });
  await expect(page).toHaveURL(/\/Home\?locale=de$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Home editor: Deutsch' })).toBeVisible();

  // The slide's heading: its English source beside its field.
  const row = page.locator('.translation-row').filter({ has: page.locator(`[data-field-path="${PATH}"]`) });
  await expect(row.getByRole('group', { name: /English source|source$/ })).toHaveText(unit!.source);
  const field = row.getByRole('textbox', { name: unit!.label });
  // No placeholder: an empty field says in words that visitors see the source.
  expect((await field.getAttribute('placeholder')) ?? '').toBe('');
  // The form wide (the preview hidden): the field beside its source; beside the preview, the form is narrow: below it.
  await page.getByRole('button', { name: 'Hide preview' }).click();
  const [sourceBox, fieldBox] = await Promise.all([
    row.locator('.translation-row__source-box').boundingBox(),
    field.boundingBox(),
  ]);
  expect(fieldBox!.x, 'the field beside its source, on a wide form').toBeGreaterThan(
    sourceBox!.x + sourceBox!.width - 1,
  );
  expect(Math.abs(fieldBox!.y - sourceBox!.y), 'level with it').toBeLessThan(2);
  await page.screenshot({ path: '/tmp/translate-editor-1280-wide-form.png' });
  await page.getByRole('button', { name: 'Show preview' }).click();

  // Typed, the preview pane shows the page in German at once, nothing saved.
  await expect(page.locator('.preview-pane[data-render]:not([aria-busy])')).toBeVisible({ timeout: 15_000 });
  await field.fill(GERMAN_HEADING);
  await expect(preview(page).locator(`[data-folio-field="${PATH}"]`).first()).toHaveText(GERMAN_HEADING, {
    timeout: 10_000,
  });
  // A click on the heading in the preview points at its row's field.
  await page.getByLabel('Language').focus();
  await preview(page)
    .locator(`[data-folio-field="${PATH}"]`)
    .first()
    .evaluate((element) => (element as HTMLElement).click());
  await expect(field).toBeFocused();

  // Another language with unsaved edits asks first; Stay keeps the editor and the edits.
  await page.getByLabel('Language').selectOption({ label: 'English (source)' });
  const leave = page.getByRole('alertdialog', { name: 'Leave without saving?' });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(/\/Home\?locale=de$/);
  await expect(field).toHaveValue(GERMAN_HEADING);
  await expect(page.getByLabel('Language')).toHaveValue('de');

  await expectNoAxeViolations(page, 'the translation editor at 1280 px');
  await page.screenshot({ path: '/tmp/translate-editor-1280.png' });

  // Published: the German page is live at /de/Home1.
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await confirmPublish(page);
  await expect(toastOf(page, /published/)).toBeVisible();
  await expect(page.locator('.publish-state')).toContainText('Published');

  // Reloaded, the editor keeps its language (the address holds it) and the saved text.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Home editor: Deutsch' })).toBeVisible();
  await expect(
    page
      .locator('.translation-row')
      .filter({ has: page.locator(`[data-field-path="${PATH}"]`) })
      .getByRole('textbox'),
  ).toHaveValue(GERMAN_HEADING);

  // At a tablet's width the form has the window (a Form / Preview switch): the field beside its source; at a
  // phone's, below it. No sideways scroll.
  for (const [width, height, beside] of [
    [768, 1024, true],
    [390, 844, false],
  ] as const) {
    await page.setViewportSize({ width, height });
    await expect(page.getByRole('heading', { level: 1, name: 'Home editor: Deutsch' })).toBeVisible();
    const narrowRow = page.locator('.translation-row').filter({ has: page.locator(`[data-field-path="${PATH}"]`) });
    const [source, input] = await Promise.all([
      narrowRow.locator('.translation-row__source-box').boundingBox(),
      narrowRow.getByRole('textbox').boundingBox(),
    ]);
    if (beside)
      expect(input!.x, `the field beside its source at ${width} px`).toBeGreaterThan(source!.x + source!.width - 1);
    else expect(input!.y, `the field under its source at ${width} px`).toBeGreaterThan(source!.y + source!.height - 1);
    await expect.poll(() => sidewaysScroll(page)).toBe(0);
    await narrowRow.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/translate-editor-${width}.png` });
  }
  await expectNoAxeViolations(page, 'the translation editor at 390 px');

  // The public page in German, and the switcher between the two.
  await page.setViewportSize({ width: 1280, height: 900 });
  const german = await openHydrated(page, '/de/Home1');
  expect(german?.status()).toBe(200);
  await expect(page).toHaveURL(/\/de\/Home1$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByText(GERMAN_HEADING).first()).toBeAttached();
  const germanSwitcher = page.getByRole('navigation', { name: 'Language' });
  await expect(germanSwitcher.getByRole('link', { name: 'Deutsch' })).toHaveAttribute('aria-current', 'true');
  await expectNoAxeViolations(page, '/de/Home1');

  await openHydrated(page, '/Home1');
  const switcher = page.getByRole('navigation', { name: 'Language' });
  const toGerman = switcher.getByRole('link', { name: 'Deutsch' });
  await expect(toGerman).toHaveAttribute('href', '/de/Home1');
  await expect(toGerman).toHaveAttribute('hreflang', 'de');
  await expect(toGerman).toHaveAttribute('lang', 'de');
  await expect(toGerman).not.toHaveAttribute('aria-current', /.*/);
  await expect(switcher.locator('[aria-current="true"]')).toHaveCount(1);

  // The header with its switcher at each width: the switcher's links in the window, no sideways scroll.
  for (const [width, height] of WIDTHS) {
    await page.setViewportSize({ width, height });
    await expect(toGerman).toBeInViewport();
    await expect.poll(() => sidewaysScroll(page)).toBe(0);
    await page.locator('.site-header').screenshot({ path: `/tmp/translate-header-${width}.png` });
  }
  await toGerman.click();
  await expect(page).toHaveURL(/\/de\/Home1$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  expect(consoleErrors).toEqual([]);
});

test('the switcher works without JavaScript: plain links the server renders', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto('/Home1');
    const switcher = page.getByRole('navigation', { name: 'Language' });
    await expect(switcher.getByRole('link', { name: 'English' })).toHaveAttribute('aria-current', 'true');
    await switcher.getByRole('link', { name: 'Deutsch' }).click();
    await expect(page).toHaveURL(/\/de\/Home1$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByText(GERMAN_HEADING).first()).toBeAttached();
  } finally {
    await context.close();
  }
});

test('a page made without code: its translation beside its source, saved as a draft, in the History of that language', async ({
  page,
  browser,
  consoleErrors,
}) => {
  const name = `Openings${RUN}`;
  const editor = { username: 'e2e-translate', password: 'e2e-translate-password' };
  await ensureE2eUser(editor.username, editor.password, 3);
  await createEditorsAutowiredPage(browser, {
    name,
    display: `Openings ${RUN}`,
    parameters: [
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
    ],
  });
  await page.setViewportSize({ width: 1280, height: 900 });
  await logInAs(page, editor.username, editor.password);
  await callApi(page, '/api/master/savepagecontent', {
    commonrouting: name,
    document: { header: { headline: 'We are hiring' }, rows: [], revision: 0 },
  });

  await page.goto(`/${name}`);
  await page
    .getByRole('region', { name: 'Save and publish' })
    .getByLabel('Language')
    .selectOption({ label: 'Deutsch' });
  await expect(page).toHaveURL(new RegExp(`/${name}\\?locale=de$`));
  await expect(page.getByRole('heading', { level: 1, name: `Openings ${RUN} editor: Deutsch` })).toBeVisible();
  const row = page.locator('.translation-row').filter({ hasText: 'We are hiring' });
  await expect(row).toHaveCount(1);
  await row.getByRole('textbox').fill('Wir stellen ein');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.locator('.publish-state')).toContainText('Draft saved');

  // The History is this language's: its draft, not the source's publication.
  await page.getByRole('button', { name: 'History' }).click();
  const history = page.locator('.history-panel');
  await expect(history.locator('.history-list__item')).toHaveCount(1);
  await expect(history.locator('.history-list__item').first()).toContainText('Draft');
  await expect(history.locator('.history-list__item').first()).toContainText(editor.username);

  // The German draft shared by a link: a reviewer without an account reads it in German, and only it.
  await page.getByRole('button', { name: 'Share preview…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share a preview' });
  await expect(dialog.getByText('This page has no live links.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const link = await dialog.getByLabel('Link', { exact: true }).inputValue();
  expect(link).toMatch(new RegExp(`/preview/${name}1\\?locale=de&share=[A-Za-z0-9_-]{43}$`));
  await expect(dialog.locator('.share-dialog__link')).toHaveCount(1);
  await page.keyboard.press('Escape');
  const reviewer = await browser.newContext();
  try {
    const visit = await reviewer.newPage();
    expect((await visit.goto(link))?.status()).toBe(200);
    await expect(visit.locator('html')).toHaveAttribute('lang', 'de');
    await expect(visit.locator('main')).toContainText('Wir stellen ein');
    await expect(visit.getByText('Preview, not published')).toBeVisible();
    // The same link at the source's address opens nothing.
    expect((await visit.goto(link.replace('locale=de&', '')))?.status()).toBe(404);
  } finally {
    await reviewer.close();
  }
  expect(consoleErrors).toEqual([]);
});

test('who else is editing is told per language: a translator and an editor of the source are not told of each other', async ({
  browser,
}) => {
  const name = `Notice${RUN}`;
  const editor = { username: 'e2e-translate', password: 'e2e-translate-password' };
  await ensureE2eUser(editor.username, editor.password, 3);
  await createEditorsAutowiredPage(browser, {
    name,
    display: `Notice ${RUN}`,
    parameters: [
      {
        parameterName: 'headline',
        sequence: 1,
        type: 'Textarea',
        unittype: 'Character',
        pagecreationtype: 'Header',
        mandatory: 'N',
        maxlength: 80,
      },
    ],
  });
  const notice = (page: Page) => page.locator('p.editing-notice[role="status"]');
  /** The editor's call saying it is open (at once, every 20 s, and when its tab is shown again), answered. */
  const told = (page: Page, locale: string | null) =>
    page.waitForResponse((response) => {
      const url = new URL(response.url());
      return (
        url.pathname === `/api/master/editing/${name}` &&
        url.searchParams.get('locale') === locale &&
        response.request().method() === 'POST'
      );
    });
  const showAgain = async (page: Page, locale: string | null) => {
    const answered = told(page, locale);
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    expect((await answered).ok()).toBe(true);
  };
  const translatorContext = await browser.newContext();
  const editorContext = await browser.newContext();
  try {
    // The editor of the source has the page open; the administrator opens its German translation.
    const source = await editorContext.newPage();
    await logInAs(source, editor.username, editor.password);
    const sourceTold = told(source, null);
    await source.goto(`/${name}`);
    await sourceTold;
    const translator = await translatorContext.newPage();
    await logInAs(translator, 'admin', E2E_ADMIN_PASSWORD);
    const translatorTold = told(translator, 'de');
    await translator.goto(`/${name}?locale=de`);
    await expect(translator.getByRole('heading', { level: 1, name: `Notice ${RUN} editor: Deutsch` })).toBeVisible();
    await translatorTold;
    await showAgain(source, null);
    await expect(notice(translator)).toHaveText('');
    await expect(notice(source)).toHaveText('');

    // The same editor opens the German translation too, in another tab: the two German editors see each other.
    const sourceInGerman = await editorContext.newPage();
    await sourceInGerman.goto(`/${name}?locale=de`);
    await expect(notice(sourceInGerman)).toHaveText('Administrator is editing this page too.');
    await showAgain(translator, 'de');
    await expect(notice(translator)).toHaveText(`${editor.username} is editing this page too.`);
    // The editor of the source still hears of nobody.
    await showAgain(source, null);
    await expect(notice(source)).toHaveText('');
  } finally {
    await translatorContext.close();
    await editorContext.close();
  }
});
