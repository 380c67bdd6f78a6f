import { request as httpRequest } from '@playwright/test';
import { E2E_ADMIN_PASSWORD } from '../../playwright.config';
import { expect, expectNoAxeViolations, logInAs, readApi, sidewaysScroll, test } from './fixtures';
import { onOwnSite } from './tenants';

// Visits counted without cookies (docs/design.md §31): visitors' browsers (real user agents, a referrer, a campaign in
// the address) read public pages of a site of its own (tests/e2e/tenants.ts: no other spec's views count there, and
// Playwright's own Chromium is a headless browser, which is never counted); the server writes what it counted every
// 10 s. An administrator then finds them on the visits screen, in the chart and the lists, at 1280, 768 and 390 px.

test.use(onOwnSite('visits'));
test.describe.configure({ mode: 'serial', timeout: 90_000 });

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

test.beforeAll(async ({ baseURL }) => {
  const visits: Array<[string, string, Record<string, string>]> = [
    ['/Home1', FIREFOX, { referer: 'https://www.google.com/' }],
    ['/News1', FIREFOX, {}],
    ['/Home1?utm_source=newsletter&utm_medium=email&utm_campaign=winter-launch', IPHONE, {}],
    ['/About1', IPHONE, { referer: 'https://partner.example/our-friends' }],
  ];
  for (const [path, userAgent, headers] of visits) {
    // A visitor's browser: no staff cookie, its own user agent.
    const visitor = await httpRequest.newContext({
      baseURL,
      extraHTTPHeaders: { ...onOwnSite('visits').extraHTTPHeaders, 'user-agent': userAgent, ...headers },
    });
    try {
      expect((await visitor.get(path)).status()).toBe(200);
    } finally {
      await visitor.dispose();
    }
  }
});

test('the visits screen shows the scripted visits in its chart and lists, at 1280, 768 and 390 px', async ({
  page,
  consoleErrors,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await logInAs(page, 'admin', E2E_ADMIN_PASSWORD);
  // Written by the server's flush (every 10 s): the screen is opened once they are there.
  await expect
    .poll(
      async () => (await readApi<{ days: Array<{ views: number }> }>(page, '/api/master/visits')).days.at(-1)!.views,
      {
        timeout: 30_000,
      },
    )
    .toBe(4);
  await page.goto('/visits');
  await expect(page.getByRole('heading', { name: 'Visits', level: 1 })).toBeVisible();
  await expect(page.locator('#visits-summary')).toContainText('4 views and 2 visitors of the whole site');
  // The chart, with its figures as a table for those who cannot see it.
  await expect(page.getByRole('img', { name: /views/i }).first()).toBeVisible();
  await expect(page.getByRole('table', { name: 'Pages by views' })).toContainText('Home');
  await expect(page.getByRole('table', { name: 'Sites that brought views' })).toContainText('google.com');
  await expect(page.getByRole('table', { name: 'Sites that brought views' })).toContainText('partner.example');
  await expect(page.getByRole('table', { name: 'Campaigns by views' })).toContainText('winter-launch');
  await expect(page.getByRole('table', { name: 'Views by device' })).toContainText('Phone');
  await expectNoAxeViolations(page, 'the visits screen at 1280 px');
  await page.screenshot({ path: 'test-results/visits/visits-1280.png', fullPage: true });

  // A tablet held upright: the lists side by side must fit too.
  // Loaded at that width, as a tablet opens it (a resize from 1280 px would catch the menu sliding away).
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.reload();
  await expect(page.getByRole('table', { name: 'Pages by views' })).toContainText('Home');
  expect(await sidewaysScroll(page)).toBe(0);
  await page.screenshot({ path: 'test-results/visits/visits-768.png', fullPage: true });

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('table', { name: 'Campaigns by views' })).toContainText('winter-launch');
  expect(await sidewaysScroll(page)).toBe(0);
  await expectNoAxeViolations(page, 'the visits screen at 390 px');
  await page.screenshot({ path: 'test-results/visits/visits-390.png', fullPage: true });

  // The staff home's card: the last 7 days.
  await page.goto('/dashboard');
  await expect(
    page
      .getByRole('region', { name: /visits/i })
      .or(page.getByText(/4 views/))
      .first(),
  ).toBeVisible();
  expect(consoleErrors).toEqual([]);
});
