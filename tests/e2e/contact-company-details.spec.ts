import { E2E_ADMIN_PASSWORD } from '../../playwright.config';
import type { Page } from '@playwright/test';
import { callApi, expect, expectNoAxeViolations, signIn, test } from './fixtures';
import { onOwnSite } from './tenants';

// The Contact editor's button that fills the company's contact details (docs/design.md §24), on a site of its own: the
// default site's Contact page is published by another spec (editors.spec.ts), and this test reads the published
// revision before and after the button.
test.use(onOwnSite('contact'));

/** The Contact editor's fields of the company's details. */
const contactFields = (page: Page) => ({
  address: page.getByLabel('Address', { exact: true }),
  email: page.getByLabel('Email', { exact: true }),
  phone: page.getByLabel('Phone', { exact: true }),
});

test("the Contact editor's 'Use the company's details' fills address, e-mail and phone, unsaved until Save All", async ({
  page,
}) => {
  // The editor's axe check reads the page in its preview too, which takes a while on two cores.
  test.slow();
  await signIn(page, 'admin', E2E_ADMIN_PASSWORD);
  await page.goto('/Contact');
  const fields = contactFields(page);
  await expect(fields.address).not.toHaveValue('');
  const company = await callApi<{ address: string; email: string; phone: string }>(
    page,
    '/api/master/getCompanyContact',
    {},
  );
  const published = await callApi<{ revision: number; address: string }>(page, '/api/master/getcont', {});
  expect(company.address).not.toBe(published.address);

  const use = page.getByRole('button', { name: "Use the company's details" });
  await use.click();
  await expect(fields.address).toHaveValue(company.address);
  await expect(fields.email).toHaveValue(company.email);
  await expect(fields.phone).toHaveValue(company.phone);
  await expect(page.getByRole('status').filter({ hasText: 'Save All publishes them' })).toBeVisible();
  await expect(page.getByText('Unsaved changes', { exact: true })).toBeVisible();
  // Nothing is published by the button itself.
  expect((await callApi<{ revision: number }>(page, '/api/master/getcont', {})).revision).toBe(published.revision);
  await expectNoAxeViolations(page, 'Contact editor');
});
