import { CONTENT_PAGES } from '../../src/core/pages';
import { expect, openHydrated, test } from './fixtures';

test.describe('every public page with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  for (const page of CONTENT_PAGES) {
    test(`${page.publicPath} shows its whole content, menu and footer`, async ({ page: browser }) => {
      const response = await browser.goto(page.publicPath);
      expect(response?.status()).toBe(200);
      await expect(browser.locator('h1')).toHaveCount(1);
      await expect(browser.locator('header nav')).toContainText('Services');
      await expect(browser.locator('footer')).toContainText('We would love to hear from you!');
      await expect(browser.getByRole('link', { name: 'Get In Touch' })).toHaveAttribute('href', '/Contact1');
      await expect(browser.locator('html')).toHaveClass(/no-js/);
      const main = browser.locator('main');
      await expect(main).not.toBeEmpty();
      expect((await main.innerText()).length).toBeGreaterThan(200);
    });
  }
});

test.describe('public pages with JavaScript on', () => {
  for (const page of CONTENT_PAGES) {
    test(`${page.publicPath} hydrates without console errors`, async ({ page: browser, consoleErrors }) => {
      await openHydrated(browser, page.publicPath);
      await expect(browser.locator('html')).toHaveClass(/(^|\s)js(\s|$)/);
      await browser.waitForLoadState('networkidle');
      expect(consoleErrors).toEqual([]);
      await expect(browser).toHaveTitle(/Innovo Software/);
    });
  }

  test('the Home1 carousel moves with next and previous', async ({ page }) => {
    await openHydrated(page, '/Home1');
    const dots = page.locator('[aria-roledescription="carousel"] [aria-current="true"]');
    await expect(dots).toHaveCount(1);
    const current = async () => (await dots.first().getAttribute('aria-label')) ?? '';
    const first = await current();
    await page.getByRole('button', { name: 'Next slide' }).click();
    await expect.poll(current).not.toBe(first);
    await page.getByRole('button', { name: 'Previous slide' }).click();
    await expect.poll(current).toBe(first);
  });

  test('skill bars are drawn at their values', async ({ page }) => {
    await openHydrated(page, '/Home1');
    const ratios = await page.locator('.skill-bar').evaluateAll((bars) =>
      bars.map((bar) => {
        const fill = bar.querySelector('.skill-bar__fill') as HTMLElement;
        return Math.round((fill.getBoundingClientRect().width / bar.getBoundingClientRect().width) * 100);
      }),
    );
    expect(ratios).toEqual([90, 85, 80, 75, 70, 65]);
  });

  test('a broken customer logo falls back to the default image', async ({ page }) => {
    await page.route('**/demo/customers/*.svg', (route, request) =>
      request.url().includes('agrigrid') ? route.fulfill({ status: 404, body: 'gone' }) : route.continue(),
    );
    await openHydrated(page, '/Customers1');
    const logo = page.locator('figure', { hasText: 'AgriGrid' }).locator('img');
    await logo.scrollIntoViewIfNeeded();
    await expect(logo).toHaveAttribute('src', /default-logo\.svg$/);
    await expect(page.locator('figure')).toHaveCount(20);
  });

  test('unknown paths show the 404 page with status 404', async ({ page }) => {
    const response = await openHydrated(page, '/this-page-does-not-exist');
    expect(response?.status()).toBe(404);
    await expect(page.locator('h1')).toContainText('Page not found');
    await page.getByRole('link', { name: /home/i }).first().click();
    await expect(page).toHaveURL(/\/Home1$/);
  });

  test('old short routes and lower-case routes land on the canonical page', async ({ page }) => {
    await openHydrated(page, '/prd3');
    await expect(page).toHaveURL(/\/InnovoCare1$/);
    await openHydrated(page, '/home1');
    await expect(page).toHaveURL(/\/Home1$/);
  });
});
