import path from 'node:path';
import Database from 'better-sqlite3';
import type { Locator } from '@playwright/test';
import { E2E_ADMIN_PASSWORD } from '../../playwright.config';
import {
  createE2eUser,
  createEditorsAutowiredPage,
  expect,
  logInThroughForm,
  signIn,
  queryE2eDatabase,
  test,
  toastOf,
} from './fixtures';

// docs/design.md §24, "a newcomer's first week": toasts that hide no control, and Compare that shows only real changes
// (the Contact editor's "Use the company's details" is in contact-company-details.spec.ts, on a site of its own). On
// an Autowired page of this file's own (no other test edits it).

const RUN = `${Date.now() % 100000}`.padStart(5, '0');
const NAME = `Truths${RUN}`;
const DISPLAY = `Truths page ${RUN}`;
const EDITOR = { username: `e2e-truths-${RUN}`, password: 'e2e-truths-password' };
const WIDTHS = [360, 768, 1280] as const;

// The tests build on each other's revisions of the page: in order.
test.describe.configure({ mode: 'serial' });

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
    parameterName: 'story',
    sequence: 2,
    type: 'Richtext',
    unittype: 'Richtext',
    pagecreationtype: 'Header',
    mandatory: 'N',
  },
];

/** Rich text as older content holds it (the demo's seed, a restore): `<br>`, attributes in another order, no rel. */
const OLD_STORY =
  '<p>Widgets that last.<br>Made in Pune.</p>\n<p><a target="_blank" href="/Contact1">Write to us</a></p>';

let pageId = 0;

test.beforeAll(async ({ browser }) => {
  pageId = await createEditorsAutowiredPage(browser, { name: NAME, display: DISPLAY, parameters: PARAMETERS });
  await createE2eUser(EDITOR.username, EDITOR.password, 3);
  // Its first revision, published as older content was stored: not through today's cleaner.
  const db = new Database(path.join(process.env.FOLIO_E2E_DATA!, 'folio.sqlite'), { fileMustExist: true });
  try {
    const document = {
      header: { headline: 'Widgets for everyone', story: OLD_STORY },
      rows: [],
      menupageid: pageId,
      commonrouting: NAME,
      revision: 1,
    };
    db.prepare(
      "insert into page_revisions (page_id, revision, document, saved_by, saved_by_name, saved_at, status) values (?, 1, ?, null, 'an import', ?, 'published')",
    ).run(pageId, JSON.stringify(document), new Date().toISOString());
  } finally {
    db.close();
  }
});

/** Whether two boxes share any point. */
function overlap(
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/**
 * No control is covered by the toast, and the point a click on each lands on is the control itself. The toast is
 * held under the pointer first (it pauses there), and every control is measured in one go in the page: a toast
 * closes after 5 s, and a busy machine once spent longer than that measuring eight buttons one call at a time.
 */
async function expectClearOf(toast: Locator, controls: Locator) {
  await toast.hover();
  const problems = await controls.evaluateAll(
    (elements, toastElement) => {
      if (!toastElement.isConnected) return ['the toast had gone'];
      const covers = (a: DOMRect, b: DOMRect) =>
        a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
      const toastBox = toastElement.getBoundingClientRect();
      const found: string[] = [];
      const shown = elements.filter((element) => element.checkVisibility());
      for (const element of shown) {
        const box = element.getBoundingClientRect();
        const name = element.getAttribute('aria-label') ?? element.textContent?.trim() ?? element.tagName;
        if (covers(toastBox, box)) found.push(`the toast covers ${name}`);
        const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        if (hit === null || !element.contains(hit)) found.push(`a click on ${name} lands on something else`);
      }
      return shown.length === 0 ? ['no control is on screen'] : found;
    },
    await toast.elementHandle(),
  );
  expect(problems).toEqual([]);
}

for (const width of WIDTHS) {
  test(`a wrong password's toast leaves the Log In button free at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: width === 360 ? 640 : 800 });
    await page.goto('/login');
    // An account of its own per width: failed logins are throttled per account (and per address: one try each).
    await page.getByLabel('Username').fill(`nobody-${RUN}-${width}`);
    await page.getByLabel('Password').fill('not-the-password');
    const logIn = page.getByRole('button', { name: 'Log In' });
    await logIn.click();
    const toast = page.locator('.Toastify__toast', { hasText: 'The user name or password is not right.' });
    await expect(toast).toBeVisible();
    await expectClearOf(toast, logIn.or(page.getByLabel('Username')).or(page.getByLabel('Password')));
  });
}

for (const width of WIDTHS) {
  test(`the editor's Publish toast covers none of the action bar's buttons at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await signIn(page, EDITOR.username, EDITOR.password);
    await page.goto(`/${NAME}`);
    await expect(page.locator('h1')).toHaveText(DISPLAY);
    // The bar fills in as the editor's reads answer (the languages' select, who else is editing), each moving the
    // buttons where they wrap below it: the reads done, then the edit, then the bar's "Unsaved changes" line.
    await page.waitForLoadState('networkidle');
    await page.getByLabel('headline', { exact: true }).fill(`Widgets at ${width} px`);
    const bar = page.getByRole('region', { name: 'Save and publish' });
    await expect(bar.getByText('Unsaved changes')).toBeVisible();
    await bar.getByRole('button', { name: 'Save', exact: true }).click();
    const question = page.getByRole('alertdialog');
    const toast = page.locator('.Toastify__toast', { hasText: 'Saved and published: visitors see it now.' });
    await expect(question.or(toast).first()).toBeVisible();
    if (await question.isVisible()) await question.getByRole('button', { name: /^Publish/ }).click();
    await expect(toast).toBeVisible();
    await expectClearOf(toast, bar.getByRole('button'));
    // Below the top bar, never over it.
    const topBar = (await page.getByRole('banner').boundingBox())!;
    expect(overlap((await toast.boundingBox())!, topBar)).toBe(false);
  });
}

test('Compare shows only real changes: markup written another way is no change', async ({ page }) => {
  await signIn(page, EDITOR.username, EDITOR.password);
  await page.goto(`/${NAME}`);
  await expect(page.locator('h1')).toHaveText(DISPLAY);
  const history = page.locator('.history-panel');
  await page.getByRole('button', { name: 'History' }).click();
  const revisions = history.locator('.history-list__item');
  await expect(revisions.first()).toBeVisible();
  const newest = Number(/Revision (\d+)/.exec((await revisions.first().locator('strong').textContent()) ?? '')?.[1]);

  // The page's first revision (old markup) against the newest (the story went through the editor and the
  // cleaner untouched, only the headline changed): the headline alone.
  const picker = history.getByRole('group', { name: 'Compare two revisions' });
  await picker.getByLabel('From revision').selectOption('1');
  await picker.getByLabel('To revision').selectOption(String(newest));
  await picker.getByRole('button', { name: 'Compare' }).click();
  const compare = page.getByRole('region', { name: `Changes from revision 1 to revision ${newest}` });
  await expect(compare.locator('.compare-change')).toHaveCount(1);
  await expect(compare.locator('.compare-change').getByRole('heading', { level: 4 })).toHaveText(/headline/);
  const stored = queryE2eDatabase<{ document: string }>(
    'select document from page_revisions where page_id = ? and revision = ?',
    pageId,
    newest,
  )[0]!;
  // The stored story is the cleaner's (<br />, rel added), not the old markup: the two differ as text, not on screen.
  const story = (JSON.parse(stored.document) as { header: { story: string } }).header.story;
  expect(story).not.toBe(OLD_STORY);
  expect(story).toContain('<br />');

  // Published back to the first headline: nothing a visitor sees differs from revision 1.
  await page.getByLabel('headline', { exact: true }).fill('Widgets for everyone');
  const bar = page.getByRole('region', { name: 'Save and publish' });
  await bar.getByRole('button', { name: 'Save', exact: true }).click();
  const question = page.getByRole('alertdialog');
  const saved = toastOf(page, 'Saved and published: visitors see it now.');
  await expect(question.or(saved).first()).toBeVisible();
  if (await question.isVisible()) await question.getByRole('button', { name: /^Publish/ }).click();
  await expect(saved).toBeVisible();
  await page.reload();
  await page.getByRole('button', { name: 'History' }).click();
  await expect(revisions.first()).toContainText(`Revision ${newest + 1}`);
  await picker.getByLabel('From revision').selectOption('1');
  await picker.getByLabel('To revision').selectOption(String(newest + 1));
  await picker.getByRole('button', { name: 'Compare' }).click();
  const none = page.getByRole('region', { name: `Changes from revision 1 to revision ${newest + 1}` });
  await expect(none.locator('.compare-none')).toHaveText(
    `No differences: revision 1 and revision ${newest + 1} have the same content.`,
  );
  await expect(none.locator('.compare-change')).toHaveCount(0);
});

for (const width of [768, 1280] as const) {
  test(`a back-office toast sits below the screen's own actions and the top bar at ${width} px`, async ({ page }) => {
    const username = `e2e-toast-${RUN}-${width}`;
    await createE2eUser(username, 'e2e-toast-password', 3);
    await page.setViewportSize({ width, height: 800 });
    await signIn(page, 'admin', E2E_ADMIN_PASSWORD);
    await page.goto('/userHomepage');
    await page.getByLabel('Search text').fill(username);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const row = page.getByRole('row', { name: new RegExp(username) });
    await row.getByRole('button', { name: /^Deactivate / }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Deactivate', exact: true }).click();
    const toast = page.locator('.Toastify__toast', { hasText: 'User deactivated.' });
    await expect(toast).toBeVisible();
    const actions = page
      .locator('.app-screen__actions')
      .getByRole('link')
      .or(page.locator('.app-screen__actions').getByRole('button'));
    expect(await actions.count()).toBeGreaterThan(0);
    await expectClearOf(toast, actions.or(page.getByRole('banner').getByRole('button')));
  });
}

for (const width of [768, 1280] as const) {
  test(`the sign-in's toast, still showing on the staff home, covers nothing of the top bar at ${width} px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await logInThroughForm(page, 'admin', E2E_ADMIN_PASSWORD);
    const toast = page.locator('.Toastify__toast', { hasText: 'Signed in.' });
    await expect(toast).toBeVisible();
    const topBar = page.locator('.staff-topbar');
    await expect(topBar.getByRole('button', { name: 'Log out' })).toBeVisible();
    const controls = topBar.locator('a, button');
    expect(await controls.count()).toBeGreaterThan(1);
    await expectClearOf(toast, controls);
  });
}
