import fs from 'node:fs';
import { E2E_CONTACT_RECIPIENT, E2E_MAIL_LOG } from '../../playwright.config';
import { expect, openHydrated, queryE2eDatabase, test } from './fixtures';

/** The mails the e2e SMTP server received (scripts/e2e-smtp.mjs). */
const receivedMails = (): Array<{ to: string[]; raw: string }> =>
  fs.existsSync(E2E_MAIL_LOG!)
    ? fs
        .readFileSync(E2E_MAIL_LOG!, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line))
    : [];

test.describe('contact form', () => {
  test('validates as the spec says and stores a valid enquiry', async ({ page, consoleErrors }) => {
    await openHydrated(page, '/Contact1');
    const submit = page.getByRole('button', { name: 'Submit' });
    await expect(submit).toBeDisabled();

    const person = page.getByLabel('Contact Person');
    await person.focus();
    await person.blur();
    await expect(page.getByText('Contact Person is required.')).toBeVisible();
    // Untouched fields show no error yet.
    await expect(page.getByText('Valid email is required.')).toHaveCount(0);

    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Email').blur();
    await expect(page.getByText('Valid email is required.')).toBeVisible();
    await page.getByLabel('Mobile').fill('98765');
    await page.getByLabel('Mobile').blur();
    await expect(page.getByText('Enter a valid 10-digit mobile number.')).toBeVisible();
    await page.getByLabel('Requirements').focus();
    await page.getByLabel('Requirements').blur();
    await expect(page.getByText('Requirements are required.')).toBeVisible();
    await expect(submit).toBeDisabled();

    const marker = `E2E enquiry ${Date.now()}`;
    // A person takes more than the spam guard's minimum fill time (1 s in these tests).
    await page.waitForTimeout(1_200);
    await page.getByLabel('Organization').fill('Sahyadri Tools');
    await person.fill('Kavita Joshi');
    await page.getByLabel('Email').fill('kavita@example.in');
    await page.getByLabel('Mobile').fill('9822012345');
    await page.getByLabel('Requirements').fill(marker);
    await expect(page.getByText('Contact Person is required.')).toHaveCount(0);
    await expect(submit).toBeEnabled();
    await submit.click();

    await expect(page.getByText('Thank you. Your enquiry has reached us, and we will reply soon.')).toBeVisible();
    await expect(person).toHaveValue('');
    await expect(page.getByLabel('Requirements')).toHaveValue('');
    await expect(submit).toBeDisabled();
    const rows = queryE2eDatabase<{ name: string; email: string; mobile: string; status: string }>(
      'select name, email, mobile, status from enquiries where requirements = ?',
      marker,
    );
    expect(rows).toEqual([{ name: 'Kavita Joshi', email: 'kavita@example.in', mobile: '9822012345', status: 'New' }]);
    // The firm hears of it: mailed to the configured recipient, Reply-To the enquirer.
    await expect
      .poll(() => receivedMails().filter((mail) => mail.raw.includes(marker)).length, { timeout: 15_000 })
      .toBe(1);
    const mail = receivedMails().find((m) => m.raw.includes(marker))!;
    expect(mail.to).toEqual([E2E_CONTACT_RECIPIENT]);
    expect(mail.raw).toMatch(/^Reply-To: Kavita Joshi <kavita@example\.in>\r?$/m);
    expect(mail.raw).toMatch(/^Subject: Enquiry from Sahyadri Tools \(Kavita Joshi\)\r?$/m);
    expect(consoleErrors).toEqual([]);
  });

  test('works without JavaScript: errors in sentences with the values kept, then the enquiry is saved', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/Contact1');
    const marker = `No-JS enquiry ${Date.now()}`;
    await page.getByLabel('Contact Person').fill('Rahul Deshmukh');
    await page.getByLabel('Email').fill('rahul@example');
    await page.getByLabel('Mobile').fill('12345');
    await page.getByLabel('Requirements').fill(marker);
    await page.waitForTimeout(1_200);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(/\/Contact1#contact-form$/);
    await expect(page.getByText('Valid email is required.')).toBeVisible();
    await expect(page.getByText('Enter a valid 10-digit mobile number.')).toBeVisible();
    await expect(page.getByLabel('Contact Person')).toHaveValue('Rahul Deshmukh');
    await expect(page.getByLabel('Requirements')).toHaveValue(marker);
    expect(queryE2eDatabase('select id from enquiries where requirements = ?', marker)).toEqual([]);

    await page.getByLabel('Email').fill('rahul@example.in');
    await page.getByLabel('Mobile').fill('9822098220');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Thank you. Your enquiry has reached us, and we will reply soon.')).toBeVisible();
    await expect(page.getByLabel('Contact Person')).toHaveValue('');
    expect(
      queryE2eDatabase<{ name: string; status: string }>(
        'select name, status from enquiries where requirements = ?',
        marker,
      ),
    ).toEqual([{ name: 'Rahul Deshmukh', status: 'New' }]);
    await context.close();
  });

  test('shows the Reach Us block with address, map link, e-mail and phone', async ({ page }) => {
    await openHydrated(page, '/Contact1');
    const reach = page.locator('main').getByText('Reach Us').first();
    await expect(reach).toBeVisible();
    await expect(page.locator('main')).toContainText('Pune');
    const map = page.getByRole('link', { name: /maps service/i });
    await expect(map).toHaveAttribute('href', /^https:\/\//);
    await expect(map.locator('img')).toBeVisible();
    await expect(page.locator('main a[href^="mailto:"]')).toHaveCount(1);
    await expect(page.locator('main a[href^="tel:"]')).toHaveCount(1);
  });
});
