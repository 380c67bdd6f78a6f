import type { Page } from '@playwright/test';
import { E2E_ADMIN_PASSWORD } from '../../playwright.config';
import {
  createE2eUser,
  expect,
  expectNoAxeViolations,
  insertE2eEnquiry,
  logInAs,
  queryE2eDatabase,
  sidewaysScroll,
  test,
} from './fixtures';

// The staff home and the top-bar search end to end (docs/design.md §23): an administrator lands on /dashboard and sees
// every card, an editor only the card their menu allows; search finds a user by name and opens the user's
// screen with the keyboard alone; axe finds nothing on the dashboard or in the open search dialog.

const run = () => `${Date.now() % 100000}${Math.floor(Math.random() * 10)}`.padStart(6, '0');

const card = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const ADMIN_CARDS = ['New enquiries', 'Enquiries per week', 'Mail', 'Scheduled publications', 'Last changes'];

test('an administrator lands on the dashboard and sees every card, each leading to its screen', async ({
  page,
  consoleErrors,
}) => {
  const name = `Meera Dashboard ${run()}`;
  const enquiryId = insertE2eEnquiry({
    name,
    organization: 'Konkan Mills',
    email: 'meera@example.in',
    requirements: 'A plant dashboard.',
  });
  await logInAs(page, 'admin', E2E_ADMIN_PASSWORD);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Staff menu' }).getByRole('link', { name: 'Dashboard', exact: true }),
  ).toHaveAttribute('aria-current', 'page');
  for (const name of ADMIN_CARDS) await expect(card(page, name)).toBeVisible();

  // The new enquiry is counted and listed; the chart is drawn, with its figures also as a table.
  await expect(card(page, 'New enquiries').locator('.dashboard-figure')).toContainText(/\d+ new enquir/);
  await expect(card(page, 'New enquiries').getByRole('link', { name })).toHaveAttribute(
    'href',
    `/enquiries?open=${enquiryId}`,
  );
  const chart = card(page, 'Enquiries per week');
  await expect(chart.getByRole('img', { name: /enquir/i })).toBeVisible();
  await chart.getByText('Show as a table').click();
  await expect(chart.getByRole('table')).toContainText('Week of');
  // The last changes list this administrator's own sign-in.
  await expect(card(page, 'Last changes')).toContainText('Signed in as admin');
  await expectNoAxeViolations(page, 'dashboard (administrator)');

  // A change opens the audit log on the entries of its kind by the same person.
  await card(page, 'Last changes').getByRole('link', { name: 'Signed in as admin' }).first().click();
  await expect(page).toHaveURL(/\/auditlog\?user=admin&action=auth\.signin&target=user$/);
  await expect(page.getByRole('table', { name: 'Audit log entries' }).locator('tbody tr').first()).toContainText(
    'Signed in as admin',
  );
  await page.goBack();
  // A card's way on opens the screen behind it.
  await card(page, 'Last changes').getByRole('link', { name: 'Open the audit log' }).click();
  await expect(page).toHaveURL(/\/auditlog$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Audit Log' })).toBeVisible();
  await page.goBack();
  await card(page, 'New enquiries').getByRole('link', { name: 'All enquiries' }).click();
  await expect(page).toHaveURL(/\/enquiries$/);
  await page.goBack();
  // An item opens itself: the enquiry's detail on the enquiries screen.
  await card(page, 'New enquiries').getByRole('link', { name }).click();
  await expect(page.getByRole('dialog', { name: `Enquiry from ${name}` })).toBeVisible();
  await expect(page.getByRole('dialog', { name: `Enquiry from ${name}` })).toContainText('A plant dashboard.');

  await page.goto('/dashboard');
  await page.setViewportSize({ width: 360, height: 800 });
  await expect(card(page, 'New enquiries')).toBeVisible();
  await expect.poll(() => sidewaysScroll(page)).toBe(0);
  expect(consoleErrors).toEqual([]);
});

test('an editor lands on the dashboard and sees only the card their menu allows', async ({ page, consoleErrors }) => {
  const username = `e2e-home-editor-${run()}`;
  const password = 'e2e-home-editor-password';
  await createE2eUser(username, password, 3);
  await logInAs(page, username, password);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(card(page, 'Scheduled publications')).toBeVisible();
  for (const name of ADMIN_CARDS.filter((name) => name !== 'Scheduled publications'))
    await expect(card(page, name)).toHaveCount(0);
  // No chart library was loaded for a home without the chart.
  await expect(page.locator('canvas')).toHaveCount(0);
  await expectNoAxeViolations(page, 'dashboard (editor)');
  expect(consoleErrors).toEqual([]);
});

test('search in the top bar finds a user by name and opens the user, keyboard only; axe finds nothing in the dialog', async ({
  page,
  consoleErrors,
}) => {
  const username = `e2e-findme-${run()}`;
  await createE2eUser(username, 'e2e-findme-password', 3);
  const [{ id }] = queryE2eDatabase<{ id: number }>('select id from users where username = ?', username) as [
    { id: number },
  ];

  await logInAs(page, 'admin', E2E_ADMIN_PASSWORD);
  const button = page.getByRole('banner').getByRole('button', { name: 'Search the back office' });
  await expect(button).toHaveAttribute('aria-keyshortcuts', 'Control+K /');

  // Ctrl+K opens the dialog with the focus in its input.
  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog', { name: 'Search' });
  await expect(dialog).toBeVisible();
  const input = dialog.getByRole('combobox', { name: 'Search text' });
  await expect(input).toBeFocused();
  await expectNoAxeViolations(page, 'search dialog, empty');

  await page.keyboard.type(username);
  const option = dialog.getByRole('option').filter({ hasText: username });
  await expect(option).toHaveCount(1);
  await expect(option).toContainText('User');
  await expect(input).toHaveAttribute('aria-expanded', 'true');
  await expectNoAxeViolations(page, 'search dialog with results');

  // Escape closes it and gives the focus back to where it was; / opens it again with the text kept or cleared.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.keyboard.press('/');
  await expect(dialog).toBeVisible();
  await input.fill(username);
  await expect(option).toHaveCount(1);

  // Arrow down to the user and Enter opens the user's screen.
  await page.keyboard.press('ArrowDown');
  const activeId = await input.getAttribute('aria-activedescendant');
  expect(activeId).toBeTruthy();
  await expect(page.locator(`[id="${activeId}"]`)).toContainText(username);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/user/${id}$`));
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit User' })).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue(username);
  expect(consoleErrors).toEqual([]);
});

test('search takes any text as text: quotes, FTS words and SQL wildcards find nothing and break nothing', async ({
  page,
  consoleErrors,
}) => {
  await logInAs(page, 'admin', E2E_ADMIN_PASSWORD);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Search the back office' })).toBeVisible();
  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog', { name: 'Search' });
  const input = dialog.getByRole('combobox', { name: 'Search text' });
  for (const text of ['"unclosed', 'NEAR(a b) OR *', '%_%', 'x'.repeat(1000)]) {
    await input.fill(text);
    await expect(dialog.getByRole('status')).toHaveText(/Nothing found|No results|^\d+ results?/i);
    await expect(dialog.getByRole('alert')).toHaveCount(0);
  }
  expect(consoleErrors).toEqual([]);
});
