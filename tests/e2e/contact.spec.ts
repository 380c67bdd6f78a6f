import { expect, openHydrated, queryE2eDatabase, test } from './fixtures';

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
    await page.getByLabel('Organization').fill('Sahyadri Tools');
    await person.fill('Kavita Joshi');
    await page.getByLabel('Email').fill('kavita@example.in');
    await page.getByLabel('Mobile').fill('9822012345');
    await page.getByLabel('Requirements').fill(marker);
    await expect(page.getByText('Contact Person is required.')).toHaveCount(0);
    await expect(submit).toBeEnabled();
    await submit.click();

    await expect(page.getByText('Record Saved Successfully!')).toBeVisible();
    await expect(person).toHaveValue('');
    await expect(page.getByLabel('Requirements')).toHaveValue('');
    await expect(submit).toBeDisabled();
    const rows = queryE2eDatabase<{ name: string; email: string; mobile: string }>('select name, email, mobile from enquiries where requirements = ?', marker);
    expect(rows).toEqual([{ name: 'Kavita Joshi', email: 'kavita@example.in', mobile: '9822012345' }]);
    expect(consoleErrors).toEqual([]);
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
