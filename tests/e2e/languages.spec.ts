import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { E2E_ADMIN_PASSWORD } from '../../playwright.config';
import { LOCALE_MESSAGES } from '../../src/core/schemas/locale';
import {
  expect,
  expectNoAxeViolations,
  logInAs,
  openAdministrationScreen,
  sidewaysScroll,
  test,
  toastOf,
} from './fixtures';

// The languages and translations screens end to end (docs/design.md §28), against the real server: the administrator adds
// Français on Languages (a bad code first: the server's sentence at that row's code), finds it listed after a
// reload, sees every page Missing in it on Translations, downloads its XLIFF file and uploads it back (nothing
// changed, then one text translated: a French draft of that page), has a broken file refused with the server's
// sentence, translates one of the site's own words, and removes Français again (its draft stays on the server, unpublished). axe finds nothing
// on either screen at 1280 and 390 px, and neither scrolls sideways at 768 and 390 px.
// Specs share one server: this one uses fr only (the translation editor's spec uses de), and removes only fr.

const FRENCH = 'Français';

const languageRow = (page: Page, code: string) =>
  page.locator('.language-item').filter({ has: page.locator('code', { hasText: new RegExp(`^${code}$`) }) });

/** The page never scrolls sideways at a tablet's and a phone's width; axe finds nothing at the phone's. */
async function checkNarrow(page: Page, what: string) {
  await page.setViewportSize({ width: 768, height: 1024 });
  await expect.poll(() => sidewaysScroll(page)).toBe(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => sidewaysScroll(page)).toBe(0);
  await expectNoAxeViolations(page, `${what} at 390 px`);
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('an administrator adds Français, sees every page Missing in it, sends its XLIFF out and back, and removes it', async ({
  page,
  consoleErrors,
}) => {
  // axe over two screens at two widths, several round trips: slow on a busy machine.
  test.slow();
  await page.setViewportSize({ width: 1280, height: 900 });
  await logInAs(page, 'admin', E2E_ADMIN_PASSWORD);
  await openAdministrationScreen(page, 'Languages', '/languages');
  await expect(page.locator('.language-item--default')).toContainText('Default');
  await expectNoAxeViolations(page, 'languages screen at 1280 px');

  // A code that is no BCP 47 tag: the server refuses it, and says so at that row's code, with the focus there.
  const add = page.getByRole('region', { name: 'Add a language' });
  await add.getByLabel('Code', { exact: true }).fill('Francais!');
  await add.getByLabel('Name', { exact: true }).fill(FRENCH);
  await add.getByRole('button', { name: 'Add to the list' }).click();
  await page.getByRole('button', { name: 'Save languages' }).click();
  const code = page.getByLabel(`Code of ${FRENCH}`, { exact: true });
  await expect(code).toBeFocused();
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('.language-item').filter({ has: code })).toContainText(LOCALE_MESSAGES.code);
  // What was typed is all there to correct.
  await expect(code).toHaveValue('Francais!');
  await expect(page.getByLabel('Name of Francais!', { exact: true })).toHaveValue(FRENCH);

  // Leaving now would lose the list as it stands: the screen asks first, and Stay keeps everything.
  await page.locator('.app-screen__lead').getByRole('link', { name: 'Translations' }).click();
  const leave = page.getByRole('alertdialog', { name: 'Leave without saving?' });
  await expect(leave).toContainText('Your changes to the languages are not saved yet. If you leave, they are lost.');
  await leave.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(/\/languages$/);
  await expect(code).toHaveValue('Francais!');

  await code.fill('fr');
  await page.getByRole('button', { name: 'Save languages' }).click();
  await expect(toastOf(page, 'Visitors see the site in its languages as listed.')).toBeVisible();
  await page.reload();
  await expect(languageRow(page, 'fr')).toBeVisible();
  await expect(page.getByLabel('Name of fr', { exact: true })).toHaveValue(FRENCH);
  await expect(page.getByLabel(`On the site in ${FRENCH}`, { exact: true })).toBeChecked();
  await checkNarrow(page, 'languages screen');

  // Every page is Missing in French, each cell a link to its editor in French.
  await openAdministrationScreen(page, 'Translations', '/translations');
  await expect(page.getByRole('columnheader', { name: `${FRENCH} fr` })).toBeVisible();
  const homeInFrench = page.getByRole('link', { name: new RegExp(`^Home in ${FRENCH}: Missing`) });
  await expect(homeInFrench).toHaveAttribute('href', '/Home?locale=fr');
  await expectNoAxeViolations(page, 'translations screen at 1280 px');

  // The XLIFF file of French: an XLIFF 2.0 document of the site's texts, from English to French.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: `Download XLIFF for ${FRENCH}` }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/-fr\.xlf$/);
  const file = await download.path();
  const xliff = await readFile(file, 'utf8');
  expect(xliff).toContain('<xliff');
  expect(xliff).toMatch(/version="2\.0"/);
  expect(xliff).toMatch(/trgLang="fr"/);

  // The same file back, translated by nobody: nothing changes.
  const frenchCard = page
    .locator('.xliff-language')
    .filter({ has: page.getByRole('heading', { name: `${FRENCH} fr` }) });
  await frenchCard.getByLabel(`Translated XLIFF file for ${FRENCH}`).setInputFiles(file);
  await frenchCard.getByRole('button', { name: `Upload translated XLIFF for ${FRENCH}` }).click();
  await expect(frenchCard.getByRole('status')).toContainText('Nothing changed');

  // The first text translated (its own words, as a stand-in for French): that page gets a French draft, linked to
  // its editor in French, and the table says a draft is waiting.
  const translated = xliff.replace(
    /<source>([\s\S]*?)<\/source>/,
    (source: string, text: string) => `${source}<target>${text}</target>`,
  );
  expect(translated).not.toBe(xliff);
  await frenchCard
    .getByLabel(`Translated XLIFF file for ${FRENCH}`)
    .setInputFiles({ name: 'translated-fr.xlf', mimeType: 'application/xliff+xml', buffer: Buffer.from(translated) });
  await frenchCard.getByRole('button', { name: `Upload translated XLIFF for ${FRENCH}` }).click();
  await expect(frenchCard.getByRole('status')).toContainText('1 page has a new draft with 1 text from the file.');
  await expect(frenchCard.getByRole('list', { name: 'Pages with a new draft' }).getByRole('link')).toHaveAttribute(
    'href',
    /^\/\w+\?locale=fr$/,
  );
  await expect(page.getByRole('link', { name: new RegExp(`in ${FRENCH}: Missing.*draft waiting`) })).toHaveCount(1);

  // A file cut short: the server's sentence, nothing imported.
  await frenchCard.getByLabel(`Translated XLIFF file for ${FRENCH}`).setInputFiles({
    name: 'broken-fr.xlf',
    mimeType: 'application/xliff+xml',
    buffer: Buffer.from(xliff.slice(0, 200)),
  });
  await frenchCard.getByRole('button', { name: `Upload translated XLIFF for ${FRENCH}` }).click();
  await expect(frenchCard.getByRole('alert')).toHaveText(
    /^The file is not a well-formed XLIFF file \(.+\)\. Upload the \.xlf file your translator sent back/,
  );
  await expect(frenchCard.getByRole('status')).toBeEmpty();

  // The site's own words in French: the first one translated and published; the count says so.
  const frenchWords = page.locator('.site-texts__language').filter({ hasText: `${FRENCH} fr` });
  await expect(frenchWords).toContainText(/Missing0\/\d+ texts/);
  await page.getByRole('button', { name: `Translate the site’s words into ${FRENCH}` }).click();
  const words = page.getByRole('region', { name: `The site’s words in ${FRENCH}` });
  await expect(words.getByRole('heading', { level: 3 })).toBeFocused();
  await words.getByRole('textbox').first().fill('Accueil');
  await words.getByRole('button', { name: 'Save and publish' }).click();
  await expect(toastOf(page, `Visitors reading the site in ${FRENCH} see these words.`)).toBeVisible();
  await expect(frenchWords).toContainText(/1\/\d+ texts/);
  await checkNarrow(page, 'translations screen');

  // Only pages needing work: French is missing everywhere, so Home stays.
  await page.getByLabel('Only pages needing work').check();
  await expect(homeInFrench).toBeVisible();

  // French goes again, after the question that says its translations stay.
  await openAdministrationScreen(page, 'Languages', '/languages');
  await page.getByRole('button', { name: `Remove ${FRENCH}` }).click();
  const question = page.getByRole('alertdialog', { name: 'Remove the language' });
  await expect(question).toContainText('Its translations stay on the server');
  await question.getByRole('button', { name: 'Remove' }).click();
  await expect(languageRow(page, 'fr')).toHaveCount(0);
  await page.getByRole('button', { name: 'Save languages' }).click();
  await expect(toastOf(page, 'Visitors see the site in its languages as listed.')).toBeVisible();
  await page.reload();
  await expect(page.locator('.language-item--default')).toBeVisible();
  await expect(languageRow(page, 'fr')).toHaveCount(0);
  expect(consoleErrors.filter((error) => !/status of 400/.test(error))).toEqual([]);
});

// docs/design.md §34: every word visitors read is a site text, editable in the default language. The home page's
// "All news" link is a word no other spec reads; it is put back to Folio's at the end.
test('an administrator puts the site’s words in the firm’s own: the home page reads them, and Folio’s again once emptied', async ({
  page,
  consoleErrors,
}) => {
  test.slow();
  await page.setViewportSize({ width: 1280, height: 900 });
  await logInAs(page, 'admin', E2E_ADMIN_PASSWORD);
  await openAdministrationScreen(page, 'Translations', '/translations');
  const english = page.locator('.site-texts__language').filter({ hasText: 'Default' });
  await expect(english).toContainText('en-IN');
  await english.getByRole('button', { name: /^Edit the site’s words in / }).click();
  const words = page.getByRole('region', { name: 'The site’s words, in your own words' });
  await expect(words.getByRole('heading', { level: 3 })).toBeFocused();
  const allNews = words.getByLabel('Home page: the link to the news page', { exact: true });
  await expect(allNews).toHaveValue('');
  await expect(words.getByText('Folio’s words: All news', { exact: true })).toBeVisible();
  await allNews.fill('Every story from us');
  await expectNoAxeViolations(page, 'the site’s words in the default language at 1280 px');
  await words.getByRole('button', { name: 'Save and publish' }).click();
  await expect(toastOf(page, 'Visitors see these words on every page.')).toBeVisible();
  await expect(english).toContainText(/1\/\d+ in your own words/);

  const visitor = await page.context().newPage();
  await visitor.goto('/Home1');
  await expect(visitor.locator('a.text-link[href="/News1"]')).toContainText('Every story from us');

  // Emptied, the word is Folio's again.
  await allNews.fill('');
  await words.getByRole('button', { name: 'Save and publish' }).click();
  await expect(english).toContainText('Folio’s words');
  await visitor.reload();
  await expect(visitor.locator('a.text-link[href="/News1"]')).toContainText('All news');
  await checkNarrow(page, 'the site’s words in the default language');
  expect(consoleErrors).toEqual([]);
});
