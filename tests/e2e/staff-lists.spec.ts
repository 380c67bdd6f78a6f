import type { Locator, Page } from '@playwright/test';
import { E2E_ADMIN_PASSWORD } from '../../playwright.config';
import { axeViolations, callApi, expect, logInAs, queryE2eDatabase, test, toastOf } from './fixtures';

// The staff app's lists (docs/design.md §16, issue 10): one data table with aligned columns, icon row actions with
// accessible names, modal confirmation dialogs, keyboard alone, and axe.

const LISTS = [
  { path: '/userHomepage', table: 'Users' },
  { path: '/newGrouphome', table: 'User groups' },
] as const;
const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: '768 px', width: 768, height: 1000 },
] as const;

const logIn = (page: Page) => logInAs(page, 'admin', E2E_ADMIN_PASSWORD);
const run = () => `${Date.now() % 100000}${Math.floor(Math.random() * 10)}`.padStart(6, '0');

/** Creates a user of the Editors group through the API (the test depends on no seeded user but admin). */
async function createUser(page: Page, code: string, firstname: string, lastname: string): Promise<string> {
  const groups = await callApi<Array<{ id: number; groupname: string }>>(page, '/api/master/getusergroup', {});
  const editors = groups.find((group) => group.groupname === 'Editors') ?? groups[0]!;
  const username = `e2e-${code.toLowerCase()}`;
  const answer = await callApi<{ status: string }>(page, '/api/master/saveemployeemaster', {
    employeecode: code,
    firstname,
    lastname,
    selfaccessforuser: username,
    password: 'e2e-keyboard-password',
    usergroupid: editors.id,
    selfactive: true,
  });
  expect(answer.status).toBe('Success');
  return username;
}

const activeOf = (username: string) =>
  queryE2eDatabase<{ active: number }>('select active from users where username = ?', username)[0]?.active;

/**
 * Every header cell sits over its column: the th and each td of the column have the same left (and right)
 * edge within 1 px, the same alignment and padding, and their contents start (or, right-aligned, end) at
 * the same x. Returns what does not line up.
 */
async function misalignedColumns(table: Locator): Promise<{ rows: number; problems: string[] }> {
  return table.evaluate((element) => {
    const problems: string[] = [];
    const headers = [...element.querySelectorAll('thead th')];
    const contentBox = (cell: Element) => {
      const range = document.createRange();
      range.selectNodeContents(cell);
      return range.getBoundingClientRect();
    };
    let rows = 0;
    for (const row of element.querySelectorAll('tbody tr')) {
      const cells = [...row.querySelectorAll('td')];
      if (cells.length === 1 && cells[0]!.colSpan === headers.length) continue;
      rows += 1;
      if (cells.length !== headers.length)
        problems.push(`a row has ${cells.length} cells under ${headers.length} headers`);
      cells.forEach((cell, index) => {
        const header = headers[index];
        if (!header) return;
        const name = header.textContent?.trim() || `column ${index + 1}`;
        const th = header.getBoundingClientRect();
        const td = cell.getBoundingClientRect();
        if (Math.abs(th.left - td.left) > 1) problems.push(`${name}: header left ${th.left}, cell left ${td.left}`);
        if (Math.abs(th.right - td.right) > 1)
          problems.push(`${name}: header right ${th.right}, cell right ${td.right}`);
        const hs = getComputedStyle(header);
        const cs = getComputedStyle(cell);
        if (hs.textAlign !== cs.textAlign) problems.push(`${name}: header ${hs.textAlign}, cell ${cs.textAlign}`);
        if (hs.paddingLeft !== cs.paddingLeft || hs.paddingRight !== cs.paddingRight)
          problems.push(`${name}: padding differs`);
        if (!cell.textContent?.trim() && !cell.querySelector('svg')) return;
        const h = contentBox(header);
        const c = contentBox(cell);
        if (hs.textAlign === 'right' || hs.textAlign === 'end') {
          if (Math.abs(h.right - c.right) > 1)
            problems.push(`${name}: header text ends at ${h.right}, cell content at ${c.right}`);
        } else if (Math.abs(h.left - c.left) > 1) {
          problems.push(`${name}: header text starts at ${h.left}, cell content at ${c.left}`);
        }
      });
    }
    return { rows, problems };
  });
}

async function expectNoAxeViolations(page: Page, what: string) {
  const summary = (await axeViolations(page.mainFrame())).map((v) => `${what}: ${v}`);
  expect(summary).toEqual([]);
}

/** Presses Tab until `target` has the focus (keyboard only, as a user would), failing after `max` presses. */
async function tabTo(page: Page, target: Locator, max = 120) {
  await expect(target).toBeVisible();
  for (let presses = 0; presses < max; presses += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

async function openList(page: Page, path: string, table: string) {
  await page.goto(path);
  const list = page.getByRole('table', { name: table });
  await expect(list.locator('tbody tr').first().locator('td').first()).toBeVisible();
  await expect(list.locator('[role="status"]')).toHaveCount(0);
  return list;
}

for (const viewport of VIEWPORTS) {
  test.describe(`the lists at ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    for (const { path, table } of LISTS) {
      test(`${path}: headers line up with their columns, actions are named icon buttons, axe finds nothing`, async ({
        page,
        consoleErrors,
      }) => {
        await logIn(page);
        const list = await openList(page, path, table);

        const { rows, problems } = await misalignedColumns(list);
        expect(rows).toBeGreaterThan(0);
        expect(problems).toEqual([]);

        // Row actions: buttons or links with an accessible name, showing an svg icon and no text glyph.
        const actions = await list
          .locator('tbody td.staff-table__cell--actions')
          .locator('a, button')
          .evaluateAll((elements) =>
            elements.map((element) => ({
              tag: element.tagName.toLowerCase(),
              name: element.getAttribute('aria-label') ?? '',
              tooltip: element.getAttribute('data-tooltip') ?? '',
              svg: element.querySelectorAll('svg').length,
              text: element.textContent?.trim() ?? '',
            })),
          );
        expect(actions.length).toBeGreaterThan(0);
        for (const action of actions) {
          expect(['a', 'button']).toContain(action.tag);
          expect(action.name).not.toBe('');
          expect(action.tooltip).toBe(action.name);
          expect(action.svg).toBe(1);
          expect(action.text).toBe('');
        }
        const firstAction = list.locator('tbody td.staff-table__cell--actions').first().locator('a, button').first();
        await expect(firstAction).toHaveAccessibleName(actions[0]!.name);

        // The page itself never scrolls sideways; the table may, inside its own box.
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
        ).toBeLessThanOrEqual(0);

        await expectNoAxeViolations(page, path);
        expect(consoleErrors).toEqual([]);
      });
    }
  });
}

test('at 360 px the lists scroll inside their box, never the page', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await logIn(page);
  for (const { path, table } of LISTS) {
    await openList(page, path, table);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      path,
    ).toBeLessThanOrEqual(0);
  }
});

test('the user list pages 10 a page with a pager that stops at its ends', async ({ page }) => {
  await logIn(page);
  const tag = run();
  // Enough users of one code prefix to fill two pages of the search.
  for (let index = 0; index < 11; index += 1)
    await createUser(page, `P${tag}${String(index).padStart(2, '0')}`, 'Pager', `Person ${index}`);
  await page.goto('/userHomepage');
  await page.getByLabel('Search by').selectOption('Code');
  await page.getByLabel('Search text').fill(`P${tag}`);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const list = page.getByRole('table', { name: 'Users' });
  const pager = page.getByRole('navigation', { name: 'Users: pages' });
  await expect(pager).toContainText('Page 1 of 2');
  await expect(list.locator('tbody tr')).toHaveCount(10);
  await expect(pager.getByRole('button', { name: 'Previous page' })).toBeDisabled();
  await pager.getByRole('button', { name: 'Next page' }).click();
  await expect(pager).toContainText('Page 2 of 2');
  await expect(list.locator('tbody tr')).toHaveCount(1);
  await expect(pager.getByRole('button', { name: 'Next page' })).toBeDisabled();
  await expect(pager.getByRole('button', { name: 'Previous page' })).toBeEnabled();

  // A search that finds nothing says what was searched.
  await page.getByLabel('Search text').fill(`nobody-${tag}`);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(list.locator('tbody')).toHaveText(`No users match 'nobody-${tag}' (Code)`);
  await expect(pager).toBeHidden();

  // Refresh clears the search and shows the first page of everyone.
  await page.getByRole('button', { name: 'Refresh the list' }).click();
  await expect(page.getByLabel('Search text')).toHaveValue('');
  await expect(page.getByRole('navigation', { name: 'Users: pages' })).toContainText('Page 1 of');
});

test('keyboard only: edit a user from the list, then deactivate them through the dialog', async ({ page }) => {
  await logIn(page);
  const tag = run();
  const code = `K${tag}`;
  const username = await createUser(page, code, 'Kim', `Keys ${tag}`);
  await page.goto('/userHomepage');
  const list = page.getByRole('table', { name: 'Users' });
  await expect(list.locator('tbody tr').first()).toBeVisible();

  const searchFor = async () => {
    await tabTo(page, page.getByLabel('Search text'));
    await page.keyboard.type(code);
    await page.keyboard.press('Enter');
    await expect(list.locator('tbody tr')).toHaveCount(1);
    await expect(list.locator('tbody tr')).toContainText(code);
  };

  // Search, Tab to the user's edit action, Enter.
  await searchFor();
  const row = list.locator('tr', { hasText: code });
  await tabTo(page, row.getByRole('link', { name: `Edit Kim Keys ${tag}` }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/user\/\d+$/);

  // Change the last name and save with the keyboard: back on the list with its toast.
  const lastName = page.getByLabel('Last name');
  await expect(lastName).toHaveValue(`Keys ${tag}`);
  await tabTo(page, lastName);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(`Keyed ${tag}`);
  await tabTo(page, page.getByRole('button', { name: 'Save' }));
  await page.keyboard.press('Enter');
  await expect(toastOf(page, 'User saved.')).toBeVisible();
  await expect(page).toHaveURL(/\/userHomepage$/);

  // Tab to the deactivate action; Enter opens the dialog with its question (docs/design.md §24), the focus inside it.
  await searchFor();
  await expect(row).toContainText(`Kim Keyed ${tag}`);
  const deactivate = row.getByRole('button', { name: `Deactivate Kim Keyed ${tag}` });
  await tabTo(page, deactivate);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('.confirm-dialog__question')).toHaveText(/^Deactivate this user\? /);
  const focusInDialog = () => dialog.evaluate((element) => element.contains(document.activeElement));
  expect(await focusInDialog()).toBe(true);
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Tab');
  expect(await focusInDialog()).toBe(true);
  // Everything outside the dialog is inert while it is open.
  await expect(deactivate).not.toBeFocused();

  // Escape cancels: the user stays active, and the focus is back on the action.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(deactivate).toBeFocused();
  await expect(row.locator('.status-badge')).toHaveText('Active');
  expect(activeOf(username)).toBe(1);

  // Again, and confirm with the keyboard: the user is deactivated.
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Deactivate', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(toastOf(page, 'User deactivated.')).toBeVisible();
  await expect(row.locator('.status-badge')).toHaveText('Inactive');
  expect(activeOf(username)).toBe(0);
  // The same button now activates, and kept the focus.
  await expect(row.getByRole('button', { name: `Activate Kim Keyed ${tag}` })).toBeFocused();
});

test('a group is deleted only after the question, and axe finds nothing with the dialog open', async ({ page }) => {
  await logIn(page);
  const group = `E2E Doomed ${run()}`;
  await callApi(page, '/api/menu/SaveUserGroup', { groupname: group });
  await openList(page, '/newGrouphome', 'User groups');
  const list = page.getByRole('table', { name: 'User groups' });
  const pager = page.getByRole('navigation', { name: 'User groups: pages' });
  // The group may be on a later page of ten.
  const row = list.locator('tr', { hasText: group });
  while (!(await row.isVisible())) {
    await expect(pager.getByRole('button', { name: 'Next page' })).toBeEnabled();
    await pager.getByRole('button', { name: 'Next page' }).click();
  }
  const remove = row.getByRole('button', { name: `Delete ${group}` });

  // No: the dialog closes and the group stays.
  await remove.click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.locator('.confirm-dialog__question')).toHaveText('Delete this group? This cannot be undone.');
  await expectNoAxeViolations(page, 'delete dialog');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(remove).toBeFocused();
  await expect(row).toBeVisible();

  // Yes: the spec's outcome, the list without it.
  await remove.click();
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(toastOf(page, 'Group deleted.')).toBeVisible();
  await expect(list.locator('tr', { hasText: group })).toHaveCount(0);
});

test('the menu tree asks in a dialog before it deletes an item', async ({ page }) => {
  await logIn(page);
  const group = `E2E Menu ${run()}`;
  await callApi(page, '/api/menu/SaveUserGroup', { groupname: group });
  const groups = await callApi<Array<{ id: number; groupname: string }>>(page, '/api/menu/getAllgroup', {});
  const id = groups.find((g) => g.groupname === group)!.id;
  await page.goto(`/bmstree?id=${id}&from=group`);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByLabel('Menu Name (page)').selectOption({ label: 'News' });
  await page.getByRole('button', { name: 'Save' }).click();
  const tree = page.getByRole('navigation', { name: 'Menu tree' });
  await expect(tree).toContainText('News');
  await tree.getByRole('button', { name: /News/ }).click();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.locator('.confirm-dialog__question')).toHaveText(
    'Delete this menu entry? This cannot be undone.',
  );
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(tree).toContainText('News');
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(toastOf(page, 'Menu entry deleted.')).toBeVisible();
  await expect(page.getByText('This menu is empty')).toBeVisible();
});
