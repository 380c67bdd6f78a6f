import type { Page } from '@playwright/test';
import { BASE_URL, E2E_ADMIN_PASSWORD } from '../../playwright.config';
import {
  expect,
  expectNoAxeViolations,
  logInAs,
  openAdministrationScreen,
  sidewaysScroll,
  test,
  toastOf,
} from './fixtures';

// The redirects screen end to end (docs/design.md §27): a visitor asks for an address that does not exist and gets 404;
// the administrator opens Redirects from the menu, finds it under "Addresses not found" with where the visitor
// came from, presses Create redirect (From filled, the focus in To), types the page to send visitors to and
// saves; the old address now lands on that page in a real navigation. axe finds nothing at 1280 and 390 px.

const run = () => `${Date.now() % 100000}${Math.floor(Math.random() * 10)}`.padStart(6, '0');

async function openFromMenu(page: Page) {
  await openAdministrationScreen(page, 'Redirects', '/redirects');
}

test('an address visitors missed is redirected from the 404 log, and then lands on the page chosen', async ({
  page,
  consoleErrors,
}) => {
  // axe over the whole screen, several times (with the preview pane's page too): slow on a busy machine.
  test.slow();
  const missing = `/our-team-${run()}`;
  const referrer = 'https://search.example/results?q=innovo+team';

  // A visitor follows an old link: "Page not found".
  const visit = await page.goto(missing, { referer: referrer });
  expect(visit?.status()).toBe(404);

  await logInAs(page, 'admin', E2E_ADMIN_PASSWORD);
  await openFromMenu(page);
  const notFound = page.getByRole('region', { name: 'Addresses not found' });
  const row = notFound.getByRole('row').filter({ has: page.getByText(missing, { exact: true }) });
  // The log is written as visitors come: look again until it is there.
  await expect(async () => {
    await page.reload();
    await expect(row).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(row).toContainText(referrer);
  await expectNoAxeViolations(page, 'redirects screen at 1280 px');

  await row.getByRole('button', { name: `Create redirect from ${missing}` }).click();
  await expect(page.getByLabel('From', { exact: true })).toHaveValue(missing);
  const to = page.getByLabel('To', { exact: true });
  await expect(to).toBeFocused();
  await to.fill('/About1');
  await page.getByRole('button', { name: 'Save redirect' }).click();
  await expect(toastOf(page, `Visitors of ${missing} now go to /About1.`)).toBeVisible();
  const redirects = page.getByRole('region', { name: 'Redirects', exact: true });
  await expect(redirects.getByRole('row').filter({ has: page.getByText(missing, { exact: true }) })).toContainText(
    '301 Permanent',
  );

  // Usable on a tablet and a phone: the page never scrolls sideways (a table scrolls inside its box).
  await page.setViewportSize({ width: 768, height: 1024 });
  await expect.poll(() => sidewaysScroll(page)).toBe(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => sidewaysScroll(page)).toBe(0);
  await expectNoAxeViolations(page, 'redirects screen at 390 px');

  // The old address now lands on the page chosen, as a browser follows it.
  const landed = await page.goto(missing);
  expect(landed?.status()).toBe(200);
  await expect(page).toHaveURL(`${BASE_URL}/About1`);
  await expect(page.getByRole('heading', { level: 1, name: 'About us' })).toBeVisible();
  expect(consoleErrors.filter((error) => !error.includes('404'))).toEqual([]);
});

// docs/design.md §34: a redirect to an address on this site where nothing is asks first, in a dialog; Go back keeps what
// was typed and saves nothing, Save anyway saves it. axe finds nothing with the question open, at 1280 and 390 px.
test('a redirect to an address where nothing is asks first, and is saved only once the person says so', async ({
  page,
  consoleErrors,
}) => {
  test.slow();
  const from = `/old-offer-${run()}`;
  const nowhere = `/Offer-${run()}`;
  await logInAs(page, 'admin', E2E_ADMIN_PASSWORD);
  await openFromMenu(page);
  await page.getByLabel('From', { exact: true }).fill(from);
  const to = page.getByLabel('To', { exact: true });
  await to.fill(nowhere);
  await page.getByRole('button', { name: 'Save redirect' }).click();

  const question = page.getByRole('alertdialog', { name: 'Nothing is at that address yet' });
  await expect(question).toContainText(`Nothing is at ${nowhere} on this site yet`);
  await expectNoAxeViolations(page, 'redirects screen asking first at 1280 px');
  await question.getByRole('button', { name: 'Go back' }).click();
  await expect(question).toBeHidden();
  await expect(to).toBeFocused();
  await expect(to).toHaveValue(nowhere);
  const redirects = page.getByRole('region', { name: 'Redirects', exact: true });
  await expect(redirects.getByText(from, { exact: true })).toHaveCount(0);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Save redirect' }).click();
  await expect(question).toBeVisible();
  await expect.poll(() => sidewaysScroll(page)).toBe(0);
  await expectNoAxeViolations(page, 'redirects screen asking first at 390 px');
  await question.getByRole('button', { name: 'Save anyway' }).click();
  await expect(toastOf(page, `Visitors of ${from} now go to ${nowhere}.`)).toBeVisible();
  await expect(redirects.getByRole('row').filter({ has: page.getByText(from, { exact: true }) })).toContainText(
    nowhere,
  );
  expect(consoleErrors.filter((error) => !error.includes('409'))).toEqual([]);
});
