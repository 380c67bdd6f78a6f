import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { E2E_ADMIN_PASSWORD } from '../../playwright.config';
import { callApi, expect, expectNoAxeViolations, logInAs, test, toastOf } from './fixtures';

/**
 * docs/design.md §34: the logo an administrator uploads in the company details is the public header's, the staff app's top
 * bar's and the favicon's. The company details are every spec's: this one puts them back when it ends, and looks
 * at nothing another spec counts.
 */
// Three minutes a test: each runs axe over two screens at two widths, on a machine that may be busy.
test.describe.configure({ mode: 'serial', timeout: 180_000 });

/** Where the header's screenshots go, to be looked at (390, 768 and 1280 px; a wide and a tall logo). */
const SHOTS = path.join('test-results', 'firm-logo');
const WIDTHS = [390, 768, 1280];

let original: Record<string, string> | undefined;

test.afterAll(async ({ browser }) => {
  if (!original) return;
  const page = await browser.newPage();
  await logInAs(page, 'admin', E2E_ADMIN_PASSWORD);
  await callApi(page, '/api/master/saveCompanyDetails', original);
  await page.close();
});

/** A logo of two colours (a band across its middle), `width` × `height`. */
const logoPng = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: '#0b2545' } })
    .composite([
      {
        input: { create: { width, height: Math.max(1, Math.round(height / 3)), channels: 4, background: '#f59e0b' } },
        top: Math.round(height / 3),
        left: 0,
      },
    ])
    .png()
    .toBuffer();

/** Uploads a logo on the company details screen and submits the form; the logo's address. */
async function uploadLogo(page: Page, name: string, bytes: Buffer): Promise<string> {
  await page.goto('/companyForm');
  await page
    .getByLabel('Choose an image file (PNG or JPEG)')
    .setInputFiles({ name, mimeType: 'image/png', buffer: bytes });
  await expect(toastOf(page, 'Image uploaded.')).toBeVisible();
  const field = page.getByLabel('Logo', { exact: true });
  await expect(field).toHaveValue(/^\/uploads\/photos\/company\/[0-9a-f]{24}_\d+x\d+\.png$/);
  const logo = await field.inputValue();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(toastOf(page, 'Company details saved.')).toBeVisible();
  return logo;
}

/** The header at each width: no sideways scroll, the logo within the header's height and beside the name. */
async function checkHeaderAtWidths(page: Page, shot: string): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    const measured = await page.evaluate(() => {
      const box = (selector: string) => document.querySelector(selector)!.getBoundingClientRect();
      const logo = box('.brand__logo');
      const header = box('.site-header__bar');
      const toggle = document.querySelector('.nav-toggle')!.getBoundingClientRect();
      const login = box('.login-link');
      const name = box('.brand__name');
      return {
        sideways: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        logoHeight: logo.height,
        inside: logo.top >= header.top && logo.bottom <= header.bottom && logo.left >= 0,
        beforeName: logo.right <= name.left,
        clearOfButtons: [toggle, login].every((other) => other.width === 0 || logo.right <= other.left),
      };
    });
    expect(measured, `${width} px`).toEqual({
      sideways: 0,
      logoHeight: 40,
      inside: true,
      beforeName: true,
      clearOfButtons: true,
    });
    await page.locator('.site-header').screenshot({ path: path.join(SHOTS, `${shot}-${width}.png`) });
  }
}

test('an administrator uploads the logo: the public header, the staff top bar and the favicon show it', async ({
  page,
  request,
  consoleErrors,
}) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  await logInAs(page, 'admin', E2E_ADMIN_PASSWORD);
  original = await callApi<Record<string, string>>(page, '/api/master/getCompanyDetails', {});
  const firm = original.companyName!;
  await page.goto('/Home1');
  const favicon = page.locator('link[rel="icon"]');
  const demoIcon = await favicon.getAttribute('href');
  expect(demoIcon).toMatch(/^\/favicon-32\.png\?v=/);

  const logo = await uploadLogo(page, 'wide-logo.png', await logoPng(480, 120));
  // The staff app's top bar: the session is read again after the save.
  const topBarLogo = page.locator('.staff-topbar .shell-brand__logo');
  await expect(topBarLogo).toHaveAttribute('src', logo);
  await expect(page.locator('.staff-topbar').getByRole('link', { name: firm, exact: true })).toBeVisible();
  // The tab's icon too, without a reload: its new version (checked against the public page's below).
  const staffIcon = page.locator('link[rel="icon"]');
  await expect(staffIcon).toHaveAttribute('href', /^\/favicon-32\.png\?v=/);
  await expect(staffIcon).not.toHaveAttribute('href', demoIcon!);
  const staffIconHref = await staffIcon.getAttribute('href');
  await expectNoAxeViolations(page, "company details with the firm's logo");

  // The public header, on the next page view; its logo keeps its box while it loads (nothing shifts).
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**${logo}`, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/Home1', { waitUntil: 'domcontentloaded' });
  const brandLogo = page.locator('.site-header .brand__logo');
  await expect(brandLogo).toHaveAttribute('src', logo);
  await expect(brandLogo).toHaveAttribute('alt', firm);
  await expect(page.locator('.site-header').getByRole('link', { name: firm, exact: true })).toBeVisible();
  const nameAt = () => page.locator('.brand__name').evaluate((name) => Math.round(name.getBoundingClientRect().left));
  const beforeLoad = await nameAt();
  release();
  await page.unroute(`**${logo}`);
  await expect
    .poll(() => brandLogo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  expect(await nameAt()).toBe(beforeLoad);

  // The favicon: a new version, a 32 × 32 PNG made from the logo.
  const icon = await favicon.getAttribute('href');
  expect(icon).toMatch(/^\/favicon-32\.png\?v=/);
  expect(icon).not.toBe(demoIcon);
  expect(icon).toBe(staffIconHref);
  const served = await request.get(icon!);
  expect(served.headers()['content-type']).toBe('image/png');
  expect(await sharp(await served.body()).metadata()).toMatchObject({ width: 32, height: 32 });
  expect(await page.locator('link[rel="apple-touch-icon"]').getAttribute('href')).toMatch(
    /^\/apple-touch-icon\.png\?v=/,
  );

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await expectNoAxeViolations(page, `the home page with the firm's logo at ${width} px`);
  }
  await checkHeaderAtWidths(page, 'wide');

  // The staff app loaded afresh links the new icon too.
  await page.goto('/companyForm');
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', icon!);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await expect(topBarLogo).toBeVisible();
    await expectNoAxeViolations(page, `company details at ${width} px`);
    await page.locator('.staff-topbar').screenshot({ path: path.join(SHOTS, `staff-wide-${width}.png`) });
  }
  expect(consoleErrors).toEqual([]);
});

test('a tall logo fits the header at 390, 768 and 1280 px', async ({ page, consoleErrors }) => {
  await logInAs(page, 'admin', E2E_ADMIN_PASSWORD);
  const logo = await uploadLogo(page, 'tall-logo.png', await logoPng(120, 480));
  await page.goto('/Home1');
  await expect(page.locator('.site-header .brand__logo')).toHaveAttribute('src', logo);
  await checkHeaderAtWidths(page, 'tall');
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/companyForm');
  await expect(page.locator('.staff-topbar .shell-brand__logo')).toHaveAttribute('src', logo);
  await page.locator('.staff-topbar').screenshot({ path: path.join(SHOTS, 'staff-tall-390.png') });
  expect(consoleErrors).toEqual([]);
});
