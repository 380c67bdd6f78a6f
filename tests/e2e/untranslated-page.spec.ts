import { E2E_ADMIN_PASSWORD } from '../../playwright.config';
import { UNTRANSLATED_NOTICE_IN } from '../../src/core/site-texts';
import {
  callApi,
  createEditorsAutowiredPage,
  ensureGerman,
  expect,
  expectNoAxeViolations,
  freshRun,
  logInAs,
  openHydrated,
  sidewaysScroll,
  test,
} from './fixtures';

// A German visitor stays in German (docs/design.md §34): German has a published page (this spec publishes the German
// translation of a page made for it), so a visitor at /de/Home1 who follows the footer's News link lands on
// /de/News1, which no spec translates: News in English under a notice that it is not translated yet, with the
// language switcher, German links, and the original as its canonical address. axe finds nothing at 1280 and 390 px.
// Its tests run in parallel: each run of beforeAll makes a page of its own (freshRun).
let RUN = '';
let NAME = '';

test.describe.configure({ timeout: 90_000 });

test.beforeAll(async ({ browser }) => {
  RUN = freshRun();
  NAME = `Bleibt${RUN}`;
  await createEditorsAutowiredPage(browser, {
    name: NAME,
    display: `Stays ${RUN}`,
    parameters: [
      {
        parameterName: 'headline',
        sequence: 1,
        type: 'Textarea',
        unittype: 'Character',
        pagecreationtype: 'Header',
        mandatory: 'N',
        maxlength: 80,
      },
    ],
  });
  const context = await browser.newContext();
  try {
    const admin = await context.newPage();
    await logInAs(admin, 'admin', E2E_ADMIN_PASSWORD);
    await ensureGerman(admin);
    await callApi(admin, '/api/master/savepagecontent', {
      commonrouting: NAME,
      document: { header: { headline: 'We stay in your language' }, rows: [], revision: 0 },
    });
    await callApi(admin, `/api/master/translate/${NAME}`, {
      locale: 'de',
      revision: 0,
      texts: { 'header.headline': 'Wir bleiben in Ihrer Sprache' },
    });
  } finally {
    await context.close();
  }
});

test('a German visitor follows a link to a page not translated yet: the original under a German notice, with the switcher', async ({
  browser,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  try {
    await page.setViewportSize({ width: 1280, height: 900 });
    expect((await openHydrated(page, `/de/${NAME}1`))?.status()).toBe(200);
    await expect(page.locator('main')).toContainText('Wir bleiben in Ihrer Sprache');

    expect((await openHydrated(page, '/de/Home1'))?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    const news = page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'News' });
    await expect(news).toHaveAttribute('href', '/de/News1');
    await news.click();
    await expect(page).toHaveURL(/\/de\/News1$/);
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });

    // German chrome, the original inside it marked as its language, under the notice.
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    const notice = page.getByRole('note');
    await expect(notice).toHaveText(UNTRANSLATED_NOTICE_IN.de!);
    await expect(notice).toHaveAttribute('lang', 'de');
    const original = page.locator('main > div[lang]:not([role])');
    await expect(original).toHaveAttribute('lang', /^en/);
    await expect(original.getByRole('heading', { level: 1 })).toBeVisible();
    // The switcher: German shown, the English original one click away.
    const switcher = page.getByRole('navigation', { name: 'Language' });
    await expect(switcher.getByRole('link', { name: 'Deutsch' })).toHaveAttribute('aria-current', 'true');
    await expect(switcher.getByRole('link', { name: 'Deutsch' })).toHaveAttribute('href', '/de/News1');
    await expect(switcher.locator('a[href="/News1"]')).toHaveCount(1);
    // Search engines are sent to the original; the visitor's links stay German.
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /^https?:\/\/[^/]+\/News1$/);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await expect(page.locator('a.brand')).toHaveAttribute('href', '/de/Home1');
    const siteLinks = await page
      .locator('#site-nav a[href^="/"], .site-footer a[href^="/"]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(siteLinks.length).toBeGreaterThan(3);
    expect(siteLinks.filter((href) => !href!.startsWith('/de/'))).toEqual([]);

    await expectNoAxeViolations(page, '/de/News1 not translated, at 1280 px');
    await page.screenshot({ path: '/tmp/untranslated-1280.png' });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(notice).toBeInViewport();
    await expect.poll(() => sidewaysScroll(page)).toBe(0);
    await expectNoAxeViolations(page, '/de/News1 not translated, at 390 px');
    await page.screenshot({ path: '/tmp/untranslated-390.png' });

    // The switcher's English link leads to the original.
    await switcher.locator('a[href="/News1"]').click();
    await expect(page).toHaveURL(/\/News1$/);
    await expect(page.getByRole('note')).toHaveCount(0);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});
