import sharp from 'sharp';
import { createE2eUser, expect, listEditor, logInAs, saveEditor, test, toastOf } from './fixtures';

// These tests change the About and Customers pages in turn.
test.describe.configure({ mode: 'default' });

const EDITOR = { username: 'e2e-image-editor', password: 'e2e-image-editor-password' };

test.beforeAll(async () => {
  await createE2eUser(EDITOR.username, EDITOR.password, 3).catch((error: unknown) => {
    if (!String(error).includes('UNIQUE')) throw error;
  });
});

const picture = async (format: 'png' | 'jpeg') =>
  sharp({ create: { width: 800, height: 500, channels: 3, background: format === 'png' ? '#1d4ed8' : '#0f766e' } })
    [format]()
    .toBuffer();

test('an Editor uploads a PNG for a manager and a JPEG for a customer, sees both, and deletes one', async ({ page, request }) => {
  await logInAs(page, EDITOR.username, EDITOR.password);

  // About: the first manager gets a PNG photo.
  await page.goto('/About');
  const team = listEditor(page, 'team member');
  await team.getByRole('button', { name: 'Show Content' }).click();
  await team.getByRole('button', { name: 'Edit entry 1', exact: true }).click();
  await team.getByLabel('Choose an image file (PNG or JPEG)').setInputFiles({ name: 'manager.png', mimeType: 'image/png', buffer: await picture('png') });
  await team.getByRole('button', { name: 'Upload' }).click();
  await expect(toastOf(page, 'Upload successfully!..')).toBeVisible();
  await expect(team.getByLabel('Image', { exact: true })).toHaveValue(/\/uploads\/photos\/about\//);
  await team.getByRole('button', { name: 'Add' }).click();
  await saveEditor(page);
  await page.goto('/About1');
  const photo = page.locator('.management-entry img').first();
  await photo.scrollIntoViewIfNeeded();
  await expect(photo).toHaveAttribute('src', /\/uploads\/photos\/about\//);
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  const photoUrl = await photo.evaluate((img: HTMLImageElement) => img.src);

  // Customers: the first customer gets a JPEG logo.
  await page.goto('/Customers');
  const customers = listEditor(page, 'customer');
  await customers.getByRole('button', { name: 'Show Content' }).click();
  await customers.getByRole('button', { name: 'Edit entry 1', exact: true }).click();
  await customers.getByLabel('Choose an image file (PNG or JPEG)').setInputFiles({ name: 'logo.jpg', mimeType: 'image/jpeg', buffer: await picture('jpeg') });
  await customers.getByRole('button', { name: 'Upload' }).click();
  await expect(toastOf(page, 'Upload successfully!..')).toBeVisible();
  const logoUrl = await customers.getByLabel('Image', { exact: true }).inputValue();
  expect(logoUrl).toMatch(/\/uploads\/photos\/customer\/.+\.jpe?g$/);
  await customers.getByRole('button', { name: 'Add' }).click();
  await saveEditor(page);
  await page.goto('/Customers1');
  const logo = page.locator('figure img').first();
  await expect(logo).toHaveAttribute('src', /\/uploads\/photos\/customer\//);
  const served = await request.get(new URL(logoUrl).pathname);
  expect(served.headers()['content-type']).toBe('image/jpeg');
  expect(served.headers()['x-content-type-options']).toBe('nosniff');

  // Deleting the manager with the uploaded photo asks first, removes the entry, and deletes the image.
  // (About, not Customers: other tests count the twenty customer logos.)
  await page.goto('/About');
  const managers = listEditor(page, 'team member');
  await managers.getByRole('button', { name: 'Show Content' }).click();
  const rows = managers.locator('tbody tr');
  const before = await rows.count();
  page.once('dialog', (dialog) => {
    expect(dialog.message()).toBe('Are you sure you want to delete this item and its image permanantly?');
    void dialog.accept();
  });
  await managers.getByRole('button', { name: 'Delete entry 1', exact: true }).click();
  await expect(toastOf(page, 'Image deleted successfully!..')).toBeVisible();
  await expect(rows).toHaveCount(before - 1);
  await saveEditor(page);
  expect(photoUrl).toMatch(/\/uploads\/photos\/about\//);
  expect((await request.get(new URL(photoUrl).pathname)).status()).toBe(404);
});

test('declining the delete question keeps the entry', async ({ page }) => {
  await logInAs(page, EDITOR.username, EDITOR.password);
  await page.goto('/About');
  const list = listEditor(page, 'team member');
  await list.getByRole('button', { name: 'Show Content' }).click();
  const rows = list.locator('tbody tr');
  const before = await rows.count();
  page.once('dialog', (dialog) => void dialog.dismiss());
  await list.getByRole('button', { name: 'Delete entry 1', exact: true }).click();
  await expect(rows).toHaveCount(before);
});
