// NEEDS THE SERVER OF ISSUE 12: the master-data API (the /api/master/ common-master calls) and its seeded types
// and values (Country → State → City, Industry Segment) come with the server branch. This file was written on
// the screens' branch (masters-ui) against the contract src/core/masters/master-data.ts; it runs once both
// branches are merged.
import type { Locator, Page } from '@playwright/test';
import { E2E_ADMIN_PASSWORD } from '../../playwright.config';
import { MASTER_MESSAGES } from '../../src/core/masters/master-data';
import { axeViolations, expect, logInAs, test, toastOf } from './fixtures';

// The master-data screens (docs/design.md §14, §16, issue 12): master types and master values on the staff shell's
// data table, their forms in a panel, status changes through the spec's question, keyboard and axe.

const SEEDED_TYPES = ['Country', 'State', 'City', 'Industry Segment'];

const logIn = (page: Page) => logInAs(page, 'admin', E2E_ADMIN_PASSWORD);
const run = () => `${Date.now() % 100000}${Math.floor(Math.random() * 10)}`.padStart(6, '0');

async function expectNoAxeViolations(page: Page, what: string) {
  // A toast fading in or out is half transparent: axe would read its text as too faint. Let it go first.
  await expect(page.locator('.Toastify__toast')).toHaveCount(0, { timeout: 10_000 });
  const summary = (await axeViolations(page.mainFrame())).map((v) => `${what}: ${v}`);
  expect(summary).toEqual([]);
}

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

const typeTable = (page: Page) => page.getByRole('table', { name: 'Master types' });
const valueTable = (page: Page) => page.getByRole('table', { name: 'Master values' });

/** Opens a list screen and waits until its first page is there. */
async function openList(page: Page, path: string, title: string, table: Locator) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(table.locator('tbody tr').first().locator('td').first()).toBeVisible();
  await expect(table.locator('[role="status"]')).toHaveCount(0);
}

/** The row whose Name cell reads `name` exactly: the third column of the types, the fourth of the values. */
function rowNamed(table: Locator, name: string, column: 3 | 4) {
  const exact = new RegExp(`^\\s*${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);
  return table.locator('tbody tr').filter({ has: table.page().locator(`td:nth-child(${column})`, { hasText: exact }) });
}
const typeRow = (page: Page, name: string) => rowNamed(typeTable(page), name, 3);
const valueRow = (page: Page, name: string) => rowNamed(valueTable(page), name, 4);

/** Searches a list (its answer replaces the rows shown). */
async function search(page: Page, text: string) {
  await page.getByLabel('Search text').fill(text);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
}

/** The cells of every row on every page of a list, paging forward from the page shown. */
async function rowsOnAllPages(page: Page, table: Locator, caption: string): Promise<string[][]> {
  const pager = page.getByRole('navigation', { name: `${caption}: pages` });
  const rows: string[][] = [];
  await expect(table.locator('tbody tr').first().locator('td').first()).toBeVisible();
  await expect(table).not.toHaveAttribute('aria-busy', 'true');
  for (;;) {
    for (const row of await table.locator('tbody tr').all())
      rows.push((await row.locator('td').allTextContents()).map((text) => text.trim()));
    const next = pager.getByRole('button', { name: 'Next page' });
    if (!(await pager.isVisible()) || (await next.getAttribute('aria-disabled')) === 'true') return rows;
    const current = (await pager.locator('.staff-table__page').textContent()) ?? '';
    await next.click();
    await expect(pager.locator('.staff-table__page')).not.toHaveText(current);
    await expect(table).not.toHaveAttribute('aria-busy', 'true');
  }
}

/** Creates a master type through its screen's panel (the caller waits for its toast). */
async function createType(page: Page, code: string, name: string, dependsOn?: string) {
  await page.getByRole('button', { name: 'Create New Type' }).click();
  const panel = page.getByRole('region', { name: 'New Master Type' });
  await expect(panel.getByLabel('Code')).toBeFocused();
  await panel.getByLabel('Code').fill(code);
  await panel.getByLabel('Name').fill(name);
  if (dependsOn) await panel.getByLabel('Depends on').selectOption({ label: dependsOn });
  await panel.getByRole('button', { name: 'Save' }).click();
}

/** Creates a master value through its screen's panel. */
async function createValue(
  page: Page,
  value: { type: string; code: string; name: string; sequence?: string; parent?: string },
) {
  await page.getByRole('button', { name: 'Create New Value' }).click();
  const panel = page.getByRole('region', { name: 'New Master Value' });
  await panel.getByLabel('Type', { exact: true }).selectOption({ label: value.type });
  if (value.parent) await panel.getByLabel('Parent value').selectOption({ label: value.parent });
  await panel.getByLabel('Code').fill(value.code);
  await panel.getByLabel('Name').fill(value.name);
  if (value.sequence) await panel.getByLabel('Sequence').fill(value.sequence);
  await panel.getByRole('button', { name: 'Save' }).click();
  await expect(toastOf(page, 'Master data value saved.').first()).toBeVisible();
  await expect(panel).toBeHidden();
}

test('the seeded types are listed, City depending on State; axe finds nothing', async ({ page, consoleErrors }) => {
  await logIn(page);
  await openList(page, '/commonMasterType', 'Master Types', typeTable(page));
  const table = typeTable(page);
  await expect(table.locator('thead th')).toHaveText(['Sr.No', 'Code', 'Name', 'Depends on', 'Status', 'Action']);
  for (const name of SEEDED_TYPES) {
    await search(page, name);
    const row = typeRow(page, name);
    await expect(row).toBeVisible();
    await expect(row.locator('.status-badge')).toHaveText('Active');
    await expect(row.getByRole('button', { name: `Edit ${name}` })).toBeVisible();
    await expect(row.getByRole('button', { name: `Deactivate ${name}` })).toBeVisible();
  }
  await search(page, 'City');
  await expect(typeRow(page, 'City').locator('td').nth(3)).toHaveText('State');

  // A search that finds nothing says what was searched.
  const nothing = `nothing-${run()}`;
  await search(page, nothing);
  await expect(table.locator('tbody')).toHaveText(`No master types match '${nothing}'`);

  await page.getByRole('button', { name: 'Refresh the list' }).click();
  await expect(page.getByLabel('Search text')).toHaveValue('');
  await expect(typeRow(page, 'Country')).toBeVisible();
  await expectNoAxeViolations(page, 'commonMasterType');

  // The form panel too: Depends on offers the types, Cancel closes it and gives the focus back.
  await page.getByRole('button', { name: 'Create New Type' }).click();
  const panel = page.getByRole('region', { name: 'New Master Type' });
  await expect(panel.getByLabel('Code')).toBeFocused();
  await expect(panel.getByLabel('Depends on').locator('option')).toContainText(['None', 'Country', 'State']);
  await expectNoAxeViolations(page, 'commonMasterType form');
  await panel.getByRole('button', { name: 'Cancel' }).click();
  await expect(panel).toBeHidden();
  await expect(page.getByRole('button', { name: 'Create New Type' })).toBeFocused();
  expect(consoleErrors).toEqual([]);
});

test('a new type "Office" gets two values; a duplicate code is refused with the server’s sentence', async ({
  page,
}) => {
  // Two screens and five saves: more than the default 30 s on a busy machine.
  test.setTimeout(60_000);
  await logIn(page);
  const tag = run();
  const code = `OFF${tag}`;
  const name = `Office${tag}`;
  await openList(page, '/commonMasterType', 'Master Types', typeTable(page));

  await createType(page, code, name);
  await expect(toastOf(page, 'Master data type saved.').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'New Master Type' })).toBeHidden();
  await search(page, name);
  const row = typeRow(page, name);
  await expect(row).toBeVisible();
  await expect(row.locator('td').nth(1)).toHaveText(code);
  await expect(row.locator('.status-badge')).toHaveText('Active');

  // The same code again: the server's sentence, and the form stays open with what was typed.
  await createType(page, code, `Another ${name}`);
  await expect(toastOf(page, MASTER_MESSAGES.duplicateTypeCode(code))).toBeVisible();
  const panel = page.getByRole('region', { name: 'New Master Type' });
  await expect(panel.getByLabel('Code')).toHaveValue(code);
  await panel.getByRole('button', { name: 'Cancel' }).click();

  // Two values of the new type.
  await openList(page, '/commonMaster', 'Master Values', valueTable(page));
  await createValue(page, { type: name, code: 'HQ', name: `Head office ${tag}`, sequence: '1' });
  await createValue(page, { type: name, code: 'BR1', name: `Branch ${tag}`, sequence: '2' });
  await page.getByLabel('Filter by type').selectOption({ label: name });
  const values = valueTable(page);
  await expect(values.locator('tbody tr')).toHaveCount(2);
  await expect(valueRow(page, `Head office ${tag}`).locator('td').nth(1)).toHaveText(name);
  await expect(valueRow(page, `Branch ${tag}`).locator('td').nth(4)).toHaveText('2');
});

test('values filtered by State; a City is created under Maharashtra, then deactivated through the dialog', async ({
  page,
  consoleErrors,
}) => {
  // Toasts are waited out before axe looks.
  test.setTimeout(60_000);
  await logIn(page);
  const tag = run();
  await openList(page, '/commonMaster', 'Master Values', valueTable(page));
  const table = valueTable(page);
  await expect(table.locator('thead th')).toHaveText([
    'Sr.No',
    'Type',
    'Code',
    'Name',
    'Sequence',
    'Parent',
    'Status',
    'Action',
  ]);

  // Filter by State: Maharashtra and Karnataka are there, and only States.
  await page.getByLabel('Filter by type').selectOption({ label: 'State' });
  await expect(table.locator('tbody tr td:nth-child(2)').first()).toHaveText('State');
  const rows = await rowsOnAllPages(page, table, 'Master values');
  expect(rows.map((cells) => cells[3])).toEqual(expect.arrayContaining(['Maharashtra', 'Karnataka']));
  expect(new Set(rows.map((cells) => cells[1]))).toEqual(new Set(['State']));

  // A City: the Parent value select appears only for a type that depends on another, and offers the States.
  await page.getByLabel('Filter by type').selectOption({ label: 'City' });
  await page.getByRole('button', { name: 'Create New Value' }).click();
  const panel = page.getByRole('region', { name: 'New Master Value' });
  const typeSelect = panel.getByLabel('Type', { exact: true });
  await expect(typeSelect).toBeFocused();
  await typeSelect.selectOption({ label: 'Industry Segment' });
  await expect(panel.getByLabel('Parent value')).toHaveCount(0);
  await typeSelect.selectOption({ label: 'City' });
  const parent = panel.getByLabel('Parent value');
  await expect(parent).toBeVisible();
  const parentOptions = (await parent.locator('option').allTextContents()).map((text) => text.trim());
  expect(parentOptions).toEqual(expect.arrayContaining(['Maharashtra', 'Karnataka']));
  expect(parentOptions).not.toContain('Pune');
  await expectNoAxeViolations(page, 'commonMaster form');

  const city = `Testpur ${tag}`;
  await parent.selectOption({ label: 'Maharashtra' });
  await panel.getByLabel('Code').fill(`TP${tag}`);
  await panel.getByLabel('Name').fill(city);
  await panel.getByLabel('Sequence').fill('99');
  await panel.getByRole('button', { name: 'Save' }).click();
  await expect(toastOf(page, 'Master data value saved.').first()).toBeVisible();
  await expect(panel).toBeHidden();

  await search(page, city);
  const row = valueRow(page, city);
  await expect(row).toBeVisible();
  await expect(row.locator('td').nth(1)).toHaveText('City');
  await expect(row.locator('td').nth(5)).toHaveText('Maharashtra');
  await expect(row.locator('.status-badge')).toHaveText('Active');

  // Deactivate: "Deactivate this master value?", not the delete question (docs/design.md §24); Escape cancels and gives the focus back, then confirm.
  const deactivate = row.getByRole('button', { name: `Deactivate ${city}` });
  await deactivate.click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.locator('.confirm-dialog__question')).toHaveText(/^Deactivate this master value\? /);
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectNoAxeViolations(page, 'status dialog');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(deactivate).toBeFocused();
  await expect(row.locator('.status-badge')).toHaveText('Active');

  await deactivate.click();
  await dialog.getByRole('button', { name: 'Deactivate', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(row.locator('.status-badge')).toHaveText('Inactive');
  // The same button now activates, and kept the focus.
  await expect(row.getByRole('button', { name: `Activate ${city}` })).toBeFocused();

  await expectNoAxeViolations(page, 'commonMaster');
  expect(consoleErrors).toEqual([]);
});

test('keyboard only: create a type and edit it', async ({ page }) => {
  await logIn(page);
  const tag = run();
  const name = `Keys${tag}`;
  await openList(page, '/commonMasterType', 'Master Types', typeTable(page));
  await page.getByRole('button', { name: 'Create New Type' }).focus();
  await page.keyboard.press('Enter');
  const panel = page.getByRole('region', { name: 'New Master Type' });
  await expect(panel.getByLabel('Code')).toBeFocused();
  await page.keyboard.type(`KEY${tag}`);
  await page.keyboard.press('Tab');
  await expect(panel.getByLabel('Name')).toBeFocused();
  await page.keyboard.type(name);
  await page.keyboard.press('Tab');
  await expect(panel.getByLabel('Depends on')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(panel.getByRole('button', { name: 'Save' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(toastOf(page, 'Master data type saved.').first()).toBeVisible();
  await expect(panel).toBeHidden();

  await page.getByLabel('Search text').focus();
  await page.keyboard.type(name);
  await page.keyboard.press('Enter');
  const row = typeRow(page, name);
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: `Edit ${name}` }).focus();
  await page.keyboard.press('Enter');
  const edit = page.getByRole('region', { name: 'Edit Master Type' });
  await expect(edit.getByLabel('Code')).toBeFocused();
  await expect(edit.getByLabel('Code')).toHaveValue(`KEY${tag}`);
  await edit.getByLabel('Name').focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(`${name} edited`);
  await page.keyboard.press('Enter');
  await expect(edit).toBeHidden();
  await search(page, `${name} edited`);
  await expect(typeRow(page, `${name} edited`)).toBeVisible();
});

for (const viewport of [
  { width: 768, height: 1000 },
  { width: 360, height: 740 },
] as const) {
  test(`at ${viewport.width} px both screens and their forms fit: no sideways scroll of the page`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await logIn(page);
    for (const { path, title, table, create, region } of [
      {
        path: '/commonMasterType',
        title: 'Master Types',
        table: typeTable(page),
        create: 'Create New Type',
        region: 'New Master Type',
      },
      {
        path: '/commonMaster',
        title: 'Master Values',
        table: valueTable(page),
        create: 'Create New Value',
        region: 'New Master Value',
      },
    ]) {
      await openList(page, path, title, table);
      expect(await noSidewaysScroll(page), path).toBeLessThanOrEqual(0);
      await page.getByRole('button', { name: create }).click();
      const panel = page.getByRole('region', { name: region });
      await expect(panel.getByRole('button', { name: 'Save' })).toBeVisible();
      if (path === '/commonMaster') {
        await panel.getByLabel('Type', { exact: true }).selectOption({ label: 'City' });
        await expect(panel.getByLabel('Parent value')).toBeVisible();
      }
      expect(await noSidewaysScroll(page), `${path} form`).toBeLessThanOrEqual(0);
      if (viewport.width === 768) await expectNoAxeViolations(page, `${path} at 768 px`);
    }
  });
}
