// NEEDS THE SERVER OF THE ENQUIRIES ISSUE: getenquiries, changeEnquiryStatus, resendEnquiry, deleteEnquiry, the CSV
// export, the mail outbox with its worker, and the contact form's spam guard (honeypot `website`, minimum fill
// time) come with the server branch, whose e2e server runs with SMTP_URL pointing at a test SMTP server that
// accepts every mail, a CONTACT_RECIPIENT, and CONTACT_MIN_FILL_SECONDS=1. This file was written on the
// screen's branch (enquiries-ui) against the contract src/core/schemas/enquiries.ts; it runs once both land.
import fs from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { E2E_ADMIN_PASSWORD } from '../../playwright.config';
import {
  expect,
  expectNoAxeViolations,
  logInAs,
  openHydrated,
  parseCsv,
  sidewaysScroll,
  tabTo,
  test,
  toastOf,
} from './fixtures';

// The enquiries screen end to end (docs/design.md §15, §16): a visitor's enquiry is stored and mailed, the staff find
// it with its mail state, read it, mark it handled, export the list as CSV and delete it; a bot that fills the
// honeypot sees the same success, and its enquiry waits under Spam, not mailed.

test.describe.configure({ mode: 'serial' });

const run = `${Date.now() % 100000}${Math.floor(Math.random() * 10)}`.padStart(6, '0');

/** The genuine enquiry of this run: unique values, so the search finds it alone. */
const ENQUIRY = {
  organization: `Sahyadri Tools ${run}`,
  name: `Kavita Enquirer ${run}`,
  email: `kavita.${run}@example.in`,
  mobile: `98${run.padStart(8, '0').slice(-8)}`,
  requirements: [`An ERP for three plants (run ${run}).`, 'Go-live before the monsoon.'],
};

/** The bot's enquiry: it fills the hidden `website` field. */
const SPAM = {
  organization: `Cheap Pills ${run}`,
  name: `Spam Bot ${run}`,
  email: `bot.${run}@example.com`,
  mobile: `90${run.padStart(8, '0').slice(-8)}`,
  requirements: [`Buy now, run ${run}.`],
};

const CSV_HEADER = [
  'Received',
  'Status',
  'Organization',
  'Contact Person',
  'Email',
  'Mobile',
  'Requirements',
  'Mail',
  'Mail detail',
];

/** The table's columns, in order (the last one holds the actions). */
const COLUMN = { received: 0, person: 1, organization: 2, email: 3, status: 4, mail: 5 } as const;

/** The contact form's spam guard in e2e wants at least 1 second on the form: a person takes longer than that. */
const FILL_TIME_MS = 1500;

const logIn = (page: Page) => logInAs(page, 'admin', E2E_ADMIN_PASSWORD);
const table = (page: Page) => page.getByRole('table', { name: 'Enquiries' });
const rowOf = (page: Page, name: string) => table(page).locator('tbody tr', { hasText: name });
const cellOf = (row: Locator, column: number) => row.locator('td').nth(column);

/** Fills and sends the public contact form as a visitor would; `website` fills the honeypot, as a bot does. */
async function sendEnquiry(page: Page, enquiry: typeof ENQUIRY, website?: string) {
  await openHydrated(page, '/Contact1');
  await page.getByLabel('Organization').fill(enquiry.organization);
  await page.getByLabel('Contact Person').fill(enquiry.name);
  await page.getByLabel('Email').fill(enquiry.email);
  await page.getByLabel('Mobile').fill(enquiry.mobile);
  await page.getByLabel('Requirements').fill(enquiry.requirements.join('\n'));
  if (website !== undefined) {
    // Hidden from people, so a person never fills it: set it as a script would, through the input's own setter
    // and an input event (the form's state follows the DOM that way).
    const honeypot = page.locator('form.contact-form input[name="website"]');
    await expect(honeypot).toHaveCount(1);
    await honeypot.evaluate((input: HTMLInputElement, value: string) => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
      input.dispatchEvent(new Event('input', { bubbles: true }));
      input.dispatchEvent(new Event('change', { bubbles: true }));
    }, website);
    await expect(honeypot).toHaveValue(website);
  }
  await page.waitForTimeout(FILL_TIME_MS);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Thank you. Your enquiry has reached us, and we will reply soon.')).toBeVisible();
}

/** Opens the enquiries screen and waits until the list has settled. */
async function openEnquiries(page: Page) {
  await page.goto('/enquiries');
  await expect(page.getByRole('heading', { level: 1, name: 'Enquiries' })).toBeVisible();
  await expect(table(page).locator('[role="status"]')).toHaveCount(0);
}

/** Searches the list (the answer replaces the rows shown). */
async function search(page: Page, text: string) {
  await page.getByLabel('Search text').fill(text);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(table(page)).not.toHaveAttribute('aria-busy', 'true');
}

test('a visitor sends an enquiry through the contact form', async ({ page, consoleErrors }) => {
  await sendEnquiry(page, ENQUIRY);
  expect(consoleErrors).toEqual([]);
});

test('the administrator finds it (New, its mail Sent), reads it in full and marks it handled', async ({
  page,
  consoleErrors,
}) => {
  // The mail goes out within seconds, but the wait for it comes on top of the usual steps.
  test.setTimeout(60_000);
  await logIn(page);
  await openEnquiries(page);
  await search(page, ENQUIRY.name);
  const row = rowOf(page, ENQUIRY.name);
  await expect(table(page).locator('tbody tr')).toHaveCount(1);
  await expect(cellOf(row, COLUMN.person)).toHaveText(ENQUIRY.name);
  await expect(cellOf(row, COLUMN.organization)).toHaveText(ENQUIRY.organization);
  await expect(cellOf(row, COLUMN.email).getByRole('link', { name: ENQUIRY.email })).toHaveAttribute(
    'href',
    `mailto:${ENQUIRY.email}`,
  );
  await expect(cellOf(row, COLUMN.received).locator('time')).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);
  await expect(cellOf(row, COLUMN.status)).toHaveText('New');

  // The worker mails it within seconds; the list looks again by itself while a mail waits, and Search asks anew.
  await expect(async () => {
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(cellOf(row, COLUMN.mail)).toHaveText('Sent', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  // A sent mail has nothing to resend.
  await expect(row.getByRole('button', { name: `Resend mail of enquiry from ${ENQUIRY.name}` })).toHaveCount(0);

  // The detail: every field, the requirements as typed, the mobile to dial, the mail's state.
  const view = row.getByRole('button', { name: `View enquiry from ${ENQUIRY.name}` });
  await view.click();
  const dialog = page.getByRole('dialog', { name: `Enquiry from ${ENQUIRY.name}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  const requirements = dialog.locator('.enquiry-detail__requirements');
  for (const line of ENQUIRY.requirements) await expect(requirements).toContainText(line);
  expect(await requirements.evaluate((element) => element.textContent)).toBe(ENQUIRY.requirements.join('\n'));
  await expect(dialog.getByRole('link', { name: ENQUIRY.mobile })).toHaveAttribute('href', `tel:+91${ENQUIRY.mobile}`);
  await expect(dialog.getByRole('link', { name: ENQUIRY.email })).toHaveAttribute('href', `mailto:${ENQUIRY.email}`);
  await expect(dialog).toContainText(ENQUIRY.organization);
  const mail = dialog.getByRole('region', { name: 'Mail to the company' });
  await expect(mail.locator('.enquiry-mail__state')).toHaveText('Sent');
  await expect(mail).toContainText(/Attempts\s*[1-9]/);
  await expect(mail.locator('time')).toHaveCount(1);

  // Mark handled from the dialog: its status follows, the server's sentence in a toast.
  await dialog.getByRole('button', { name: 'Mark handled' }).click();
  await expect(toastOf(page, /Handled/)).toBeVisible();
  await expect(dialog.locator('.enquiry-status')).toHaveText('Handled');
  await expect(dialog.getByRole('button', { name: 'Mark new' })).toBeVisible();

  // Escape closes it, and the focus is back on View.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(view).toBeFocused();
  await expect(cellOf(row, COLUMN.status)).toHaveText('Handled');
  expect(consoleErrors).toEqual([]);
});

test('Export CSV downloads what the list shows: UTF-8 with a BOM, CRLF, the columns in order, the enquiry', async ({
  page,
}) => {
  await logIn(page);
  await openEnquiries(page);
  await search(page, ENQUIRY.name);
  await expect(rowOf(page, ENQUIRY.name)).toHaveCount(1);
  const exportLink = page.getByRole('link', { name: 'Export CSV' });
  await expect(exportLink).toHaveAttribute(
    'href',
    `/api/master/enquiries.csv?${new URLSearchParams({ searchText: ENQUIRY.name })}`,
  );

  const [download] = await Promise.all([page.waitForEvent('download'), exportLink.click()]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const bytes = fs.readFileSync(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.subarray(3).toString('utf8');
  expect(text).toContain('\r\n');

  const { records, bareLineFeeds } = parseCsv(text);
  expect(bareLineFeeds).toBe(0);
  expect(records[0]).toEqual(CSV_HEADER);
  const rows = records.slice(1).filter((record) => record.some((cell) => cell !== ''));
  expect(rows).toHaveLength(1);
  const cells = Object.fromEntries(CSV_HEADER.map((name, index) => [name, rows[0]?.[index] ?? '']));
  expect(cells).toMatchObject({
    Status: 'Handled',
    Organization: ENQUIRY.organization,
    'Contact Person': ENQUIRY.name,
    Email: ENQUIRY.email,
    Mobile: ENQUIRY.mobile,
    Mail: expect.stringMatching(/^sent$/i),
  });
  expect(cells.Received).not.toBe('');
  // The requirements whole, their line break kept inside the quoted cell.
  expect(cells.Requirements?.replace(/\r\n/g, '\n')).toBe(ENQUIRY.requirements.join('\n'));
});

test('a bot that fills the honeypot sees the same success; its enquiry waits under Spam, not mailed', async ({
  page,
  consoleErrors,
}) => {
  await sendEnquiry(page, SPAM, 'https://cheap-pills.example');
  expect(consoleErrors).toEqual([]);

  await logIn(page);
  await openEnquiries(page);
  // Not in the default list (New and Handled) …
  await search(page, SPAM.name);
  await expect(table(page).locator('tbody')).toHaveText(`No enquiries match '${SPAM.name}'`);
  // … but under Spam, with no mail.
  await page.getByLabel('Status').selectOption('Spam');
  const row = rowOf(page, SPAM.name);
  await expect(row).toHaveCount(1);
  await expect(cellOf(row, COLUMN.status)).toHaveText('Spam');
  await expect(cellOf(row, COLUMN.mail)).toHaveText('Not mailed');
  // Spam is neither new nor handled: only View and Delete in its row; Not spam in its detail.
  await expect(row.getByRole('button')).toHaveCount(2);
  await row.getByRole('button', { name: `View enquiry from ${SPAM.name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Enquiry from ${SPAM.name}` });
  await expect(dialog.getByRole('button', { name: 'Not spam' })).toBeVisible();
  await expect(dialog.locator('.enquiry-mail__state')).toHaveText('Not mailed');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
    'href',
    `/api/master/enquiries.csv?${new URLSearchParams({ searchText: SPAM.name, status: 'Spam' })}`,
  );
});

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 768, height: 1000 },
]) {
  test(`at ${viewport.width} px: axe finds nothing on the list and the detail, and the page never scrolls sideways`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await logIn(page);
    await openEnquiries(page);
    await search(page, run);
    await expect(rowOf(page, ENQUIRY.name)).toHaveCount(1);
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page, `enquiries at ${viewport.width} px`);

    await page.getByLabel('Status').selectOption('Spam');
    await expect(rowOf(page, SPAM.name)).toHaveCount(1);
    await expectNoAxeViolations(page, `spam at ${viewport.width} px`);

    await rowOf(page, SPAM.name)
      .getByRole('button', { name: `View enquiry from ${SPAM.name}` })
      .click();
    await expect(page.getByRole('dialog', { name: `Enquiry from ${SPAM.name}` })).toBeVisible();
    await expectNoAxeViolations(page, `the detail at ${viewport.width} px`);
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
  });
}

test('at 360 px the list scrolls inside its frame, never the page; the detail fits', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await logIn(page);
  await openEnquiries(page);
  await search(page, ENQUIRY.name);
  await expect(rowOf(page, ENQUIRY.name)).toHaveCount(1);
  expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
  await rowOf(page, ENQUIRY.name)
    .getByRole('button', { name: `View enquiry from ${ENQUIRY.name}` })
    .click();
  const dialog = page.getByRole('dialog', { name: `Enquiry from ${ENQUIRY.name}` });
  await expect(dialog).toBeVisible();
  const box = await dialog.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 360).toBe(true);
  expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
});

test('keyboard only: search, the Status and Mail filters, a row opened and closed', async ({ page }) => {
  await logIn(page);
  await openEnquiries(page);

  await tabTo(page, page.getByLabel('Status'));
  // A closed select takes a letter: S is Spam.
  await page.keyboard.press('S');
  await expect(page.getByLabel('Status')).toHaveValue('Spam');
  await tabTo(page, page.getByLabel('Mail', { exact: true }));
  await page.keyboard.press('N');
  await expect(page.getByLabel('Mail', { exact: true })).toHaveValue('none');
  await tabTo(page, page.getByLabel('Search text'));
  await page.keyboard.type(SPAM.name);
  await page.keyboard.press('Enter');
  const row = rowOf(page, SPAM.name);
  await expect(row).toHaveCount(1);
  await expect(table(page).locator('tbody tr')).toHaveCount(1);
  await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
    'href',
    `/api/master/enquiries.csv?${new URLSearchParams({ searchText: SPAM.name, status: 'Spam', mailState: 'none' })}`,
  );

  // The export link is reached too.
  await tabTo(page, page.getByRole('link', { name: 'Export CSV' }));

  // View with Enter; the dialog holds the focus; Escape gives it back.
  const view = row.getByRole('button', { name: `View enquiry from ${SPAM.name}` });
  await tabTo(page, view);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Enquiry from ${SPAM.name}` });
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  // The page behind a modal dialog is inert: Tab moves through the dialog's controls and, past the last one,
  // out to the browser itself (the body, in a headless browser), never to the list behind.
  const reached = new Set<string>();
  for (let presses = 0; presses < 8; presses += 1) {
    await page.keyboard.press('Tab');
    const where = await dialog.evaluate((element) =>
      element.contains(document.activeElement)
        ? (document.activeElement?.textContent ?? '').trim() || 'inside'
        : document.activeElement === document.body
          ? 'body'
          : 'behind',
    );
    expect(where).not.toBe('behind');
    reached.add(where);
  }
  // Its own actions are reached (starting from Close).
  expect([...reached].filter((where) => where !== 'body').length).toBeGreaterThan(0);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(view).toBeFocused();

  // Back to the default list with the keyboard: the spam leaves it.
  await tabTo(page, page.getByLabel('Status'), { backwards: true });
  await page.keyboard.press('A');
  await expect(page.getByLabel('Status')).toHaveValue('');
  await expect(table(page).locator('tbody')).toContainText(`No enquiries match '${SPAM.name}'`);
});

test("both enquiries are deleted through the dialog with the spec's question", async ({ page, consoleErrors }) => {
  await logIn(page);
  await openEnquiries(page);
  await search(page, ENQUIRY.name);
  const row = rowOf(page, ENQUIRY.name);
  const remove = row.getByRole('button', { name: `Delete enquiry from ${ENQUIRY.name}` });

  // No: the dialog closes, the enquiry stays, the focus is back on Delete.
  await remove.click();
  const question = page.getByRole('alertdialog');
  await expect(question.locator('.confirm-dialog__question')).toHaveText('Delete this enquiry? This cannot be undone.');
  await expectNoAxeViolations(page, 'the delete question');
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(question).toBeHidden();
  await expect(remove).toBeFocused();
  await expect(row).toHaveCount(1);

  // Yes: gone, with the server's sentence.
  await remove.click();
  await question.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(toastOf(page, 'The enquiry was deleted.')).toBeVisible();
  await expect(table(page).locator('tbody')).toHaveText(`No enquiries match '${ENQUIRY.name}'`);

  // The spam one, from its detail view.
  await page.getByLabel('Status').selectOption('Spam');
  await search(page, SPAM.name);
  await rowOf(page, SPAM.name)
    .getByRole('button', { name: `View enquiry from ${SPAM.name}` })
    .click();
  const dialog = page.getByRole('dialog', { name: `Enquiry from ${SPAM.name}` });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(question.locator('.confirm-dialog__question')).toHaveText('Delete this enquiry? This cannot be undone.');
  await question.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(table(page).locator('tbody')).toHaveText(`No Spam enquiries match '${SPAM.name}'`);
  await expect(page.getByLabel('Search text')).toBeFocused();
  expect(consoleErrors).toEqual([]);
});
