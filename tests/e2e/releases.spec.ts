import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { E2E_ADMIN_PASSWORD } from '../../playwright.config';
import {
  callApi,
  createEditorsAutowiredPage,
  ensureGerman,
  expect,
  expectNoAxeViolations,
  logInAs,
  readApi,
  sidewaysScroll,
  test,
  toastOf,
} from './fixtures';
import { tenantFile } from './tenants';

// Releases (docs/design.md §32): an administrator saves drafts of two pages and of one page's German translation, puts
// the three in a release, publishes it through the checks dialog (acknowledging what the checks ask for), and visitors
// see all three at once; Revert then puts back what they saw before, on all three. The pages are this file's own.
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const RUN = `${Date.now() % 100000}`.padStart(5, '0');
const FIRST = `Released${RUN}`;
const SECOND = `Bundled${RUN}`;
const RELEASE = `Spring launch ${RUN}`;
const TIMED = `Price list ${RUN}`;
const HEADLINE = {
  parameterName: 'headline',
  sequence: 1,
  type: 'Textarea',
  unittype: 'Character',
  pagecreationtype: 'Header',
  mandatory: 'N',
  maxlength: 80,
};
const OLD = {
  first: `What we did last year ${RUN}`,
  second: `Our old prices ${RUN}`,
  german: `Was wir letztes Jahr taten ${RUN}`,
};
const NEW = {
  first: `What we do this spring ${RUN}`,
  second: `Our new prices ${RUN}`,
  german: `Was wir diesen Frühling tun ${RUN}`,
};

test.beforeAll(async ({ browser }) => {
  for (const name of [FIRST, SECOND])
    await createEditorsAutowiredPage(browser, { name, display: `${name} page`, parameters: [HEADLINE] });
  const context = await browser.newContext();
  try {
    const admin = await context.newPage();
    await logInAs(admin, 'admin', E2E_ADMIN_PASSWORD);
    await ensureGerman(admin);
    // What visitors see before the release: each page published, and the first one's German translation.
    for (const [name, headline] of [
      [FIRST, OLD.first],
      [SECOND, OLD.second],
    ] as const)
      await callApi(admin, '/api/master/savepagecontent', {
        commonrouting: name,
        document: { header: { headline }, rows: [], revision: 0 },
      });
    await callApi(admin, `/api/master/translate/${FIRST}`, {
      locale: 'de',
      revision: 0,
      texts: { 'header.headline': OLD.german },
    });
  } finally {
    await context.close();
  }
});

/** Saves a draft of a page (visitors keep seeing what is published), from the revision it reads first. */
async function saveDraft(page: Page, name: string, headline: string) {
  const { revision } = await readApi<{ revision: number }>(page, `/api/master/edit/${name}`);
  const saved = await callApi<{ status: string }>(page, '/api/master/savepagecontent', {
    commonrouting: name,
    document: { header: { headline }, rows: [], revision },
    publish: 'draft',
  });
  expect(saved.status).toBe('draft');
}

/** What a visitor reads on a public address, once it shows `text` (a publication re-renders the page for the next visit). */
async function expectVisitorsSee(browser: Browser, address: string, text: string) {
  const context = await browser.newContext();
  try {
    const reader = await context.newPage();
    await expect(async () => {
      const response = await reader.goto(address);
      expect(response?.status()).toBe(200);
      await expect(reader.locator('main')).toContainText(text, { timeout: 1000 });
    }).toPass({ timeout: 20_000 });
  } finally {
    await context.close();
  }
}

async function expectAllSee(browser: Browser, texts: typeof OLD) {
  await expectVisitorsSee(browser, `/${FIRST}1`, texts.first);
  await expectVisitorsSee(browser, `/${SECOND}1`, texts.second);
  await expectVisitorsSee(browser, `/de/${FIRST}1`, texts.german);
}

test('a release of two pages and a translation goes live at once, and Revert puts back what visitors saw', async ({
  browser,
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await logInAs(page, 'admin', E2E_ADMIN_PASSWORD);

  // Drafts of the two pages and of the German translation: visitors still see the old words.
  await saveDraft(page, FIRST, NEW.first);
  await saveDraft(page, SECOND, NEW.second);
  const german = await readApi<{ revision: number }>(page, `/api/master/translate/${FIRST}?locale=de`);
  await callApi(page, `/api/master/translate/${FIRST}`, {
    locale: 'de',
    revision: german.revision,
    texts: { 'header.headline': NEW.german },
    publish: 'draft',
  });
  await expectAllSee(browser, OLD);

  // The Releases screen, from the Administrators' menu.
  await page.goto('/releases');
  await expect(page.getByRole('heading', { level: 1, name: 'Releases' })).toBeVisible();
  await expect(page.locator('.releases-summary')).toBeVisible();

  // New release: the three drafts, each at its newest revision.
  await page.getByRole('button', { name: 'New release' }).click();
  const form = page.getByRole('dialog', { name: 'New release' });
  await form.getByLabel('Name').fill(RELEASE);
  for (const what of [`${FIRST} page`, `${SECOND} page`, `${FIRST} page in German \\(de\\)`])
    await form.getByRole('button', { name: new RegExp(`^Add ${what}, revision \\d+$`) }).click();
  await expect(form.getByRole('heading', { name: 'Pages in this release (3)' })).toBeVisible();
  await expectNoAxeViolations(page, 'the release form at 1280 px');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => sidewaysScroll(page)).toBe(0);
  await page.screenshot({ path: '/tmp/releases-form-390.png' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toastOf(page, 'Release saved.')).toBeVisible();
  await expect(form).toHaveCount(0);
  const entry = page.locator('.release').filter({ has: page.getByRole('heading', { name: RELEASE, exact: true }) });
  await expect(entry.locator('.release__status')).toHaveText('Open');
  await expect(entry.locator('.release-page')).toHaveCount(3);
  await expectNoAxeViolations(page, 'the Releases screen at 1280 px');
  await page.screenshot({ path: '/tmp/releases-1280.png', fullPage: true });

  // Publish now…: the checks of each page first, then Publish once each page that asks has its word.
  await entry.getByRole('button', { name: `Publish now… ${RELEASE}` }).click();
  const dialog = page.getByRole('dialog', { name: `Publish now: ${RELEASE}` });
  await expect(dialog.getByRole('status').filter({ hasText: /^Checks done/ })).toBeVisible({ timeout: 90_000 });
  await expect(dialog.locator('.release-check')).toHaveCount(3);
  await expectNoAxeViolations(page, 'the publish dialog at 1280 px');
  await page.screenshot({ path: '/tmp/releases-publish-1280.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => sidewaysScroll(page)).toBe(0);
  await expectNoAxeViolations(page, 'the publish dialog at 390 px');
  await page.screenshot({ path: '/tmp/releases-publish-390.png' });
  const words = dialog.getByRole('checkbox', { name: /^Publish anyway/ });
  for (const box of await words.all()) await box.check();
  await dialog.getByRole('button', { name: `Publish ${RELEASE}` }).click();
  await expect(toastOf(page, 'Published: every page of the release is live.')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(entry.locator('.release__status')).toHaveText('Published');

  // The Releases screen at a phone's and a tablet's width: nothing runs off the side.
  await expect.poll(() => sidewaysScroll(page)).toBe(0);
  await expectNoAxeViolations(page, 'the Releases screen at 390 px');
  await page.screenshot({ path: '/tmp/releases-390.png', fullPage: true });
  await page.setViewportSize({ width: 768, height: 1024 });
  await expect.poll(() => sidewaysScroll(page)).toBe(0);
  await page.screenshot({ path: '/tmp/releases-768.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  // All three are live.
  await expectAllSee(browser, NEW);

  // Revert…: asked first, saying what visitors see again; then the old words on all three.
  await entry.getByRole('button', { name: `Revert… ${RELEASE}` }).click();
  const question = page.getByRole('alertdialog', { name: `Revert ${RELEASE}?` });
  await expect(question).toContainText(`${FIRST} page: revision 1 again`);
  await expect(question).toContainText(`${FIRST} page in German (de): revision`);
  await question.getByRole('button', { name: 'Revert' }).click();
  await expect(toastOf(page, 'Reverted: every page shows what it showed before the release.')).toBeVisible();
  await expect(entry.locator('.release__status')).toHaveText('Reverted');
  await expectAllSee(browser, OLD);
});

/**
 * A scheduled release's time brought to now in the e2e server's database, with the next look of the job that publishes
 * schedules: its time has come without the test waiting for it (as bringScheduleForward does for a page).
 */
function bringReleaseForward(name: string): number {
  const db = new Database(path.join(process.env.FOLIO_E2E_DATA!, tenantFile('default')), { fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  try {
    const now = new Date().toISOString();
    const moved = db
      .prepare(`update releases set publish_at = ? where status = 'scheduled' and name = ?`)
      .run(now, name).changes;
    db.prepare(`update jobs set run_at = ? where kind = 'publish-scheduled' and state in ('queued', 'retrying')`).run(
      now,
    );
    return moved;
  } finally {
    db.close();
  }
}

/** Every "Publish anyway" of the dialog ticked, once its checks are done. */
async function acknowledgeChecks(dialog: import('@playwright/test').Locator) {
  await expect(dialog.getByRole('status').filter({ hasText: /^Checks done/ })).toBeVisible({ timeout: 90_000 });
  for (const box of await dialog.getByRole('checkbox', { name: /^Publish anyway/ }).all()) await box.check();
}

test('a scheduled release shows on the calendar; one that cannot go live shows on the staff home with why', async ({
  browser,
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await logInAs(page, 'admin', E2E_ADMIN_PASSWORD);
  const later = { first: `Prices from next week ${RUN}`, second: `Prices corrected ${RUN}` };
  await saveDraft(page, SECOND, later.first);

  // A release of the second page, scheduled through the dialog at its first offer (tomorrow).
  await page.goto('/releases');
  await page.getByRole('button', { name: 'New release' }).click();
  const form = page.getByRole('dialog', { name: 'New release' });
  await form.getByLabel('Name').fill(TIMED);
  await form.getByRole('button', { name: new RegExp(`^Add ${SECOND} page, revision \\d+$`) }).click();
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toastOf(page, 'Release saved.')).toBeVisible();
  const entry = page.locator('.release').filter({ has: page.getByRole('heading', { name: TIMED, exact: true }) });
  await entry.getByRole('button', { name: `Schedule… ${TIMED}` }).click();
  const dialog = page.getByRole('dialog', { name: `Schedule: ${TIMED}` });
  await acknowledgeChecks(dialog);
  await expect(dialog).toContainText(/It goes live on .+\./);
  await dialog.getByRole('button', { name: `Schedule ${TIMED}` }).click();
  await expect(toastOf(page, 'Scheduled: the release goes live at its time.')).toBeVisible();
  await expect(entry.locator('.release__status')).toHaveText('Scheduled');
  await expect(entry.getByRole('button', { name: `Move… ${TIMED}` })).toBeVisible();

  // On the calendar, on its day in the viewer's time: a release of one page, with Move….
  const { items } = await readApi<{ items: Array<{ name: string; publishAt: string | null }> }>(
    page,
    '/api/master/releases',
  );
  const at = items.find((release) => release.name === TIMED)!.publishAt!;
  const day = await page.evaluate((moment) => new Date(moment).toLocaleDateString('en-CA'), at);
  await page.goto(`/calendar?view=week&date=${day}`);
  const onDay = page.locator(`.calendar-day[data-day="${day}"] .calendar-item--release`).filter({ hasText: TIMED });
  await expect(onDay).toContainText(`${TIMED}, 1 page`);
  await expect(onDay.getByRole('button', { name: `Move… the release ${TIMED}` })).toBeVisible();
  await expectNoAxeViolations(page, 'the calendar with a release at 1280 px');

  // The page changes meanwhile, and the release's time comes: the job cannot publish it, and says why.
  await saveDraft(page, SECOND, later.second);
  expect(bringReleaseForward(TIMED)).toBe(1);
  await page.goto('/dashboard');
  const card = page.getByRole('region', { name: 'Releases' });
  const failed = card.getByRole('listitem').filter({ hasText: TIMED });
  // The home asks again every 30 s: the failure shows within a minute.
  await expect(failed).toContainText('Could not go live', { timeout: 60_000 });
  await expect(failed).toContainText('changed since it was added');
  await expectNoAxeViolations(page, 'the staff home with a failed release');

  // Retry is refused with the server's sentence: the page is still changed.
  await failed.getByRole('button', { name: `Retry the release ${TIMED}` }).click();
  await expect(toastOf(page, /changed since it was added/)).toBeVisible();

  // On the Releases screen: failed, the page marked; Use newest, then Publish now… puts it live.
  await page.goto('/releases');
  await expect(entry.locator('.release__status')).toHaveText('Failed');
  await expect(entry.locator('.release-page--changed')).toContainText('Changed since added');
  await entry.getByRole('button', { name: `Use newest revision of ${SECOND} page` }).click();
  await expect(toastOf(page, 'Release saved.')).toBeVisible();
  await expect(entry.locator('.release-page--changed')).toHaveCount(0);
  await entry.getByRole('button', { name: `Publish now… ${TIMED}` }).click();
  const publish = page.getByRole('dialog', { name: `Publish now: ${TIMED}` });
  await acknowledgeChecks(publish);
  await publish.getByRole('button', { name: `Publish ${TIMED}` }).click();
  await expect(toastOf(page, 'Published: every page of the release is live.')).toBeVisible();
  await expectVisitorsSee(browser, `/${SECOND}1`, later.second);
});
