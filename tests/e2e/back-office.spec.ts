import { E2E_ADMIN_PASSWORD } from '../../playwright.config';
import { expect, logInAs, test, toastOf } from './fixtures';

test('a new administrator builds a group with two editors, adds a user, and deactivates them', async ({ browser }) => {
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await logInAs(admin, 'admin', E2E_ADMIN_PASSWORD);

  // A group…
  const run = String(Date.now() % 100000).padStart(5, '0');
  const group = `E2E Writers ${run}`;
  const code = `W${run}`;
  const username = `e2e-writer-${run}`;
  await admin.goto('/newGrouphome');
  await expect(admin.locator('h1')).toHaveText('Create User Group');
  await admin
    .getByRole('link', { name: 'Create New Group' })
    .or(admin.getByRole('button', { name: 'Create New Group' }))
    .click();
  // Exact: while the form's chunk loads, the list stays on screen, and its pager ('User groups: pages') would match.
  await admin.getByLabel('User Group', { exact: true }).fill(group);
  await admin.getByRole('button', { name: 'Save' }).click();
  await expect(admin).toHaveURL(/\/newGrouphome/);

  // …whose menu holds two editors: News (the landing page) and About.
  const groupRow = admin.locator('tr', { hasText: group });
  // The test database has only a few groups: the new one is on the first page of ten.
  await expect(groupRow).toBeVisible();
  await groupRow
    .getByRole('link', { name: `Edit the menu of ${group}` })
    .or(groupRow.getByRole('button', { name: `Edit the menu of ${group}` }))
    .click();
  await expect(admin).toHaveURL(/\/bmstree\?.*from=group/);
  for (const [page, landing] of [
    ['News', true],
    ['About', false],
  ] as const) {
    await admin.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(admin).toHaveURL(/\/menu2\?/);
    await admin.getByLabel('Menu Name (page)').selectOption({ label: page });
    if (landing) await admin.getByLabel('Landing page').check();
    await admin.getByRole('button', { name: 'Save' }).click();
    await expect(admin).toHaveURL(/\/bmstree\?/);
    await expect(admin.getByRole('navigation', { name: 'Menu tree' })).toContainText(page);
  }

  // A user in that group.
  await admin.goto('/userHomepage');
  await admin.getByRole('link', { name: 'Add' }).click();
  await expect(admin).toHaveURL(/\/user$/);
  await admin.getByLabel('Code').fill(code);
  await admin.getByLabel('Salutation').selectOption('Ms.');
  await admin.getByLabel('Gender').selectOption('Female');
  await admin.getByLabel('First name').fill('Wendy');
  await admin.getByLabel('Last name').fill('Writer');
  await admin.getByLabel('Address').fill('7 Law College Road, Pune');
  await admin.getByLabel('Mobile', { exact: true }).fill('9822012345');
  await admin.getByLabel('Email').fill('Wendy@Example.IN');
  await admin.getByLabel('User name').fill(username);
  await admin.getByLabel('Password').fill('e2e-writer-password');
  await admin.getByLabel('User group').selectOption({ label: group });
  await admin.getByLabel('Active').check();
  await admin.getByRole('button', { name: 'Save' }).click();
  await expect(toastOf(admin, 'User saved.')).toBeVisible();

  // The user sees exactly that menu, reaches both editors, and is refused a third.
  const writerContext = await browser.newContext();
  const writer = await writerContext.newPage();
  await logInAs(writer, username, 'e2e-writer-password', /\/News$/);
  // The staff menu loads after the page: poll until it is there, then it must be exactly these two.
  const writerMenu = writer.getByRole('navigation', { name: 'Staff menu' });
  const menuLinks = () =>
    writerMenu.locator('a').evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')).sort());
  await expect.poll(menuLinks).toEqual(['/About', '/News']);
  await expect(writerMenu.getByRole('button')).toHaveCount(0);
  await writerMenu.getByRole('link', { name: 'About', exact: true }).click();
  await expect(writer).toHaveURL(/\/About$/);
  await expect(writer.locator('h1')).toContainText('About');
  await writer.goto('/Home');
  await expect(writer.locator('h1')).toHaveText('Not allowed');

  // Deactivating the user ends their open session at once.
  await admin.goto('/userHomepage');
  const userRow = admin.locator('tr', { hasText: code });
  await userRow.getByRole('button', { name: /Deactivate/ }).click();
  const question = admin.getByRole('alertdialog');
  await expect(question).toContainText('Deactivate this user?');
  await question.getByRole('button', { name: 'Deactivate', exact: true }).click();
  await expect(question).toBeHidden();
  await expect(userRow).toContainText('Inactive');
  await writer.goto('/News');
  await expect(writer).toHaveURL(/\/Home1$/);

  await Promise.all([adminContext.close(), writerContext.close()]);
});
