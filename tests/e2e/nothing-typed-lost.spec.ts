import type { Page } from '@playwright/test';
import {
  callApi,
  createEditorsAutowiredPage,
  ensureE2eUser,
  expect,
  expectNoAxeViolations,
  freshRun,
  listEditor,
  logInAs,
  queryE2eDatabase,
  sidewaysScroll,
  test,
} from './fixtures';

// docs/design.md §34, the staff editors: an entry typed but not added survives leaving and reloading like every other
// unsaved edit; the publish dialog names the revision that is really published; the tables of entries fit the form
// column beside the preview and on a phone; a code file gone after an upgrade reloads the tab once, or says so.
// Each test has a page made without code of its own (no other spec opens it); the built-in pages are only read.
// Its tests run in parallel: each run of beforeAll makes pages of its own (freshRun).
let RUN = '';
const EDITOR = { username: 'e2e-typed-lost', password: 'e2e-typed-lost-password' };
let PAGES = { kept: '', fits: '', upgrade: '' };

const LONG =
  'Keeps the dispatch schedule of every plant in the western region, from Pune and Nashik to Aurangabad, and answers for it';
const LONG_ADDRESS = 'https://example.com/a/very/long/address/without/any/spaces/at/all/in/it';

const PARAMETERS = [
  {
    parameterName: 'headline',
    sequence: 1,
    type: 'Textarea',
    unittype: 'Character',
    pagecreationtype: 'Header',
    mandatory: 'N',
    maxlength: 120,
  },
  {
    parameterName: 'role',
    sequence: 2,
    type: 'Textarea',
    unittype: 'Character',
    pagecreationtype: 'Detail',
    mandatory: 'N',
  },
  {
    parameterName: 'place',
    sequence: 3,
    type: 'Textarea',
    unittype: 'Character',
    pagecreationtype: 'Detail',
    mandatory: 'N',
  },
  {
    parameterName: 'responsibilities',
    sequence: 4,
    type: 'Textarea',
    unittype: 'Character',
    pagecreationtype: 'Detail',
    mandatory: 'N',
  },
];

test.beforeAll(async ({ browser }) => {
  RUN = freshRun();
  PAGES = { kept: `Kept${RUN}`, fits: `Fits${RUN}`, upgrade: `Upgrade${RUN}` };
  await ensureE2eUser(EDITOR.username, EDITOR.password, 3);
  for (const [key, name] of Object.entries(PAGES)) {
    await createEditorsAutowiredPage(browser, { name, display: `${key} ${RUN}`, parameters: PARAMETERS });
  }
  // Entries with long texts, an address without spaces among them, for the tables that must fit.
  const context = await browser.newContext();
  const page = await context.newPage();
  await logInAs(page, EDITOR.username, EDITOR.password);
  const rows = Array.from({ length: 3 }, (_, index) => ({
    role: `Regional dispatch coordinator number ${index + 1}`,
    place: LONG_ADDRESS,
    responsibilities: LONG,
  }));
  await callApi(page, '/api/master/savepagecontent', {
    commonrouting: PAGES.fits,
    document: { header: { headline: 'Openings' }, rows, revision: 0 },
  });
  await context.close();
});

const logIn = (page: Page) => logInAs(page, EDITOR.username, EDITOR.password);
const entries = (page: Page) => listEditor(page, 'entry');
const restoredNotice = (page: Page) => page.getByText('Unsaved edits from your last visit were restored.');
/** The revision visitors see of a page made for this file (its source language). */
const publishedRevision = (routing: string) =>
  queryE2eDatabase<{ n: number | null }>(
    "SELECT max(revision) AS n FROM page_revisions WHERE locale = '' AND status = 'published' AND page_id = (SELECT id FROM pages WHERE routing = ?)",
    routing,
  )[0]!.n;

/** Reloads the tab; the browser asks first (unsaved edits), and the test says leave. */
async function reloadAnsweringLeave(page: Page): Promise<string[]> {
  const asked: string[] = [];
  const answer = (dialog: import('@playwright/test').Dialog) => {
    asked.push(dialog.type());
    // Under load the browser may have closed the question already (the reload went on): nothing is left to answer.
    dialog.accept().catch((error: Error) => {
      if (!error.message.includes('No dialog is showing')) throw error;
    });
  };
  page.on('dialog', answer);
  await page.reload();
  page.off('dialog', answer);
  return asked;
}

/** Presses Publish and reads the revision its question names, then publishes. */
async function publishNamingRevision(page: Page, question: RegExp): Promise<number> {
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Publish now?' });
  const words = dialog.locator('p');
  await expect(words).toHaveText(question);
  const named = Number(/as revision (\d+)/.exec((await words.textContent()) ?? '')?.[1]);
  await dialog.getByRole('button', { name: 'Publish' }).click();
  await expect(page.locator('.publish-state')).toContainText(/^Published/);
  return named;
}

test('an entry typed but not added is back after a reload and after leaving; Publish names the revision it publishes', async ({
  page,
  consoleErrors,
}) => {
  await logIn(page);
  await page.goto(`/${PAGES.kept}`);
  const form = entries(page);
  await form.getByLabel('role', { exact: true }).fill('Night-shift foreman');
  await form.getByLabel('place', { exact: true }).fill('Pune plant');

  // Reloading: the browser asks (the entry is an unsaved edit), and the entry is back in its form.
  expect(await reloadAnsweringLeave(page)).toEqual(['beforeunload']);
  await expect(form.getByLabel('role', { exact: true })).toHaveValue('Night-shift foreman');
  await expect(form.getByLabel('place', { exact: true })).toHaveValue('Pune plant');
  await expect(restoredNotice(page)).toBeVisible();
  await expectNoAxeViolations(page, 'an editor with an entry restored after a reload');

  // Leaving for another screen asks first; coming back, the entry is there again.
  await page.getByRole('navigation', { name: 'Staff menu' }).getByRole('link').first().click();
  const leave = page.getByRole('alertdialog', { name: 'Leave without saving?' });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Leave' }).click();
  await expect(page).not.toHaveURL(new RegExp(`/${PAGES.kept}$`));
  await page.goto(`/${PAGES.kept}`);
  await expect(form.getByLabel('role', { exact: true })).toHaveValue('Night-shift foreman');

  // Added and published: the question names the revision, and that is the one visitors see.
  await form.getByRole('button', { name: 'Add' }).click();
  await expect(form.getByLabel('role', { exact: true })).toHaveValue('');
  const first = await publishNamingRevision(
    page,
    /^Saves your changes as revision \d+ and publishes it: visitors will see it at once\.$/,
  );
  expect(publishedRevision(PAGES.kept)).toBe(first);

  // A draft saved, then published unchanged: a new revision again, and the question says which.
  await page.getByLabel('headline', { exact: true }).fill('We are hiring in Pune');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.locator('.publish-state')).toContainText('Draft saved');
  const draft = first + 1;
  const second = await publishNamingRevision(
    page,
    new RegExp(
      `^Publishes the draft, revision ${draft}, saved again as revision \\d+: visitors will see it at once\\.$`,
    ),
  );
  expect(second).toBe(draft + 1);
  expect(publishedRevision(PAGES.kept)).toBe(second);
  // Nothing is left kept: a reload asks nothing and restores nothing.
  await page.reload();
  await expect(page.locator('.publish-state')).toContainText(/^Published/);
  await expect(restoredNotice(page)).toHaveCount(0);
  await expect(form.getByLabel('role', { exact: true })).toHaveValue('');
  expect(consoleErrors).toEqual([]);
});

/** The page, the form column and every table of entries: none wider than its box. */
async function overflows(page: Page) {
  return page.evaluate(() => {
    const wider = (element: Element | null) => (element ? element.scrollWidth - element.clientWidth : 0);
    return {
      page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      form: wider(document.querySelector('.editor-layout__form')),
      tables: [...document.querySelectorAll('.list-editor__table')].map(wider),
    };
  });
}

async function showAllEntries(page: Page) {
  const buttons = page.getByRole('button', { name: 'Show Content' });
  await expect(buttons.first()).toBeVisible();
  for (let count = await buttons.count(); count > 0; count -= 1) await buttons.first().click();
  await expect(page.locator('.list-editor__table:not([hidden])').first()).toBeVisible();
}

for (const width of [1280, 390]) {
  test(`tables of entries fit the form column at ${width} px${width === 1280 ? ' beside the preview' : ''}`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await logIn(page);
    for (const path of [`/${PAGES.fits}`, '/Customers', '/About', '/Home']) {
      await page.goto(path);
      if (width === 1280) await expect(page.getByRole('button', { name: 'Hide preview' })).toBeVisible();
      await showAllEntries(page);
      const measured = await overflows(page);
      expect(measured, `${path} at ${width} px`).toEqual({ page: 0, form: 0, tables: measured.tables.map(() => 0) });
      // Every row's actions are in reach.
      const edit = page.getByRole('button', { name: 'Edit entry 1' }).first();
      await edit.scrollIntoViewIfNeeded();
      const box = await edit.boundingBox();
      expect(
        box && box.x >= 0 && box.x + box.width <= width,
        `${path}: Edit entry 1 within the window at ${width} px`,
      ).toBe(true);
      if (path === `/${PAGES.fits}`) {
        // Long texts wrap, whole: nothing is cut.
        await expect(entries(page).locator('.list-editor__table')).toContainText(LONG);
        await expectNoAxeViolations(page, `the entries of a page made without code at ${width} px`);
      }
    }
    expect(await sidewaysScroll(page)).toBe(0);
  });
}

test('a code file gone after an upgrade: the tab reloads once keeping unsaved edits, else a sentence with Reload', async ({
  page,
}) => {
  await logIn(page);
  await page.goto(`/${PAGES.upgrade}`);
  await page.getByLabel('headline', { exact: true }).fill('Typed before the upgrade');
  await entries(page).getByLabel('role', { exact: true }).fill('Typed into the entry form');

  // The History panel's code file (the chunk of the action bar's panels, History and Visits) is gone: opening it
  // reloads the tab, once, and the edits come back.
  await page.route('**/assets/bar-panel-*.js', (route) => route.fulfill({ status: 404, body: 'Not found' }));
  const loads: string[] = [];
  page.on('load', () => loads.push(page.url()));
  await page.getByRole('button', { name: 'History' }).click();
  await expect.poll(() => loads.length).toBe(1);
  await expect(page.getByLabel('headline', { exact: true })).toHaveValue('Typed before the upgrade');
  await expect(entries(page).getByLabel('role', { exact: true })).toHaveValue('Typed into the entry form');
  await expect(restoredNotice(page)).toBeVisible();
  await expect(page.getByText('Unexpected Application Error')).toHaveCount(0);

  // The same right after: no second reload, a sentence and a Reload button instead.
  await page.getByRole('button', { name: 'History' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'This screen could not be shown' })).toBeVisible();
  await expect(
    page.getByText('This screen could not be loaded: Folio has probably been updated since this tab was opened.'),
  ).toBeVisible();
  expect(loads).toHaveLength(1);
  await expect(page.getByText('Unexpected Application Error')).toHaveCount(0);
  await expectNoAxeViolations(page, 'the sentence for a screen that could not be loaded');

  // Once the new code is there, Reload brings the editor back with the edits.
  await page.unroute('**/assets/bar-panel-*.js');
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByLabel('headline', { exact: true })).toHaveValue('Typed before the upgrade');
  await page.getByRole('button', { name: 'History' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'History' })).toBeVisible();
});

test('a screen whose own code file is gone says so in a sentence, never "Unexpected Application Error"', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await logIn(page);
  // Within a minute of a reload for new code, the tab does not reload again: it says so.
  await page.evaluate(() => sessionStorage.setItem('folio.reloaded-for-new-code', String(Date.now())));
  await page.route('**/assets/autowired-editor-*.js', (route) => route.fulfill({ status: 404, body: 'Not found' }));
  // From the staff menu, as a tab left open does (a phone's menu opens from its button first).
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await page
    .getByRole('navigation', { name: 'Staff menu' })
    .getByRole('link', { name: PAGES.upgrade, exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'This screen could not be shown' })).toBeVisible();
  await expect(page.getByText('Unexpected Application Error')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Reload' })).toBeInViewport();
  expect(await sidewaysScroll(page)).toBe(0);
  await expectNoAxeViolations(page, 'the sentence for a screen that could not be loaded, at 390 px');
  await page.unroute('**/assets/autowired-editor-*.js');
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `upgrade ${RUN}` })).toBeVisible();
});
