import AxeBuilder from '@axe-core/playwright';
import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { confirmPublish, ensureE2eUser, expect, listEditor, logInAs, saveEditor, test, toastOf } from './fixtures';

// The tests of this file save pages that other tests of it read (images included): they run one after
// another, so no save meets another's 409.
test.describe.configure({ mode: 'default' });

const EDITOR = { username: 'e2e-page-editor', password: 'e2e-page-editor-password' };

// Both workers may run this; the second finds the user there already.
test.beforeAll(() => ensureE2eUser(EDITOR.username, EDITOR.password, 3));

const logIn = (page: Page) => logInAs(page, EDITOR.username, EDITOR.password);

/** Each editing twin: the list and field changed, and its public twin. */
const CASES = [
  { route: '/Home', entry: 'expertise card', label: 'Heading', value: 'E2E home heading', publicPath: '/Home1' },
  { route: '/About', entry: 'content block', label: 'Title', value: 'E2E about block', publicPath: '/About1' },
  { route: '/Bespoke', entry: 'slide', label: 'Heading', value: 'E2E bespoke slide', publicPath: '/Bespoke1' },
  { route: '/Expertise', entry: 'table row', label: 'Segment', value: 'E2E segment', publicPath: '/Expertise1' },
  { route: '/Language', entry: 'section', label: 'Heading', value: 'E2E language heading', publicPath: '/Language1' },
  { route: '/Consulting', entry: 'section', label: 'Title', value: 'E2E kicker', publicPath: '/Consulting1' },
  { route: '/News', entry: 'news entry', label: 'Year', value: '2031', publicPath: '/News1' },
  { route: '/Customers', entry: 'customer', label: 'Customer', value: 'E2E Customer Ltd', publicPath: '/Customers1' },
  {
    route: '/RelationwareCRM-Manufacturing',
    entry: 'section 1 entry',
    label: 'Title',
    value: 'E2E opportunity title',
    publicPath: '/RelationwareCRM-Manufacturing1',
  },
  {
    route: '/RelationwareCRM-Pharma',
    entry: 'module',
    label: 'Module',
    value: 'E2E pharma module edited',
    publicPath: '/RelationwareCRM-Pharma1',
  },
  { route: '/InnovoCare', entry: 'benefit', label: 'Title', value: 'E2E benefit title', publicPath: '/InnovoCare1' },
];

test.describe('an Editor changes every page and sees it on the public twin', () => {
  for (const c of CASES) {
    test(`${c.route}: edit the first ${c.entry}, save, see it on ${c.publicPath}`, async ({ page }) => {
      await logIn(page);
      await page.goto(c.route);
      const list = listEditor(page, c.entry);
      await list.getByRole('button', { name: 'Show Content' }).click();
      await list.getByRole('button', { name: 'Edit entry 1', exact: true }).click();
      await list.getByLabel(c.label, { exact: true }).fill(c.value);
      await list.getByRole('button', { name: 'Add' }).click();
      await expect(list.locator('table')).toContainText(c.value);
      await saveEditor(page);
      await page.goto(c.publicPath);
      await expect(page.locator('main')).toContainText(c.value);
    });
  }

  test('/Contact: change the phone, save, see it on /Contact1', async ({ page }) => {
    await logIn(page);
    await page.goto('/Contact');
    await page.getByLabel('Phone', { exact: true }).fill('+91 20 1111 2222');
    await saveEditor(page);
    await page.goto('/Contact1');
    await expect(page.locator('main')).toContainText('+91 20 1111 2222');
  });
});

test('a broken field rule shows the exact message and adds nothing', async ({ page }) => {
  await logIn(page);
  await page.goto('/Home');
  const skills = listEditor(page, 'skill');
  await skills.getByRole('button', { name: 'Show Content' }).click();
  const rows = skills.locator('tbody tr');
  const before = await rows.count();
  await skills.getByLabel('Skill Name', { exact: true }).fill('Testing');
  await skills.getByLabel('Skill Value', { exact: true }).fill('1234');
  await skills.getByRole('button', { name: 'Add' }).click();
  await expect(toastOf(page, 'Please enter a number with less than 3 digits in Skill Value')).toBeVisible();
  await expect(rows).toHaveCount(before);
});

test('two editors on one page: the second save gets the 409 message and loses nothing', async ({ browser }) => {
  // Two browser contexts: two people, two sessions.
  const first = await browser.newPage();
  const secondContext = await browser.newContext();
  const other = await secondContext.newPage();
  await logIn(first);
  await logIn(other);
  await first.goto('/Language');
  await other.goto('/Language');
  const mine = listEditor(first, 'section');
  const theirs = listEditor(other, 'section');
  for (const list of [mine, theirs]) {
    await list.getByRole('button', { name: 'Show Content' }).click();
    await list.getByRole('button', { name: 'Edit entry 2', exact: true }).click();
  }
  await mine.getByLabel('Heading', { exact: true }).fill('First editor wins');
  await mine.getByRole('button', { name: 'Add' }).click();
  await saveEditor(first);
  await theirs.getByLabel('Heading', { exact: true }).fill('Second editor was late');
  await theirs.getByRole('button', { name: 'Add' }).click();
  await other.getByRole('button', { name: /^Save( All)?$/ }).click();
  await confirmPublish(other);
  await expect(toastOf(other, /saved this page/)).toBeVisible();
  // Nothing is lost: the late edit is still in the editor, and the public page has the first save.
  await expect(theirs.locator('table')).toContainText('Second editor was late');
  const publicPage = await browser.newPage();
  await publicPage.goto('/Language1');
  await expect(publicPage.locator('main')).toContainText('First editor wins');
  await expect(publicPage.locator('main')).not.toContainText('Second editor was late');
  await Promise.all([first.close(), publicPage.close(), secondContext.close()]);
});

test('rich text with a script, an onerror image and a javascript: link is stored clean and runs nothing', async ({
  page,
}) => {
  await logIn(page);
  await page.goto('/Bespoke');
  const status = await page.evaluate(async () => {
    const xsrf = decodeURIComponent(
      document.cookie
        .split('; ')
        .find((c) => c.startsWith('XSRF-TOKEN='))
        ?.slice(11) ?? '',
    );
    const headers = { 'content-type': 'application/json', 'x-xsrf-token': xsrf };
    const doc = await (await fetch('/api/master/getbespoke', { method: 'POST', headers, body: '{}' })).json();
    doc.bespokelst[0].bespokepara =
      '<p>Clean text <script>window.__xss = 1</script><img src=x onerror="window.__xss = 2"><a href="javascript:window.__xss=3">click</a></p>';
    const response = await fetch('/api/master/savebespoke', { method: 'POST', headers, body: JSON.stringify(doc) });
    return response.status;
  });
  expect(status).toBe(200);
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto('/Bespoke1');
  await expect(page.locator('main')).toContainText('Clean text');
  await page.locator('main').getByText('click').click();
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  const html = await page.locator('main').innerHTML();
  expect(html).not.toContain('<script');
  expect(html).not.toContain('onerror');
  expect(html).not.toContain('javascript:');
  expect(dialogs).toEqual([]);
});

test('the login screen and the editors have no accessibility violations', async ({ page }) => {
  // Six full-page axe scans of long editors with every entry shown: more than the default 30 s on a busy machine.
  test.setTimeout(120_000);
  const check = async (what: string) => {
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(
      results.violations.map(
        (v) =>
          `${what}: ${v.id} (${v.nodes
            .map((n) => n.target.join(' '))
            .slice(0, 3)
            .join(' | ')})`,
      ),
    ).toEqual([]);
  };
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
  await check('/login');
  await logIn(page);
  for (const route of ['/Home', '/About', '/Expertise', '/News', '/Contact']) {
    await page.goto(route);
    await expect(page.locator('h1')).toBeVisible();
    const show = page.getByRole('button', { name: 'Show Content' });
    // Each click turns a 'Show Content' into 'Hide Content', so the first remaining one is always next.
    for (let left = await show.count(); left > 0; left -= 1) await show.first().click();
    await check(route);
  }
});

// Images (About management photos, Customers logos).
const picture = async (format: 'png' | 'jpeg') =>
  sharp({ create: { width: 800, height: 500, channels: 3, background: format === 'png' ? '#1d4ed8' : '#0f766e' } })
    .toFormat(format)
    .toBuffer();

test('an Editor uploads a PNG for a manager and a JPEG for a customer, sees both, and deletes one', async ({
  page,
  request,
}) => {
  await logIn(page);

  // About: the first manager gets a PNG photo.
  await page.goto('/About');
  const team = listEditor(page, 'team member');
  await team.getByRole('button', { name: 'Show Content' }).click();
  await team.getByRole('button', { name: 'Edit entry 1', exact: true }).click();
  await team
    .getByLabel('Choose an image file (PNG or JPEG)')
    .setInputFiles({ name: 'manager.png', mimeType: 'image/png', buffer: await picture('png') });
  await expect(toastOf(page, 'Image uploaded.')).toBeVisible();
  await expect(team.getByLabel('Image', { exact: true })).toHaveValue(/\/uploads\/photos\/about\//);
  await team.getByRole('button', { name: 'Add' }).click();
  await saveEditor(page);
  await page.goto('/About1');
  const photo = page.locator('.management-entry img').first();
  await photo.scrollIntoViewIfNeeded();
  await expect(photo).toHaveAttribute('src', /\/uploads\/photos\/about\//);
  await expect
    .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  const photoUrl = await photo.evaluate((img: HTMLImageElement) => img.src);

  // Customers: the first customer gets a JPEG logo.
  await page.goto('/Customers');
  const customers = listEditor(page, 'customer');
  await customers.getByRole('button', { name: 'Show Content' }).click();
  await customers.getByRole('button', { name: 'Edit entry 1', exact: true }).click();
  await customers
    .getByLabel('Choose an image file (PNG or JPEG)')
    .setInputFiles({ name: 'logo.jpg', mimeType: 'image/jpeg', buffer: await picture('jpeg') });
  await expect(toastOf(page, 'Image uploaded.')).toBeVisible();
  const logoUrl = await customers.getByLabel('Image', { exact: true }).inputValue();
  expect(logoUrl).toMatch(/^\/uploads\/photos\/customer\/.+\.jpe?g$/);
  await customers.getByRole('button', { name: 'Add' }).click();
  await saveEditor(page);
  await page.goto('/Customers1');
  const logo = page.locator('figure img').first();
  await expect(logo).toHaveAttribute('src', /\/uploads\/photos\/customer\//);
  const served = await request.get(logoUrl);
  expect(served.headers()['content-type']).toBe('image/jpeg');
  expect(served.headers()['x-content-type-options']).toBe('nosniff');

  // Deleting the manager with the uploaded photo asks first, removes the entry, and deletes the image.
  // (About, not Customers: other tests count the twenty customer logos.)
  await page.goto('/About');
  const managers = listEditor(page, 'team member');
  await managers.getByRole('button', { name: 'Show Content' }).click();
  const rows = managers.locator('tbody tr');
  const before = await rows.count();
  await managers.getByRole('button', { name: 'Delete entry 1', exact: true }).click();
  const question = page.getByRole('alertdialog');
  await expect(question.locator('.confirm-dialog__question')).toHaveText(
    'Are you sure you want to delete this item and its image permanantly?',
  );
  await question.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(toastOf(page, 'Image deleted.')).toBeVisible();
  await expect(rows).toHaveCount(before - 1);
  await saveEditor(page);
  expect(photoUrl).toMatch(/\/uploads\/photos\/about\//);
  expect((await request.get(new URL(photoUrl).pathname)).status()).toBe(404);
});

test('declining the delete question keeps the entry', async ({ page }) => {
  await logIn(page);
  await page.goto('/About');
  const list = listEditor(page, 'team member');
  await list.getByRole('button', { name: 'Show Content' }).click();
  const rows = list.locator('tbody tr');
  const before = await rows.count();
  await list.getByRole('button', { name: 'Delete entry 1', exact: true }).click();
  const question = page.getByRole('alertdialog');
  await expect(question).toContainText('Are you sure you want to delete this item and its image permanantly?');
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(question).toBeHidden();
  await expect(rows).toHaveCount(before);
});
