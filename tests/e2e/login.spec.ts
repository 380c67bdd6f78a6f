import { E2E_ADMIN_PASSWORD } from '../../playwright.config';
import sharp from 'sharp';
import { createE2eUser, expect, expectNoAxeViolations, sidewaysScroll, startSetupServer, test } from './fixtures';

const toast = (page: import('@playwright/test').Page, text: string | RegExp) =>
  page.locator('.Toastify').getByText(text);

async function logInThroughForm(page: import('@playwright/test').Page, username: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

test.describe('login, menu, guard and logout', () => {
  test('an administrator logs in, sees their menu, and logs out to the public site', async ({
    page,
    consoleErrors,
  }) => {
    await logInThroughForm(page, 'admin', E2E_ADMIN_PASSWORD);
    await expect(toast(page, 'Signed in.')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    // The staff app's own frame: the user's menu in the sidebar, Log out in the top bar.
    const staffMenu = page.getByRole('navigation', { name: 'Staff menu' });
    const topBar = page.getByRole('banner');
    await expect(staffMenu.getByRole('button', { name: 'Administration' })).toBeVisible();
    await expect(topBar.getByRole('button', { name: 'Log out' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Log in' })).toHaveCount(0);
    // The session is an HttpOnly cookie; storage keeps only the profile, never the token.
    const stored = await page.evaluate(() => JSON.stringify(localStorage));
    const cookies = await page.context().cookies();
    const session = cookies.find((c) => c.name === 'folio_session');
    expect(session?.httpOnly).toBe(true);
    expect(stored).not.toContain(session?.value ?? 'no-session');

    await topBar.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/Home1$/);
    await expect(page.locator('header').getByRole('link', { name: 'Log in' })).toBeVisible();
    await page.goto('/Home');
    await expect(page).toHaveURL(/\/Home1$/);
    expect(consoleErrors.filter((e) => !e.includes('401'))).toEqual([]);
  });

  test('wrong password and empty fields get the spec messages', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(toast(page, 'Enter your user name and password.')).toBeVisible();
    await logInThroughForm(page, 'admin', 'not-the-password');
    await expect(toast(page, 'The user name or password is not right.')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a visitor without a session is sent from a guarded screen to Home1', async ({ page }) => {
    for (const route of ['/userHomepage', '/News', '/Blankpage']) {
      await page.goto(route);
      await expect(page).toHaveURL(/\/Home1$/);
    }
  });

  test('an editor reaches the editing twins and gets "not allowed" for a back-office screen', async ({ page }) => {
    await createE2eUser('e2e-editor', 'e2e-editor-password', 3);
    await logInThroughForm(page, 'e2e-editor', 'e2e-editor-password');
    await expect(page).toHaveURL(/\/dashboard$/);
    const staffMenu = page.getByRole('navigation', { name: 'Staff menu' });
    // The menu has loaded (News is in it) and has no Administration.
    await expect(staffMenu.getByRole('link', { name: 'News', exact: true })).toBeVisible();
    await expect(staffMenu.getByRole('button', { name: 'Administration' })).toHaveCount(0);
    await staffMenu.getByRole('link', { name: 'News', exact: true }).click();
    await expect(page).toHaveURL(/\/News$/);
    await expect(page.locator('h1')).toContainText('News');
    await page.goto('/userHomepage');
    await expect(page.locator('h1')).toHaveText('Not allowed');
    await page.goto('/companyForm');
    await expect(page.locator('h1')).toHaveText('Not allowed');
  });

  test('a user with an empty menu lands on Blankpage', async ({ page }) => {
    await createE2eUser('e2e-newcomer', 'e2e-newcomer-password', { newGroup: 'E2E empty group' });
    await logInThroughForm(page, 'e2e-newcomer', 'e2e-newcomer-password');
    await expect(page).toHaveURL(/\/Blankpage$/);
    await expect(page.locator('h1')).toHaveText('Your menu is empty');
  });

  test('repeated wrong passwords lock the account for a while', async ({ page }) => {
    await createE2eUser('e2e-locked', 'e2e-locked-password', 3);
    for (let i = 0; i < 5; i += 1) {
      await logInThroughForm(page, 'e2e-locked', `wrong-${i}`);
      await expect(toast(page, 'The user name or password is not right.')).toBeVisible();
      await page.locator('.Toastify').evaluate((el) => (el.innerHTML = ''));
    }
    await logInThroughForm(page, 'e2e-locked', 'e2e-locked-password');
    await expect(toast(page, /Too many failed attempts/)).toBeVisible();
  });

  test('an administrator edits the company details and the site shows the new name', async ({ page }) => {
    await logInThroughForm(page, 'admin', E2E_ADMIN_PASSWORD);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/companyForm');
    const name = page.getByLabel('Company name');
    await expect(name).toHaveValue('Innovo Software Pvt. Ltd.');
    await page.getByLabel('Contact number').fill('12345');
    await page.getByLabel('Contact number').blur();
    await expect(page.getByText('Must be exactly 10 digits')).toBeVisible();
    await page.getByLabel('Contact number').fill('2045678900');
    await name.fill('Innovo Software Ltd');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(toast(page, 'Company details saved.')).toBeVisible();
    await page.goto('/About1');
    await expect(page.locator('footer')).toContainText('Innovo Software Ltd');
    // Put the name back for the other tests.
    await page.goto('/companyForm');
    await page.getByLabel('Company name').fill('Innovo Software Pvt. Ltd.');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(toast(page, 'Company details saved.')).toBeVisible();
  });
});

test.describe('first-run setup', () => {
  test('a new company sets up Folio with the code from the log and logs in', async ({ browser }) => {
    const server = await startSetupServer('setup');
    const { code } = server;
    try {
      // A context of its own (axe needs one, not browser.newPage's).
      const context = await browser.newContext({ baseURL: server.baseURL });
      const page = await context.newPage();
      await page.goto('/login');
      await page.getByRole('link', { name: 'Set up Folio' }).click();
      await expect(page).toHaveURL(/\/companyForm$/);
      await expect(page.locator('h1')).toHaveText('Set up Folio');
      // Nobody is logged in yet: the centred column, neither the staff menu nor the public header and footer.
      await expect(page.getByRole('navigation', { name: 'Staff menu' })).toHaveCount(0);
      await expect(page.locator('.site-header, .site-footer')).toHaveCount(0);
      const submit = page.getByRole('button', { name: 'Submit' });
      await expect(submit).toBeDisabled();
      await page.getByLabel('Company code').fill('AB');
      await page.getByLabel('Company code').blur();
      await expect(page.getByText('Required (4–20 chars)')).toBeVisible();
      await page.getByLabel('Company code').fill('NEWCO');
      await page.getByLabel('Company name').fill('Newco Solutions');
      await page.getByLabel('Address').fill('5 Baner Road, Pune');
      await page.getByLabel('Contact number').fill('9822012345');
      await page.getByLabel('Email').fill('hello@newco.example.in');
      await page.getByLabel('User name').fill('owner');
      await page.getByLabel('Password', { exact: true }).fill('owner-password-123');
      await page.getByLabel('Confirm password').fill('owner-password-123');
      // The firm's own logo, chosen at setup (docs/design.md §34): shown as it will be, uploaded with the setup code.
      const logo = await sharp({
        create: { width: 360, height: 120, channels: 3, background: { r: 20, g: 90, b: 160 } },
      })
        .png()
        .toBuffer();
      await page.getByLabel('Logo').setInputFiles({ name: 'newco-logo.png', mimeType: 'image/png', buffer: logo });
      const chosen = page.getByRole('img', { name: 'The logo chosen: newco-logo.png' });
      await expect.poll(() => chosen.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(360);
      await page.getByLabel('Setup code').fill(code);
      await expect(submit).toBeEnabled();
      await expectNoAxeViolations(page, 'the setup form with a logo chosen');
      await page.setViewportSize({ width: 390, height: 844 });
      await expect.poll(() => sidewaysScroll(page)).toBe(0);
      await expect
        .poll(() =>
          page
            .getByRole('button', { name: 'Remove the logo' })
            .evaluate(
              (button) =>
                button.getBoundingClientRect().right <= button.closest('fieldset')!.getBoundingClientRect().right,
            ),
        )
        .toBe(true);
      await page.setViewportSize({ width: 1280, height: 900 });
      await submit.click();
      await expect(page.locator('.Toastify').getByText('Folio is set up.')).toBeVisible();
      await expect(page).toHaveURL(/\/login$/);
      await page.getByLabel('Username').fill('owner');
      await page.getByLabel('Password').fill('owner-password-123');
      await page.getByRole('button', { name: 'Log In' }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByRole('banner')).toContainText('Newco Solutions');
      // The logo is the staff top bar's and the public header's.
      await expect(page.locator('.staff-topbar .shell-brand__logo')).toHaveAttribute(
        'src',
        /^\/uploads\/photos\/company\/[0-9a-f]{24}_360x120\.png$/,
      );
      const uploaded = await page.locator('.staff-topbar .shell-brand__logo').getAttribute('src');
      await page.goto('/Home1');
      await expect(page.locator('.site-header .brand__logo')).toHaveAttribute('src', uploaded!);
      await expect
        .poll(() =>
          page
            .locator('.site-header .brand__logo')
            .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
        )
        .toBe(true);
      await context.close();
    } finally {
      server.stop();
    }
  });
});
