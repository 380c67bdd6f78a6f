import sharp from 'sharp';
import { E2E_ADMIN_PASSWORD } from '../../playwright.config';
import { callApi, expect, expectNoAxeViolations, logInAs, test, toastOf } from './fixtures';

/**
 * The company's own words on the public site (docs/design.md §20): the administrator gives the footer a tagline and the
 * site a logo (uploaded like the editors' images) in the company details; the public pages show them at once.
 */
test('an administrator sets the tagline and uploads the logo in the company details', async ({ page, request }) => {
  await logInAs(page, 'admin', E2E_ADMIN_PASSWORD);
  const before = await callApi<Record<string, string>>(page, '/api/master/getCompanyDetails', {});
  try {
    await page.goto('/companyForm');
    const tagline = page.getByLabel('Tagline');
    await expect(tagline).toHaveValue('Bespoke software, CRM and clinic software from Pune, India.');
    // Whatever logo the company has now (firm-logo.spec.ts may be changing it at the same time).
    await expect(page.getByLabel('Logo', { exact: true })).toHaveValue(before.logo ?? '');
    await expectNoAxeViolations(page, 'company details');

    await tagline.fill('Widgets for every workshop');
    const png = await sharp({ create: { width: 600, height: 315, channels: 3, background: '#0f766e' } })
      .png()
      .toBuffer();
    await page
      .getByLabel('Choose an image file (PNG or JPEG)')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
    await expect(toastOf(page, 'Image uploaded.')).toBeVisible();
    const logo = page.getByLabel('Logo', { exact: true });
    await expect(logo).toHaveValue(/^\/uploads\/photos\/company\/[0-9a-f]{24}_600x315\.png$/);
    const logoUrl = await logo.inputValue();

    // A wrong address says so beside the field and blocks the save.
    await logo.fill('javascript:alert(1)');
    await expect(
      page.getByText('Optional: an uploaded image, or an address starting with https:// or http://'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Submit' })).toBeDisabled();
    await logo.fill(logoUrl);

    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(toastOf(page, 'Company details saved.')).toBeVisible();
    expect(await callApi<Record<string, string>>(page, '/api/master/getCompanyDetails', {})).toMatchObject({
      tagline: 'Widgets for every workshop',
      logo: logoUrl,
    });
    expect((await request.get(logoUrl)).headers()['content-type']).toBe('image/png');

    await page.goto('/News1');
    await expect(page.locator('footer')).toContainText('Widgets for every workshop');
    await expect(page.locator('footer')).not.toContainText('from Pune');
  } finally {
    // The other tests read the demo company's words.
    await callApi(page, '/api/master/saveCompanyDetails', before);
  }
});
