import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import argon2 from 'argon2';
import Database from 'better-sqlite3';
import { createRequire } from 'node:module';
import { test as base, expect } from '@playwright/test';
import type { Browser, Frame } from '@playwright/test';
import { E2E_ADMIN_PASSWORD, E2E_MAIL_LOG } from '../../playwright.config';
import { tenantFile, type E2eTenant } from './tenants';

const execFileAsync = promisify(execFile);

/**
 * What happened on the test's page, kept for a failure's report (scripts/reporters/playwright-slowest.ts prints
 * it): each click on a button or link, each toast and dialog as it appeared, each API call that changes something
 * with its status, timed from the test's start. A toast is gone 5 s after it showed, long before a failed
 * expectation's snapshot, so a failure that says "no dialog, no toast" can say what there was.
 */
async function recordPageEvents(page: Page, events: string[]): Promise<void> {
  const started = Date.now();
  const note = (text: string) => events.push(`${((Date.now() - started) / 1000).toFixed(2)} s  ${text}`);
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    const method = response.request().method();
    if (pathname.startsWith('/api/') && method !== 'GET') note(`${method} ${pathname} → ${response.status()}`);
  });
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) note(`page ${new URL(frame.url()).pathname}`);
  });
  await page.exposeFunction('__folioPageEvent', note);
  await page.addInitScript(() => {
    const tell = (text: string) =>
      (window as unknown as { __folioPageEvent: (text: string) => void }).__folioPageEvent(text.slice(0, 400));
    const seen = new WeakSet<Element>();
    new MutationObserver(() => {
      for (const element of document.querySelectorAll('.Toastify__toast, dialog[open]')) {
        if (seen.has(element)) continue;
        seen.add(element);
        if (element.matches('dialog')) tell(`dialog: ${element.querySelector('h2')?.textContent ?? ''}`);
        else tell(`toast: ${element.textContent ?? ''}`);
      }
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['open'] });
    // What moved on the page (Chromium's layout-shift entries): a click that lands beside its button names what
    // moved it there a moment before.
    const describe = (node: Node | null | undefined) => {
      if (!(node instanceof Element)) return node ? node.nodeName.toLowerCase() : 'a removed element';
      const classes = String(node.className || '').trim();
      return `${node.tagName.toLowerCase()}${classes ? ` .${classes.split(/\s+/).join('.')}` : ''}`;
    };
    const box = (rect: DOMRectReadOnly) =>
      `(${Math.round(rect.x)}, ${Math.round(rect.y)}, ${Math.round(rect.width)}×${Math.round(rect.height)})`;
    type Shift = PerformanceEntry & {
      value: number;
      sources?: { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
    };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Shift[]) {
        const moved = (entry.sources ?? []).map(
          (source) => `${describe(source.node)} ${box(source.previousRect)} → ${box(source.currentRect)}`,
        );
        tell(`layout shift ${entry.value.toFixed(3)} (scrolled ${Math.round(scrollY)}): ${moved.join('; ')}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
    // Where each click landed: the control, or else the element (its classes) and the point; a click aimed at a
    // button that lands beside it names what was there instead.
    document.addEventListener(
      'click',
      (event) => {
        const target = event.target instanceof Element ? event.target : null;
        const control = target?.closest('button, a');
        const where = control
          ? `${control.tagName.toLowerCase()} "${control.textContent?.trim() ?? ''}"`
          : `${target?.tagName.toLowerCase() ?? 'nothing'}${target?.className ? ` .${String(target.className).trim().split(/\s+/).join('.')}` : ''}`;
        tell(`click on ${where} at (${Math.round(event.clientX)}, ${Math.round(event.clientY)})`);
      },
      true,
    );
  });
}

/** Console errors of a page, collected so each test can assert there were none. */
export const test = base.extend<{ consoleErrors: string[]; pageEvents: string[] }>({
  pageEvents: [
    async ({ page }, use, testInfo) => {
      const events: string[] = [];
      await recordPageEvents(page, events);
      await use(events);
      // FOLIO_E2E_PAGE_EVENTS=1 attaches them to passing tests too (docs/development.md), to read a test that passes.
      const failed = testInfo.status !== testInfo.expectedStatus;
      if ((failed || process.env.FOLIO_E2E_PAGE_EVENTS === '1') && events.length > 0)
        await testInfo.attach('page events', { body: events.join('\n'), contentType: 'text/plain' });
    },
    { auto: true },
  ],
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      // A failed resource's message does not name it: its address is added, so a failure says what failed.
      const where = message.location().url;
      // The editor's preview is refused (400, with its sentence in the pane) while what is typed could not be saved
      // yet (docs/design.md §26): the browser logs each such answer, which is no error of the page.
      // So is the forms editor's preview (docs/design.md §30), while a field has no label yet.
      if (/\/api\/master\/(preview\/[^/]+|forms\/preview)$/.test(where) && message.text().includes('status of 400'))
        return;
      // The forms editor's preview frame is sandboxed with no scripts (its document has none: forms.routes.test.ts);
      // the only script refused there is the test's own (the page events' observer, added to every frame).
      if (where === 'about:srcdoc' && message.text().startsWith('Blocked script execution in')) return;
      if (message.type() === 'error') errors.push(where ? `${message.text()} (${where})` : message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await use(errors);
  },
});

export { expect };

/** Opens a public page and waits until its islands are live (before that, clicks and focus do nothing). */
export async function openHydrated(page: import('@playwright/test').Page, path: string) {
  const response = await page.goto(path);
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
  return response;
}

/** Reads the e2e server's SQLite database directly, to check what a browser action stored. */
export function queryE2eDatabase<T>(sql: string, ...params: unknown[]): T[] {
  return queryE2eTenant<T>('default', sql, ...params);
}

/** queryE2eDatabase on the database of a spec's own site (tests/e2e/tenants.ts). */
export function queryE2eTenant<T>(tenant: E2eTenant, sql: string, ...params: unknown[]): T[] {
  const dataDir = process.env.FOLIO_E2E_DATA;
  if (!dataDir) throw new Error('FOLIO_E2E_DATA is not set (run through playwright.config.ts)');
  const db = new Database(path.join(dataDir, tenantFile(tenant)), { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

/**
 * Moves a page's waiting schedule, and the next run of the job that publishes schedules, to this moment, in the e2e
 * server's database: the time has come without the test waiting for it (the dialog's times are whole minutes ahead,
 * the job looks every 15 s). The clock moved, not the behaviour: the runner's next poll (5 s) publishes it as at
 * its time. Returns how many schedules it moved.
 */
export function bringScheduleForward(routing: string): number {
  const dataDir = process.env.FOLIO_E2E_DATA;
  if (!dataDir) throw new Error('FOLIO_E2E_DATA is not set (run through playwright.config.ts)');
  const db = new Database(path.join(dataDir, tenantFile('default')), { fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  try {
    const now = new Date().toISOString();
    const moved = db
      .prepare(
        `update page_revisions set publish_at = ? where status = 'scheduled'
           and page_id = (select id from pages where routing = ?)`,
      )
      .run(now, routing).changes;
    db.prepare(`update jobs set run_at = ? where kind = 'publish-scheduled' and state in ('queued', 'retrying')`).run(
      now,
    );
    return moved;
  } finally {
    db.close();
  }
}

/**
 * Creates a user straight in the e2e server's database (the user screens come with a later issue), with an
 * optional group of its own; returns nothing, the user logs in through the real login page.
 */
export async function createE2eUser(
  username: string,
  password: string,
  group: number | { newGroup: string },
  tenant: E2eTenant = 'default',
): Promise<void> {
  const dataDir = process.env.FOLIO_E2E_DATA;
  if (!dataDir) throw new Error('FOLIO_E2E_DATA is not set (run through playwright.config.ts)');
  const hash = await argon2.hash(password, { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
  const db = new Database(path.join(dataDir, tenantFile(tenant)), { fileMustExist: true });
  try {
    const now = new Date().toISOString();
    let groupId = typeof group === 'number' ? group : 0;
    if (typeof group !== 'number') {
      groupId = Number(
        db.prepare('insert into user_groups (name, builtin, created_at) values (?, 0, ?)').run(group.newGroup, now)
          .lastInsertRowid,
      );
    }
    db.prepare(
      "insert into users (username, password_hash, group_id, first_name, last_name, email, active, created_at, password_changed_at) values (?, ?, ?, ?, '', '', 1, ?, ?)",
    ).run(username, hash, groupId, username, now, now);
  } finally {
    db.close();
  }
}

/** createE2eUser for a file's beforeAll: a user already there (made by another worker, or before a retry) is fine. */
export async function ensureE2eUser(
  username: string,
  password: string,
  group: number,
  tenant: E2eTenant = 'default',
): Promise<void> {
  await createE2eUser(username, password, group, tenant).catch((error: unknown) => {
    if (!String(error).includes('UNIQUE')) throw error;
  });
}

/**
 * An enquiry straight in the e2e server's database, as the contact form stores it (without its mail job, so it is
 * "Not mailed"): for screens that list enquiries without a visitor's round through the form. Returns its id.
 */
export function insertE2eEnquiry(enquiry: {
  name: string;
  organization: string;
  email: string;
  requirements: string;
}): number {
  const dataDir = process.env.FOLIO_E2E_DATA;
  if (!dataDir) throw new Error('FOLIO_E2E_DATA is not set (run through playwright.config.ts)');
  const db = new Database(path.join(dataDir, 'folio.sqlite'), { fileMustExist: true });
  try {
    return Number(
      db
        .prepare(
          "insert into enquiries (organization, name, email, mobile, requirements, created_at, status) values (?, ?, ?, '9876543210', ?, ?, 'New')",
        )
        .run(enquiry.organization, enquiry.name, enquiry.email, enquiry.requirements, new Date().toISOString())
        .lastInsertRowid,
    );
  } finally {
    db.close();
  }
}

/**
 * `./folio user reset-password <name>` against the e2e server's database: the built shell (dist/server/cli.js,
 * what the command runs) on the SQLite file the running server uses, as on the server's machine. Returns the
 * one-time password, which the command prints alone on its last line.
 */
export async function issueE2eOneTimePassword(username: string): Promise<string> {
  const dataDir = process.env.FOLIO_E2E_DATA;
  if (!dataDir) throw new Error('FOLIO_E2E_DATA is not set (run through playwright.config.ts)');
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
  delete env.DATABASE_URL;
  const { stdout } = await execFileAsync(process.execPath, ['dist/server/cli.js', 'user', 'reset-password', username], {
    env,
  });
  const password = stdout.trim().split('\n').at(-1);
  if (!password) throw new Error(`The shell printed no one-time password for ${username}`);
  return password;
}

type Page = import('@playwright/test').Page;

/**
 * Signs in through the API (POST /api/auth/signin, as the login page does): the answer's session and XSRF cookies
 * land in the page's browser context, and the page stays where it is. For a test that opens its screen next;
 * the login page itself is tested in login.spec.ts and accounts.spec.ts.
 */
export async function signIn(page: Page, username: string, password: string): Promise<void> {
  const response = await page.request.post('/api/auth/signin', { data: { username, password } });
  const answer = (await response.json()) as { message?: string; twoFactor?: string };
  if (!response.ok() || answer.message !== 'SUCCESS')
    throw new Error(`Signing in as ${username}: ${response.status()} ${JSON.stringify(answer)}`);
}

const STAFF_HOME = /\/dashboard$/;

/**
 * Signed in and on the staff home (/dashboard), its page loaded. Through the API, which spares a test the login
 * page's load; with another `landing` (a one-time password's /account), through the login page's form.
 */
export async function logInAs(page: Page, username: string, password: string, landing: RegExp = STAFF_HOME) {
  if (landing !== STAFF_HOME) {
    await logInThroughForm(page, username, password, landing);
    return;
  }
  await signIn(page, username, password);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(landing);
}

/** Logs in through the login page's form and waits for the landing page (and the sign-in's toast). */
export async function logInThroughForm(page: Page, username: string, password: string, landing = STAFF_HOME) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(landing);
}

/** A toast of the staff app. */
export const toastOf = (page: Page, text: string | RegExp) => page.locator('.Toastify').getByText(text);

/** The list editor whose entry form is for `entryName` ('news entry', 'customer', …). */
export function listEditor(page: Page, entryName: string) {
  return page
    .locator('.list-editor')
    .filter({ has: page.locator('legend', { hasText: new RegExp(`^(New|Edit) ${entryName}`) }) });
}

/** Presses the editor's Save (or Save All), which publishes, answers its question, and waits for its success toast. */
export async function saveEditor(page: Page) {
  await page.getByRole('button', { name: /^Save( All)?$/ }).click();
  await confirmPublish(page);
  await expect(toastOf(page, 'Saved and published: visitors see it now.')).toBeVisible();
}

/** Answers the editor's "Publish now?" question (docs/design.md §19) with Publish. */
export async function confirmPublish(page: Page) {
  await page.getByRole('alertdialog', { name: 'Publish now?' }).getByRole('button', { name: 'Publish' }).click();
}

/**
 * Opens one screen of the Administrators' Administration sub-menu through the staff menu, as an administrator
 * does (the sub-menu unfolded first when it is not), and waits for its address and its title.
 */
export async function openAdministrationScreen(page: Page, label: string, path: string) {
  const menu = page.getByRole('navigation', { name: 'Staff menu' });
  const administration = menu.getByRole('button', { name: 'Administration' });
  if ((await administration.getAttribute('aria-expanded')) !== 'true') await administration.click();
  await menu.getByRole('link', { name: label, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(page.getByRole('heading', { level: 1, name: label })).toBeVisible();
}

/** A POST to the API from the logged-in page, with the CSRF header the app sends; throws on a non-2xx answer. */
export async function callApi<T>(page: Page, path: string, body: unknown): Promise<T> {
  return page.evaluate(
    async ({ path, body }) => {
      const xsrf = decodeURIComponent(
        document.cookie
          .split('; ')
          .find((c) => c.startsWith('XSRF-TOKEN='))
          ?.slice(11) ?? '',
      );
      const response = await fetch(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-xsrf-token': xsrf },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
      return response.json();
    },
    { path, body },
  );
}

/** A GET of the API from the logged-in page; throws on a non-2xx answer. */
export async function readApi<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (address) => {
    const response = await fetch(address, { headers: { accept: 'application/json' } });
    if (!response.ok) throw new Error(`${address}: ${response.status} ${await response.text()}`);
    return response.json();
  }, path);
}

/**
 * German on the site, enabled, beside whatever languages it has (docs/design.md §28). The list goes back with the revision
 * it was read at: should another spec save the languages in between (409), it is read again and tried once more.
 */
export async function ensureGerman(page: Page, tries = 3): Promise<void> {
  const settings = await readApi<{ locales: Array<{ code: string; name: string; enabled: boolean }> }>(
    page,
    '/api/master/locales',
  );
  const others = settings.locales.filter((locale) => locale.code !== 'de');
  if (others.length === settings.locales.length - 1 && settings.locales.find((locale) => locale.code === 'de')?.enabled)
    return;
  try {
    await callApi(page, '/api/master/locales', {
      ...settings,
      locales: [...others, { code: 'de', name: 'Deutsch', enabled: true }],
    });
  } catch (error) {
    if (tries <= 1) throw error;
    await ensureGerman(page, tries - 1);
  }
}

/** The rules every staff screen is held to (docs/design.md §16): WCAG 2.2 AA and axe's best practices. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** axe-core's script, put into a frame as it is checked. */
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe's violations in one frame's document as a page of its own (AXE_TAGS), one line each: axe run where the document
 * is, without @axe-core/playwright's round trips (it opens a second page to join the frames' results, a few seconds
 * per check on two cores). `include` and `exclude`: selectors of the parts checked and left out (a frame checked on
 * its own); frames are not entered (the staff app's one frame, the preview, is checked on its own: expectNoAxeViolations).
 */
export async function axeViolations(
  frame: Frame,
  { include = [] as string[], exclude = [] as string[], tags = AXE_TAGS } = {},
): Promise<string[]> {
  if (!(await frame.evaluate('typeof window.axe === "object"'))) await frame.evaluate(AXE_SOURCE);
  const violations = await frame.evaluate(
    async ({ tags, included, excluded }) => {
      const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
      const context =
        included.length + excluded.length === 0
          ? document
          : {
              ...(included.length > 0 ? { include: included.map((selector) => [selector]) } : {}),
              exclude: excluded.map((selector) => [selector]),
            };
      const results = await axe.run(context, { runOnly: { type: 'tag', values: tags }, iframes: false });
      return results.violations.map((v) => ({
        id: v.id,
        help: v.help,
        targets: v.nodes.map((n) => n.target.join(' ')),
      }));
    },
    { tags, included: include, excluded: exclude },
  );
  return violations.map((v) => `${v.id}: ${v.help} (${v.targets.slice(0, 3).join(' | ')})`);
}

/** Runs axe on the page as it is, once no toast is fading (half transparent, its text would read as too faint). */
export async function expectNoAxeViolations(page: Page, what: string) {
  await expect(page.locator('.Toastify__toast')).toHaveCount(0, { timeout: 10_000 });
  // An editor's preview pane holds one page at rest; while a render loads, the next one waits in a frame beneath
  // (aria-hidden), which axe reads as a second page (its header and main twice). Checked at rest.
  // The pane shows beside an editor from 1280 px unless hidden (it may still be loading), and below when switched to.
  const beside =
    (page.viewportSize()?.width ?? 0) >= 1280 &&
    (await page.locator('.editor-layout').count()) > 0 &&
    (await page.getByRole('button', { name: 'Show preview' }).count()) === 0;
  const paneShown = beside || (await page.locator('.preview-pane').isVisible());
  if (paneShown) {
    await expect(page.locator('.preview-pane')).toBeVisible({ timeout: 10_000 });
    await expect(page.locator('.preview-pane[aria-busy="true"]')).toHaveCount(0, { timeout: 10_000 });
  }
  // The page in the preview is a document of its own (a sandboxed frame), checked on its own: axe would otherwise
  // read a section of the form and the page's section it edits, both called by the field's name, as one document's
  // two landmarks of one name.
  const frame = 'iframe.preview-pane__frame[title="Preview of the page"]';
  // A colour still changing (a button enabled a moment ago fades from grey to blue in 0.15 s) would be read half
  // way, white on pale blue: checked once no CSS transition runs.
  await expect
    .poll(() =>
      page.evaluate(
        () => document.getAnimations().filter((a) => a instanceof CSSTransition && a.playState === 'running').length,
      ),
    )
    .toBe(0);
  const summary = (await axeViolations(page.mainFrame(), { exclude: [frame] })).map((v) => `${what}: ${v}`);
  // (An empty frame, of a pane folded away or of a page that cannot show yet, has no page to check.)
  const shown = paneShown ? page.locator(`${frame}:not([srcdoc=""])`) : undefined;
  if (shown && (await shown.count()) > 0) {
    const inFrame = await (await shown.first().elementHandle())!.contentFrame();
    summary.push(...(await axeViolations(inFrame!)).map((v) => `${what} (in the preview): ${v}`));
  }
  expect(summary).toEqual([]);
}

/**
 * axe on a page shown without JavaScript (where axe, a script, cannot run): the same document, with its inlined
 * stylesheet, checked in a page of its own at the same width, with scripts; empty when axe finds nothing.
 */
export async function expectNoAxeViolationsWithoutScripts(page: Page, browser: Browser, what: string) {
  const context = await browser.newContext({
    viewport: page.viewportSize() ?? { width: 1280, height: 900 },
    javaScriptEnabled: true,
  });
  try {
    const copy = await context.newPage();
    await copy.setContent((await page.content()).replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, ''));
    const summary = (await axeViolations(copy.mainFrame())).map((v) => `${what}: ${v}`);
    expect(summary).toEqual([]);
  } finally {
    await context.close();
  }
}

/** How far the page scrolls sideways (0 when it does not). */
export const sidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/**
 * Presses Tab (or Shift+Tab, `backwards`) until `target` has the focus (keyboard only, as a user would),
 * failing after `max` presses.
 */
export async function tabTo(
  page: Page,
  target: import('@playwright/test').Locator,
  { max = 120, backwards = false } = {},
) {
  await expect(target).toBeVisible();
  for (let presses = 0; presses < max; presses += 1) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/**
 * A small CSV reader (RFC 4180: quoted cells, doubled quotes, line breaks inside quotes) that also notes any
 * record that ends with a bare LF instead of CRLF.
 */
export function parseCsv(text: string): { records: string[][]; bareLineFeeds: number } {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  let bareLineFeeds = 0;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      record.push(cell);
      cell = '';
    } else if (char === '\r' && text[index + 1] === '\n') {
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
      index += 1;
    } else if (char === '\n') {
      bareLineFeeds += 1;
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
    } else cell += char;
  }
  if (cell !== '' || record.length > 0) {
    record.push(cell);
    records.push(record);
  }
  return { records, bareLineFeeds };
}

let runs = 0;
/**
 * A suffix for the names one `beforeAll` creates, new at each call: in a file whose tests run in parallel, a worker
 * runs the file's beforeAll again each time it comes back to the file after another's tests, in the same module (a
 * suffix fixed when the module loaded named the same page twice: 409). The process id keeps two workers apart.
 */
export const freshRun = (): string =>
  `${process.pid % 1000}`.padStart(3, '0') + `${Date.now() % 100000}`.padStart(5, '0') + `${(runs += 1)}`;

/** A page made without code's one-line Header field (a Textarea of at most 80 characters) shown with its name. */
export const titleParameter = (parameterName = 'title') => ({
  parameterName,
  sequence: 1,
  type: 'Textarea',
  unittype: 'Character',
  pagecreationtype: 'Header',
  mandatory: 'N',
  maxlength: 80,
  showName: true,
});

/**
 * A page made in page creation for one test file (no other test edits it): created by the administrator through
 * the API with the given parameters and put at the end of the Editors group's menu, so its editors can open it.
 */
export async function createEditorsAutowiredPage(
  browser: Browser,
  page: { name: string; display: string; parameters: readonly object[] },
  contextOptions: import('@playwright/test').BrowserContextOptions = {},
): Promise<number> {
  const context = await browser.newContext(contextOptions);
  try {
    const admin = await context.newPage();
    await logInAs(admin, 'admin', E2E_ADMIN_PASSWORD);
    const created = await callApi<{ status: string; id: number }>(admin, '/api/master/savePageCreation', {
      filename: page.name,
      dspname: page.display,
      module: 1,
      type: 'Autowired',
      homepage: 'Y',
    });
    expect(created.status).toBe('OK');
    expect(
      (
        await callApi<{ message: string }>(admin, '/api/master/saveParameters', {
          id: created.id,
          parameters: page.parameters,
        })
      ).message,
    ).toBe('Success');
    const tree = await callApi<Array<{ sequence: number }>>(admin, '/api/menu/menubyuser', {
      userId: 3,
      from: 'group',
    });
    const sequence = Math.max(0, ...tree.map((node) => node.sequence)) + 1;
    const menu = await callApi<{ status: string }>(admin, '/api/menu/savemenubyuserforjson', {
      jsonsavelist: { resourcegroupid: 3, pageid: created.id, pagename: page.name, sequence },
    });
    expect(menu.status).toBe('OK');
    return created.id;
  } finally {
    await context.close();
  }
}

/**
 * Clicks an element of the preview with the mouse, where the user sees it: the frame is scaled to fit the pane (a
 * CSS transform Playwright's own click does not map), so the point is computed from the frame's box on the page.
 */
export async function clickInPreview(page: Page, selector: string) {
  // As a person does, once the pane shows its newest render: no frame is loading to replace the one clicked
  // (a field left a moment ago may still be on its way into the preview).
  await expect(page.locator('.preview-pane[data-render]:not([aria-busy])')).toBeVisible();
  const element = page.frameLocator('iframe[title="Preview of the page"]').locator(selector).first();
  // Into the middle of the frame's window first (its own page only: the editor around it stays put), then measured.
  await element.evaluate((target) => {
    const box = target.getBoundingClientRect();
    window.scrollTo({ top: window.scrollY + box.top + box.height / 2 - window.innerHeight / 2, behavior: 'instant' });
  });
  // The frame's place on the page once it stays put (a notice above the editor may still be moving it).
  const frameBox = () => page.locator('iframe[title="Preview of the page"]').boundingBox();
  let frame = await frameBox();
  await expect
    .poll(
      async () => {
        const now = await frameBox();
        const settled = JSON.stringify(now) === JSON.stringify(frame);
        frame = now;
        return settled;
      },
      { intervals: [50] },
    )
    .toBe(true);
  const inner = await element.evaluate((target) => {
    const box = target.getBoundingClientRect();
    return { x: box.x + box.width / 2, y: box.y + box.height / 2, width: window.innerWidth };
  });
  const scale = frame!.width / inner.width;
  await page.mouse.click(frame!.x + inner.x * scale, frame!.y + inner.y * scale);
}

/** A port nobody listens on now (other runs' servers may sit on any fixed one). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port')),
      );
    });
  });
}

/**
 * A server of a test's own on an empty database, where the first-run setup shows (the suite's server has its
 * administrator): its address, the setup code it printed, and `stop` (the server stopped, its data folder gone).
 */
export async function startSetupServer(name: string): Promise<{ baseURL: string; code: string; stop: () => void }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `folio-e2e-${name}-`));
  const port = await freePort();
  const env = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    LOG_FORMAT: 'json',
    ADMIN_PASSWORD: '',
  };
  const server = spawn('node', ['dist/server/main.js'], { env, stdio: ['ignore', 'pipe', 'inherit'] });
  const stop = () => {
    server.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    let output = '';
    const code = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no setup code in the log:\n${output}`)), 30_000);
      server.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /"setupCode":"([0-9A-F-]{14})"/.exec(output);
        if (match && output.includes('Server listening')) {
          clearTimeout(timer);
          resolve(match[1]!);
        }
      });
    });
    return { baseURL: `http://127.0.0.1:${port}`, code, stop };
  } catch (error) {
    stop();
    throw error;
  }
}

/** The mails the e2e SMTP server received for `address` (scripts/e2e-smtp.mjs writes one JSON line each). */
export function mailsTo(address: string): Array<{ to: string[]; raw: string }> {
  if (!fs.existsSync(E2E_MAIL_LOG!)) return [];
  return fs
    .readFileSync(E2E_MAIL_LOG!, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { to: string[]; raw: string })
    .filter((mail) => mail.to.includes(address));
}
