import { ACCOUNT_MESSAGES } from '../../src/core/schemas/account';
import {
  createE2eUser,
  expect,
  expectNoAxeViolations,
  issueE2eOneTimePassword,
  logInAs,
  queryE2eDatabase,
  test,
  toastOf,
} from './fixtures';

/**
 * docs/design.md §22 in the browser: `./folio user reset-password <name>` gives a one-time password; signing in with it
 * opens the account only, with a notice and the password form first, until the user chooses their own.
 */

const EDITORS = 3;
const ONE_TIME_NOTICE =
  'You signed in with a one-time password. Choose your own password now; until then only this page is open.';

test('a one-time password from the shell opens only the account until the user chooses their own password', async ({
  page,
  consoleErrors,
}) => {
  const user = 'e2e-one-time';
  await createE2eUser(user, 'e2e-one-time-first-password', EDITORS);
  const oneTime = await issueE2eOneTimePassword(user);
  expect(oneTime).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);

  // Signing in with it lands on the account, with the notice and the password form first, focused; no menu.
  await logInAs(page, user, oneTime, /\/account$/);
  const main = page.locator('main');
  await expect(main.getByText(ONE_TIME_NOTICE)).toBeVisible();
  await expect(main.getByRole('heading', { level: 2 }).first()).toHaveText('Choose your password');
  await expect(page.getByLabel('One-time password')).toBeFocused();
  const menu = page.getByRole('navigation', { name: 'Staff menu' });
  await expect(menu.getByRole('link')).toHaveCount(0);
  await expectNoAxeViolations(page, '/account (one-time password)');

  // Every other screen leads back here, and the server refuses the calls of every other screen.
  for (const screen of ['/Home', '/Blankpage']) {
    await page.goto(screen);
    await expect(page).toHaveURL(/\/account$/);
    await expect(main.getByText(ONE_TIME_NOTICE)).toBeVisible();
  }
  const held = await page.evaluate(async () => {
    const xsrf = decodeURIComponent(
      document.cookie
        .split('; ')
        .find((c) => c.startsWith('XSRF-TOKEN='))
        ?.slice(11) ?? '',
    );
    const response = await fetch('/api/master/getpagehistory', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-xsrf-token': xsrf },
      body: JSON.stringify({ commonrouting: 'Home' }),
    });
    return { status: response.status, body: (await response.json()) as { message: string } };
  });
  expect(held).toEqual({ status: 403, body: { message: ACCOUNT_MESSAGES.passwordChangeRequired } });

  // The user's own password: the notice gives way, the menu appears, and the rest of the app opens.
  await expect(page.getByLabel('One-time password')).toBeFocused();
  await page.keyboard.type(oneTime);
  await page.getByLabel('New password', { exact: true }).fill('e2e-one-time-own-password');
  await page.getByLabel('Repeat the new password').fill('e2e-one-time-own-password');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(toastOf(page, ACCOUNT_MESSAGES.passwordChanged)).toBeVisible();
  await expect(main.getByText('Your own password is set, and the rest of the app is open again.')).toBeVisible();
  await expect(main.getByText(ONE_TIME_NOTICE)).toHaveCount(0);
  await expect(menu.getByRole('link').first()).toBeVisible();
  expect(
    queryE2eDatabase<{ password_must_change: number }>(
      'select password_must_change from users where username = ?',
      user,
    ),
  ).toEqual([{ password_must_change: 0 }]);
  await main.getByRole('link', { name: 'Go to your start page' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/Home');
  await expect(page).toHaveURL(/\/Home$/);
  await expect(page.locator('h1')).not.toHaveText('Your account');
  // The one refusal made on purpose above; the account page itself calls nothing it may not.
  expect(consoleErrors.filter((error) => !/status of 403.*\/api\/master\/getpagehistory/.test(error))).toEqual([]);
});
