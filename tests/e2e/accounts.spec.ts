import path from 'node:path';
import Database from 'better-sqlite3';
import { simpleParser } from 'mailparser';
import { Secret, TOTP } from 'otpauth';
import type { Page } from '@playwright/test';
import { BASE_URL, E2E_ADMIN_PASSWORD } from '../../playwright.config';
import { ACCOUNT_MESSAGES } from '../../src/core/schemas/account';
import {
  mailsTo,
  callApi,
  createE2eUser,
  expect,
  expectNoAxeViolations,
  logInAs,
  signIn,
  queryE2eDatabase,
  test,
  toastOf,
} from './fixtures';

/**
 * The accounts of docs/design.md §21 in the browser, against the built server and a real SMTP server: password reset
 * by mail, turning two-step sign-in on and signing in with it (app codes and recovery codes), a group that
 * requires it, an administrator turning it off, and axe on the new screens. Each test has its own users.
 */

/** Gives a user made by createE2eUser (who has none) an email address, straight in the e2e database. */
function setEmail(username: string, email: string): void {
  const dataDir = process.env.FOLIO_E2E_DATA;
  if (!dataDir) throw new Error('FOLIO_E2E_DATA is not set (run through playwright.config.ts)');
  const db = new Database(path.join(dataDir, 'folio.sqlite'), { fileMustExist: true });
  try {
    db.prepare('update users set email = ? where username = ?').run(email, username);
  } finally {
    db.close();
  }
}

/** The reset link in a mail's text (decoded from its transfer encoding). */
async function resetLinkIn(raw: string): Promise<string> {
  const text = (await simpleParser(raw)).text ?? '';
  const link = /https?:\/\/\S+\/reset-password\?\S+/.exec(text)?.[0];
  if (!link) throw new Error(`No reset link in the mail:\n${text}`);
  return link;
}

/** The authenticator app: codes of the secret the account screen shows. */
const authenticator = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });

/** The code of the next 30-second step: the current one may have been used already, and no code works twice. */
const nextCode = (app: TOTP) => app.generate({ timestamp: Date.now() + 30_000 });

/** Refused calls the browser reports as console errors, which these tests make on purpose. */
const expectedRefusal = (error: string) =>
  /status of (400|401)/.test(error) && /\/api\/auth\/(signin|signin\/verify|reset)\b/.test(error);
const unexpected = (errors: string[]) => errors.filter((error) => !expectedRefusal(error));

/** Console errors of a page opened in a context of the test's own (the fixture watches only `page`). */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

async function submitLogin(page: Page, username: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

async function logOut(page: Page) {
  // Once the screen's own reads have answered: one still on its way when the session ends would be refused (401),
  // a console error of the test's making (seen in CI on the staff home's dashboard read).
  await page.waitForLoadState('networkidle');
  await page.getByRole('banner').getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/Home1$/);
}

/** Turns two-step sign-in on through the API (for tests about signing in with it); returns the app. */
async function turnOnThroughApi(page: Page): Promise<{ app: TOTP; recoveryCodes: string[] }> {
  const setup = await callApi<{ secret: string; otpauthUrl: string }>(page, '/api/auth/2fa/setup', {});
  const app = authenticator(setup.secret);
  const { recoveryCodes } = await callApi<{ recoveryCodes: string[] }>(page, '/api/auth/2fa/enable', {
    code: app.generate(),
  });
  return { app, recoveryCodes };
}

test.describe('accounts (docs/design.md §21)', () => {
  test('a forgotten password is set again through the mailed link, which works once', async ({
    page,
    consoleErrors,
  }) => {
    const user = 'e2e-acct-reset';
    const email = 'e2e-acct-reset@example.test';
    const oldPassword = 'e2e-reset-old-password';
    const newPassword = 'e2e-reset-new-password';
    await createE2eUser(user, oldPassword, 3);
    setEmail(user, email);

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.locator('h1')).toHaveText('Reset your password');
    await page.getByLabel('User name').fill(user);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await expect(page.getByText(ACCOUNT_MESSAGES.forgotSent)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send the link' })).toHaveCount(0);

    // The outbox sends at once; the mail server writes it to the log.
    await expect.poll(() => mailsTo(email).length, { timeout: 20_000 }).toBe(1);
    const link = await resetLinkIn(mailsTo(email)[0]!.raw);
    expect(link.startsWith(`${BASE_URL}/reset-password?token=`)).toBe(true);

    await page.goto(link);
    await expect(page.locator('h1')).toHaveText('Set a new password');
    // The token has left the address bar.
    await expect(page).toHaveURL(`${BASE_URL}/reset-password`);
    // Said before sending: too short, then not the same.
    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByLabel('Repeat the new password').fill('other');
    await page.getByRole('button', { name: 'Set password' }).click();
    await expect(page.getByText('The password must be at least 12 characters.')).toBeVisible();
    await expect(page.getByText('The passwords do not match.')).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Repeat the new password').fill(newPassword);
    await page.getByRole('button', { name: 'Set password' }).click();
    await expect(page.getByText(ACCOUNT_MESSAGES.resetDone)).toBeVisible();
    await page.getByRole('link', { name: 'Log in', exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);

    // The old password no longer opens the account; the new one does.
    await submitLogin(page, user, oldPassword);
    await expect(toastOf(page, 'The user name or password is not right.')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await submitLogin(page, user, newPassword);
    await expect(page).toHaveURL(/\/dashboard$/);
    await logOut(page);

    // The same link a second time: used.
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('e2e-reset-third-password');
    await page.getByLabel('Repeat the new password').fill('e2e-reset-third-password');
    await page.getByRole('button', { name: 'Set password' }).click();
    await expect(page.getByText(ACCOUNT_MESSAGES.resetInvalid)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');

    // Opened without its token (reloaded after the token left the address): said so.
    await page.goto('/reset-password');
    await expect(page.getByText('This link is incomplete.')).toBeVisible();
    expect(unexpected(consoleErrors)).toEqual([]);
  });

  test('two-step sign-in is turned on in the account, then asked for at sign-in; a recovery code works once', async ({
    page,
    consoleErrors,
  }) => {
    const user = 'e2e-acct-2fa';
    const password = 'e2e-acct-2fa-password';
    await createE2eUser(user, password, 3);
    await logInAs(page, user, password);

    await page.getByRole('banner').getByRole('link', { name: 'Account' }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.locator('h1')).toHaveText('Your account');
    await expect(page.getByRole('region', { name: 'Your details' })).toContainText(user);
    const section = page.getByRole('region', { name: 'Two-step sign-in' });
    await expect(section.getByText('Off', { exact: true })).toBeVisible();
    await section.getByRole('button', { name: 'Turn on' }).click();

    await expect(
      section.getByRole('img', { name: `QR code for two-step sign-in of ${user} on Innovo Software Pvt. Ltd.` }),
    ).toBeVisible();
    const key = (await section.locator('.account-secret').textContent()) ?? '';
    expect(key).toMatch(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
    const app = authenticator(key.replace(/\s+/g, ''));
    await section.getByLabel('Code from the app').fill(app.generate());
    await section.getByRole('button', { name: 'Verify and turn on' }).click();

    const codes = section.getByRole('list', { name: 'Your recovery codes' }).getByRole('listitem');
    await expect(codes).toHaveCount(10);
    await expect(section).toContainText('they will not be shown again');
    const recoveryCodes = (await codes.allTextContents()).map((code) => code.trim());
    expect(new Set(recoveryCodes).size).toBe(10);
    await section.getByRole('button', { name: 'Done' }).click();
    await expect(codes).toHaveCount(0);
    await expect(section.getByText('On', { exact: true })).toBeVisible();
    await expect(section.getByRole('button', { name: 'Turn off' })).toBeVisible();

    // The password alone no longer signs in: the second step asks for the app's code.
    await logOut(page);
    await submitLogin(page, user, password);
    await expect(page).toHaveURL(/\/login\/two-step$/);
    await expect(page.locator('h1')).toHaveText('Two-step sign-in');
    const code = page.getByLabel('Code', { exact: true });
    await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await code.fill(nextCode(app));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(toastOf(page, 'Signed in.')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);

    // A recovery code in place of the app's, once.
    await logOut(page);
    await submitLogin(page, user, password);
    await expect(page).toHaveURL(/\/login\/two-step$/);
    await page.getByLabel('Code', { exact: true }).fill(recoveryCodes[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await logOut(page);
    await submitLogin(page, user, password);
    await expect(page).toHaveURL(/\/login\/two-step$/);
    await page.getByLabel('Code', { exact: true }).fill(recoveryCodes[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText(ACCOUNT_MESSAGES.wrongCode)).toBeVisible();
    await expect(page).toHaveURL(/\/login\/two-step$/);
    expect(unexpected(consoleErrors)).toEqual([]);
  });

  test('a wrong code is refused beside the input and leaves the user on the step; a timed-out step sends back to log in', async ({
    page,
    context,
    consoleErrors,
  }) => {
    const user = 'e2e-acct-wrong';
    const password = 'e2e-acct-wrong-password';
    await createE2eUser(user, password, 3);
    await logInAs(page, user, password);
    const { app } = await turnOnThroughApi(page);
    await logOut(page);

    await submitLogin(page, user, password);
    await expect(page).toHaveURL(/\/login\/two-step$/);
    const code = page.getByLabel('Code', { exact: true });
    // A code of no nearby step: certainly wrong.
    const near = new Set([-1, 0, 1, 2].map((step) => app.generate({ timestamp: Date.now() + step * 30_000 })));
    const wrong = ['000000', '111111', '222222', '333333', '444444', '555555'].find(
      (candidate) => !near.has(candidate),
    )!;
    await code.fill(wrong);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText(ACCOUNT_MESSAGES.wrongCode)).toBeVisible();
    await expect(code).toHaveValue('');
    await expect(code).toBeFocused();
    await expect(code).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/login\/two-step$/);

    // The right code after a wrong one still opens the session.
    await code.fill(nextCode(app));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await logOut(page);

    // Without its challenge (timed out, or never started): back to log in.
    await submitLogin(page, user, password);
    await expect(page).toHaveURL(/\/login\/two-step$/);
    await context.clearCookies({ name: 'folio_challenge' });
    await page.getByLabel('Code', { exact: true }).fill(app.generate());
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText(ACCOUNT_MESSAGES.challengeExpired)).toBeVisible();
    await page.getByRole('link', { name: 'Sign in again' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(unexpected(consoleErrors)).toEqual([]);
  });

  test('a group that requires two-step sign-in keeps its users on their account until it is on; an administrator can turn it off', async ({
    browser,
  }) => {
    const group = 'E2E Two-step group';
    const user = 'e2e-acct-required';
    const password = 'e2e-acct-required-password';

    // The administrator makes the group with the requirement.
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    const adminErrors = watchErrors(admin);
    await signIn(admin, 'admin', E2E_ADMIN_PASSWORD);
    await admin.goto('/newGroup');
    await admin.getByLabel('User Group', { exact: true }).fill(group);
    await admin.getByLabel("Require two-step sign-in for this group's users").check();
    await admin.getByRole('button', { name: 'Save' }).click();
    await expect(admin).toHaveURL(/\/newGrouphome$/);
    const row = admin.locator('tr', { hasText: group });
    await expect(row).toContainText('Required');
    const [{ id: groupId } = { id: 0 }] = queryE2eDatabase<{ id: number }>(
      'select id from user_groups where name = ?',
      group,
    );
    await createE2eUser(user, password, groupId);

    // Its user lands on the account, with the notice; every other screen leads back there.
    const userContext = await browser.newContext();
    const page = await userContext.newPage();
    const userErrors = watchErrors(page);
    await logInAs(page, user, password, /\/account$/);
    await expect(page.locator('main').getByText('Your group requires two-step sign-in.')).toBeVisible();
    for (const screen of ['/Home', '/Blankpage', '/userHomepage']) {
      await page.goto(screen);
      await expect(page).toHaveURL(/\/account$/);
      await expect(page.locator('h1')).toHaveText('Your account');
    }

    // Turned on: the notice goes, the rest of the app opens.
    const section = page.getByRole('region', { name: 'Two-step sign-in' });
    await section.getByRole('button', { name: 'Turn on' }).click();
    const key = ((await section.locator('.account-secret').textContent()) ?? '').replace(/\s+/g, '');
    await section.getByLabel('Code from the app').fill(authenticator(key).generate());
    await section.getByRole('button', { name: 'Verify and turn on' }).click();
    await expect(section.getByRole('list', { name: 'Your recovery codes' }).getByRole('listitem')).toHaveCount(10);
    await expect(page.locator('main').getByText('Your group requires two-step sign-in.')).toHaveCount(0);
    await section.getByRole('button', { name: 'Done' }).click();
    await page.goto('/Blankpage');
    await expect(page).toHaveURL(/\/Blankpage$/);
    await expect(page.locator('h1')).toHaveText('Your menu is empty');

    // The administrator sees it on, and turns it off (a lost phone).
    const [{ id: userId } = { id: 0 }] = queryE2eDatabase<{ id: number }>(
      'select id from users where username = ?',
      user,
    );
    await admin.goto(`/user/${userId}`);
    const twoStep = admin.getByRole('region', { name: 'Two-step sign-in' });
    await expect(twoStep).toContainText('Two-step sign-in: On');
    await twoStep.getByRole('button', { name: 'Turn off two-step sign-in' }).click();
    const dialog = admin.getByRole('alertdialog', { name: 'Turn off two-step sign-in?' });
    await dialog.getByRole('button', { name: 'Turn off' }).click();
    await expect(toastOf(admin, ACCOUNT_MESSAGES.adminReset)).toBeVisible();
    await expect(twoStep).toContainText('Two-step sign-in: Off');
    await expect(twoStep.getByRole('button', { name: 'Turn off two-step sign-in' })).toHaveCount(0);

    // The user is asked to turn it on again before anything else.
    await page.goto('/Blankpage');
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.locator('main').getByText('Your group requires two-step sign-in.')).toBeVisible();

    expect(unexpected(adminErrors)).toEqual([]);
    // The screens the user opened before the guard sent them on may have asked for what was refused (403).
    expect(unexpected(userErrors).filter((error) => !/status of 403/.test(error))).toEqual([]);
    await adminContext.close();
    await userContext.close();
  });

  test('the account screens have no accessibility violations', async ({ page, consoleErrors }) => {
    await page.goto('/forgot-password');
    await expect(page.getByLabel('User name')).toBeVisible();
    await expectNoAxeViolations(page, '/forgot-password');
    await page.goto('/login/two-step');
    await expect(page.getByLabel('Code', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page, '/login/two-step');
    await page.goto('/reset-password?token=not-a-real-token');
    await expect(page.getByLabel('Repeat the new password')).toBeVisible();
    await expectNoAxeViolations(page, '/reset-password');

    const user = 'e2e-acct-axe';
    const password = 'e2e-acct-axe-password';
    await createE2eUser(user, password, 3);
    await signIn(page, user, password);
    await page.goto('/account');
    await expect(page.getByRole('button', { name: 'Turn on' })).toBeVisible();
    await expectNoAxeViolations(page, '/account');
    // The set-up, with its QR code, and the recovery codes.
    const section = page.getByRole('region', { name: 'Two-step sign-in' });
    await section.getByRole('button', { name: 'Turn on' }).click();
    await expect(section.getByRole('img', { name: /^QR code/ })).toBeVisible();
    await expectNoAxeViolations(page, '/account (set-up)');
    const key = ((await section.locator('.account-secret').textContent()) ?? '').replace(/\s+/g, '');
    await section.getByLabel('Code from the app').fill(authenticator(key).generate());
    await section.getByRole('button', { name: 'Verify and turn on' }).click();
    await expect(section.getByRole('list', { name: 'Your recovery codes' }).getByRole('listitem')).toHaveCount(10);
    await expectNoAxeViolations(page, '/account (recovery codes)');
    await section.getByRole('button', { name: 'Done' }).click();
    await expect(section.getByRole('button', { name: 'Turn off' })).toBeVisible();
    await expectNoAxeViolations(page, '/account (on)');
    expect(consoleErrors).toEqual([]);
  });
});
