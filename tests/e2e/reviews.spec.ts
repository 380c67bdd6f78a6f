import path from 'node:path';
import Database from 'better-sqlite3';
import { E2E_ADMIN_PASSWORD } from '../../playwright.config';
import {
  callApi,
  createE2eUser,
  createEditorsAutowiredPage,
  expect,
  expectNoAxeViolations,
  logInAs,
  sidewaysScroll,
  signIn,
  test,
  titleParameter,
  toastOf,
} from './fixtures';

// Review before publishing (docs/design.md §32): a writer in a group that publishes through review asks for review,
// an administrator approves it from the staff home's card and the Reviews screen, and the page is live. The page, the
// group and the writer are this file's own (the Editors group and the built-in pages stay as other files use them).
test.describe.configure({ mode: 'serial', timeout: 90_000 });

const RUN = `${Date.now() % 100000}`.padStart(5, '0');
const NAME = `Reviewed${RUN}`;
const DISPLAY = `Reviewed notes ${RUN}`;
const WRITER = { username: `e2e-writer-${RUN}`, password: 'e2e-writer-password-123' };
const TITLE = titleParameter();
const WORDS = `Checked by a second pair of eyes ${RUN}`;

let pageId = 0;

test.beforeAll(async ({ browser }) => {
  pageId = await createEditorsAutowiredPage(browser, { name: NAME, display: DISPLAY, parameters: [TITLE] });
  const context = await browser.newContext();
  try {
    const admin = await context.newPage();
    await logInAs(admin, 'admin', E2E_ADMIN_PASSWORD);
    const group = `Reviewed writers ${RUN}`;
    await callApi(admin, '/api/menu/SaveUserGroup', { groupname: group, publishing: 'review' });
    const groups = await callApi<Array<{ id: number; groupname: string; publishing: string }>>(
      admin,
      '/api/menu/getAllgroup',
      {},
    );
    const made = groups.find((row) => row.groupname === group)!;
    expect(made.publishing).toBe('review');
    await callApi(admin, '/api/menu/savemenubyuserforjson', {
      jsonsavelist: { resourcegroupid: made.id, pageid: pageId, pagename: NAME, sequence: 1 },
    });
    await createE2eUser(WRITER.username, WRITER.password, made.id);
  } finally {
    await context.close();
  }
});

test('a writer asks for review, an administrator approves it from the staff home, and the page is live', async ({
  browser,
  page,
}) => {
  // The writer: Save becomes Ask for review, and nothing goes live.
  await signIn(page, WRITER.username, WRITER.password);
  await page.goto(`/${NAME}`);
  await page.getByLabel('title', { exact: true }).fill(WORDS);
  await page.getByRole('button', { name: 'Ask for review', exact: true }).click();
  const ask = page.getByRole('alertdialog', { name: 'Ask for review?' });
  await expect(ask).toContainText('asks for review: it goes live once someone else approves it.');
  await ask.getByRole('button', { name: 'Ask for review' }).click();
  await expect(toastOf(page, 'It goes live once someone else approves it.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Save and publish' })).toContainText('Waiting for review');
  const visitor = await browser.newContext();
  try {
    const reader = await visitor.newPage();
    await reader.goto(`/${NAME}1`);
    await expect(reader.locator('main')).not.toContainText(WORDS);

    // The administrator: the staff home's card names it; the Reviews screen approves it.
    const adminContext = await browser.newContext();
    try {
      const admin = await adminContext.newPage();
      await logInAs(admin, 'admin', E2E_ADMIN_PASSWORD);
      const card = admin.getByRole('region', { name: 'Waiting for your review' });
      await expect(card).toContainText(DISPLAY);
      await expect(card).toContainText(WRITER.username);
      await expectNoAxeViolations(admin, 'the staff home with a review waiting');
      await card.getByRole('link', { name: 'Open Reviews' }).click();
      await expect(admin).toHaveURL(/\/reviews$/);
      await expect(admin.getByRole('heading', { level: 1, name: 'Reviews' })).toBeVisible();
      const item = admin.getByRole('listitem').filter({ hasText: DISPLAY });
      await expect(item).toContainText(WRITER.username);
      for (const width of [1280, 390]) {
        await admin.setViewportSize({ width, height: 900 });
        await expect.poll(() => sidewaysScroll(admin)).toBe(0);
        await expectNoAxeViolations(admin, `the Reviews screen at ${width} px`);
      }
      await admin.setViewportSize({ width: 1280, height: 900 });
      // The checks of the page as it will go live, run by the real axe-core in its sandboxed frame.
      await item.getByRole('button', { name: /^Run the checks/ }).click();
      const checks = item.locator('.review-checks');
      await expect(checks.getByRole('status')).toHaveText('Checks done.', { timeout: 30_000 });
      await expect(checks.locator('.release-check__result')).toHaveText(/^(No problems found|.* found)\.$/);
      await expectNoAxeViolations(admin, 'the Reviews screen with the checks shown');
      await checks.getByRole('button', { name: 'Close checks' }).click();
      await item.getByRole('button', { name: 'Approve' }).click();
      await admin.getByRole('alertdialog').getByRole('button', { name: 'Approve' }).click();
      await expect(toastOf(admin, 'Approved and published.')).toBeVisible();
      await expect(admin.getByText('Nothing waits for your review.')).toBeVisible();
    } finally {
      await adminContext.close();
    }
    await reader.goto(`/${NAME}1`);
    await expect(reader.locator('main')).toContainText(WORDS);
  } finally {
    await visitor.close();
  }
});

/**
 * A scheduled publication of this file's page that failed at its time, as the publishing job leaves one (status
 * `failed`, with why), written straight in the e2e server's database; its revision number.
 */
function insertFailedSchedule(title: string, reason: string): number {
  const db = new Database(path.join(process.env.FOLIO_E2E_DATA!, 'folio.sqlite'), { fileMustExist: true });
  try {
    const { last } = db.prepare('select max(revision) as last from page_revisions where page_id = ?').get(pageId) as {
      last: number | null;
    };
    const revision = (last ?? 0) + 1;
    const document = { header: { title }, rows: [], menupageid: pageId, commonrouting: NAME, revision };
    db.prepare(
      "insert into page_revisions (page_id, revision, document, saved_by, saved_by_name, saved_at, status, publish_at, publish_error) values (?, ?, ?, null, 'admin', ?, 'failed', ?, ?)",
    ).run(
      pageId,
      revision,
      JSON.stringify(document),
      new Date(Date.now() - 120_000).toISOString(),
      new Date(Date.now() - 60_000).toISOString(),
      reason,
    );
    return revision;
  } finally {
    db.close();
  }
}

test('a scheduled publication that failed shows on the staff home with why, and Retry publishes it', async ({
  browser,
  page,
}) => {
  const words = `Published on the second try ${RUN}`;
  const reason = 'The page could not be published at its time (a test made it fail).';
  const revision = insertFailedSchedule(words, reason);
  await logInAs(page, 'admin', E2E_ADMIN_PASSWORD);
  const card = page.getByRole('region', { name: 'Scheduled publications' });
  const item = card.getByRole('listitem').filter({ hasText: DISPLAY });
  await expect(item).toContainText(`Revision ${revision}`);
  await expect(item).toContainText(reason);
  await expectNoAxeViolations(page, 'the staff home with a failed schedule');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => sidewaysScroll(page)).toBe(0);
  await page.setViewportSize({ width: 1280, height: 900 });
  await item.getByRole('button', { name: `Retry ${DISPLAY}` }).click();
  await expect(toastOf(page, `Published ${NAME} (revision ${revision}).`)).toBeVisible();
  await expect(card.getByText(reason)).toHaveCount(0);
  const visitor = await browser.newContext();
  try {
    const reader = await visitor.newPage();
    await reader.goto(`/${NAME}1`);
    await expect(reader.locator('main')).toContainText(words);
  } finally {
    await visitor.close();
  }
});

test('the calendar moves a scheduled publication to another day, asking first', async ({ page }) => {
  await logInAs(page, 'admin', E2E_ADMIN_PASSWORD);
  // A publication of this file's page, scheduled three days ahead at 10:00 UTC.
  const day = new Date(Date.now() + 3 * 86_400_000);
  day.setUTCHours(10, 0, 0, 0);
  const read = await page.evaluate(async (name) => (await fetch(`/api/master/edit/${name}`)).json(), NAME);
  const saved = await callApi<{ revision: number; status: string }>(page, '/api/master/savepagecontent', {
    commonrouting: NAME,
    document: { header: { title: `Moved in the calendar ${RUN}` }, rows: [], revision: read.revision },
    publish: day.toISOString(),
  });
  expect(saved.status).toBe('scheduled');
  const isoDay = (date: Date) => date.toISOString().slice(0, 10);
  await page.goto(`/calendar?view=week&date=${isoDay(day)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible();
  const move = page.getByRole('button', { name: `Move… ${DISPLAY}, revision ${saved.revision}` });
  await expect(move).toBeVisible();
  await expectNoAxeViolations(page, 'the calendar, a week');
  await move.click();
  const dialog = page.getByRole('dialog', { name: `Move ${DISPLAY}` });
  const next = new Date(day.getTime() + 86_400_000);
  await dialog.getByLabel('New date').fill(isoDay(next));
  await dialog.getByRole('button', { name: 'Move…' }).click();
  // Asks first, naming both moments.
  const question = page.getByRole('alertdialog', { name: 'Move the publication?' });
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Move', exact: true }).click();
  await expect(toastOf(page, 'Moved: it goes live at its new time.')).toBeVisible();
  const edited = await page.evaluate(async (name) => (await fetch(`/api/master/edit/${name}`)).json(), NAME);
  expect(edited.scheduled).toEqual({ revision: saved.revision, publishAt: next.toISOString() });
  await page.goto(`/calendar?view=week&date=${isoDay(next)}`);
  await expect(page.getByRole('button', { name: `Move… ${DISPLAY}, revision ${saved.revision}` })).toBeVisible();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expect.poll(() => sidewaysScroll(page)).toBe(0);
    await expectNoAxeViolations(page, `the calendar at ${width} px`);
  }
});
