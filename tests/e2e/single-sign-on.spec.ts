import path from 'node:path';
import Database from 'better-sqlite3';
import { SSO_MESSAGES } from '../../src/core/schemas/single-sign-on';
import { startTestProvider, type TestProvider } from '../../src/server/test-support/oidc-test-provider';
import {
  ensureE2eUser,
  expect,
  expectNoAxeViolations,
  logInAs,
  openAdministrationScreen,
  test,
  toastOf,
} from './fixtures';
import { onOwnSite, tenantFile } from './tenants';

// Single sign-on (docs/design.md §33), on a site of its own (tests/e2e/tenants.ts: the button shows on its login page
// only): an administrator registers the firm's provider (a real OpenID Connect provider the spec starts on 127.0.0.1)
// on the sign-in settings screen, logs out, and signs in again with the login page's button and the provider's own
// sign-in page, landing on the staff home. axe finds nothing on the settings screen or on the login page with the
// button, at 1280 and 390 px.

test.use(onOwnSite('sso'));
test.describe.configure({ mode: 'serial', timeout: 90_000 });

const PASSWORD = 'sso-boss-password-123';
const EMAIL = 'boss@firm.example';
let provider: TestProvider;

/** The administrator's email, straight in the site's database (the provider vouches for it). */
function setEmail(username: string, email: string): void {
  const dataDir = process.env.FOLIO_E2E_DATA;
  if (!dataDir) throw new Error('FOLIO_E2E_DATA is not set (run through playwright.config.ts)');
  const db = new Database(path.join(dataDir, tenantFile('sso')), { fileMustExist: true });
  try {
    db.prepare('update users set email = ? where username = ?').run(email, username);
  } finally {
    db.close();
  }
}

test.beforeAll(async ({ baseURL }) => {
  provider = await startTestProvider(new URL('/api/auth/sso/callback', baseURL).href);
  provider.accounts.set('sso-boss', { email: EMAIL, email_verified: true, name: 'Sam Boss' });
  await ensureE2eUser('sso-boss', PASSWORD, 1, 'sso');
  setEmail('sso-boss', EMAIL);
});
test.afterAll(async () => provider?.stop());

test('an administrator turns single sign-on on and signs in through the provider', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await logInAs(page, 'sso-boss', PASSWORD);
  await openAdministrationScreen(page, 'Sign-in settings', '/signin-settings');
  const callback = page.getByLabel('Callback address');
  await expect(callback).toHaveValue(new URL('/api/auth/sso/callback', page.url()).href);
  await expect(page.getByRole('button', { name: 'Copy' })).toBeVisible();
  await expectNoAxeViolations(page, 'sign-in settings at 1280 px');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations(page, 'sign-in settings at 390 px');
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.getByLabel('Show the sign-in button on the login page').check();
  await page.getByLabel('Issuer').fill(provider.issuer);
  await page.getByLabel('Client id').fill(provider.clientId);
  await page.getByLabel('Client secret').fill(provider.clientSecret);
  await page.getByLabel('Button words').fill('Sign in with the firm');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toastOf(page, SSO_MESSAGES.saved)).toBeVisible();
  // The secret is never shown again: the field is empty, and says one is set.
  await expect(page.getByLabel('Client secret')).toHaveValue('');
  await expect(page.getByText('Set. Leave empty to keep it; type a new one to replace it.')).toBeVisible();

  await page.getByRole('banner').getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/Home1$/);
  await page.goto('/login');
  const button = page.getByRole('link', { name: 'Sign in with the firm' });
  await expect(button).toBeVisible();
  await expect(page.getByLabel('Username')).toBeVisible();
  await expectNoAxeViolations(page, 'login page with the single sign-on button at 1280 px');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations(page, 'login page with the single sign-on button at 390 px');

  await button.click();
  // The provider's own sign-in page (oidc-provider's development one: any password).
  await expect(page).toHaveURL(new RegExp(`^${provider.issuer}/interaction/`));
  await page.locator('input[name="login"]').fill('sso-boss');
  await page.locator('input[name="password"]').fill('anything');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const session = await page.request.get('/api/auth/session');
  expect(((await session.json()) as { user: { username: string } }).user.username).toBe('sso-boss');
});

test('a refusal ends on the login page with its sentence', async ({ page }) => {
  await page.goto('/api/auth/sso/callback?code=made-up&state=made-up');
  await expect(page).toHaveURL(/\/login\?sso=state$/);
  await expect(page.getByRole('alert')).toContainText('This sign-in was not started in this browser');
  await expect(page.getByRole('link', { name: 'Sign in with the firm' })).toBeVisible();
});
