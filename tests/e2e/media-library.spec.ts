import { createHash } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { E2E_ADMIN_PASSWORD } from '../../playwright.config';
import {
  callApi,
  expect,
  expectNoAxeViolations,
  logInAs,
  openAdministrationScreen,
  queryE2eDatabase,
  sidewaysScroll,
  test,
  toastOf,
} from './fixtures';

// The media library end to end (docs/design.md §27): an administrator makes a page without code with an Image parameter
// and publishes an uploaded picture on it (through the API, as the editor would), then opens Media library from
// the menu, finds the picture by search, gives it alt text and a focal point (a click on the picture), saves and
// sees both kept after a reload (through `?open=<id>`, the top-bar search's link) and on the public page; replaces
// the picture and gets the new bytes at the same address; is refused its deletion with the page named; deletes an
// unused image. axe finds nothing on the screen and in the open details; no sideways scroll at 390, 768, 1280 px.
// docs/design.md §34: each image is called by the name of the file uploaded (shown, searched, renamed in its details); Delete
// shows where a used image is used before it asks anything; Replace asks first; a toast shows above the dialog.

const RUN = `${Date.now() % 100000}`.padStart(5, '0');
const NAME = `Garden${RUN}`;
const DISPLAY = `Our garden ${RUN}`;
const ALT = `Roses by the pond, summer ${RUN}`;
/** The uploaded files' names, and the titles they give (docs/design.md §34). */
const USED_FILE = `pond-roses_${RUN}.png`;
const USED_TITLE = `pond-roses_${RUN}`;
const RENAMED = `Pond in summer ${RUN}`;
const SPARE_TITLE = `spare-banner_${RUN}`;

/** A PNG of one colour, as bytes. */
const png = (width: number, height: number, colour: { r: number; g: number; b: number }) =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();

/** Uploads a picture to a page's folder from the logged-in page (as the image field does), with the CSRF header. */
async function upload(
  page: Page,
  folder: string,
  field: string,
  bytes: Buffer,
  fileName = 'picture.png',
): Promise<string> {
  const answer = await page.evaluate(
    async ({ folder, field, bytes, fileName }) => {
      const xsrf = decodeURIComponent(
        document.cookie
          .split('; ')
          .find((c) => c.startsWith('XSRF-TOKEN='))
          ?.slice(11) ?? '',
      );
      const form = new FormData();
      form.append('page', folder);
      form.append('field', field);
      form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), fileName);
      const response = await fetch('/api/master/uploadImage', {
        method: 'POST',
        headers: { 'x-xsrf-token': xsrf },
        body: form,
      });
      return { status: response.status, body: (await response.json()) as { url?: string; message?: string } };
    },
    { folder, field, bytes: [...bytes], fileName },
  );
  expect(answer.status, answer.body.message).toBe(200);
  return answer.body.url!;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
/** The colour at the middle of a shown picture, as [r, g, b] (roughly: WebP copies are lossy). */
const centrePixel = (image: Locator) =>
  image.evaluate((img: HTMLImageElement) => {
    if (!img.complete || img.naturalWidth === 0) return null;
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const context = canvas.getContext('2d')!;
    context.drawImage(img, 0, 0);
    const [r, g, b] = context.getImageData(img.naturalWidth >> 1, img.naturalHeight >> 1, 1, 1).data;
    return [r, g, b].map((value) => Math.round((value ?? 0) / 30) * 30);
  });
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const fileName = (url: string) => url.slice(url.lastIndexOf('/') + 1);
const mediaIdOf = (url: string) =>
  queryE2eDatabase<{ id: number }>('select id from media where name = ?', fileName(url))[0]?.id;

async function openFromMenu(page: Page) {
  await openAdministrationScreen(page, 'Media library', '/media');
}

/** Searches the library for one image by its title; resolves with its card once it is the only one, called by it. */
async function find(page: Page, title: string) {
  await page.getByLabel('Search titles, names and alt texts').fill(title);
  const cards = page.locator('.media-card');
  await expect(cards).toHaveCount(1);
  await expect(cards.first().locator('.media-card__name')).toHaveText(title);
  return cards.first();
}

/** Whether the toast is what a person sees at its centre (not hidden under a dialog or its backdrop). */
const toastOnTop = (toast: Locator) =>
  toast.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const seen = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return seen !== null && (element.closest('.Toastify__toast') ?? element).contains(seen);
  });

test('an administrator gives a used picture alt text and a focal point, replaces it under its address, and deletes only what nothing uses', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  await logInAs(page, 'admin', E2E_ADMIN_PASSWORD);

  // A page made without code with an Image parameter, its picture published; and a picture nothing shows.
  const created = await callApi<{ status: string; id: number }>(page, '/api/master/savePageCreation', {
    filename: NAME,
    dspname: DISPLAY,
    module: 1,
    type: 'Autowired',
    homepage: 'Y',
  });
  expect(created.status).toBe('OK');
  const photoParameter = {
    parameterName: 'photo',
    sequence: 1,
    type: 'Image',
    unittype: 'Image',
    pagecreationtype: 'Header',
    mandatory: 'N',
  };
  expect(
    (
      await callApi<{ message: string }>(page, '/api/master/saveParameters', {
        id: created.id,
        parameters: [photoParameter],
      })
    ).message,
  ).toBe('Success');
  const original = await png(900, 600, { r: 30, g: 120, b: 60 });
  const used = await upload(page, `page${created.id}`, 'photo', original, USED_FILE);
  const unused = await upload(
    page,
    `page${created.id}`,
    'photo',
    await png(300, 200, { r: 200, g: 200, b: 40 }),
    `${SPARE_TITLE}.png`,
  );
  await callApi(page, '/api/master/savepagecontent', {
    commonrouting: NAME,
    document: { header: { photo: used }, rows: [], revision: 0 },
  });
  const usedId = mediaIdOf(used);
  expect(usedId).toBeGreaterThan(0);

  // The screen from the menu; the picture by search, with its size and where it is used.
  await openFromMenu(page);
  await expect(page.locator('.media-card').first()).toBeVisible();
  await expectNoAxeViolations(page, 'media library at 1280 px');
  // Found by the name of the file it came from, which is its title.
  const card = await find(page, USED_TITLE);
  await expect(card).toContainText('900 × 600');
  await expect(card).toContainText('Used on 1 place');
  await card.getByRole('button').click();
  const details = page.getByRole('dialog', { name: USED_TITLE });
  await expect(details).toBeVisible();
  await expect(details).toContainText(fileName(used));
  await expect(
    details.getByRole('region', { name: 'Where used' }).getByRole('link', { name: DISPLAY }),
  ).toHaveAttribute('href', `/${NAME}`);
  await expectNoAxeViolations(page, 'an image’s details at 1280 px');

  // Alt text, and the focal point by a click on the picture a quarter from the left and three quarters down.
  await details.getByLabel('Alt text').fill(ALT);
  await expect(details.getByText(`${ALT.length} of 300 characters.`)).toBeVisible();
  const picture = details.locator('img.media-detail__image');
  const box = (await picture.boundingBox())!;
  await picture.click({ position: { x: box.width * 0.25, y: box.height * 0.75 } });
  const left = details.getByLabel('From the left (%)');
  const top = details.getByLabel('From the top (%)');
  await expect.poll(async () => Math.round(Number(await left.inputValue()))).toBe(25);
  await expect.poll(async () => Math.round(Number(await top.inputValue()))).toBe(75);
  // By keyboard too: a whole percentage typed. And a title of its own.
  await left.fill('20');
  await details.getByLabel('Title').fill(`  ${RENAMED}  `);
  await details.getByRole('button', { name: 'Save', exact: true }).click();
  const saved = toastOf(page, `The title, alt text and focal point of “${RENAMED}” are saved.`);
  await expect(saved).toBeVisible();
  // The toast shows above the open dialog (a modal dialog is in the top layer, above any z-index): it is what is at
  // its centre, and a click there reaches it.
  await expect(page.getByRole('dialog', { name: RENAMED })).toBeVisible();
  await expect.poll(() => toastOnTop(saved)).toBe(true);
  await page.screenshot({ path: '/tmp/media-toast-over-dialog.png' });
  // One line of at most 120 characters: the server's sentence at the field.
  await page.getByRole('dialog', { name: RENAMED }).getByLabel('Title').fill('x'.repeat(121));
  await page.getByRole('dialog', { name: RENAMED }).getByRole('button', { name: 'Save', exact: true }).click();
  await expect(
    page.getByRole('dialog', { name: RENAMED }).getByText('The title is longer than 120 characters.'),
  ).toBeVisible();
  await expect(page.getByRole('dialog', { name: RENAMED }).getByLabel('Title')).toBeFocused();

  // Kept: the top-bar search's link opens the image again after a reload.
  await page.goto(`/media?open=${usedId}`);
  const reopened = page.getByRole('dialog', { name: RENAMED });
  await expect(reopened.getByLabel('Title')).toHaveValue(RENAMED);
  await expect(reopened.getByLabel('Alt text')).toHaveValue(ALT);
  await expect(reopened.getByLabel('From the left (%)')).toHaveValue('20');
  await expect
    .poll(async () => Math.round(Number(await reopened.getByLabel('From the top (%)').inputValue())))
    .toBe(75);
  const stored = queryE2eDatabase<{ title: string; alt: string; focal_x: number; focal_y: number }>(
    'select title, alt, focal_x, focal_y from media where id = ?',
    usedId,
  )[0];
  expect(stored).toMatchObject({ title: RENAMED, alt: ALT, focal_x: 0.2 });
  expect(stored!.focal_y).toBeCloseTo(0.75, 2);

  // The public page shows the library's words where the field has none of its own, and the focal point.
  const visitor = await page.context().browser()!.newPage();
  await visitor.goto(`/${NAME}1`);
  const shown = visitor.locator(`img[src="${used}"]`);
  await expect(shown).toHaveAttribute('alt', ALT);
  await expect(shown).toHaveAttribute('style', /object-position:\s*20% 75%/);
  await visitor.close();

  // Replace: a new picture under the same address; a visitor's request gets the new bytes.
  const before = await page.request.get(used);
  expect(sha256(await before.body())).not.toBe('');
  const replaceField = reopened.getByLabel('New picture');
  await replaceField.setInputFiles({
    name: 'new.png',
    mimeType: 'image/png',
    buffer: await png(1200, 1200, { r: 180, g: 30, b: 90 }),
  });
  // Replace asks first, naming the image and what follows; Cancel sends nothing.
  const replaceRequests: string[] = [];
  page.on('request', (request) => {
    if (/\/api\/master\/media\/\d+\/replace$/.test(request.url())) replaceRequests.push(request.url());
  });
  await reopened.getByRole('button', { name: 'Replace', exact: true }).click();
  let asked = page.getByRole('alertdialog', { name: 'Replace the picture' });
  await expect(asked).toContainText(
    `Replace the picture of “${RENAMED}” with new.png? Every page that uses this image will show the new picture.`,
  );
  await expectNoAxeViolations(page, 'the question before a replace');
  await asked.getByRole('button', { name: 'Cancel' }).click();
  await expect(asked).toHaveCount(0);
  expect(replaceRequests).toEqual([]);
  await reopened.getByRole('button', { name: 'Replace', exact: true }).click();
  asked = page.getByRole('alertdialog', { name: 'Replace the picture' });
  await asked.getByRole('button', { name: 'Replace', exact: true }).click();
  await expect(
    toastOf(page, `The new picture of “${RENAMED}” is in place: every page that shows it shows the new one.`),
  ).toBeVisible();
  expect(replaceRequests).toHaveLength(1);
  // The picture shown is the new one, at an address of its size in bytes that the browser has not cached.
  const newBytes = queryE2eDatabase<{ bytes: number }>('select bytes from media where id = ?', usedId)[0]!.bytes;
  await expect(reopened.locator('img.media-detail__image')).toHaveAttribute(
    'src',
    new RegExp(`^${escape(used)}\\?v=${newBytes}\\.\\d+$`),
  );
  const after = await page.request.get(used);
  expect(after.status()).toBe(200);
  expect(sha256(await after.body())).not.toBe(sha256(await before.body()));
  // Fitted to the old size: the address still says 900 × 600, and so does the picture.
  expect((await sharp(await after.body()).metadata()).width).toBe(900);

  // Delete while used: where it is used shows at once, each place a link to its editor; nothing is asked, and no
  // delete is sent that the server would refuse.
  const deletes: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'DELETE') deletes.push(request.url());
  });
  await reopened.getByRole('button', { name: 'Delete image' }).click();
  const places = reopened.locator('.media-detail__delete-outcome');
  await expect(places).toContainText(`“${RENAMED}” cannot be deleted: it is used in 1 place. Take it out of it first.`);
  await expect(places.getByRole('link', { name: DISPLAY })).toHaveAttribute('href', `/${NAME}`);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  expect(deletes).toEqual([]);
  expect(mediaIdOf(used)).toBe(usedId);
  await expectNoAxeViolations(page, 'the places of a used image, shown by Delete');
  await reopened.getByRole('button', { name: 'Close' }).click();

  // An unused image deletes, after a question that names it.
  const spare = await find(page, SPARE_TITLE);
  await expect(spare).toContainText('Not used');
  await spare.getByRole('button').click();
  const spareDetails = page.getByRole('dialog', { name: SPARE_TITLE });
  await spareDetails.getByRole('button', { name: 'Delete image' }).click();
  const question = page.getByRole('alertdialog', { name: 'Delete the image' });
  await expect(question).toContainText(`Delete “${SPARE_TITLE}”? Its address stops working`);
  await question.getByRole('button', { name: 'Delete' }).click();
  await expect(toastOf(page, `The image “${SPARE_TITLE}” is deleted.`)).toBeVisible();
  await expect(spareDetails).toHaveCount(0);
  await expect(page.locator('.media-card')).toHaveCount(0);
  await expect(page.getByText(/^No image has “.+” in its title, name or alt text\.$/)).toBeVisible();
  expect(deletes).toHaveLength(1);
  expect(mediaIdOf(unused)).toBeUndefined();
  expect((await page.request.get(unused)).status()).toBe(404);

  // At a phone's, a tablet's and a desktop's width, freshly opened: no sideways scroll; pictures for a person.
  for (const [width, height] of [
    [390, 844],
    [768, 1024],
    [1280, 800],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.goto('/media');
    await expect(page.locator('.media-card').first()).toBeVisible();
    await expect(page.locator('.Toastify__toast')).toHaveCount(0, { timeout: 10_000 });
    // After a reload too, the thumbnail shows the new picture (magenta), not the browser's copy of the old (green):
    // the two pictures, of one colour and size each, have the same number of bytes, so the same address, whose
    // copy in the browser's cache the replace fetched anew.
    const thumb = page.locator('.media-card').filter({ hasText: RENAMED }).locator('img');
    await expect(thumb).toHaveAttribute('src', new RegExp(`-320\\.webp\\?v=${newBytes}$`));
    await expect.poll(() => centrePixel(thumb)).toEqual([180, 30, 90]);
    await expect.poll(() => sidewaysScroll(page)).toBe(0);
    await page.screenshot({ path: `/tmp/media-${width}.png` });
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations(page, 'media library at 390 px');
  await page.locator('.media-card').first().getByRole('button').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect.poll(() => sidewaysScroll(page)).toBe(0);
  await page.screenshot({ path: '/tmp/media-details-390.png' });
  await expectNoAxeViolations(page, 'an image’s details at 390 px');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: '/tmp/media-details-1280.png' });

  // The one error the browser logs: the refused title (400), which the dialog explains. No delete was refused.
  expect(consoleErrors.filter((error) => !/status of 400/.test(error))).toEqual([]);
});
