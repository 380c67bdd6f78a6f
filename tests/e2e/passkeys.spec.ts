import path from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from '@playwright/test';
import { BASE_URL } from '../../playwright.config';
import { PASSKEY_MESSAGES } from '../../src/core/schemas/passkey';
import { createE2eUser, expect, expectNoAxeViolations, logInAs, logInThroughForm, test, toastOf } from './fixtures';

/**
 * Passkeys (docs/design.md §33) in Chromium with its virtual authenticator (an internal, user-verifying authenticator
 * that keeps discoverable credentials and says yes by itself): one added on /account signs in alone and is removed; a
 * user of a group that requires two-step sign-in is let through once they add one, and signs in with the password and
 * the passkey; axe on the new parts. Browsers refuse an IP address as a relying party, so this spec opens the server
 * at http://localhost:PORT (the same server as BASE_URL, http://127.0.0.1:PORT). Each test has its own users.
 */

const LOCAL_URL = BASE_URL.replace('127.0.0.1', 'localhost');
test.use({ baseURL: LOCAL_URL });

/** Gives the page an authenticator of its own, as a laptop's fingerprint reader would be. */
async function addVirtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

/**
 * Without the user name field's passkey autofill: the virtual authenticator says yes by itself, so a pending autofill
 * request would sign in the moment /login opens (as if the user chose the passkey there), before a test could type a
 * password or press a button.
 */
async function withoutPasskeyAutofill(page: Page): Promise<void> {
  await page.addInitScript(() => {
    PublicKeyCredential.isConditionalMediationAvailable = async () => false;
  });
}

/** Sets what a group requires, straight in the e2e database (the group form's own test is accounts.spec.ts). */
function requireOfGroup(group: string, column: 'require_two_factor' | 'require_passkey'): void {
  const dataDir = process.env.FOLIO_E2E_DATA;
  if (!dataDir) throw new Error('FOLIO_E2E_DATA is not set (run through playwright.config.ts)');
  const db = new Database(path.join(dataDir, 'folio.sqlite'), { fileMustExist: true });
  try {
    db.prepare(`update user_groups set ${column} = 1 where name = ?`).run(group);
  } finally {
    db.close();
  }
}

/** Refused calls the browser reports as console errors, which these tests make on purpose. */
const unexpected = (errors: string[]) =>
  errors.filter((error) => !(/status of 401/.test(error) && /\/api\/auth\/passkey\b/.test(error)));

async function logOut(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.getByRole('banner').getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/Home1$/);
}

/** Adds a passkey of this name on /account's Passkeys section, where the page is. */
async function addPasskey(page: Page, name: string) {
  const section = page.getByRole('region', { name: 'Passkeys' });
  await section.getByLabel('Name of the passkey').fill(name);
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(toastOf(page, PASSKEY_MESSAGES.added)).toBeVisible();
  await expect(section.getByRole('list', { name: 'Your passkeys' })).toContainText(name);
}

test.describe('passkeys (docs/design.md §33)', () => {
  test('a passkey added on /account signs in alone, shows when it was used, and once removed signs in no more', async ({
    page,
    consoleErrors,
  }) => {
    const user = 'e2e-passkey-alone';
    const password = 'e2e-passkey-alone-password';
    await createE2eUser(user, password, 3);
    await addVirtualAuthenticator(page);
    await logInAs(page, user, password);

    await page.goto('/account');
    const section = page.getByRole('region', { name: 'Passkeys' });
    await expect(section.getByText('You have no passkey yet.')).toBeVisible();
    // A name is asked for before the browser is.
    await section.getByRole('button', { name: 'Add a passkey' }).click();
    await expect(section.getByText(PASSKEY_MESSAGES.name)).toBeVisible();
    await addPasskey(page, 'Work laptop');
    await expect(section.getByRole('listitem')).toContainText('Last used never');

    // The passkey alone, no user name, no password: chosen in the user name field's autofill (which the virtual
    // authenticator does by itself as the login screen opens), then with the button.
    await logOut(page);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/dashboard$/);
    await logOut(page);
    await withoutPasskeyAutofill(page);
    await page.goto('/login');
    await expect(page.getByLabel('Username')).toHaveAttribute('autocomplete', 'username webauthn');
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/account');
    await expect(section.getByRole('listitem')).not.toContainText('Last used never');

    // Removed (asked first): the device still offers it, the site refuses it.
    await section.getByRole('button', { name: 'Remove the passkey Work laptop' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Remove this passkey?' });
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await expect(toastOf(page, PASSKEY_MESSAGES.removed)).toBeVisible();
    await expect(section.getByText('You have no passkey yet.')).toBeVisible();
    await logOut(page);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(page.getByText(PASSKEY_MESSAGES.signInFailed)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    expect(unexpected(consoleErrors)).toEqual([]);
  });

  test('a group that requires two-step sign-in lets a user with a passkey through, and asks for it after the password', async ({
    page,
    consoleErrors,
  }) => {
    const user = 'e2e-passkey-2fa';
    const password = 'e2e-passkey-2fa-password';
    const group = 'E2E Passkey two-step group';
    await createE2eUser(user, password, { newGroup: group });
    requireOfGroup(group, 'require_two_factor');
    await addVirtualAuthenticator(page);
    await withoutPasskeyAutofill(page);

    await logInThroughForm(page, user, password, /\/account$/);
    await expect(page.locator('main').getByText('Your group requires two-step sign-in.')).toBeVisible();
    await addPasskey(page, 'Phone');
    await expect(page.locator('main').getByText('Your group requires two-step sign-in.')).toHaveCount(0);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/dashboard$/);

    await logOut(page);
    await logInThroughForm(page, user, password, /\/login\/two-step$/);
    await expect(page.getByText('Your account signs in with a passkey after the password.')).toBeVisible();
    await expect(page.getByLabel('Code', { exact: true })).toHaveCount(0);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoAxeViolations(page, `the second step with a passkey at ${width} px`);
    }
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    // Signed in, and not held: the landing page of a group whose menu is empty.
    await expect(page).toHaveURL(/\/Blankpage$/);
    expect(unexpected(consoleErrors)).toEqual([]);
  });

  test('a group that requires a passkey keeps its users on /account until they add one', async ({ page }) => {
    const user = 'e2e-passkey-required';
    const password = 'e2e-passkey-required-password';
    const group = 'E2E Passkey group';
    await createE2eUser(user, password, { newGroup: group });
    requireOfGroup(group, 'require_passkey');
    await addVirtualAuthenticator(page);
    await withoutPasskeyAutofill(page);

    await logInThroughForm(page, user, password, /\/account$/);
    await expect(page.getByText(PASSKEY_MESSAGES.requiredNotice)).toBeVisible();
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/account$/);
    await addPasskey(page, 'Laptop');
    await expect(page.getByText(PASSKEY_MESSAGES.requiredNotice)).toHaveCount(0);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("axe finds nothing on /account's passkeys and the login screens, at 1280 and 390 px", async ({ page }) => {
    const user = 'e2e-passkey-axe';
    const password = 'e2e-passkey-axe-password';
    await createE2eUser(user, password, 3);
    await addVirtualAuthenticator(page);
    await withoutPasskeyAutofill(page);
    await logInAs(page, user, password);
    await page.goto('/account');
    await addPasskey(page, 'Desk computer');
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/account');
      await expect(page.getByRole('list', { name: 'Your passkeys' })).toContainText('Desk computer');
      await expectNoAxeViolations(page, `/account's passkeys at ${width} px`);
      await page.getByRole('button', { name: 'Remove the passkey Desk computer' }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Remove this passkey?' });
      await expect(dialog).toBeVisible();
      await expectNoAxeViolations(page, `the question before removing a passkey at ${width} px`);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
    }
    await logOut(page);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/login');
      await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toBeVisible();
      await expectNoAxeViolations(page, `the login screen at ${width} px`);
    }
  });
});
