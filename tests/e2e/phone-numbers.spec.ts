import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, openHydrated, queryE2eDatabase, startSetupServer, test } from './fixtures';

/**
 * Phone numbers of any country (docs/design.md §34). The contact page is shared with contact.spec.ts: each enquiry here
 * is found by its own requirements, nothing is counted globally, and the company stays as it is (Indian): a
 * number typed with + is valid in any company, so a visitor abroad needs no German company to be heard.
 */
const WIDTHS = [390, 1280] as const;

async function sendEnquiry(page: Page, mobile: string, marker: string) {
  await openHydrated(page, '/Contact1');
  await page.getByLabel('Contact Person').fill('Jonas Weber');
  await page.getByLabel('Email').fill('jonas@example.de');
  await page.getByLabel('Mobile').fill(mobile);
  await page.getByLabel('Requirements').fill(marker);
  // Nothing typed is cut: the field keeps the whole number.
  await expect(page.getByLabel('Mobile')).toHaveValue(mobile);
  const submit = page.getByRole('button', { name: 'Submit' });
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(page.getByText('Thank you. Your enquiry has reached us, and we will reply soon.')).toBeVisible();
  return queryE2eDatabase<{ mobile: string }>('select mobile from enquiries where requirements = ?', marker);
}

test.describe('phone numbers on the contact form', () => {
  test('a visitor abroad sends +49 151 23456789, stored as E.164; the hint says so', async ({
    page,
    consoleErrors,
  }) => {
    const marker = `Phone abroad ${Date.now()}`;
    await openHydrated(page, '/Contact1');
    await expect(page.getByText('10 digits, or with the country code, like +49 151 23456789')).toBeVisible();
    expect(await sendEnquiry(page, '+49 151 23456789', marker)).toEqual([{ mobile: '+4915123456789' }]);
    expect(consoleErrors).toEqual([]);
  });

  test("an Indian visitor's 10-digit mobile is taken as typed; a wrong number is refused at the field", async ({
    page,
    consoleErrors,
  }) => {
    const marker = `Phone India ${Date.now()}`;
    await openHydrated(page, '/Contact1');
    const mobile = page.getByLabel('Mobile');
    await mobile.fill('+49 15');
    await mobile.blur();
    await expect(
      page.getByText('Enter a valid phone number with its country code, like +49 151 23456789.'),
    ).toBeVisible();
    await expect(mobile).toHaveAttribute('aria-invalid', 'true');
    expect(await sendEnquiry(page, '9876543210', marker)).toEqual([{ mobile: '9876543210' }]);
    expect(consoleErrors).toEqual([]);
  });

  test("the server's refusal of a number the browser let through shows at the field, in a sentence", async ({
    page,
  }) => {
    await openHydrated(page, '/Contact1');
    await page.getByLabel('Contact Person').fill('Jonas Weber');
    await page.getByLabel('Email').fill('jonas@example.de');
    // Eight digits after +49: the browser's lenient check takes it, libphonenumber-js on the server does not.
    await page.getByLabel('Mobile').fill('+49 0000 0000');
    await page.getByLabel('Requirements').fill(`Phone refused ${Date.now()}`);
    await page.getByRole('button', { name: 'Submit' }).click();
    const mobile = page.getByLabel('Mobile');
    await expect(mobile).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#contact-mobile-error')).toHaveText(
      'Enter a valid phone number with its country code, like +49 151 23456789.',
    );
    await expect(mobile).toBeFocused();
    await expect(mobile).toHaveValue('+49 0000 0000');
  });

  for (const width of WIDTHS) {
    test(`the contact form passes axe at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await openHydrated(page, '/Contact1');
      await page.getByLabel('Mobile').fill('+49 15');
      await page.getByLabel('Mobile').blur();
      await expect(page.getByLabel('Mobile')).toHaveAttribute('aria-invalid', 'true');
      await expectNoAxeViolations(page, `contact form at ${width} px`);
    });
  }
});

test.describe('phone numbers in the first-run setup', () => {
  test('setup says why Submit waits and keeps "+49 30 1234567" whole for a German company', async ({ browser }) => {
    // A server started for it, and axe on two screens at two widths: more than a minute on a busy machine.
    test.setTimeout(180_000);
    // Setup shows only on an empty database: a server of this test's own, on its own data folder and port.
    const server = await startSetupServer('phone-setup');
    const { code } = server;
    try {
      // A context of its own (axe needs one), on this server.
      const context = await browser.newContext({ baseURL: server.baseURL });
      const page = await context.newPage();
      await page.goto('/companyForm');
      await expect(page.locator('h1')).toHaveText('Set up Folio');
      const submit = page.getByRole('button', { name: 'Submit' });
      const why = page.locator('#setup-submit-why');
      await expect(submit).toBeDisabled();
      await expect(why).toContainText(
        'Company Code, Company Name, Address, Contact Number, Email, User name, Password, Setup code',
      );
      await expect(submit).toHaveAccessibleDescription(/Submit becomes possible once these are filled in correctly/);
      // India is the default country.
      await expect(page.getByLabel('Country of the company')).toHaveValue('IN');
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await expectNoAxeViolations(page, `setup at ${width} px`);
      }

      await page.getByLabel('Company code').fill('BERLIN');
      await page.getByLabel('Company name').fill('Spree Software GmbH');
      await page.getByLabel('Address').fill('Friedrichstraße 10, Berlin');
      await page.getByLabel('Country of the company').selectOption('DE');
      const contact = page.getByLabel('Contact number');
      await contact.fill('+49 30 1234567');
      await contact.blur();
      await expect(contact).toHaveValue('+49 30 1234567');
      await page.getByLabel('Email').fill('hallo@spree.example.de');
      await page.getByLabel('User name').fill('owner');
      await page.getByLabel('Password', { exact: true }).fill('owner-password-123');
      await page.getByLabel('Confirm password').fill('owner-password-123');
      await expect(why).toContainText('Setup code');
      await expect(why).not.toContainText('Contact Number');
      // A wrong code first: its toast must not outlive the success.
      await page.getByLabel('Setup code').fill('AAAA-BBBB-CCCC');
      await submit.click();
      await expect(page.locator('.Toastify').getByText('The setup code is not correct.')).toBeVisible();
      await page.getByLabel('Setup code').fill(code);
      await expect(why).toHaveCount(0);
      await submit.click();
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.locator('.Toastify').getByText('Folio is set up.')).toBeVisible();
      await expect(page.locator('.Toastify').getByText('The setup code is not correct.')).toHaveCount(0);

      const company = await (await page.request.post('/api/master/getCompanyContact', { data: {} })).status();
      // Not signed in: the details are read back after logging in.
      expect(company).toBe(401);
      await page.getByLabel('Username').fill('owner');
      await page.getByLabel('Password').fill('owner-password-123');
      await page.getByRole('button', { name: 'Log In' }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
      await page.goto('/companyForm');
      await expect(page.getByLabel('Contact number')).toHaveValue('+49 30 1234567');
      await expect(page.getByLabel('Country of the company')).toHaveValue('DE');
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await expectNoAxeViolations(page, `company details at ${width} px`);
      }
      await context.close();
    } finally {
      server.stop();
    }
  });
});
