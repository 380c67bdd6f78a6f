import { expect, openHydrated, test } from './fixtures';

test.describe('header menu on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('a sub-menu opens by click and closes on a click outside', async ({ page }) => {
    await openHydrated(page, '/Home1');
    const services = page.getByRole('button', { name: 'Services' });
    await expect(services).toHaveAttribute('aria-expanded', 'false');
    await services.click();
    await expect(services).toHaveAttribute('aria-expanded', 'true');
    const bespoke = page.locator('header').getByRole('link', { name: 'Bespoke Development', exact: true });
    await expect(bespoke).toBeVisible();
    await page.locator('main').click({ position: { x: 5, y: 400 } });
    await expect(services).toHaveAttribute('aria-expanded', 'false');
    await expect(bespoke).toBeHidden();
  });

  test('opening one sub-menu closes the other; the nested level opens inside it', async ({ page }) => {
    await openHydrated(page, '/Home1');
    await page.getByRole('button', { name: 'Services' }).click();
    await page.getByRole('button', { name: 'Products' }).click();
    await expect(page.getByRole('button', { name: 'Services' })).toHaveAttribute('aria-expanded', 'false');
    await page.getByRole('button', { name: 'Relationware CRM' }).click();
    const pharma = page.getByRole('link', { name: 'CRM for Pharma' });
    await expect(pharma).toBeVisible();
    await pharma.click();
    await expect(page).toHaveURL(/\/RelationwareCRM-Pharma1$/);
  });

  test('the keyboard opens and closes a sub-menu', async ({ page }) => {
    await openHydrated(page, '/Home1');
    const services = page.getByRole('button', { name: 'Services' });
    await services.focus();
    await page.keyboard.press('Enter');
    await expect(services).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(services).toHaveAttribute('aria-expanded', 'false');
    await expect(services).toBeFocused();
    await page.keyboard.press('Space');
    await expect(services).toHaveAttribute('aria-expanded', 'true');
  });

  test('the current page is marked and the login icon leads to /login', async ({ page }) => {
    await openHydrated(page, '/News1');
    await expect(page.locator('header a[aria-current="page"]')).toHaveAttribute('href', '/News1');
    await expect(page.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });

  test('the expertise grid has three columns', async ({ page }) => {
    await openHydrated(page, '/Home1');
    expect(await columnCount(page)).toBe(3);
  });
});

test.describe('header menu on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test('the menu collapses into a toggle and opens from it', async ({ page }) => {
    await openHydrated(page, '/Home1');
    const toggle = page.getByRole('button', { name: /menu/i }).first();
    await expect(toggle).toBeVisible();
    await expect(page.getByRole('link', { name: 'Customers', exact: true }).first()).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('link', { name: 'Customers', exact: true }).first()).toBeVisible();
    await page.getByRole('button', { name: 'Services' }).click();
    await expect(page.getByRole('link', { name: 'Expertise', exact: true }).first()).toBeVisible();
  });

  test('no page scrolls sideways and the expertise grid has one column', async ({ page }) => {
    for (const path of ['/Home1', '/Expertise1', '/Customers1', '/Contact1', '/About1']) {
      await openHydrated(page, path);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
    await openHydrated(page, '/Home1');
    expect(await columnCount(page)).toBe(1);
  });
});

test.describe('on a tablet', () => {
  test.use({ viewport: { width: 800, height: 1000 } });
  test('the expertise grid has two columns', async ({ page }) => {
    await openHydrated(page, '/Home1');
    expect(await columnCount(page)).toBe(2);
  });
});

async function columnCount(page: import('@playwright/test').Page): Promise<number> {
  return page.locator('.expertise-grid').evaluate((grid) => {
    const tops = [...grid.children].map((card) => Math.round(card.getBoundingClientRect().top));
    return tops.filter((top) => top === tops[0]).length;
  });
}
