// The pictures of docs/staff-guide.md, made again with `npm run docs:screenshots`: builds if there is no build,
// starts the built Folio on 127.0.0.1 with a fresh SQLite database in a temporary folder (the demo firm), drives the
// system Chromium through the screens a firm's people use, and saves one PNG per screen, 1280 × 800, in
// docs/staff-guide/. A few things are done first so the screens show something: an enquiry from the contact form,
// a draft of the Contact page, a page made without code. Nothing outside the temporary folder is touched.
// DOCS_SCREENSHOTS_PORT picks the port (default: a free one); CHROMIUM_PATH the browser (default /usr/bin/chromium).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { cleanUp, freePort, startFolio, temporaryFolder } from './bench-servers';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium-args';

export const STAFF_GUIDE_DIR = 'docs/staff-guide';
const ADMIN_PASSWORD = 'staff-guide-admin-password';
const WRITER_PASSWORD = 'staff-guide-writer-password';
const VIEWPORT = { width: 1280, height: 800 };

/** Screens shown as they open, by file name (the staff-shell browser test takes the first three the same way). */
export const PLAIN_SCREENS: ReadonlyArray<readonly [route: string, file: string]> = [
  ['/Home', 'editor.png'],
  ['/userHomepage', 'users.png'],
  ['/bmstree?id=3&from=group', 'menu-tree.png'],
  ['/dashboard', 'dashboard.png'],
  ['/newGrouphome', 'groups.png'],
  ['/homepages', 'page-list.png'],
  ['/commonMaster', 'master-values.png'],
  ['/commonMasterType', 'master-types.png'],
  ['/companyForm', 'company.png'],
  ['/enquiries', 'enquiries.png'],
  ['/backups', 'backups.png'],
  ['/auditlog', 'audit-log.png'],
  ['/account', 'account.png'],
  ['/signin-settings', 'signin-settings.png'],
  ['/webhooks', 'webhooks.png'],
];

/** Waits until a staff screen has settled: its one title shown, no spinner, the menu loaded. */
export async function settle(page: Page): Promise<void> {
  await page.locator('h1').first().waitFor();
  await page.locator('.app-status__spinner').first().waitFor({ state: 'detached' });
  await page.locator('#staff-nav a[href="/Home"]').waitFor({ state: 'attached' });
  // No focus ring on the screen's title, no caret: the picture shows the screen as it is read.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

async function shoot(page: Page, file: string): Promise<void> {
  // Toasts fade; a picture should not catch one half gone.
  await page
    .locator('.Toastify__toast')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined);
  await page.screenshot({ path: path.join(STAFF_GUIDE_DIR, file) });
  console.log(`  ${path.join(STAFF_GUIDE_DIR, file)}`);
}

/** A POST to the API from the signed-in page, with the CSRF header the app sends. */
async function callApi<T>(page: Page, url: string, body: unknown): Promise<T> {
  return page.evaluate(
    async ({ url, body }) => {
      const xsrf = decodeURIComponent(
        document.cookie
          .split('; ')
          .find((c) => c.startsWith('XSRF-TOKEN='))
          ?.slice(11) ?? '',
      );
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-xsrf-token': xsrf },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
      return response.json();
    },
    { url, body },
  );
}

/** A visitor's enquiry through the contact form, so the enquiries and the staff home have one to show. */
async function sendEnquiry(page: Page): Promise<void> {
  await page.goto('/Contact1');
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
  await page.getByLabel('Organization').fill('Sahyadri Tools');
  await page.getByLabel('Contact Person').fill('Kavita Joshi');
  await page.getByLabel('Email').fill('kavita@example.in');
  await page.getByLabel('Mobile').fill('9822012345');
  await page.getByLabel('Requirements').fill('A customer portal for our dealers, in English and Marathi.');
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByText('Thank you. Your enquiry has reached us, and we will reply soon.').waitFor();
}

async function signIn(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await shoot(page, 'sign-in.png');
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL(/\/dashboard$/);
}

/** A draft of the Contact page (a new phone number), the schedule question, then its history with the draft compared to what is published. */
async function draftHistoryAndCompare(page: Page): Promise<void> {
  await page.goto('/Contact');
  await settle(page);
  const phone = page.getByLabel('Phone', { exact: true });
  await phone.fill('+91 20 2765 4321');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await page
    .locator('.publish-state')
    .getByText(/Draft saved/)
    .waitFor();
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.locator('.editor-actions').scrollIntoViewIfNeeded();
  await shoot(page, 'editor-draft.png');

  await page.getByRole('button', { name: /^Schedule/ }).click();
  const dialog = page.getByRole('dialog').or(page.getByRole('alertdialog')).first();
  await dialog.waitFor();
  await shoot(page, 'schedule.png');
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });

  await page.getByRole('button', { name: 'History', exact: true }).click();
  const panel = page.locator('.history-panel');
  await panel
    .getByRole('button', { name: /^Compare revision \d+ with revision \d+$/ })
    .first()
    .click();
  await panel.getByRole('heading', { name: /^Changes from revision/ }).waitFor();
  // The comparison ends the screen, above the action bar that stays at the bottom.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await shoot(page, 'compare.png');
}

/** A page made without code, as the staff guide's example: created, given two parameters, put in the Editors' menu. */
async function pageWithoutCode(page: Page): Promise<void> {
  await page.goto('/formcreation');
  await settle(page);
  await page.getByLabel('Name in the address').fill('Careers');
  await page.getByLabel('Page title').fill('Careers at Innovo');
  await shoot(page, 'page-creation.png');

  const created = await callApi<{ status: string; id: number }>(page, '/api/master/savePageCreation', {
    filename: 'Careers',
    dspname: 'Careers at Innovo',
    module: 1,
    type: 'Autowired',
    homepage: 'Y',
  });
  const text = { unittype: 'Character', mandatory: 'N', maxlength: 200 };
  await callApi(page, '/api/master/saveParameters', {
    id: created.id,
    parameters: [
      { parameterName: 'Introduction', sequence: 1, type: 'Textarea', pagecreationtype: 'Header', ...text },
      { parameterName: 'Opening', sequence: 2, type: 'Textarea', pagecreationtype: 'Detail', ...text },
      { parameterName: 'Location', sequence: 3, type: 'Textarea', pagecreationtype: 'Detail', ...text },
    ],
  });
  const tree = await callApi<Array<{ sequence: number }>>(page, '/api/menu/menubyuser', { userId: 1, from: 'group' });
  await callApi(page, '/api/menu/savemenubyuserforjson', {
    jsonsavelist: {
      resourcegroupid: 1,
      pageid: created.id,
      pagename: 'Careers',
      sequence: Math.max(0, ...tree.map((node) => node.sequence)) + 1,
    },
  });
  await page.goto(`/paramactivity/${created.id}`);
  await settle(page);
  await shoot(page, 'parameters.png');
  await page.goto('/Careers');
  await settle(page);
  await shoot(page, 'page-without-code-editor.png');
}

/** A GET of the API from the signed-in page. */
async function readApi<T>(page: Page, url: string): Promise<T> {
  return page.evaluate(async (url) => {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
    return response.json();
  }, url);
}

/** The next Monday, 09:00 in Kolkata, ISO with its offset. */
function nextMondayAtNine(): string {
  const now = new Date();
  const days = ((8 - now.getUTCDay()) % 7) + 7;
  const day = new Date(now.getTime() + days * 86_400_000).toISOString().slice(0, 10);
  return `${day}T09:00:00+05:30`;
}

/**
 * Working as a team (docs/design.md §32): a writer of a group that publishes through review asks for review of About;
 * the administrator's Reviews screen lists it; a release of the Contact draft and the writer's About, scheduled for
 * Monday at nine, on the Releases screen and the calendar; a comment on a field of Careers, opened beside the field.
 */
async function teamWork(page: Page, writerPage: Page): Promise<void> {
  const monday = nextMondayAtNine();
  const groups = await callApi<Array<{ id: number; groupname: string }>>(page, '/api/master/getusergroup', {});
  const editors = groups.find((group) => group.groupname === 'Editors')!;
  await callApi(page, '/api/menu/SaveUserGroup', { id: editors.id, updategroupname: 'Editors', publishing: 'review' });
  await callApi(page, '/api/master/saveemployeemaster', {
    employeecode: 'E102',
    firstname: 'Meera',
    lastname: 'Joshi',
    selfaccessforuser: 'meera',
    password: WRITER_PASSWORD,
    usergroupid: editors.id,
    selfactive: true,
  });
  await writerPage.goto('/login');
  await writerPage.getByLabel('Username').fill('meera');
  await writerPage.getByLabel('Password').fill(WRITER_PASSWORD);
  await writerPage.getByRole('button', { name: 'Log In' }).click();
  await writerPage.waitForURL((url) => !url.pathname.startsWith('/login'));
  const about = await readApi<Record<string, unknown> & { revision: number }>(writerPage, '/api/master/edit/About');
  const asked = await callApi<{ revision: number }>(writerPage, '/api/master/saveabout', {
    ...about,
    publish: 'now',
  });
  await page.goto('/reviews');
  await settle(page);
  await shoot(page, 'reviews.png');

  const contact = await readApi<{ revision: number }>(page, '/api/master/edit/Contact');
  const release = await callApi<{ id: number }>(page, '/api/master/releases', {
    name: 'New office, Monday',
    items: [
      { routing: 'Contact', revision: contact.revision },
      { routing: 'About', revision: asked.revision },
    ],
  });
  await callApi(page, `/api/master/releases/${release.id}/publish`, { publishAt: monday });
  await page.goto('/releases');
  await settle(page);
  await shoot(page, 'releases.png');
  // A comment on the Careers page's introduction, for meera, opened from its marker beside the field.
  await callApi(page, '/api/master/comments', {
    routing: 'Careers',
    path: 'document.header.Introduction',
    text: 'Can we say we hire in Pune and Nashik? @meera, you wrote the last ad.',
  });
  await page.goto('/Careers');
  await settle(page);
  await page.getByRole('button', { name: /^1 open comment on / }).click();
  const comments = page.getByRole('dialog', { name: /^Comments on / });
  await comments.waitFor();
  await shoot(page, 'comments.png');
  await page.keyboard.press('Escape');
  await comments.waitFor({ state: 'detached' });

  await page.goto(`/calendar?view=week&date=${monday.slice(0, 10)}`);
  await settle(page);
  await page.locator('.calendar-item').first().waitFor();
  await shoot(page, 'calendar.png');
}

async function searchBox(page: Page): Promise<void> {
  await page.goto('/dashboard');
  await settle(page);
  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog', { name: 'Search' });
  await dialog.getByRole('combobox', { name: 'Search text' }).fill('meera');
  await dialog.getByRole('option').first().waitFor();
  await shoot(page, 'search.png');
  await page.keyboard.press('Escape');
}

async function takeAll(baseURL: string): Promise<void> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    // Reduced motion: the dashboard's chart is drawn at once, not caught half grown.
    const context = await browser.newContext({
      baseURL,
      viewport: VIEWPORT,
      locale: 'en-IN',
      timezoneId: 'Asia/Kolkata',
      reducedMotion: 'reduce',
    });
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    await sendEnquiry(page);
    await signIn(page);
    await draftHistoryAndCompare(page);
    await pageWithoutCode(page);
    // The writer signs in in a browser of their own (a context shares its cookies, so its session).
    const writer = await browser.newContext({
      baseURL,
      viewport: VIEWPORT,
      locale: 'en-IN',
      timezoneId: 'Asia/Kolkata',
    });
    await teamWork(page, await writer.newPage());
    await writer.close();
    for (const [route, file] of PLAIN_SCREENS) {
      await page.goto(route);
      await settle(page);
      await shoot(page, file);
    }
    await searchBox(page);
  } finally {
    await browser.close();
  }
}

/** `npm run build` when there is no whole build yet, as `./folio start` does (scripts/ensure-build.mjs). */
function ensureBuild(): void {
  const result = spawnSync(
    process.execPath,
    ['--input-type=module', '-e', "(await import('./scripts/ensure-build.mjs')).ensureBuild()"],
    { stdio: 'inherit' },
  );
  if (result.status !== 0) throw new Error('The build failed (see above).');
}

async function main(): Promise<void> {
  ensureBuild();
  fs.mkdirSync(STAFF_GUIDE_DIR, { recursive: true });
  const port = Number(process.env.DOCS_SCREENSHOTS_PORT ?? (await freePort()));
  const dataDir = temporaryFolder('folio-staff-guide-');
  console.log(`Folio on http://127.0.0.1:${port}, data in ${dataDir}; pictures:`);
  // No mail server: the enquiry waits unsent, as on a fresh install. The spam guard's wait is off for the script's typing.
  await startFolio({ dataDir, port, adminPassword: ADMIN_PASSWORD, env: { CONTACT_MIN_FILL_SECONDS: '0' } });
  await takeAll(`http://127.0.0.1:${port}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main()
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    })
    .finally(() => void cleanUp());
}
