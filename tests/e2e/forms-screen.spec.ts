import { E2E_ADMIN_PASSWORD } from '../../playwright.config';
import {
  expect,
  expectNoAxeViolations,
  freshRun,
  logInAs,
  openAdministrationScreen,
  queryE2eDatabase,
  test,
  toastOf,
} from './fixtures';

// The forms screen (docs/design.md §30): an administrator builds a form field by field and saves it, at a desktop's and
// a phone's width, with axe on the list and the editor. The spec's form has a name of its own.

for (const width of [1280, 390]) {
  test(`an administrator builds a form on the forms screen at ${width} px`, async ({ page }) => {
    const name = `Sign-up ${freshRun()}`;
    await page.setViewportSize({ width, height: 900 });
    await logInAs(page, 'admin', E2E_ADMIN_PASSWORD);
    if (width >= 1280) await openAdministrationScreen(page, 'Forms', '/forms');
    else await page.goto('/forms');
    await expect(page.getByRole('heading', { level: 1, name: 'Forms' })).toBeVisible();
    await expect(
      page.getByRole('table', { name: 'Forms' }).getByText('Contact', { exact: true }).first(),
    ).toBeVisible();
    await expectNoAxeViolations(page, `the forms at ${width} px`);

    await page.getByRole('button', { name: 'New form' }).click();
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByRole('button', { name: 'Add a field' }).click();
    await expect(page.getByLabel('Field 1: label')).toBeFocused();
    await page.getByLabel('Field 1: label').fill('Your name');
    await page.getByLabel('Key').first().fill('name');
    await page.getByRole('button', { name: 'Add a field' }).click();
    await page.getByLabel('Field 2: label').fill('Email');
    await page.getByLabel('Key').nth(1).fill('email');
    await page.locator('select[name="fields.1.kind"]').selectOption('email');
    if (width >= 1280) {
      // Email dragged above Your name by its handle, with the pointer (both cards in view on a tall window).
      await page.setViewportSize({ width, height: 2000 });
      const handle = page.getByRole('button', { name: 'Drag field 2 to move it' });
      const from = (await handle.boundingBox())!;
      const to = (await page.locator('.form-editor__field').first().boundingBox())!;
      await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
      await page.mouse.down();
      await page.mouse.move(from.x + from.width / 2, from.y - 20, { steps: 5 });
      await page.mouse.move(from.x + from.width / 2, to.y + 10, { steps: 15 });
      await page.mouse.up();
      await expect(page.getByLabel('Field 1: label')).toHaveValue('Email');
      await expect(page.getByLabel('Field 2: label')).toHaveValue('Your name');
      await page.setViewportSize({ width, height: 900 });
    }
    await expectNoAxeViolations(page, `the form editor at ${width} px`);
    await page.screenshot({ path: `test-results/forms-screen/editor-${width}.png`, fullPage: true });
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(toastOf(page, 'Form saved')).toBeVisible();
    await expect(page.getByRole('table', { name: 'Forms' }).getByText(name)).toBeVisible();
    const [saved] = queryE2eDatabase<{ definition: string }>('select definition from forms where name = ?', name);
    expect(
      JSON.parse(saved!.definition).fields.map((f: { key: string; kind: string }) => `${f.key}:${f.kind}`),
    ).toEqual(width >= 1280 ? ['email:email', 'name:text'] : ['name:text', 'email:email']);
  });
}
