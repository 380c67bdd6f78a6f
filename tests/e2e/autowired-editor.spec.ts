import type { Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import { E2E_ADMIN_PASSWORD } from '../../playwright.config';
import {
  callApi,
  confirmPublish,
  createE2eUser,
  expect,
  expectNoAxeViolations,
  listEditor,
  logInAs,
  openHydrated,
  saveEditor,
  sidewaysScroll,
  test,
  toastOf,
} from './fixtures';

// The generic editor of an Autowired page (docs/design.md §13, issue 11): an administrator makes a careers page through
// the API, an Editor fills it in through /{Name}, a visitor reads /{Name}1. The tests build on each other.
test.describe.configure({ mode: 'serial' });

const RUN = `${Date.now() % 100000}`.padStart(5, '0');
const NAME = `Careers${RUN}`;
/** Shown as text everywhere, never as markup. */
const DISPLAY = `Careers <i>${RUN}</i> & jobs`;
const HIDDEN = `Hidden${RUN}`;
const EDITOR = { username: `e2e-careers-${RUN}`, password: 'e2e-careers-password' };

// Text shows visitors no field name unless asked (docs/design.md §34): this page asks, so its values read under their names.
const HEADER = [
  {
    parameterName: 'title',
    sequence: 1,
    type: 'Textarea',
    unittype: 'Character',
    pagecreationtype: 'Header',
    mandatory: 'Y',
    minlength: 5,
    maxlength: 80,
    showName: true,
  },
  {
    parameterName: 'intro',
    sequence: 2,
    type: 'Richtext',
    unittype: 'Richtext',
    pagecreationtype: 'Header',
    mandatory: 'N',
    showName: true,
  },
  {
    parameterName: 'banner',
    sequence: 3,
    type: 'Image',
    unittype: 'Image',
    pagecreationtype: 'Header',
    mandatory: 'N',
    width: 1200,
    sizeinKB: 200,
  },
];
const JOB_TITLE = {
  parameterName: 'jobTitle',
  sequence: 4,
  type: 'Textarea',
  unittype: 'Character',
  pagecreationtype: 'Detail',
  mandatory: 'Y',
  showName: true,
};
const CLOSING_DATE = {
  parameterName: 'closingDate',
  sequence: 5,
  type: 'Date',
  unittype: 'Date',
  pagecreationtype: 'Detail',
  mandatory: 'N',
  greatthncurrentdate: 'true',
};
const SALARY = {
  parameterName: 'salary',
  sequence: 6,
  type: 'number',
  unittype: 'Float',
  pagecreationtype: 'Detail',
  mandatory: 'N',
  decimalplaces: 2,
};
const FULL_TIME = {
  parameterName: 'fullTime',
  sequence: 7,
  type: 'Checkbox',
  unittype: 'Boolean',
  pagecreationtype: 'Detail',
  mandatory: 'N',
  booleanyes: 'Yes',
  booleanno: 'No',
};

let pageId = 0;

async function asAdmin<T>(browser: Browser, work: (admin: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext();
  const admin = await context.newPage();
  try {
    await logInAs(admin, 'admin', E2E_ADMIN_PASSWORD);
    return await work(admin);
  } finally {
    await context.close();
  }
}

const saveParameters = (admin: Page, parameters: object[]) =>
  callApi<{ message: string }>(admin, '/api/master/saveParameters', { id: pageId, parameters });

test.beforeAll(async ({ browser }) => {
  await asAdmin(browser, async (admin) => {
    const created = await callApi<{ status: string; id: number }>(admin, '/api/master/savePageCreation', {
      filename: NAME,
      dspname: DISPLAY,
      module: 1,
      type: 'Autowired',
      homepage: 'Y',
    });
    expect(created.status).toBe('OK');
    pageId = created.id;
    expect((await saveParameters(admin, [...HEADER, JOB_TITLE, CLOSING_DATE, SALARY, FULL_TIME])).message).toBe(
      'Success',
    );
    // Into the Editors group's menu, after its last top-level item ('Sequence is Not Less Than Current').
    const tree = await callApi<Array<{ sequence: number }>>(admin, '/api/menu/menubyuser', {
      userId: 3,
      from: 'group',
    });
    const sequence = Math.max(0, ...tree.map((node) => node.sequence)) + 1;
    const menu = await callApi<{ status: string }>(admin, '/api/menu/savemenubyuserforjson', {
      jsonsavelist: { resourcegroupid: 3, pageid: pageId, pagename: NAME, sequence },
    });
    expect(menu.status).toBe('OK');
    // A page of nobody's menu but the administrators'.
    await callApi(admin, '/api/master/savePageCreation', {
      filename: HIDDEN,
      dspname: HIDDEN,
      module: 1,
      type: 'Autowired',
      homepage: 'N',
    });
  });
  await createE2eUser(EDITOR.username, EDITOR.password, 3);
});

const logIn = (page: Page) => logInAs(page, EDITOR.username, EDITOR.password);

async function openEditor(page: Page) {
  await page.goto(`/${NAME}`);
  await expect(page.locator('h1')).toHaveText(DISPLAY);
}

const titleInput = (page: Page) => page.getByLabel('title', { exact: true });

/** A PNG file as the file picker hands it over. */
async function pngFile(name: string, width: number, height: number) {
  const buffer = await sharp({ create: { width, height, channels: 3, background: { r: 20, g: 90, b: 160 } } })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

test('the staff menu opens an Autowired page in place, without reloading the app', async ({ page, consoleErrors }) => {
  await logIn(page);
  await page.evaluate(() => ((window as unknown as { folioMarker: number }).folioMarker = 1));
  await page.getByRole('navigation', { name: 'Staff menu' }).getByRole('link', { name: NAME, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/${NAME}$`));
  await expect(page.locator('h1')).toHaveText(DISPLAY);
  // Still the same document: a reload would have dropped the marker.
  expect(await page.evaluate(() => (window as unknown as { folioMarker?: number }).folioMarker)).toBe(1);
  expect(consoleErrors).toEqual([]);
});

test('an Editor gets each rule’s message, adds two jobs, saves, and views the page', async ({
  page,
  consoleErrors,
}) => {
  await logIn(page);
  await openEditor(page);
  const jobs = listEditor(page, 'entry');
  const jobTitle = jobs.getByLabel('jobTitle', { exact: true });
  const closingDate = jobs.getByLabel('closingDate', { exact: true });
  const salary = jobs.getByLabel('salary', { exact: true });
  const fullTime = jobs.getByLabel('fullTime', { exact: true });
  const add = jobs.getByRole('button', { name: 'Add' });
  const count = jobs.locator('.list-editor__count');

  // Each control by its parameter's type.
  await expect(closingDate).toHaveAttribute('type', 'date');
  await expect(salary).toHaveAttribute('inputmode', 'decimal');
  await expect(fullTime).toHaveAttribute('type', 'checkbox');
  await expect(page.getByLabel('banner', { exact: true })).toHaveAttribute('type', 'url');
  await expect(
    page.getByText('Upload a PNG or JPEG image, or give its address, at most 1200 pixels wide, at most 200 KB.'),
  ).toBeVisible();

  // The banner is uploaded to the page's own folder; an image over the field's width is refused with its rule.
  const picker = page.getByLabel('Choose an image file (PNG or JPEG)');
  await picker.setInputFiles(await pngFile('too-wide.png', 1600, 200));
  await expect(
    toastOf(page, 'Failed to upload file: Please upload an image at most 1200 pixels wide in banner'),
  ).toBeVisible();
  await expect(page.getByLabel('banner', { exact: true })).toHaveValue('');
  await picker.setInputFiles(await pngFile('banner.png', 900, 300));
  await expect(toastOf(page, 'Image uploaded.')).toBeVisible();
  await expect(page.getByLabel('banner', { exact: true })).toHaveValue(
    new RegExp(`/uploads/photos/page${pageId}/[0-9a-f]{24}_900x300\\.png$`),
  );
  await expect(titleInput(page)).toHaveAttribute('aria-required', 'true');
  await expect(page.getByText('5 to 80 characters.')).toBeVisible();

  // The rule engine before Add: the spec's 'Oops' messages, nothing added.
  await closingDate.fill('2099-12-31');
  await salary.fill('1200000.50');
  await add.click();
  await expect(toastOf(page, 'Please enter jobTitle')).toBeVisible();
  await jobTitle.fill('QA Engineer');
  await closingDate.fill('2020-01-01');
  await add.click();
  await expect(toastOf(page, 'Please enter a future date in closingDate')).toBeVisible();
  await closingDate.fill('2099-12-31');
  await salary.fill('10.5');
  await add.click();
  await expect(toastOf(page, 'Please enter 2 decimal places in salary')).toBeVisible();
  await expect(count).toHaveText('0 entries');

  // The first job, its checkbox ticked from the keyboard: the state shows in the parameter's words.
  await salary.fill('1200000.50');
  await fullTime.focus();
  await page.keyboard.press('Space');
  await expect(fullTime).toBeChecked();
  await expect(jobs.locator('.checkbox-choice__state')).toHaveText('Yes');
  await add.click();
  await expect(count).toHaveText('1 entry');
  await expect(fullTime).not.toBeChecked();
  await expect(jobs.locator('.checkbox-choice__state')).toHaveText('No');

  // The second, added with Enter.
  await jobTitle.fill('Technical Writer');
  await closingDate.fill('2099-06-30');
  await salary.fill('950000.00');
  await salary.press('Enter');
  await expect(count).toHaveText('2 entries');
  await jobs.getByRole('button', { name: 'Show Content' }).click();
  const rows = jobs.locator('tbody tr');
  await expect(rows.nth(0)).toContainText('QA Engineer');
  await expect(rows.nth(0)).toContainText('1200000.50');
  await expect(rows.nth(0).locator('td').nth(4)).toHaveText('Yes');
  await expect(rows.nth(1).locator('td').nth(4)).toHaveText('No');

  // The header: the title's rule is checked before Save.
  await titleInput(page).fill('Hey');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toastOf(page, 'Please enter at least 5 characters in title')).toBeVisible();
  await titleInput(page).fill('Join our team');
  await page.getByRole('textbox', { name: 'intro' }).click();
  await page.keyboard.type('We build software in Pune.');
  await expect(page.getByText('Unsaved changes', { exact: true })).toBeVisible();
  await saveEditor(page);
  await expect(page.locator('.publish-state')).toContainText(/^Published/);

  // View Page opens the public twin in a new tab.
  const [publicTab] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('link', { name: /^View Page/ }).click(),
  ]);
  await expect(publicTab).toHaveURL(new RegExp(`/${NAME}1$`));
  await expect(publicTab.locator('main')).toContainText('Technical Writer');
  await publicTab.close();

  // Saved: a fresh visit loads the saved copy, no draft.
  await page.reload();
  await expect(titleInput(page)).toHaveValue('Join our team');
  await expect(page.getByText('Unsaved edits from your last visit were restored.')).toBeHidden();
  // The one error: the refused upload of the too-wide banner.
  expect(consoleErrors).toEqual([
    expect.stringMatching(
      /^Failed to load resource: the server responded with a status of 400 \(Bad Request\) \(.*\/api\/master\/uploadImage\)$/,
    ),
  ]);
});

test('a visitor sees the public twin complete with JavaScript off', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const visitor = await context.newPage();
  const response = await visitor.goto(`/${NAME}1`);
  expect(response?.status()).toBe(200);
  await expect(visitor.locator('h1')).toHaveText(DISPLAY);
  const main = visitor.locator('main');
  await expect(main).toContainText('Join our team');
  await expect(main).toContainText('We build software in Pune.');
  await expect(main.locator('tr', { hasText: 'QA Engineer' })).toContainText('Yes');
  // Numbers in the site's format, with the parameter's decimal places.
  await expect(main.locator('tr', { hasText: 'QA Engineer' })).toContainText('12,00,000.50');
  await expect(main.locator('tr', { hasText: 'Technical Writer' })).toContainText('9,50,000.00');
  await expect(main.locator('tr', { hasText: 'Technical Writer' })).toContainText('No');
  await expect(main.locator('tr', { hasText: 'Technical Writer' })).toContainText('30 Jun 2099');
  // The uploaded banner, with its size and WebP copies.
  const banner = main.locator(`img[src*="/uploads/photos/page${pageId}/"]`);
  await expect(banner).toHaveAttribute('width', '900');
  await expect(banner).toHaveAttribute('height', '300');
  await expect(main.locator('picture source[type="image/webp"]')).toHaveAttribute('srcset', /-320\.webp 320w/);
  await context.close();
});

test('a visitor reads the public twin well on a phone and on a desktop: every value under its name, no violations', async ({
  page,
  consoleErrors,
}) => {
  for (const viewport of [
    { width: 360, height: 740 },
    { width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(viewport);
    await openHydrated(page, `/${NAME}1`);
    const main = page.locator('main');
    // The Header fields under their parameters' names; the entries' columns under theirs.
    await expect(main.locator('dl dt')).toHaveText(['title', 'intro', 'banner']);
    await expect(main.locator('dl dd').first()).toHaveText('Join our team');
    await expect(main.locator('th[scope="col"]')).toHaveText(['jobTitle', 'closingDate', 'salary', 'fullTime']);
    await expect(main.getByRole('img', { name: 'banner' })).toBeVisible();
    const writer = main.locator('tr', { hasText: 'Technical Writer' });
    // On a phone the rows stack as cards, each value under its column's name; on a desktop they are a table.
    const salary = writer.locator('td[data-label="salary"]');
    const labelShown = await salary.evaluate((cell) => getComputedStyle(cell, '::before').content);
    expect(labelShown).toBe(viewport.width < 640 ? '"salary"' : 'none');
    expect(await sidewaysScroll(page), `${viewport.width} px`).toBeLessThanOrEqual(0);
    expect(
      await page.locator('.table-scroll').evaluate((frame) => frame.scrollWidth - frame.clientWidth),
    ).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page, `${viewport.width} px`);
  }
  expect(consoleErrors).toEqual([]);
});

test('a save in between gives the second editor the 409 Reload offer, and Reload loads the saved copy', async ({
  browser,
}) => {
  const firstContext = await browser.newContext();
  const secondContext = await browser.newContext();
  const first = await firstContext.newPage();
  const second = await secondContext.newPage();
  await logIn(first);
  await logIn(second);
  await openEditor(first);
  await openEditor(second);
  await expect(listEditor(second, 'entry').locator('.list-editor__count')).toHaveText('2 entries');

  await titleInput(first).fill('Join our growing team');
  await saveEditor(first);

  const late = listEditor(second, 'entry');
  await late.getByRole('button', { name: 'Show Content' }).click();
  await late.getByRole('button', { name: 'Delete entry 2', exact: true }).click();
  await expect(late.locator('.list-editor__count')).toHaveText('1 entry');
  await second.getByRole('button', { name: 'Save', exact: true }).click();
  await confirmPublish(second);
  await expect(toastOf(second, /saved this page/)).toBeVisible();
  const banner = second.getByRole('alert').filter({ hasText: 'Your edits were not saved.' });
  await expect(banner).toContainText(/saved this page/);
  // Nothing is lost until the editor chooses: the late edit is still there.
  await expect(late.locator('.list-editor__count')).toHaveText('1 entry');
  await banner.getByRole('button', { name: 'Reload' }).click();
  const question = second.getByRole('alertdialog');
  await question.getByRole('button', { name: 'Reload' }).click();
  await expect(titleInput(second)).toHaveValue('Join our growing team');
  await expect(listEditor(second, 'entry').locator('.list-editor__count')).toHaveText('2 entries');
  await expect(banner).toBeHidden();
  await Promise.all([firstContext.close(), secondContext.close()]);
});

test('History lists the revisions and restores an earlier one', async ({ page }) => {
  await logIn(page);
  await openEditor(page);
  await page.getByRole('button', { name: 'History' }).click();
  const history = page.locator('.history-panel');
  await expect(history.getByRole('heading', { name: 'History' })).toBeFocused();
  await expect(history.locator('li').first()).toContainText('Revision 2');
  await expect(history.locator('li').first()).toContainText('(current)');
  await expect(history).toContainText(`saved by ${EDITOR.username}`);
  await history.getByRole('button', { name: 'Restore revision 1' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Restore' }).click();
  await expect(toastOf(page, 'Revision 1 restored.')).toBeVisible();
  await expect(titleInput(page)).toHaveValue('Join our team');
  await expect(history.locator('li').first()).toContainText('Revision 3');

  const visitor = await page.context().browser()!.newPage();
  await visitor.goto(`/${NAME}1`);
  await expect(visitor.locator('main')).toContainText('Join our team');
  await expect(visitor.locator('main')).not.toContainText('growing');
  await visitor.close();
});

test('the editor has no accessibility violations, on a desktop and at 768 px', async ({ page }) => {
  // axe over the whole screen, several times (with the preview pane's page too): slow on a busy machine.
  test.slow();
  await logIn(page);
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 768, height: 1000 },
  ]) {
    await page.setViewportSize(viewport);
    await openEditor(page);
    await listEditor(page, 'entry').getByRole('button', { name: 'Show Content' }).click();
    await page.getByRole('button', { name: 'History' }).click();
    await expect(page.locator('.history-panel')).toBeVisible();
    await expect(page.locator('.history-panel [role="status"]')).toHaveCount(0);
    // A field the keyboard reaches is scrolled clear of the sticky Save bar…
    await page.evaluate(() => window.scrollTo(0, 0));
    const closingDate = listEditor(page, 'entry').getByLabel('closingDate', { exact: true });
    await closingDate.focus();
    expect(
      await closingDate.evaluate((input) => {
        const box = input.getBoundingClientRect();
        return document.elementFromPoint(box.left + 8, box.bottom - 4) === input;
      }),
    ).toBe(true);
    // …and axe looks at the page where the bar covers nothing (it counts whatever the bar covers at the moment).
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expectNoAxeViolations(page, `the editor at ${viewport.width} px`);
    // Nothing wider than the window but the entries table, which scrolls in its own frame.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  }
});

test('changed parameters: removed values are shown and dropped on Save, a newly mandatory field is asked for', async ({
  page,
  browser,
}) => {
  await logIn(page);
  await openEditor(page);
  // The administrator removes salary and adds a mandatory location while the page is open.
  // Shown under its name like the page's other columns (docs/design.md §34), so the entries stay a table.
  const location = {
    parameterName: 'location',
    sequence: 6,
    type: 'Textarea',
    unittype: 'Character',
    pagecreationtype: 'Detail',
    mandatory: 'Y',
    showName: true,
  };
  await asAdmin(browser, (admin) =>
    saveParameters(admin, [...HEADER, JOB_TITLE, CLOSING_DATE, location, { ...FULL_TIME, sequence: 7 }]),
  );

  // The open editor still sends salary: the server refuses it with a sentence and stores nothing.
  await titleInput(page).fill('Join our team in Pune');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await confirmPublish(page);
  await expect(toastOf(page, 'Entry 1 has unknown fields: salary.')).toBeVisible();

  // At the next load the editor knows: salary's values are shown as removed, the edits kept as a draft.
  // (The edits are unsaved: the browser asks before the reload, and the test says leave.)
  page.once('dialog', (dialog) => void dialog.accept());
  await page.reload();
  await expect(page.getByText('Unsaved edits from your last visit were restored.')).toBeVisible();
  const removed = page.getByRole('region', { name: 'Removed fields' });
  await expect(removed).toContainText('Entry 1: salary (removed): 1200000.50');
  await expect(removed).toContainText('Entry 2: salary (removed): 950000.00');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toastOf(page, 'Entry 1: Please enter location')).toBeVisible();

  const jobs = listEditor(page, 'entry');
  await jobs.getByRole('button', { name: 'Show Content' }).click();
  await expect(jobs.locator('thead')).not.toContainText('salary');
  for (const [entry, place] of [
    [1, 'Pune'],
    [2, 'Remote'],
  ] as const) {
    await jobs.getByRole('button', { name: `Edit entry ${entry}`, exact: true }).click();
    await expect(jobs.getByLabel('jobTitle', { exact: true })).not.toHaveValue('');
    await jobs.getByLabel('location', { exact: true }).fill(place);
    await jobs.getByRole('button', { name: 'Add' }).click();
  }
  await saveEditor(page);
  await expect(removed).toBeHidden();

  const visitor = await browser.newPage();
  await visitor.goto(`/${NAME}1`);
  const main = visitor.locator('main');
  await expect(main).toContainText('Join our team in Pune');
  await expect(main.locator('tr', { hasText: 'QA Engineer' })).toContainText('Pune');
  await expect(main).not.toContainText('12,00,000.50');
  await visitor.close();
});

test('a save the server refuses about one field marks that field and focuses it (docs/design.md §25: {message, field})', async ({
  page,
  browser,
}) => {
  // Shown under its name like the page's other columns (docs/design.md §34), so the entries stay a table.
  const location = {
    parameterName: 'location',
    sequence: 6,
    type: 'Textarea',
    unittype: 'Character',
    pagecreationtype: 'Detail',
    mandatory: 'Y',
    showName: true,
  };
  const current = [...HEADER, JOB_TITLE, CLOSING_DATE, location, { ...FULL_TIME, sequence: 7 }];
  await logIn(page);
  await openEditor(page);
  // While the editor is open, the administrator allows the title 10 characters at most: the editor still checks
  // the rules it loaded, so only the server refuses, and names the field.
  const shorter = current.map((p) => (p.parameterName === 'title' ? { ...p, maxlength: 10 } : p));
  await asAdmin(browser, (admin) => saveParameters(admin, shorter));
  try {
    await titleInput(page).fill('Join our team in Pune, India');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await confirmPublish(page);
    const message = 'Please enter less than 10 characters in title';
    await expect(toastOf(page, message)).toBeVisible();
    await expect(titleInput(page)).toHaveAttribute('aria-invalid', 'true');
    await expect(titleInput(page)).toBeFocused();
    await expect(page.locator('.autowired-header')).toContainText(message);
  } finally {
    await asAdmin(browser, (admin) => saveParameters(admin, current));
  }
});

test('a page outside the menu is not allowed, and an unknown one is not found', async ({ page }) => {
  await logIn(page);
  await page.goto(`/${HIDDEN}`);
  await expect(page.locator('h1')).toHaveText('Not allowed');
  await page.goto(`/NoSuchPage${RUN}`);
  await expect(page.locator('h1')).toHaveText('Page not found');
});
