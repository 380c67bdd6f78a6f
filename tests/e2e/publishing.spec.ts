import type { Browser, Page } from '@playwright/test';
import {
  bringScheduleForward,
  createE2eUser,
  createEditorsAutowiredPage,
  expect,
  expectNoAxeViolations,
  logInAs,
  test,
  toastOf,
} from './fixtures';

// Drafts, preview, scheduled publishing and the leave question (docs/design.md §19), on an Autowired page of this
// file's own (no other test edits it), made by an administrator through the API. The tests build on each other.
test.describe.configure({ mode: 'serial' });

const RUN = `${Date.now() % 100000}`.padStart(5, '0');
const NAME = `Notice${RUN}`;
const EDITOR = { username: `e2e-publisher-${RUN}`, password: 'e2e-publisher-password' };
const HEADLINE = {
  parameterName: 'headline',
  sequence: 1,
  type: 'Textarea',
  unittype: 'Character',
  pagecreationtype: 'Header',
  mandatory: 'N',
  maxlength: 200,
};

test.beforeAll(async ({ browser }) => {
  await createEditorsAutowiredPage(browser, { name: NAME, display: NAME, parameters: [HEADLINE] });
  await createE2eUser(EDITOR.username, EDITOR.password, 3);
});

const logIn = (page: Page) => logInAs(page, EDITOR.username, EDITOR.password);

async function openEditor(page: Page) {
  await page.goto(`/${NAME}`);
  await expect(page.locator('h1')).toHaveText(NAME);
}

const headline = (page: Page) => page.getByLabel('headline', { exact: true });
const pageState = (page: Page) => page.locator('.publish-state');
const publishButton = (page: Page) => page.getByRole('button', { name: 'Save', exact: true });

/** Types as a person does (a real key press gives the page the user activation the tab-close question needs). */
async function typeHeadline(page: Page, text: string) {
  await headline(page).click();
  await headline(page).press('ControlOrMeta+a');
  await page.keyboard.type(text);
}

/** Presses Save (the publish button), answers the question with Publish, and waits for the toast. */
async function publish(page: Page, expectedQuestion: string | RegExp) {
  await publishButton(page).click();
  const question = page.getByRole('alertdialog', { name: 'Publish now?' });
  await expect(question.locator('p')).toHaveText(expectedQuestion);
  await question.getByRole('button', { name: 'Publish' }).click();
  await expect(toastOf(page, /^Saved and published: visitors see it now\./)).toBeVisible();
  await expect(pageState(page)).toContainText(/^Published/);
}

/** The public page's main text as a visitor (no session) reads it now. */
async function publicText(browser: Browser): Promise<string> {
  const context = await browser.newContext();
  try {
    const visitor = await context.newPage();
    const response = await visitor.goto(`/${NAME}1`);
    expect(response?.status()).toBe(200);
    return (await visitor.locator('main').textContent()) ?? '';
  } finally {
    await context.close();
  }
}

/** A moment `ms` ahead or more, on a whole minute, as the date and time inputs take it in the browser's time zone. */
async function inputsAhead(page: Page, ms: number): Promise<{ date: string; time: string }> {
  return page.evaluate((ahead) => {
    const at = new Date(Date.now() + ahead);
    if (at.getSeconds() !== 0 || at.getMilliseconds() !== 0) at.setMinutes(at.getMinutes() + 1, 0, 0);
    const pad = (n: number) => String(n).padStart(2, '0');
    return {
      date: `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`,
      time: `${pad(at.getHours())}:${pad(at.getMinutes())}`,
    };
  }, ms);
}

test('a draft stays private: the public page keeps the old text, the preview shows the new one, Publish makes it live', async ({
  page,
  browser,
  consoleErrors,
}) => {
  await logIn(page);
  await openEditor(page);
  await expect(pageState(page)).toContainText('Nothing is published yet.');

  await typeHeadline(page, 'Old words on the notice board');
  await expect(pageState(page)).toContainText(/^Unsaved changes/);
  await publish(page, /^Saves your changes as revision \d+ and publishes it: visitors will see it at once\.$/);
  expect(await publicText(browser)).toContain('Old words on the notice board');

  // Nothing new: Save says so and sends nothing.
  await publishButton(page).click();
  await expect(
    toastOf(page, /^Nothing new to publish: visitors already see revision \d+, the newest\.$/),
  ).toBeVisible();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);

  // A draft: the state says so, visitors still see the published revision.
  await typeHeadline(page, 'New draft words');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(toastOf(page, /^Draft saved\. Visitors still see revision \d+\.$/)).toBeVisible();
  await expect(pageState(page)).toContainText(/^Draft saved at .+Visitors see revision \d+\./);
  const text = await publicText(browser);
  expect(text).toContain('Old words on the notice board');
  expect(text).not.toContain('New draft words');

  // The preview shows the draft, with its bar and the way back to the editor.
  const [preview] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('button', { name: /^Preview/ }).click(),
  ]);
  await expect(preview).toHaveURL(new RegExp(`/preview/${NAME}1$`));
  await expect(preview.locator('main')).toContainText('New draft words');
  await expect(preview.getByText('Preview, not published')).toBeVisible();
  await expect(preview.getByRole('link', { name: /editor/i })).toHaveAttribute('href', `/${NAME}`);
  await preview.close();

  // Preview with unsaved edits saves a draft first.
  await typeHeadline(page, 'Newer draft words');
  const [second] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('button', { name: /^Preview/ }).click(),
  ]);
  await expect(toastOf(page, /^Draft saved\./)).toBeVisible();
  await expect(second).toHaveURL(new RegExp(`/preview/${NAME}1$`));
  await expect(second.locator('main')).toContainText('Newer draft words');
  await second.close();
  expect(await publicText(browser)).not.toContain('Newer draft words');

  // Publishing the unchanged draft makes it live.
  await publish(
    page,
    /^Publishes the draft, revision \d+, saved again as revision \d+: visitors will see it at once\.$/,
  );
  expect(await publicText(browser)).toContain('Newer draft words');
  expect(consoleErrors).toEqual([]);
});

test('a schedule publishes at its time; Unschedule cancels one', async ({ page, browser }) => {
  await logIn(page);
  await openEditor(page);

  // A moment in the past is refused in the dialog, before anything is sent.
  await typeHeadline(page, 'Scheduled words');
  await page.getByRole('button', { name: 'Schedule…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Schedule the publication' });
  await expect(dialog.getByLabel('Date')).toBeFocused();
  const past = await inputsAhead(page, -2 * 60 * 60_000);
  await dialog.getByLabel('Date').fill(past.date);
  await dialog.getByLabel('Time').fill(past.time);
  await dialog.getByRole('button', { name: 'Schedule', exact: true }).click();
  await expect(dialog).toContainText('The publishing time has already passed: choose a time in the future.');

  // A minute or two ahead.
  const soon = await inputsAhead(page, 70_000);
  await dialog.getByLabel('Date').fill(soon.date);
  await dialog.getByLabel('Time').fill(soon.time);
  await expect(dialog).toContainText(/Visitors will see it from .+\./);
  await dialog.getByRole('button', { name: 'Schedule', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(toastOf(page, /^Scheduled: the page will be published on .+\.$/)).toBeVisible();
  await expect(pageState(page)).toContainText(/^Scheduled for .+Until then, visitors see revision \d+\./);
  await expect(page.getByRole('button', { name: 'Unschedule' })).toBeVisible();
  expect(await publicText(browser)).not.toContain('Scheduled words');

  // Its time comes (brought forward, tests/e2e/fixtures.ts), and the job publishes it at its next look.
  expect(bringScheduleForward(NAME)).toBe(1);
  await expect.poll(() => publicText(browser), { timeout: 30_000, intervals: [1_000] }).toContain('Scheduled words');
  await page.reload();
  await expect(pageState(page)).toContainText(/^Published/);
  await expect(page.getByRole('button', { name: 'Unschedule' })).toHaveCount(0);

  // A schedule for tomorrow (the dialog's first offer), then cancelled: it stays a draft.
  await typeHeadline(page, 'Never published words');
  await page.getByRole('button', { name: 'Schedule…' }).click();
  await dialog.getByRole('button', { name: 'Schedule', exact: true }).click();
  await expect(pageState(page)).toContainText(/^Scheduled for/);
  await page.getByRole('button', { name: 'Unschedule' }).click();
  const question = page.getByRole('alertdialog', { name: 'Cancel the schedule?' });
  await expect(question.locator('p')).toHaveText(
    /^Revision \d+ will not be published on .+: it stays saved as a draft\. Visitors keep seeing revision \d+\./,
  );
  await question.getByRole('button', { name: 'Unschedule' }).click();
  await expect(
    toastOf(page, /^Schedule cancelled: revision \d+ will not be published on .+\. It stays saved as a draft\.$/),
  ).toBeVisible();
  await expect(pageState(page)).toContainText(/^Draft saved at/);
  await expect(page.getByRole('button', { name: 'Unschedule' })).toHaveCount(0);
  await page.reload();
  await expect(pageState(page)).toContainText(/^Draft saved at .+Visitors see revision \d+\./);
  expect(await publicText(browser)).not.toContain('Never published words');
});

test('leaving with unsaved changes asks first, inside the app and when the tab closes', async ({ page }) => {
  await logIn(page);
  await openEditor(page);
  await typeHeadline(page, 'Words not saved yet');

  // Another screen of the app: the app's own question. Stay keeps everything.
  await page.getByRole('link', { name: 'Account' }).click();
  const question = page.getByRole('alertdialog', { name: 'Leave without saving?' });
  await expect(question).toContainText('Your changes are not saved yet.');
  await expect(question.getByRole('button', { name: 'Stay' })).toBeFocused();
  await question.getByRole('button', { name: 'Stay' }).click();
  await expect(question).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/${NAME}$`));
  await expect(headline(page)).toHaveValue('Words not saved yet');

  // Log out asks before the session ends: Stay keeps the session and the edits.
  await page.getByRole('button', { name: /Log out/ }).click();
  const logout = page.getByRole('alertdialog', { name: 'Log out without saving?' });
  await expect(logout).toContainText('Your changes are not saved yet.');
  await logout.getByRole('button', { name: 'Stay' }).click();
  await expect(logout).toBeHidden();
  await expect(headline(page)).toHaveValue('Words not saved yet');
  expect((await (await page.request.get('/api/auth/session')).json()).authenticated).toBe(true);

  // Closing the tab: the browser's own question (dismissed: the tab stays).
  const asked: string[] = [];
  page.on('dialog', (dialog) => {
    asked.push(dialog.type());
    void dialog.dismiss();
  });
  await page.close({ runBeforeUnload: true });
  await expect.poll(() => asked).toEqual(['beforeunload']);
  expect(page.isClosed()).toBe(false);

  // Leave goes, and the edits wait in this browser for the next visit.
  await page.getByRole('link', { name: 'Account' }).click();
  await question.getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/account$/);
  // The address changes first; the editor (and its tab-close question) goes once the next screen is drawn.
  await expect(page.locator('h1')).toHaveText('Your account');
  await openEditor(page);
  await expect(page.getByText('Unsaved edits from your last visit were restored.')).toBeVisible();
  await expect(headline(page)).toHaveValue('Words not saved yet');

  // Saved: nothing is asked any more, neither moving on nor closing.
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(toastOf(page, /^Draft saved\./)).toBeVisible();
  await page.getByRole('link', { name: 'Account' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.locator('h1')).toHaveText('Your account');
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await openEditor(page);
  await headline(page).click();
  await page.close({ runBeforeUnload: true });
  await expect.poll(() => page.isClosed()).toBe(true);
  expect(asked).toEqual(['beforeunload']);
});

test('the editor with the schedule dialog open has no accessibility violations', async ({ page }) => {
  await logIn(page);
  await openEditor(page);
  await typeHeadline(page, 'Words for the checker');
  await page.getByRole('button', { name: 'Schedule…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Schedule the publication' });
  await expect(dialog.getByLabel('Time')).toBeVisible();
  await expectNoAxeViolations(page, 'schedule dialog');
  // Escape closes it, and the focus goes back to Schedule….
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Schedule…' })).toBeFocused();
});

test('one of the twelve pages: its editor reads the edit call and previews /preview/Home1', async ({ page }) => {
  // Reading only: other files edit Home.
  await logIn(page);
  await page.goto('/Home');
  await expect(pageState(page)).toContainText(/^(Published|Draft saved|Scheduled for)/);
  const [preview] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('button', { name: /^Preview/ }).click(),
  ]);
  await expect(preview).toHaveURL(/\/preview\/Home1$/);
  await expect(preview.getByText('Preview, not published')).toBeVisible();
  await expect(preview.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await preview.close();
});
