import path from 'node:path';
import type { Page } from '@playwright/test';
import Database from 'better-sqlite3';
import {
  mailsTo,
  clickInPreview,
  createE2eUser,
  createEditorsAutowiredPage,
  expect,
  expectNoAxeViolations,
  freshRun,
  signIn,
  test,
  titleParameter,
} from './fixtures';

// Comments on a draft's fields (docs/design.md §32): a writer comments on a field of the page (shown beside the field
// and as a marker in the preview), a colleague opens it from the preview's marker, replies and resolves it, and it is
// gone from beside the field and from the preview. The page and both users are this file's own, in the Editors group.
test.describe.configure({ mode: 'serial', timeout: 90_000 });

const RUN = freshRun();
const NAME = `Commented${RUN.slice(-8)}`;
const WRITER = { username: `e2e-commenter-${RUN}`, password: 'e2e-commenter-password-1' };
const COLLEAGUE = { username: `e2e-replier-${RUN}`, password: 'e2e-replier-password-12' };
const FIELD = 'document.header.title';
const TITLE = titleParameter();
const QUESTION = `Is this title final, @${COLLEAGUE.username}? (${RUN})`;

test.beforeAll(async ({ browser }) => {
  await createEditorsAutowiredPage(browser, { name: NAME, display: `Commented notes ${RUN}`, parameters: [TITLE] });
  await createE2eUser(WRITER.username, WRITER.password, 3);
  await createE2eUser(COLLEAGUE.username, COLLEAGUE.password, 3);
  // The colleague has a mail address (a mention is mailed there); the writer has one too, and is never mailed.
  const db = new Database(path.join(process.env.FOLIO_E2E_DATA!, 'folio.sqlite'), { fileMustExist: true });
  try {
    for (const user of [COLLEAGUE, WRITER])
      db.prepare('update users set email = ? where username = ?').run(mailOf(user.username), user.username);
  } finally {
    db.close();
  }
});

const mailOf = (username: string) => `${username}@firm.example`;

const openMarker = (page: Page) => page.getByRole('button', { name: /^1 open comment on / });
const previewMark = (page: Page) =>
  page.frameLocator('iframe[title="Preview of the page"]').locator(`[data-folio-comments="${FIELD}"]`);
const commentsDialog = (page: Page) => page.getByRole('dialog', { name: /^Comments on / });

test('a comment on a field shows beside it and in the preview; a colleague replies and resolves it', async ({
  browser,
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, WRITER.username, WRITER.password);
  await page.goto(`/${NAME}`);
  const title = page.getByLabel('title', { exact: true });
  await title.fill(`A title of ${RUN}`);
  // The field last typed in offers a comment beside it.
  await page.getByRole('button', { name: /^Add a comment on / }).click();
  const dialog = commentsDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('New comment')).toBeFocused();
  await dialog.getByLabel('New comment').fill(QUESTION);
  await dialog.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(dialog).toContainText(QUESTION);
  await expect(dialog.getByLabel('New comment')).toHaveValue('');
  await expectNoAxeViolations(page, 'the comments dialog at 1280 px');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  // Beside the field, and in the preview, with the count.
  await expect(openMarker(page)).toBeVisible();
  await expect(openMarker(page)).toHaveText('1');
  await expect(previewMark(page)).toHaveText(/1$/);
  await expect(previewMark(page)).toHaveAccessibleName(/^1 open comment on /);
  // The colleague named with @ is mailed, through the real SMTP server of the tests; the writer is not.
  await expect.poll(() => mailsTo(mailOf(COLLEAGUE.username)).length, { timeout: 20_000 }).toBe(1);
  expect(mailsTo(mailOf(COLLEAGUE.username))[0]!.raw).toContain(`${WRITER.username} mentioned you`);
  expect(mailsTo(mailOf(WRITER.username))).toEqual([]);

  // The colleague: opens the thread from the preview's marker, replies, resolves.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const colleague = await context.newPage();
    await signIn(colleague, COLLEAGUE.username, COLLEAGUE.password);
    await colleague.goto(`/${NAME}`);
    // The writer's title is not saved: the colleague's copy shows one of its own (an empty field shows nothing to mark).
    await colleague.getByLabel('title', { exact: true }).fill(`Another title of ${RUN}`);
    await expect(previewMark(colleague)).toBeVisible({ timeout: 15_000 });
    await clickInPreview(colleague, `[data-folio-comments="${FIELD}"]`);
    const thread = commentsDialog(colleague);
    await expect(thread).toBeVisible();
    await expect(thread).toContainText(QUESTION);
    await expect(thread).toContainText(WRITER.username);
    await thread.getByLabel(`Reply to ${WRITER.username}`).fill('Yes, it is final.');
    await thread.getByRole('button', { name: 'Reply', exact: true }).click();
    await expect(thread.getByRole('list', { name: `Replies to ${WRITER.username}` })).toContainText(
      'Yes, it is final.',
    );
    await thread.getByRole('button', { name: 'Resolve' }).click();
    await expect(thread).toContainText('No open comments.');
    // Resolved threads are behind Show resolved.
    await thread.getByLabel('Show resolved (1)').check();
    await expect(thread).toContainText(`Resolved by ${COLLEAGUE.username}`);
    await thread.getByRole('button', { name: 'Close' }).click();
    await expect(openMarker(colleague)).toHaveCount(0);
    await expect(previewMark(colleague)).toHaveCount(0);
  } finally {
    await context.close();
  }
  // The writer sees it resolved too once the list is asked again (on coming back to the window).
  await page.reload();
  await expect(page.getByLabel('title', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Comments', exact: true })).toBeVisible();
  await expect(openMarker(page)).toHaveCount(0);
  await expect(previewMark(page)).toHaveCount(0);
});

test('on a phone, the Comments button adds a comment on a field chosen from the page’s, with no axe violation', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, WRITER.username, WRITER.password);
  await page.goto(`/${NAME}`);
  await expect(page.getByLabel('title', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Comments', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Comments on this page' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Show resolved (1)')).toBeVisible();
  await expect(dialog).toContainText('No open comments.');
  await expect(dialog.getByLabel('Field')).toBeVisible();
  // A comment on a field chosen from the page's fields (the first, the title, unless another is chosen).
  await expect(dialog.getByLabel('Field')).toHaveValue(FIELD);
  await dialog.getByLabel('New comment').fill(`Written on a phone ${RUN}.`);
  await dialog.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(dialog.getByRole('article', { name: `Comment by ${WRITER.username}` })).toContainText(
    `Written on a phone ${RUN}.`,
  );
  await expect(dialog).toContainText('On title');
  await expectNoAxeViolations(page, 'the comments dialog at 390 px');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('button', { name: 'Comments', exact: true })).toBeFocused();
});
