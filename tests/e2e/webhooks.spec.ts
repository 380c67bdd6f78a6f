import type { Page } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { E2E_ADMIN_PASSWORD } from '../../playwright.config';
import { WebhookReceiver } from '../../src/server/test-support/webhook-receiver';
import { callApi, expect, expectNoAxeViolations, logInAs, readApi, sidewaysScroll, test, toastOf } from './fixtures';
import { onOwnSite } from './tenants';

// Webhooks (docs/design.md §33): an administrator adds an endpoint pointing at a receiver this spec starts on 127.0.0.1
// (the e2e server allows http and private addresses for it), sees its secret once, publishes a page (through the API),
// finds the signed delivery in the endpoint's log with the receiver's answer, and redelivers it. axe finds nothing on
// the screen and its dialogs at 1280 and 390 px. On a site of its own: its News is this spec's alone.
test.use({ ...onOwnSite('webhooks'), permissions: ['clipboard-read', 'clipboard-write'] });
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const receiver = new WebhookReceiver();
test.beforeAll(async () => {
  await receiver.start();
});
test.afterAll(async () => {
  await receiver.stop();
});

/** Publishes News again, as its editor's Save does: what it read, published now. */
async function publishNews(page: Page): Promise<number> {
  const read = await readApi<Record<string, unknown>>(page, '/api/master/edit/News');
  const saved = await callApi<{ revision: number; status: string }>(page, '/api/master/savenews', {
    ...read,
    publish: 'now',
  });
  expect(saved.status).toBe('published');
  return saved.revision;
}

/** axe on the page as it is at 1280 px and at 390 px (nothing running off the side there), back at 1280 px. */
async function checkBothWidths(page: Page, what: string) {
  const file = what.replace(/[^a-z0-9]+/gi, '-').toLowerCase();
  await expectNoAxeViolations(page, `${what} at 1280 px`);
  await page.screenshot({ path: `/tmp/webhooks-${file}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => sidewaysScroll(page)).toBe(0);
  await expectNoAxeViolations(page, `${what} at 390 px`);
  await page.screenshot({ path: `/tmp/webhooks-${file}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('an endpoint gets a signed page.published, shown in its log, and Redeliver sends it again', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await logInAs(page, 'admin', E2E_ADMIN_PASSWORD);
  await page.goto('/webhooks');
  await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
  await expect(page.locator('.webhooks-summary')).toContainText('No endpoints yet');
  await checkBothWidths(page, 'the Webhooks screen');

  // Add endpoint: its address and one event.
  const url = receiver.url(`/folio-${Date.now()}`);
  const path = new URL(url).pathname;
  await page.getByRole('button', { name: 'Add endpoint' }).click();
  const form = page.getByRole('dialog', { name: 'Add endpoint' });
  await form.getByLabel('Address').fill(url);
  await form.getByRole('checkbox', { name: /^page\.published/ }).check();
  await checkBothWidths(page, 'the Add endpoint dialog');
  await form.getByRole('button', { name: 'Add endpoint' }).click();

  // The secret, once: copied, then gone for good.
  const shown = page.getByRole('dialog', { name: 'The endpoint’s secret' });
  const secret = await shown.getByLabel('Secret').inputValue();
  expect(secret).toMatch(/^whsec_/);
  await checkBothWidths(page, 'the secret dialog');
  await shown.getByRole('button', { name: 'Copy' }).click();
  await expect(toastOf(page, 'The secret copied.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('table', { name: 'Endpoints' })).toContainText(url);
  expect(await page.content()).not.toContain(secret);

  // A page published: the receiver gets it, signed with that secret.
  const revision = await publishNews(page);
  await expect.poll(() => receiver.on(path).length, { timeout: 30_000 }).toBe(1);
  const [delivered] = receiver.on(path);
  expect(new Webhook(secret).verify(delivered!.body, delivered!.headers)).toMatchObject({
    type: 'page.published',
    data: { page: { routing: 'News', locale: null, revision } },
  });

  // The log: the delivery, delivered at the first attempt with the receiver's 200, and its answer on demand.
  await page.getByRole('button', { name: `Deliveries to ${url}` }).click();
  const log = page.getByRole('table', { name: `Deliveries to ${url}` });
  await expect(log.locator('tbody tr')).toHaveCount(1);
  await expect(log.locator('tbody tr').first()).toContainText(/page\.published\s*Delivered\s*1\s*200/);
  await log.getByRole('button', { name: /^Details of delivery \d+$/ }).click();
  const detail = page.getByRole('dialog', { name: /^Delivery \d+: page\.published$/ });
  await expect(detail).toContainText('ok');
  await expect(detail).toContainText('"type": "page.published"');
  await checkBothWidths(page, 'a delivery’s detail');
  await detail.getByRole('button', { name: 'Close' }).click();
  await expect(detail).toHaveCount(0);

  // Redeliver: the same message again, at the top of the log.
  await log.getByRole('button', { name: /^Redeliver delivery \d+$/ }).click();
  await expect(toastOf(page, 'Redelivery queued')).toBeVisible();
  await expect.poll(() => receiver.on(path).length, { timeout: 30_000 }).toBe(2);
  expect(receiver.on(path)[1]!.headers['webhook-id']).toBe(delivered!.headers['webhook-id']);
  await expect(log.locator('tbody tr')).toHaveCount(2);
  await expect(log.locator('tbody tr').first()).toContainText(/Redelivery of \d+.*Delivered/, { timeout: 30_000 });
  await checkBothWidths(page, 'the Webhooks screen with a delivery log');

  // Delete asks first (the question checked too); Cancel keeps the endpoint.
  await page.getByRole('button', { name: `Delete ${url}` }).click();
  const question = page.getByRole('alertdialog', { name: 'Delete the endpoint?' });
  await expect(question).toContainText(`Delete the endpoint ${url}?`);
  await checkBothWidths(page, 'the delete question');
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('table', { name: 'Endpoints' })).toContainText(url);
});
