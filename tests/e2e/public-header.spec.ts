import type { Browser, Page } from '@playwright/test';
import { E2E_ADMIN_PASSWORD } from '../../playwright.config';
import { PUBLIC_GROUP_ID } from '../../src/core/groups';
import { callApi, expect, logInAs, openHydrated, test } from './fixtures';

// docs/design.md §24: at every width from 320 to 1920 px the public header's brand and menu never cover each other, also
// with two more top-level items of 20 characters; where the menu does not fit beside the brand it folds behind
// the 'Menu' button. One page is resized through every width (a reload per width would hide what a resize does).
test.describe.configure({ mode: 'serial' });

/** Two more top-level items of the Public menu, 20 characters each, leading to existing pages (News, Customers). */
const EXTRA_ITEMS = [
  { label: 'Careers and Openings', pageId: 7 },
  { label: 'Partners & Resellers', pageId: 8 },
];
const WIDTHS = Array.from({ length: (1920 - 320) / 10 + 1 }, (_, index) => 320 + index * 10);

interface HeaderAtWidth {
  width: number;
  /** The 'Menu' button shows (the menu is folded). */
  folded: boolean;
  /** Top-level menu items the visitor sees. */
  visibleItems: number;
  /** What covers the brand (company name and logo): the labels of the menu items, the button, the login link. */
  covering: string[];
  /** The visible top-level items stand in one row. */
  oneRow: boolean;
  sideways: number;
}

/**
 * Waits for two frames: the one the resize lays out (and the ResizeObserver's callback runs in), and a painted one.
 * Without scripts no frame callback runs, and nothing waits to run: the CSS alone lays the page out.
 */
const settle = (page: Page) =>
  page.evaluate(() =>
    document.documentElement.classList.contains('js')
      ? new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
      : null,
  );

/** The header as the visitor sees it now: what is visible and what covers the brand. */
function readHeader(page: Page): Promise<HeaderAtWidth> {
  return page.evaluate(() => {
    const shown = (element: Element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
    };
    const brand = document.querySelector('.brand')!.getBoundingClientRect();
    const covers = (box: DOMRect) =>
      box.left < brand.right && box.right > brand.left && box.top < brand.bottom && box.bottom > brand.top;
    const toggle = document.querySelector('.nav-toggle')!;
    const items = [...document.querySelectorAll('.site-nav .menu > .menu__item')].filter(shown);
    const others = [...items, toggle, document.querySelector('.login-link')!].filter(shown);
    const tops = new Set(items.map((item) => Math.round(item.getBoundingClientRect().top)));
    return {
      width: window.innerWidth,
      folded: shown(toggle),
      visibleItems: items.length,
      covering: others
        .filter((element) => covers(element.getBoundingClientRect()))
        .map((element) => element.textContent?.trim() || element.className),
      oneRow: tops.size <= 1,
      sideways: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    };
  });
}

/**
 * Resizes the page through every width and checks the header at each: nothing covers the brand, nothing scrolls
 * sideways, and what `alsoCheck` says of it (a sentence, or null when all is well). Returns the header at each width.
 */
async function sweep(page: Page, alsoCheck: (header: HeaderAtWidth) => string | null): Promise<HeaderAtWidth[]> {
  const problems: string[] = [];
  const headers: HeaderAtWidth[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await settle(page);
    const header = await readHeader(page);
    headers.push(header);
    const found = [
      header.width === width ? null : `the window is ${header.width} px wide`,
      header.covering.length > 0 ? `${header.covering.join(', ')} cover the brand` : null,
      header.sideways > 0 ? `the page scrolls ${header.sideways} px sideways` : null,
      alsoCheck(header),
    ];
    problems.push(...found.filter((problem) => problem !== null).map((problem) => `${width}: ${problem}`));
  }
  expect(problems).toEqual([]);
  return headers;
}

/** Measured by the island: the menu is beside the brand in one row, or folded behind a visible 'Menu' button. */
const besideOrFolded = (itemCount: number) => (header: HeaderAtWidth) => {
  if (header.folded) return header.visibleItems > 0 ? "the menu shows beside its 'Menu' button" : null;
  if (header.visibleItems === itemCount && header.oneRow) return null;
  return `${header.visibleItems} of ${itemCount} items show, ${header.oneRow ? 'in one row' : 'on several rows'}, and no 'Menu' button`;
};

/** The widths at which the menu was folded. */
const foldedAt = (headers: readonly HeaderAtWidth[]) =>
  headers.filter((header) => header.folded).map((header) => header.width);

/** Opens the folded menu with its button at a few widths where it is folded: every item shows, below the brand. */
async function opensWhereFolded(page: Page, folded: readonly number[], itemCount: number) {
  const toggle = page.getByRole('button', { name: 'Menu' });
  for (const width of folded.filter((_, index) => index % 20 === 0 || index === folded.length - 1)) {
    await page.setViewportSize({ width, height: 800 });
    await settle(page);
    await expect(toggle).toBeVisible();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const header = await readHeader(page);
    expect({ width, visibleItems: header.visibleItems, covering: header.covering, sideways: header.sideways }).toEqual({
      width,
      visibleItems: itemCount,
      covering: [],
      sideways: 0,
    });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  }
}

const DEMO_ITEM_COUNT = 7;

test('with the demo menu, the header never covers the brand from 320 to 1920 px', async ({ page, consoleErrors }) => {
  await page.setViewportSize({ width: 320, height: 800 });
  await openHydrated(page, '/Home1');
  const folded = foldedAt(await sweep(page, besideOrFolded(DEMO_ITEM_COUNT)));
  // Folded on phones, beside the brand on a desktop, and the 'Menu' button then opens it.
  expect(folded).toContain(320);
  expect(folded).not.toContain(1280);
  await opensWhereFolded(page, folded, DEMO_ITEM_COUNT);
  expect(consoleErrors).toEqual([]);
});

test.describe('with two more top-level items of 20 characters', () => {
  const added: number[] = [];

  test.beforeAll(async ({ browser }) => {
    await asAdmin(browser, async (admin) => {
      const before = await publicMenu(admin);
      let sequence = Math.max(0, ...before.map((node) => node.sequence));
      for (const item of EXTRA_ITEMS) {
        sequence += 1;
        const saved = await callApi<{ status: string }>(admin, '/api/menu/savemenubyuserforjson', {
          jsonsavelist: { resourcegroupid: PUBLIC_GROUP_ID, pageid: item.pageId, pagename: item.label, sequence },
        });
        expect(saved.status).toBe('OK');
      }
      const after = await publicMenu(admin);
      added.push(...after.filter((node) => !before.some((old) => old.id === node.id)).map((node) => node.id));
      expect(added).toHaveLength(EXTRA_ITEMS.length);
    });
  });

  // The Public menu is every visitor's: it is put back as it was, whatever the test's outcome.
  test.afterAll(async ({ browser }) => {
    await asAdmin(browser, async (admin) => {
      for (const menuId of added) await callApi(admin, '/api/menu/deletemenubyuser', { menuId });
    });
  });

  test('the header never covers the brand, folds where the menu does not fit, and its button opens the menu', async ({
    page,
    consoleErrors,
  }) => {
    await page.setViewportSize({ width: 320, height: 800 });
    await openHydrated(page, '/Home1');
    for (const item of EXTRA_ITEMS)
      await expect(page.locator('.site-nav').getByText(item.label, { exact: true })).toHaveCount(1);
    const folded = foldedAt(await sweep(page, besideOrFolded(DEMO_ITEM_COUNT + EXTRA_ITEMS.length)));
    // Measured, not one breakpoint: the longer menu folds up to a wider window than the demo's (1280 px), and on
    // a wide screen the header grows beyond the page's content width to hold it.
    expect(folded).toContain(1280);
    expect(folded).not.toContain(1920);
    await opensWhereFolded(page, folded, DEMO_ITEM_COUNT + EXTRA_ITEMS.length);
    expect(consoleErrors).toEqual([]);
  });
});

test('before its script runs, the header covers nothing either', async ({ page }) => {
  // The entry script never arrives: the page stays as the server sent it, laid out by the CSS alone.
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
  await page.goto('/Home1');
  await expect(page.locator('html')).toHaveClass(/no-js/);
  await sweep(page, () => null);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the header covers nothing at any width and shows the whole menu', async ({ page }) => {
    await page.goto('/Home1');
    await sweep(page, (header) =>
      header.folded || header.visibleItems !== DEMO_ITEM_COUNT
        ? `${header.visibleItems} items show${header.folded ? ' behind a button' : ''}`
        : null,
    );
  });
});
async function asAdmin(browser: Browser, work: (admin: Page) => Promise<void>): Promise<void> {
  const context = await browser.newContext();
  try {
    const admin = await context.newPage();
    await logInAs(admin, 'admin', E2E_ADMIN_PASSWORD);
    await work(admin);
  } finally {
    await context.close();
  }
}

/** The Public group's top-level menu items as the menu tree screen has them. */
const publicMenu = (admin: Page) =>
  callApi<Array<{ id: number; sequence: number }>>(admin, '/api/menu/menubyuser', {
    userId: PUBLIC_GROUP_ID,
    from: 'group',
  });
