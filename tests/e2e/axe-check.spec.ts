import { E2E_ADMIN_PASSWORD } from '../../playwright.config';
import { axeViolations, expect, expectNoAxeViolations, logInAs, test } from './fixtures';

// The axe checks of the browser tests (tests/e2e/fixtures.ts) run axe where each document is, the editor's and the
// preview's each as a page of its own: this spec shows they still find what they are there to find, in either.

test.use({ viewport: { width: 1280, height: 800 } });

test('the axe check finds an image without alternative text in the editor and in its preview', async ({ page }) => {
  test.slow();
  await logInAs(page, 'admin', E2E_ADMIN_PASSWORD);
  await page.goto('/About');
  await expect(page.locator('.preview-pane[aria-busy="true"]')).toHaveCount(0);
  await expect(page.locator('.preview-pane__frame')).toBeVisible();
  await expectNoAxeViolations(page, 'About');

  // In the editor's own document.
  await page.evaluate(() => {
    const image = document.createElement('img');
    image.src = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';
    image.id = 'axe-check-image';
    document.querySelector('main')!.append(image);
  });
  await expect(expectNoAxeViolations(page, 'About')).rejects.toThrow(/About: image-alt: .*#axe-check-image/);
  // Left out where asked.
  expect(await axeViolations(page.mainFrame(), { exclude: ['#axe-check-image'] })).toEqual([]);
  await page.evaluate(() => document.getElementById('axe-check-image')!.remove());

  // In the page the preview shows.
  const preview = (await page.locator('iframe.preview-pane__frame').first().elementHandle())!;
  const frame = (await preview.contentFrame())!;
  await frame.evaluate(() => {
    const image = document.createElement('img');
    image.src = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';
    document.querySelector('main')!.append(image);
  });
  await expect(expectNoAxeViolations(page, 'About')).rejects.toThrow(/About \(in the preview\): image-alt/);
});

test('the axe check of a part reads that part only', async ({ page }) => {
  await logInAs(page, 'admin', E2E_ADMIN_PASSWORD);
  await page.goto('/userHomepage');
  await expect(page.locator('h1')).toHaveCount(1);
  await page.evaluate(() => document.querySelector('main')!.append(document.createElement('img')));
  expect((await axeViolations(page.mainFrame())).join('\n')).toMatch(/^image-alt: /m);
  expect(await axeViolations(page.mainFrame(), { include: ['h1'] })).toEqual([]);
});
