import fs from 'node:fs';
import { gunzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { E2E_ADMIN_PASSWORD } from '../../playwright.config';
import {
  createE2eUser,
  expect,
  expectNoAxeViolations,
  logInAs,
  openAdministrationScreen,
  sidewaysScroll,
  test,
} from './fixtures';

// The backups screen end to end (docs/design.md §22): the administrator opens Backups from the menu, downloads a
// backup (a real file, gzip JSON lines with the Folio header and a manifest last), sees it among the recent
// backups, and axe finds nothing. An editor is not allowed in.

const run = () => `${Date.now() % 100000}${Math.floor(Math.random() * 10)}`.padStart(6, '0');

async function openFromMenu(page: Page) {
  await openAdministrationScreen(page, 'Backups', '/backups');
}

test('an administrator downloads a backup of the site and sees it among the recent ones', async ({
  page,
  consoleErrors,
}) => {
  await logInAs(page, 'admin', E2E_ADMIN_PASSWORD);
  await openFromMenu(page);
  const recent = page.getByRole('region', { name: 'Recent backups' });
  await expect(recent).toBeVisible();
  await expect(
    page.getByRole('region', { name: "From the server's shell" }).getByText('./folio restore --check <file>'),
  ).toBeVisible();
  await expectNoAxeViolations(page, 'backups screen');

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download a backup now' }).click();
  const file = await (await download).path();
  const name = (await download).suggestedFilename();
  expect(name).toMatch(/^folio-backup-default-\d{4}-\d{2}-\d{2}-\d{6}\.jsonl\.gz$/);
  const lines = gunzipSync(fs.readFileSync(file)).toString('utf8').trimEnd().split('\n');
  expect(JSON.parse(lines[0]!)).toMatchObject({ format: 'folio-backup', tenants: [{ name: 'default' }] });
  expect(JSON.parse(lines.at(-1)!).manifest.sha256).toMatch(/^[0-9a-f]{64}$/);

  // The screen looks again shortly after a download starts: the new one is listed, by whom, with its file.
  await expect(recent.getByRole('listitem').filter({ hasText: name })).toContainText('Downloaded by admin');

  await page.setViewportSize({ width: 360, height: 800 });
  await expect.poll(() => sidewaysScroll(page)).toBe(0);
  expect(consoleErrors).toEqual([]);
});

test('an editor is not allowed in: no Backups in the menu, the screen says so, the download answers 403', async ({
  page,
}) => {
  const username = `e2e-backup-editor-${run()}`;
  const password = 'e2e-backup-editor-password';
  await createE2eUser(username, password, 3);
  await logInAs(page, username, password);
  await expect(page.getByRole('navigation', { name: 'Staff menu' }).getByRole('link', { name: 'Backups' })).toHaveCount(
    0,
  );
  await page.goto('/backups');
  await expect(page.getByRole('heading', { level: 1, name: 'Not allowed' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download a backup now' })).toHaveCount(0);
  expect((await page.request.get('/api/master/backup')).status()).toBe(403);
});
