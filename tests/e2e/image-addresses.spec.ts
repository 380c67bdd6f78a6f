import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { BASE_URL } from '../../playwright.config';
import {
  createE2eUser,
  createEditorsAutowiredPage,
  expect,
  logInAs,
  signIn,
  openHydrated,
  saveEditor,
  test,
  toastOf,
} from './fixtures';

// Image addresses are site-relative (docs/design.md §24): an image uploaded while the site is reached at one address
// shows when it is reached at another. The e2e server's PUBLIC_BASE_URL is http://127.0.0.1:<port>; the same
// server is also reached as http://localhost:<port> (Chromium resolves localhost to the loopback addresses and
// falls back to 127.0.0.1, where the server listens). Before the rule, an upload was stored on PUBLIC_BASE_URL,
// which the CSP (img-src 'self') blocks at the other address, in the editor and on the public page alike.
test.describe.configure({ mode: 'serial' });

const RUN = `${Date.now() % 100000}`.padStart(5, '0');
const NAME = `Pictures${RUN}`;
const EDITOR = { username: `e2e-pictures-${RUN}`, password: 'e2e-pictures-password' };
const OTHER_ADDRESS = BASE_URL.replace('//127.0.0.1:', '//localhost:');
const BANNER = {
  parameterName: 'banner',
  sequence: 1,
  type: 'Image',
  unittype: 'Image',
  pagecreationtype: 'Header',
  mandatory: 'N',
};

let pageId = 0;

test.beforeAll(async ({ browser }) => {
  pageId = await createEditorsAutowiredPage(browser, { name: NAME, display: NAME, parameters: [BANNER] });
  await createE2eUser(EDITOR.username, EDITOR.password, 3);
});

/** Waits until the image has loaded and answers its natural width (0 when it was blocked or broken). */
const naturalWidth = async (image: Locator) => {
  await expect(image).toBeVisible();
  return image.evaluate(async (element: HTMLImageElement) => {
    await element.decode().catch(() => undefined);
    return element.naturalWidth;
  });
};

/** The editor's preview of the banner field. */
const editorPreview = (page: Page) =>
  page
    .locator('.image-field')
    .filter({ has: page.getByLabel('banner', { exact: true }) })
    .locator('img.image-preview');

test('an image uploaded through one address of the site shows through another, on the public page and in the editor', async ({
  browser,
  page,
  consoleErrors,
}) => {
  // Uploaded and published by an Editor who reached the site as localhost.
  const context = await browser.newContext({ baseURL: OTHER_ADDRESS });
  const uploader = await context.newPage();
  const uploaderErrors: string[] = [];
  uploader.on('console', (message) => {
    if (message.type() === 'error') uploaderErrors.push(message.text());
  });
  let address: string;
  try {
    await logInAs(uploader, EDITOR.username, EDITOR.password);
    expect(new URL(uploader.url()).origin).toBe(OTHER_ADDRESS);
    await uploader.goto(`/${NAME}`);
    const buffer = await sharp({
      create: { width: 640, height: 240, channels: 3, background: { r: 30, g: 120, b: 90 } },
    })
      .png()
      .toBuffer();
    await uploader
      .getByLabel('Choose an image file (PNG or JPEG)')
      .setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer });
    await expect(toastOf(uploader, 'Image uploaded.')).toBeVisible();
    // The field holds the image's path on this site, no scheme and host.
    const field = uploader.getByLabel('banner', { exact: true });
    await expect(field).toHaveValue(new RegExp(`^/uploads/photos/page${pageId}/[0-9a-f]{24}_640x240\\.png$`));
    address = await field.inputValue();
    expect(await naturalWidth(editorPreview(uploader))).toBe(640);
    await saveEditor(uploader);
    await openHydrated(uploader, `/${NAME}1`);
    expect(await naturalWidth(uploader.locator(`main img[src="${address}"]`))).toBeGreaterThan(0);
    expect(uploaderErrors).toEqual([]);
  } finally {
    await context.close();
  }

  // A visitor who reaches the site as 127.0.0.1 (PUBLIC_BASE_URL) sees it.
  await openHydrated(page, `/${NAME}1`);
  const banner = page.locator(`main img[src="${address}"]`);
  expect(await naturalWidth(banner)).toBeGreaterThan(0);
  // Its srcset's copies are paths too, and the browser loads the one it picks.
  await expect(page.locator('main picture source[type="image/webp"]')).toHaveAttribute(
    'srcset',
    new RegExp(`^/uploads/photos/page${pageId}/[0-9a-f]{24}_640x240-320\\.webp 320w, /uploads/photos/page${pageId}/`),
  );
  expect(await banner.evaluate((element: HTMLImageElement) => new URL(element.currentSrc).origin)).toBe(BASE_URL);

  // And so does an Editor there, in the editor.
  await signIn(page, EDITOR.username, EDITOR.password);
  await page.goto(`/${NAME}`);
  await expect(page.getByLabel('banner', { exact: true })).toHaveValue(address);
  expect(await naturalWidth(editorPreview(page))).toBe(640);
  // No image was refused by the content security policy, nor by anything else.
  expect(consoleErrors).toEqual([]);
});
