import { BASE_URL } from '../../playwright.config';
import { ensureE2eUser, expect, expectNoAxeViolations, logInAs, test, toastOf } from './fixtures';

// API tokens end to end (docs/design.md §33): an administrator of their own makes a token on /account that may read the
// published pages, sees it once, and another system (this test's own HTTP calls) reads the content API with it; the
// token is then revoked, asked first, and the same call is refused. axe finds nothing at 1280 and 390 px.

const USER = 'token-maker';
const PASSWORD = 'token-maker-password-1';

test.beforeAll(async () => {
  // An administrator (group 1) of this spec's own: its tokens are no other spec's.
  await ensureE2eUser(USER, PASSWORD, 1);
});

test('a token made on the account page reads the content API until it is revoked', async ({ page, consoleErrors }) => {
  await logInAs(page, USER, PASSWORD);
  await page.goto('/account');
  const section = page.getByRole('region', { name: 'API tokens' });
  await expect(section).toBeVisible();
  const name = `Website build ${Date.now() % 100000}`;
  await section.getByLabel('Name', { exact: true }).fill(name);
  // Read published pages is ticked to begin with.
  await expect(section.getByLabel('Read published pages (the content API)')).toBeChecked();
  await section.getByRole('button', { name: 'Make the token' }).click();
  const shown = section.getByRole('heading', { name: `Your new token ${name}` });
  await expect(shown).toBeFocused();
  const token = (await section.locator('.account-token').textContent())!.trim();
  expect(token).toMatch(/^folio_[A-Za-z0-9_-]{43}$/);
  await expectNoAxeViolations(page, 'the account page with a new token at 1280 px');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations(page, 'the account page with a new token at 390 px');
  await page.setViewportSize({ width: 1280, height: 800 });

  // Another system: plain HTTP with the token, no cookie.
  const call = () => fetch(`${BASE_URL}/api/content/pages/About`, { headers: { authorization: `Bearer ${token}` } });
  const read = await call();
  expect(read.status).toBe(200);
  const about = (await read.json()) as { routing: string; url: string };
  expect(about).toMatchObject({ routing: 'About', url: `${BASE_URL}/About1` });
  const withoutToken = await fetch(`${BASE_URL}/api/content/pages/About`);
  expect(withoutToken.status).toBe(401);

  await section.getByRole('button', { name: 'Done' }).click();
  await expect(section.locator('.account-token')).toHaveCount(0);
  const row = section.getByRole('row').filter({ has: page.getByRole('rowheader', { name }) });
  await expect(row).toContainText('Read published pages (the content API)');
  // Used once: the list says when (after a reload, as the page does not poll).
  await page.reload();
  await expect(row).not.toContainText('Never');
  await row.getByRole('button', { name: `Revoke ${name}` }).click();
  const question = page.getByRole('alertdialog', { name: 'Revoke the token' });
  await expect(question).toContainText(`Revoke the API token ${name}?`);
  await expectNoAxeViolations(page, 'the revoke question');
  await question.getByRole('button', { name: 'Revoke' }).click();
  await expect(toastOf(page, 'The token is revoked')).toBeVisible();
  await expect(row).toHaveCount(0);
  expect((await call()).status).toBe(401);
  expect(consoleErrors).toEqual([]);
});
