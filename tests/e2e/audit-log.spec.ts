import type { Page, Request } from '@playwright/test';
import { E2E_ADMIN_PASSWORD } from '../../playwright.config';
import {
  callApi,
  createE2eUser,
  expect,
  expectNoAxeViolations,
  logInAs,
  signIn,
  openAdministrationScreen,
  parseCsv,
  sidewaysScroll,
  tabTo,
  test,
  toastOf,
} from './fixtures';

// The audit log end to end (docs/design.md §21, §16): the administrator makes changes (a group created on its screen,
// then renamed), opens Audit Log from the menu, finds them by user and action area, reads one with its
// before and after, downloads the CSV of the same filters, pages through a long list, and axe finds nothing.
// An editor is not allowed in.

// The firm's days are local days: the browser is in India, so From and To go out with +05:30.
test.use({ timezoneId: 'Asia/Kolkata' });
// One after the other: the paging test's 42 group changes would push the first test's rename off its page.
test.describe.configure({ mode: 'serial' });

const run = () => `${Date.now() % 100000}${Math.floor(Math.random() * 10)}`.padStart(6, '0');

const logIn = (page: Page) => logInAs(page, 'admin', E2E_ADMIN_PASSWORD);
const table = (page: Page) => page.getByRole('table', { name: 'Audit log entries' });
const rows = (page: Page) => table(page).locator('tbody tr');
const rowOf = (page: Page, text: string) => rows(page).filter({ hasText: text });
const pager = (page: Page) => page.getByRole('navigation', { name: 'Audit log entries: pages' });
const filters = (page: Page) => page.getByRole('search', { name: 'Filter the audit log' });

/** Today in India, as a date input holds it. */
const todayInIndia = () =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Kolkata',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());

/** Opens Audit Log through the staff menu, as an administrator does. */
async function openFromMenu(page: Page) {
  await openAdministrationScreen(page, 'Audit Log', '/auditlog');
  await settled(page);
}

/** The list has its answer (no loading line, not refreshing). */
async function settled(page: Page) {
  await expect(table(page).locator('[role="status"]')).toHaveCount(0);
  await expect(table(page)).not.toHaveAttribute('aria-busy', 'true');
}

/** Presses Apply and returns the body of the list call it made. */
async function apply(page: Page): Promise<Record<string, unknown>> {
  const call = page.waitForRequest(
    (request: Request) => request.url().endsWith('/api/master/getauditlog') && request.method() === 'POST',
  );
  await filters(page).getByRole('button', { name: 'Apply' }).click();
  const body = (await call).postDataJSON() as Record<string, unknown>;
  await settled(page);
  return body;
}

test('the administrator finds the changes they made, reads one with its before and after, and downloads the CSV', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(60_000);
  const tag = run();
  const created = `E2E Audit ${tag}`;
  const renamed = `E2E Audited ${tag}`;
  await logIn(page);

  // A group created on its screen, then renamed (and made to require two-step sign-in) through the API.
  await page.goto('/newGroup');
  await page.getByLabel('User Group').fill(created);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toastOf(page, 'Group saved.')).toBeVisible();
  const groups = await callApi<Array<{ id: number; groupname: string }>>(page, '/api/menu/getAllgroup', {});
  const id = groups.find((group) => group.groupname === created)!.id;
  await callApi(page, '/api/menu/SaveUserGroup', { id, updategroupname: renamed, requireTwoFactor: true });

  await openFromMenu(page);
  await expect(page).toHaveTitle('Audit Log – Folio');
  // Newest first, whoever made them: the rename is on the first page.
  await expect(rowOf(page, `Renamed group ${created} to ${renamed}`)).toHaveCount(1);

  // By user and action area, on today's date in India.
  const today = todayInIndia();
  await filters(page).getByLabel('User name').fill('admin');
  await filters(page).getByLabel('Action').selectOption({ label: 'All group actions' });
  await filters(page).getByLabel('From').fill(today);
  await filters(page).getByLabel('To').fill(today);
  const body = await apply(page);
  expect(body).toEqual({
    pageno: 1,
    userName: 'admin',
    action: 'group',
    from: `${today}T00:00:00.000+05:30`,
    to: `${today}T23:59:59.999+05:30`,
  });
  await expect(page).toHaveURL(new RegExp(`/auditlog\\?user=admin&action=group&from=${today}&to=${today}$`));
  await expect(page.locator('.audit-log__total')).toHaveText(/^\d+ entr(y|ies) match the filters$/);
  const rename = rowOf(page, `Renamed group ${created} to ${renamed}`);
  await expect(rename).toHaveCount(1);
  await expect(rowOf(page, `Created group ${created}`)).toHaveCount(1);
  // Every row listed is a group action of admin.
  for (const cells of await rows(page).evaluateAll((trs) =>
    trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent?.trim() ?? '')),
  )) {
    expect(cells[1]).toBe('admin');
    expect(cells[2]).toMatch(/^group\./);
  }
  const cells = rename.locator('td');
  await expect(cells.nth(2)).toHaveText('group.update');
  await expect(cells.nth(3)).toHaveText(`group ${renamed}`);
  await expect(cells.nth(5)).toHaveText(/^(127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)$/);
  await expect(cells.nth(0).locator('time')).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT.*Z$/);
  await expect(cells.nth(0).locator('time')).toHaveAttribute('title', / UTC$/);

  // The detail, by keyboard: its heading, the changed fields before and after; Escape gives the focus back.
  const view = rename.getByRole('button', {
    name: new RegExp(`^View entry \\d+: Renamed group ${created} to ${renamed}$`),
  });
  await tabTo(page, view);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Renamed group ${created} to ${renamed}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { level: 2 })).toHaveText(`Renamed group ${created} to ${renamed}`);
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  const changes = dialog.getByRole('table', { name: 'Changed fields' });
  await expect(changes.getByRole('columnheader')).toHaveText(['Field', 'Before', 'After']);
  await expect(changes.getByRole('row', { name: /^name/ })).toHaveText(`name${created}${renamed}`);
  await expect(changes.getByRole('row', { name: /^requireTwoFactor/ })).toHaveText('requireTwoFactorNoYes');
  await expect(dialog).toContainText('admin');
  await expect(dialog).toContainText(' UTC');
  // Reading only: Close is the dialog's one button.
  await expect(dialog.getByRole('button')).toHaveCount(1);
  await expectNoAxeViolations(page, 'audit entry detail');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(view).toBeFocused();

  // The CSV of the same filters: the link carries them, and the file holds the rename.
  const link = page.getByRole('link', { name: 'Download CSV' });
  const href = await link.getAttribute('href');
  const expected = new URLSearchParams({
    userName: 'admin',
    action: 'group',
    from: `${today}T00:00:00.000+05:30`,
    to: `${today}T23:59:59.999+05:30`,
  });
  expect(href).toBe(`/api/master/auditlog.csv?${expected}`);
  const csv = await page.request.get(href!);
  expect(csv.status()).toBe(200);
  expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8');
  const { records } = parseCsv((await csv.text()).replace(/^\uFEFF/, ''));
  expect(records[0]).toEqual(['Time', 'User', 'Address', 'Action', 'Target type', 'Target', 'Summary', 'Details']);
  const record = records.find((r) => r[6] === `Renamed group ${created} to ${renamed}`);
  expect(record?.slice(1, 7)).toEqual([
    'admin',
    expect.any(String),
    'group.update',
    'group',
    renamed,
    `Renamed group ${created} to ${renamed}`,
  ]);
  expect(JSON.parse(record![7]!)).toMatchObject({ name: { before: created, after: renamed } });
  // Only what the filters select: group actions of admin.
  expect(records.slice(1).every((r) => r[1] === 'admin' && r[3]!.startsWith('group.'))).toBe(true);
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d\d-\d\d\.csv$/);

  // A reload keeps the filters, in the fields and in the list.
  await page.reload();
  await settled(page);
  await expect(filters(page).getByLabel('User name')).toHaveValue('admin');
  await expect(filters(page).getByLabel('Action')).toHaveValue('group');
  await expect(filters(page).getByLabel('From')).toHaveValue(today);
  await expect(rowOf(page, `Renamed group ${created} to ${renamed}`)).toHaveCount(1);

  // One action only, then Back to the area.
  await filters(page).getByLabel('Action').selectOption('group.create');
  await apply(page);
  await expect(rowOf(page, `Renamed group ${created} to ${renamed}`)).toHaveCount(0);
  await expect(rowOf(page, `Created group ${created}`)).toHaveCount(1);
  await page.goBack();
  await settled(page);
  await expect(filters(page).getByLabel('Action')).toHaveValue('group');
  await expect(rowOf(page, `Renamed group ${created} to ${renamed}`)).toHaveCount(1);

  // Nothing matches: the empty state names the filters to loosen.
  await filters(page).getByLabel('User name').fill(`nobody-${tag}`);
  await apply(page);
  await expect(table(page)).toContainText(
    /No entries match User name: “nobody-\d+”, Action: All group actions, From: .+ and To: .+ together\. Loosen or clear one of these filters/,
  );

  // A bad range: the server's sentence beside the filters.
  await filters(page).getByLabel('User name').fill('admin');
  await filters(page).getByLabel('From').fill('2026-12-31');
  await filters(page).getByLabel('To').fill('2026-12-01');
  await filters(page).getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'From must not be after To.' })).toBeVisible();
  // Its CSV would be refused too: no link until the filters are put right.
  await expect(page.getByRole('link', { name: 'Download CSV' })).toHaveCount(0);

  // Clear: everything, with the list of every entry.
  await filters(page).getByRole('button', { name: 'Clear' }).click();
  await settled(page);
  await expect(page).toHaveURL(/\/auditlog$/);
  await expect(filters(page).getByLabel('User name')).toHaveValue('');
  await expect(page.locator('.audit-log__total')).toHaveText(/^[\d,]+ entr(y|ies)$/);
  await expectNoAxeViolations(page, 'audit log');
  // The screen's own calls went well (the refused filter answered 400, which the browser logs as a failed load).
  expect(consoleErrors.filter((error) => !/status of 400/.test(error))).toEqual([]);
});

test('a long list pages by 20, and the address keeps the page', async ({ page, consoleErrors }) => {
  test.setTimeout(60_000);
  const tag = run();
  await logIn(page);
  // More than a page of changes of its own: 21 groups made, then removed again.
  const names = Array.from({ length: 21 }, (_, index) => `E2E Paged ${tag} ${String(index + 1).padStart(2, '0')}`);
  for (const groupname of names) await callApi(page, '/api/menu/SaveUserGroup', { groupname });
  const groups = await callApi<Array<{ id: number; groupname: string }>>(page, '/api/menu/getAllgroup', {});
  for (const group of groups.filter((g) => names.includes(g.groupname)))
    await callApi(page, '/api/menu/deletegroup', { id: group.id });

  await page.goto('/auditlog?user=admin&action=group.create&target=group');
  await settled(page);
  await expect(rows(page)).toHaveCount(20);
  const totalText = (await page.locator('.audit-log__total').textContent()) ?? '';
  const total = Number(/^([\d,]+) entries/.exec(totalText)?.[1]?.replace(/,/g, ''));
  expect(total).toBeGreaterThanOrEqual(21);
  await expect(pager(page)).toContainText(`1–20 of ${total}`);
  const firstPage = await rows(page).locator('td:nth-child(5)').allTextContents();
  await pager(page).getByRole('button', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/[?&]page=2$/);
  await settled(page);
  await expect(pager(page)).toContainText(/^21–\d+ of \d+/);
  await expect(pager(page)).toContainText('Page 2 of');
  const secondPage = await rows(page).locator('td:nth-child(5)').allTextContents();
  expect(secondPage.length).toBeGreaterThan(0);
  expect(secondPage.filter((summary) => firstPage.includes(summary))).toEqual([]);
  // The oldest of this run's creations comes after the newer ones: newest first.
  const all = [...firstPage, ...secondPage];
  const mine = all.filter((summary) => summary.includes(`E2E Paged ${tag} `));
  expect(mine.slice(0, 2)).toEqual([`Created group ${names[20]}`, `Created group ${names[19]}`]);
  // Back returns to page 1; a reload stays where it is.
  await page.goBack();
  await expect(page).not.toHaveURL(/page=2/);
  await settled(page);
  await expect(pager(page)).toContainText('Page 1 of');
  await page.goForward();
  await page.reload();
  await settled(page);
  await expect(pager(page)).toContainText('Page 2 of');
  await expect(filters(page).getByLabel('Action')).toHaveValue('group.create');
  await expectNoAxeViolations(page, 'audit log, page 2');
  // Usable down to 768 px: the table scrolls in its box, the page does not scroll sideways.
  await page.setViewportSize({ width: 768, height: 1000 });
  await expect(filters(page).getByRole('button', { name: 'Apply' })).toBeVisible();
  await expect.poll(() => sidewaysScroll(page)).toBe(0);
  await expectNoAxeViolations(page, 'audit log at 768 px');
  expect(consoleErrors).toEqual([]);
});

test('an editor is not allowed in: the screen says so, and the calls answer 403', async ({ page }) => {
  const username = `e2e-audit-editor-${run()}`;
  const password = 'e2e-audit-editor-password';
  await createE2eUser(username, password, 3);
  await signIn(page, username, password);
  await page.goto('/auditlog');
  await expect(page.getByRole('heading', { level: 1, name: 'Not allowed' })).toBeVisible();
  await expect(table(page)).toHaveCount(0);
  const menu = page.getByRole('navigation', { name: 'Staff menu' });
  await expect(menu.getByRole('link', { name: 'Audit Log' })).toHaveCount(0);
  expect((await page.request.get('/api/master/auditlog.csv')).status()).toBe(403);
});
