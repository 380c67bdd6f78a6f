import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import {
  ensureE2eUser,
  expect,
  expectNoAxeViolations,
  listEditor,
  logInAs,
  openHydrated,
  queryE2eDatabase,
  queryE2eTenant,
  saveEditor,
  test,
  toastOf,
} from './fixtures';
import { onOwnSite } from './tenants';

// docs/design.md §27 "Image fields offer upload (button, drag and drop, paste) and 'Choose from library'; the carousel's
// slide image becomes such a field; several files upload at once with progress". The tests save pages other tests
// of this file read: one after another. They edit the Customers and Home pages on a site of this file's own (no
// other spec saves them there), and the library holds only what they upload.
test.describe.configure({ mode: 'default' });
test.use(onOwnSite('images'));

const EDITOR = { username: 'e2e-image-fields', password: 'e2e-image-fields-password' };

test.beforeAll(() => ensureE2eUser(EDITOR.username, EDITOR.password, 3, 'images'));

const logIn = (page: Page) => logInAs(page, EDITOR.username, EDITOR.password);

const pngOf = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

/**
 * Drags files onto `zone` as a browser does: a DataTransfer made in the page holding the files' bytes, then
 * dragenter, dragover and drop on the zone. Checks that the zone shows it takes the drop while the files are over it.
 */
async function dropFiles(page: Page, zone: Locator, files: ReadonlyArray<{ name: string; bytes: Buffer }>) {
  const dataTransfer = await page.evaluateHandle(
    (sent) => {
      const transfer = new DataTransfer();
      for (const file of sent)
        transfer.items.add(new File([new Uint8Array(file.bytes)], file.name, { type: 'image/png' }));
      return transfer;
    },
    files.map((file) => ({ name: file.name, bytes: [...file.bytes] })),
  );
  await zone.dispatchEvent('dragenter', { dataTransfer });
  await zone.dispatchEvent('dragover', { dataTransfer });
  await expect(zone).toHaveClass(/image-field--dragging/);
  await expect(zone).toContainText('Drop the image to upload it.');
  await zone.dispatchEvent('drop', { dataTransfer });
  await expect(zone).not.toHaveClass(/image-field--dragging/);
}

/** Opens `route`'s editor with entry `entry` of its `entryName` list editor loaded for editing. */
async function editEntry(page: Page, route: string, entryName: string, entry = 1): Promise<Locator> {
  await logIn(page);
  await page.goto(route);
  const list = listEditor(page, entryName);
  await list.getByRole('button', { name: 'Show Content' }).click();
  await list.getByRole('button', { name: `Edit entry ${entry}`, exact: true }).click();
  return list;
}

/** Checks the entry's image address against `pattern`, adds the entry and publishes the page; gives the address. */
async function publishEntryWithImage(page: Page, list: Locator, pattern: RegExp): Promise<string> {
  const image = list.getByLabel('Image', { exact: true });
  await expect(image).toHaveValue(pattern);
  const address = await image.inputValue();
  await list.getByRole('button', { name: 'Add' }).click();
  await saveEditor(page);
  return address;
}

/** Waits until an image has loaded (a broken one has no natural width). */
const expectLoaded = (img: Locator) =>
  expect
    .poll(() => img.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth))
    .toBeGreaterThan(0);

/** The drop zone of the image field labelled `label` (the field's box). */
const zoneOf = (scope: Locator, label: string) =>
  scope.locator('.image-field').filter({ has: scope.page().getByLabel(label, { exact: true }) });

test('a logo dropped on a customer uploads at once; two dropped go to the library with a line each', async ({
  page,
  consoleErrors,
}) => {
  const customers = await editEntry(page, '/Customers', 'customer');
  const zone = zoneOf(customers, 'Image');
  await expect(zone).toContainText('Drop an image here, paste one, or choose a file.');

  await dropFiles(page, zone, [{ name: 'dropped-logo.png', bytes: await pngOf(400, 200, '#0f766e') }]);
  await expect(toastOf(page, 'Image uploaded.')).toBeVisible();
  const image = customers.getByLabel('Image', { exact: true });
  await expect(image).toHaveValue(/^\/uploads\/photos\/customer\/[0-9a-f]{24}_400x200\.png$/);
  const first = await image.inputValue();
  await expect(zone.locator('.image-field__line')).toHaveText(['dropped-logo.pngUploaded.']);
  // Stored on this file's own site, and nowhere else.
  const stored = 'select count(*) as n from media where title = ?';
  expect(queryE2eTenant<{ n: number }>('images', stored, 'dropped-logo')[0]!.n).toBe(1);
  expect(queryE2eDatabase<{ n: number }>(stored, 'dropped-logo')[0]!.n).toBe(0);

  // Two at once: the field takes the first, the other waits in the library, and a refused one says why.
  await dropFiles(page, zone, [
    { name: 'second.png', bytes: await pngOf(300, 150, '#1d4ed8') },
    { name: 'not-an-image.png', bytes: Buffer.from('plain words, no picture') },
    { name: 'third.png', bytes: await pngOf(200, 100, '#b45309') },
  ]);
  await expect(zone.locator('.image-field__more')).toHaveText('1 more image is in the library: Choose from library');
  await expect(zone.locator('.image-field__line')).toHaveText([
    'second.pngUploaded.',
    'not-an-image.pngNot uploaded: Please upload a PNG, JPEG, GIF or WebP image.',
    'third.pngUploaded.',
  ]);
  await expect(image).toHaveValue(/_300x150\.png$/);
  expect(await image.inputValue()).not.toBe(first);
  await expect(toastOf(page, 'Failed to upload file: Please upload a PNG, JPEG, GIF or WebP image.')).toBeVisible();

  const address = await publishEntryWithImage(page, customers, /_300x150\.png$/);
  await openHydrated(page, '/Customers1');
  const shown = page.locator(`main img[src="${address}"]`).first();
  await shown.scrollIntoViewIfNeeded();
  await expectLoaded(shown);
  expect(consoleErrors.filter((error) => !error.includes('status of 400'))).toEqual([]);
});

test('an image chosen from the library goes into another customer and shows on the public page', async ({ page }) => {
  const customers = await editEntry(page, '/Customers', 'customer', 2);
  const opener = customers.getByRole('button', { name: 'Choose from library' }).first();
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Choose from the library' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('status')).toHaveText(/^\d+ images? shown/);
  await expect(dialog.getByLabel('Search by name or alt text')).toBeFocused();
  await expectNoAxeViolations(page, 'Customers editor with the library dialog');

  // The image the first test uploaded last (newest first), found by a search on its name's size.
  await dialog.getByLabel('Search by name or alt text').fill('200x100');
  await dialog.getByRole('button', { name: 'Search' }).click();
  const choice = dialog.locator('.media-picker__choice').first();
  await expect(choice).toContainText(/_200x100\.png200 × 100 pixels, \d+ KB/);
  await choice.click();
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();
  const address = await publishEntryWithImage(
    page,
    customers,
    /^\/uploads\/photos\/customer\/[0-9a-f]{24}_200x100\.png$/,
  );
  await openHydrated(page, '/Customers1');
  // The first customer shows the 300 × 150 logo of the first test, the second this one.
  const photo = page.locator(`main img[src="${address}"]`).first();
  await photo.scrollIntoViewIfNeeded();
  await expectLoaded(photo);
});

test('the carousel slide takes an uploaded image and the public Home shows it', async ({ page }) => {
  const slides = await editEntry(page, '/Home', 'slide');
  await slides
    .getByLabel('Choose an image file (PNG or JPEG)')
    .setInputFiles({ name: 'harbour.png', mimeType: 'image/png', buffer: await pngOf(1600, 700, '#1e3a8a') });
  await expect(toastOf(page, 'Image uploaded.')).toBeVisible();
  const address = await publishEntryWithImage(page, slides, /^\/uploads\/photos\/slides\/[0-9a-f]{24}_1600x700\.png$/);
  await openHydrated(page, '/Home1');
  const picture = page.locator(`.carousel__image[src="${address}"]`);
  await expectLoaded(picture);
  // Inside its <picture> the image still fills its slide.
  const [shown, slide] = await Promise.all([
    picture.boundingBox(),
    page.locator('.carousel__slide').first().boundingBox(),
  ]);
  expect(Math.round(shown!.height)).toBe(Math.round(slide!.height));
  expect(Math.round(shown!.width)).toBe(Math.round(slide!.width));
  // The WebP copies made at upload, for a narrow window's smaller download.
  const stem = address.replace(/\.png$/, '');
  await expect(page.locator('.carousel picture source[type="image/webp"]').first()).toHaveAttribute(
    'srcset',
    `${stem}-320.webp 320w, ${stem}-640.webp 640w, ${stem}-1280.webp 1280w, ${stem}-1600.webp 1600w`,
  );
  // A typed address still works: the demo slides are paths on this site.
  await expect(page.locator('.carousel__image[src^="/demo/"]').first()).toBeAttached();
});

test('the field and the library dialog at 390, 768 and 1280 pixels', async ({ page }) => {
  await logIn(page);
  for (const width of [390, 768, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/Home');
    const slides = listEditor(page, 'slide');
    const zone = zoneOf(slides, 'Image');
    await zone.scrollIntoViewIfNeeded();
    await expect(zone).toBeVisible();
    const box = (await zone.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    await zone.screenshot({ path: `/tmp/fields-field-${width}.png` });
    await slides.getByRole('button', { name: 'Choose from library' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Choose from the library' });
    await expectLoaded(dialog.locator('.media-picker__thumb').first());
    await page.screenshot({ path: `/tmp/fields-dialog-${width}.png` });
    if (width === 390) await expectNoAxeViolations(page, 'Home editor with the library dialog at 390 px');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  }
});
