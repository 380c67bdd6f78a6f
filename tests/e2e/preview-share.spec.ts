import path from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { E2E_ADMIN_PASSWORD } from '../../playwright.config';
import {
  callApi,
  createEditorsAutowiredPage,
  ensureE2eUser,
  expect,
  expectNoAxeViolations,
  logInAs,
  signIn,
  test,
  toastOf,
} from './fixtures';

// Shared preview links and "someone else is editing" (docs/design.md §26, issue 36): a draft shared by a link opens in a
// browser without a session and stops when the link is revoked or expires; two people on one editor see each other.
test.describe.configure({ mode: 'serial' });

const RUN = `${Date.now() % 100000}`.padStart(5, '0');
/** A page made without code that only this file uses (so nobody else's editor is open on it). */
const NAME = `Share${RUN}`;
const EDITOR = { username: `e2e-share-${RUN}`, password: 'e2e-share-editor-password' };
const TITLE = {
  parameterName: 'title',
  sequence: 1,
  type: 'Textarea',
  unittype: 'Character',
  pagecreationtype: 'Header',
  mandatory: 'N',
  maxlength: 80,
};

test.beforeAll(async ({ browser }) => {
  await ensureE2eUser(EDITOR.username, EDITOR.password, 3);
  await createEditorsAutowiredPage(browser, { name: NAME, display: `Share ${RUN}`, parameters: [TITLE] });
});

/** Moves a link's end into the past, straight in the e2e server's database (as if a week had gone by). */
function expireLink(id: number): void {
  const dataDir = process.env.FOLIO_E2E_DATA;
  if (!dataDir) throw new Error('FOLIO_E2E_DATA is not set (run through playwright.config.ts)');
  const db = new Database(path.join(dataDir, 'folio.sqlite'), { fileMustExist: true });
  try {
    db.prepare('update preview_shares set expires_at = ? where id = ?').run(
      new Date(Date.now() - 60_000).toISOString(),
      id,
    );
  } finally {
    db.close();
  }
}

/** A browser without any session: a colleague or a client who got the link. */
async function visitor(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  return { context, page: await context.newPage() };
}

const shareDialog = (page: Page) => page.getByRole('dialog', { name: 'Share a preview' });

/** Opens Share preview…, makes a link that works for `lifetime` and answers it (its address and id). */
async function createLink(page: Page, lifetime: '1 hour' | '1 day' | '1 week'): Promise<{ url: string; id: number }> {
  await page.getByRole('button', { name: 'Share preview…' }).click();
  const dialog = shareDialog(page);
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('The link works for').selectOption({ label: lifetime });
  const created = page.waitForResponse(
    (response) => response.url().includes('/api/master/previewshare/') && response.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const answer = (await (await created).json()) as { id: number; url: string };
  const link = dialog.getByLabel('Link', { exact: true });
  await expect(link).toHaveValue(answer.url);
  await expect(dialog.getByRole('status').filter({ hasText: 'The link is made.' })).toBeVisible();
  return answer;
}

/** What a visitor of a link gets: the page with the preview bar, or the site's 404 page. */
async function expectPreview(page: Page, url: string, text: string) {
  const response = await page.goto(url);
  expect(response?.status()).toBe(200);
  expect(response?.headers()['cache-control']).toBe('no-store');
  await expect(page.locator('main')).toContainText(text);
  await expect(page.getByText('Preview, not published')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to the editor' })).toHaveCount(0);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  expect(await page.context().cookies()).toEqual([]);
}

async function expectNotFound(page: Page, url: string, text: string) {
  const response = await page.goto(url);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  await expect(page.locator('body')).not.toContainText(text);
  await expect(page.getByText('Preview, not published')).toHaveCount(0);
}

test('Home: a draft shared by link opens without a session, and shows the 404 page once revoked', async ({
  browser,
  page,
  context,
}) => {
  // Two browsers, axe twice: more than the usual half minute on a busy machine.
  test.setTimeout(60_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await logInAs(page, 'admin', E2E_ADMIN_PASSWORD);
  // The draft through the API, right before the link: other files edit Home, and a save of theirs started before
  // this one would meet a 409 (the field is the one editors.spec changes anyway).
  const draftText = `Shared draft heading ${RUN}`;
  const read = await page.evaluate(async () => (await fetch('/api/master/edit/Home')).json());
  const document = {
    ...read,
    expertiseList: read.expertiseList.map((row: object, i: number) =>
      i === 0 ? { ...row, exprtsHeading: draftText } : row,
    ),
    publish: 'draft',
  };
  expect((await callApi<{ status: string }>(page, '/api/master/saveHome', document)).status).toBe('draft');
  await page.goto('/Home');

  const link = await createLink(page, '1 day');
  expect(link.url).toMatch(/\/preview\/Home1\?share=[A-Za-z0-9_-]{43}$/);
  const dialog = shareDialog(page);
  await expect(dialog.getByText(/^It works until .+ \(in 1 day\)\.$/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Copy link' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: 'The link is copied.' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link.url);
  const row = dialog
    .getByRole('listitem')
    .filter({ hasText: /^Made by Administrator on .+; works until .+ \(in 1 day\)\./ });
  await expect(row).toHaveCount(1);
  await expectNoAxeViolations(page, 'the share dialog with a link');

  const guest = await visitor(browser);
  try {
    await expectPreview(guest.page, link.url, draftText);
    // The public page still shows what is published.
    await guest.page.goto('/Home1');
    await expect(guest.page.locator('main')).not.toContainText(draftText);

    // Revoke asks first; then the link shows the 404 page, and the list is empty.
    await row.getByRole('button', { name: /^Revoke/ }).click();
    const question = page.getByRole('alertdialog', { name: 'Revoke this link?' });
    await expect(question).toBeVisible();
    await expectNoAxeViolations(page, 'the question before revoking');
    await question.getByRole('button', { name: 'Revoke' }).click();
    await expect(dialog.getByRole('status').filter({ hasText: 'The link is revoked' })).toBeVisible();
    await expect(dialog.getByText('This page has no live links.')).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'Live links' })).toBeFocused();
    await expect(dialog.getByLabel('Link', { exact: true })).toHaveCount(0);
    await expectNotFound(guest.page, link.url, draftText);
  } finally {
    await guest.context.close();
  }
  // Escape closes the dialog; the focus goes back to the button.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Share preview…' })).toBeFocused();
});

test('a page made without code: an editor shares a draft; the link works until it expires', async ({
  browser,
  page,
}) => {
  test.setTimeout(60_000);
  await signIn(page, EDITOR.username, EDITOR.password);
  await page.goto(`/${NAME}`);
  const draftText = `Draft title ${RUN}`;
  await page.getByLabel('title', { exact: true }).fill(draftText);
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(toastOf(page, /^Draft saved\. /)).toBeVisible();

  const link = await createLink(page, '1 hour');
  expect(link.url).toMatch(new RegExp(`/preview/${NAME}1\\?share=[A-Za-z0-9_-]{43}$`));
  await expect(shareDialog(page).getByText(/^It works until .+ \(in (60 minutes|1 hour)\)\.$/)).toBeVisible();
  await expectNoAxeViolations(page, 'the share dialog of a page made without code');

  const guest = await visitor(browser);
  try {
    await expectPreview(guest.page, link.url, draftText);
    // Another page with the same token: the 404 page.
    await expectNotFound(guest.page, link.url.replace(`/preview/${NAME}1`, '/preview/Home1'), draftText);
    expireLink(link.id);
    await expectNotFound(guest.page, link.url, draftText);
  } finally {
    await guest.context.close();
  }
  // The expired link has left the list.
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Share preview…' }).click();
  await expect(shareDialog(page).getByText('This page has no live links.')).toBeVisible();
});

test('a link that could not be made says so, and Create link is there to try again', async ({ page }) => {
  await signIn(page, EDITOR.username, EDITOR.password);
  await page.goto(`/${NAME}`);
  await page.getByRole('button', { name: 'Share preview…' }).click();
  const dialog = shareDialog(page);
  // The call is held until the button shows busy and the page has been painted, then refused.
  let answer: (() => Promise<void>) | undefined;
  const held = new Promise<void>((resolve) => {
    void page.route('**/api/master/previewshare/*', async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      answer = () => route.fulfill({ status: 503, json: { status: 'No', message: 'The server is busy: try again.' } });
      resolve();
    });
  });
  const create = dialog.getByRole('button', { name: 'Create link' });
  await create.focus();
  await page.keyboard.press('Enter');
  await held;
  await expect(create).toHaveAttribute('aria-busy', 'true');
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await answer!();
  await expect(dialog.getByText('The server is busy: try again.')).toBeVisible();
  await expect(create).toBeEnabled();
  // The keyboard's user is where they were: busy, the button said so and kept the focus (a disabled one loses it).
  await expect(create).toBeFocused();
  await expect(create).not.toHaveAttribute('aria-disabled', 'true');
  await page.unroute('**/api/master/previewshare/*');
});

/** The notice of the editor, whatever it says (it is empty while nobody else edits the page). */
const notice = (page: Page): Locator => page.locator('p.editing-notice[role="status"]');

/** The editor says so when the tab is shown again: what a person coming back to it does. */
const showAgain = (page: Page) => page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));

test('someone else editing: each of two users sees the other, and the notice goes when one leaves', async ({
  browser,
}) => {
  // The last step waits for the editor's own 20-second call.
  test.setTimeout(90_000);
  const first = await visitor(browser);
  const second = await visitor(browser);
  try {
    await signIn(first.page, EDITOR.username, EDITOR.password);
    await first.page.goto(`/${NAME}`);
    await expect(first.page.getByLabel('title', { exact: true })).toBeVisible();
    await expect(notice(first.page)).toHaveText('');

    await signIn(second.page, 'admin', E2E_ADMIN_PASSWORD);
    await second.page.goto(`/${NAME}`);
    // The second hears of the first at once; the first on its next call (every 20 s, or when its tab is shown).
    await expect(notice(second.page)).toHaveText(`${EDITOR.username} is editing this page too.`);
    await showAgain(first.page);
    await expect(notice(first.page)).toHaveText('Administrator is editing this page too.');
    await expectNoAxeViolations(first.page, 'the editor with the notice');

    // The second leaves the editor: the first's notice goes at its next call.
    await second.page.goto('/dashboard');
    await expect(second.page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect
      .poll(
        async () => {
          await showAgain(first.page);
          return notice(first.page).textContent();
        },
        { timeout: 10_000 },
      )
      .toBe('');

    // Within 25 s without any help: the second comes back, the first's 20-second call finds it.
    await second.page.goto(`/${NAME}`);
    await expect(notice(second.page)).toHaveText(`${EDITOR.username} is editing this page too.`);
    await expect(notice(first.page)).toHaveText('Administrator is editing this page too.', { timeout: 25_000 });
  } finally {
    await first.context.close();
    await second.context.close();
  }
});
