import path from 'node:path';
import Database from 'better-sqlite3';
import type { Locator, Page, Route } from '@playwright/test';
import { E2E_ADMIN_PASSWORD } from '../../playwright.config';
import { createEditorsAutowiredPage, ensureE2eUser, expect, signIn, test } from './fixtures';

// An editor that opens stands still (docs/design.md §26): what comes a moment after it opens (the rich-text editor's
// chunk, the "editing this page too" notice) moves no button under a pointer on its way to it. A click aimed at
// Save that landed beside it, because the form grew under it, was the browser suite's flakiest failure. On a page
// made without code of this file's own (nobody else's editor is open on it).

const RUN = `${Date.now() % 100000}`.padStart(5, '0');
const NAME = `Steady${RUN}`;
const EDITOR = { username: `e2e-steady-${RUN}`, password: 'e2e-steady-password' };
const WIDTHS = [390, 768, 1280] as const;

// One worker makes the page: the file's tests share it.
test.describe.configure({ mode: 'serial' });

const PARAMETERS = [
  { parameterName: 'headline', sequence: 1, type: 'Textarea', unittype: 'Character', pagecreationtype: 'Header' },
  { parameterName: 'story', sequence: 2, type: 'Richtext', unittype: 'Richtext', pagecreationtype: 'Header' },
  { parameterName: 'jobTitle', sequence: 3, type: 'Textarea', unittype: 'Character', pagecreationtype: 'Detail' },
].map((parameter) => ({ ...parameter, mandatory: 'N', showName: true }));

const STORY = '<h2>Who we are</h2><p>Widgets that last,<br>made in Pune.</p><ul><li>Steel</li><li>Brass</li></ul>';

test.beforeAll(async ({ browser }) => {
  const pageId = await createEditorsAutowiredPage(browser, {
    name: NAME,
    display: `Steady ${RUN}`,
    parameters: PARAMETERS,
  });
  await ensureE2eUser(EDITOR.username, EDITOR.password, 3);
  const db = new Database(path.join(process.env.FOLIO_E2E_DATA!, 'folio.sqlite'), { fileMustExist: true });
  try {
    const document = {
      header: { headline: 'Widgets for everyone', story: STORY },
      rows: [{ jobTitle: 'Welder' }, { jobTitle: 'Fitter' }],
      menupageid: pageId,
      commonrouting: NAME,
      revision: 1,
    };
    db.prepare(
      "insert into page_revisions (page_id, revision, document, saved_by, saved_by_name, saved_at, status) values (?, 1, ?, null, 'a test', ?, 'published')",
    ).run(pageId, JSON.stringify(document), new Date().toISOString());
  } finally {
    db.close();
  }
});

/** Holds the requests a route matches until `release` is called. */
async function hold(page: Page, url: RegExp | string): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route: Route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Where the controls a pointer goes for are on the screen: Save, the first entry's Edit, the story's frame. */
async function controls(page: Page) {
  const box = async (locator: Locator) => {
    const found = await locator.boundingBox();
    if (!found) throw new Error(`${locator.toString()} is not on the screen`);
    return {
      x: Math.round(found.x),
      y: Math.round(found.y),
      width: Math.round(found.width),
      height: Math.round(found.height),
    };
  };
  const bar = page.getByRole('region', { name: 'Save and publish' });
  return {
    save: await box(bar.getByRole('button', { name: 'Save', exact: true })),
    edit: await box(page.getByRole('button', { name: /^Edit/ }).first()),
    story: await box(page.locator('.field.rte').first()),
  };
}

for (const width of WIDTHS) {
  test(`nothing moves when the rich-text editor arrives, at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    const release = await hold(page, /\/assets\/rich-text-editor-[^/]+\.js$/);
    await signIn(page, EDITOR.username, EDITOR.password);
    await page.goto(`/${NAME}`);
    // Its stand-in: the words as plain text, one line per paragraph and list item, and the toolbar's place.
    const pending = page.locator('.rte__content--pending');
    await expect(pending.locator('h2, p')).toHaveText([
      'Who we are',
      'Widgets that last,\nmade in Pune.',
      'Steel',
      'Brass',
    ]);
    await page.getByRole('button', { name: 'Show Content' }).click();
    await expect(page.getByRole('button', { name: /^Edit/ })).toHaveCount(2);
    const before = await controls(page);

    release();
    await expect(page.getByRole('textbox', { name: 'story' })).toBeVisible();
    await expect(page.getByRole('toolbar', { name: 'story: formatting' })).toBeVisible();
    await expect(pending).toHaveCount(0);
    expect(await controls(page)).toEqual(before);
  });
}

test('the "editing this page too" notice moves nothing and covers no control of the form', async ({ browser }) => {
  const other = await browser.newContext();
  const context = await browser.newContext({ viewport: { width: 768, height: 800 } });
  try {
    // Someone else has the editor open.
    const admin = await other.newPage();
    await signIn(admin, 'admin', E2E_ADMIN_PASSWORD);
    await admin.goto(`/${NAME}`);
    await expect(admin.getByRole('button', { name: 'Save', exact: true })).toBeVisible();

    const page = await context.newPage();
    const release = await hold(page, new RegExp(`/api/master/editing/${NAME}$`));
    await signIn(page, EDITOR.username, EDITOR.password);
    await page.goto(`/${NAME}`);
    await expect(page.getByRole('textbox', { name: 'story' })).toBeVisible();
    await page.getByRole('button', { name: 'Show Content' }).click();
    await expect(page.getByRole('button', { name: /^Edit/ })).toHaveCount(2);
    const notice = page.locator('.editing-notice');
    await expect(notice).toHaveText('');
    const before = await controls(page);

    release();
    await expect(notice).toHaveText('Administrator is editing this page too.');
    expect(await controls(page)).toEqual(before);

    // Scrolled to the form's end, the notice over its bottom edge hides none of its controls.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const covered = await notice.evaluate((element) => {
      const over = element.getBoundingClientRect();
      const form = element.closest('.app-screen__body') ?? document.body;
      return [...form.querySelectorAll('button, input, select, textarea, [role="textbox"], a, label')]
        .filter((control) => !element.closest('.editor-actions')?.contains(control))
        .filter((control) => {
          const box = control.getBoundingClientRect();
          return (
            box.width > 0 &&
            box.bottom > over.top &&
            box.top < over.bottom &&
            box.right > over.left &&
            box.left < over.right
          );
        })
        .map((control) => control.textContent?.trim() || control.getAttribute('aria-label') || control.tagName);
    });
    expect(covered).toEqual([]);
  } finally {
    await context.close();
    await other.close();
  }
});

test('on a site of two languages the Language choice is in the action bar from the editor’s first frame', async ({
  page,
}) => {
  await page.setViewportSize({ width: 768, height: 800 });
  // The site's languages as this test says (the default site's change with other specs), answered when it says.
  let answer!: () => void;
  const answered = new Promise<void>((resolve) => (answer = resolve));
  await page.route(/\/api\/master\/locales$/, async (route) => {
    if (route.request().method() !== 'GET') return route.continue();
    await answered;
    await route.fulfill({
      json: {
        defaultLocale: 'en-IN',
        locales: [
          { code: 'en-IN', name: 'English', enabled: true },
          { code: 'de', name: 'Deutsch', enabled: true },
        ],
      },
    });
  });
  await signIn(page, EDITOR.username, EDITOR.password);
  await page.goto(`/${NAME}`);
  const bar = page.getByRole('region', { name: 'Save and publish' });
  // The form and the bar wait for the languages: nothing to aim at yet that would move when they come.
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toBeVisible();
  await expect(page.getByLabel('headline', { exact: true })).toHaveCount(0);
  await expect(bar).toHaveCount(0);

  answer();
  await expect(bar.getByLabel('Language')).toBeVisible();
  const save = bar.getByRole('button', { name: 'Save', exact: true });
  await expect(save).toBeVisible();
});
