import type { Page } from '@playwright/test';
import {
  createE2eUser,
  createEditorsAutowiredPage,
  expect,
  expectNoAxeViolations,
  logInAs,
  test,
  toastOf,
} from './fixtures';

// "Search and sharing" and the comparison of revisions (docs/design.md §19, §20), on an Autowired page of this file's
// own (no other test edits it): the tests build on each other's revisions, so they run in order.
test.describe.configure({ mode: 'serial' });

const RUN = `${Date.now() % 100000}`.padStart(5, '0');
const NAME = `Sharing${RUN}`;
const DISPLAY = `Sharing page ${RUN}`;
const EDITOR = { username: `e2e-sharing-${RUN}`, password: 'e2e-sharing-password' };
const OWN_TITLE = `Widget careers ${RUN}`;
const OWN_DESCRIPTION = 'Join the people who make widgets that last: open roles, how we work and what we offer.';

const HEADER = [
  {
    parameterName: 'headline',
    sequence: 1,
    type: 'Textarea',
    unittype: 'Character',
    pagecreationtype: 'Header',
    mandatory: 'Y',
    minlength: 3,
    maxlength: 80,
  },
  {
    parameterName: 'story',
    sequence: 2,
    type: 'Richtext',
    unittype: 'Richtext',
    pagecreationtype: 'Header',
    mandatory: 'N',
  },
];

test.beforeAll(async ({ browser }) => {
  await createEditorsAutowiredPage(browser, { name: NAME, display: DISPLAY, parameters: HEADER });
  await createE2eUser(EDITOR.username, EDITOR.password, 3);
});

const logIn = (page: Page) => logInAs(page, EDITOR.username, EDITOR.password);

async function openEditor(page: Page) {
  await page.goto(`/${NAME}`);
  await expect(page.locator('h1')).toHaveText(DISPLAY);
}

const searchTitle = (page: Page) => page.getByLabel('Search title', { exact: true });
const searchDescription = (page: Page) => page.getByLabel('Search description', { exact: true });
const preview = (page: Page) => page.getByRole('region', { name: 'Search result preview' });

/**
 * Publishes the working copy: the button keeps the spec's 'Save' / 'Save All' or is called 'Publish' (with a
 * question first, if the editor asks one), and its success toast follows.
 */
async function publish(page: Page) {
  await page.getByRole('button', { name: /^(Save|Save All|Publish)$/ }).click();
  const question = page.getByRole('alertdialog');
  const saved = toastOf(page, /Saved and published: visitors see it now\./);
  await expect(question.or(saved).first()).toBeVisible();
  if (await question.isVisible()) await question.getByRole('button', { name: /^Publish/ }).click();
  await expect(saved).toBeVisible();
  await expect(page.getByText('Unsaved changes', { exact: true })).toHaveCount(0);
}

/** The rich-text field `story`, its words replaced. */
async function writeStory(page: Page, text: string) {
  const story = page.getByRole('textbox', { name: 'story' });
  await story.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}

/** Scrolls to the end, where the sticky action bar covers nothing (axe counts whatever it covers). */
const scrollToEnd = (page: Page) => page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));

test('a page of the twelve has the panel too, with its defaults and its public address', async ({ page }) => {
  await logIn(page);
  await page.goto('/News');
  const panel = page.getByRole('region', { name: 'Search and sharing' });
  await expect(panel.getByRole('heading', { level: 2, name: 'Search and sharing' })).toBeVisible();
  const placeholder = await searchTitle(page).getAttribute('placeholder');
  expect(placeholder).toMatch(/^News · ./);
  await expect(preview(page).locator('.seo-preview__title')).toHaveText(placeholder!);
  await expect(preview(page).locator('.seo-preview__url')).toHaveText(/\/News1$/);
});

test('an Editor writes the page’s own title and description, sees counters and the preview, publishes, and clears them', async ({
  page,
  browser,
}) => {
  await logIn(page);
  await openEditor(page);
  await page.getByLabel('headline', { exact: true }).fill('Widgets for everyone');
  await writeStory(page, 'We build fast software for small firms.');
  await publish(page);

  // Fresh from the server: the defaults follow the page's name, the company's name and its first words.
  await page.reload();
  await expect(searchTitle(page)).toHaveValue('');
  const defaultTitle = (await searchTitle(page).getAttribute('placeholder')) ?? '';
  const defaultDescription = (await searchDescription(page).getAttribute('placeholder')) ?? '';
  expect(defaultTitle).toMatch(new RegExp(`^${DISPLAY} · .`));
  await expect(page.getByText('Empty fields use the page’s defaults', { exact: false })).toBeVisible();
  await expect(preview(page).locator('.seo-preview__title')).toHaveText(defaultTitle);
  await expect(preview(page).locator('.seo-preview__url')).toHaveText(new RegExp(`/${NAME}1$`));
  await expect(preview(page)).toContainText('Shown with the default title and description.');

  // The counters, and the hint from 60 characters of a title and 150 of a description.
  await searchTitle(page).fill('x'.repeat(42));
  await expect(searchTitle(page)).toHaveAccessibleDescription(/42 \/ 70 characters/);
  await expect(page.getByText('Search results show about 60 characters')).toHaveCount(0);
  await searchTitle(page).fill('x'.repeat(61));
  await expect(searchTitle(page)).toHaveAccessibleDescription(
    /61 \/ 70 characters.*Search results show about 60 characters/,
  );
  await searchTitle(page).fill('y'.repeat(80));
  await expect(searchTitle(page)).toHaveValue('y'.repeat(70));
  await searchDescription(page).fill('z'.repeat(151));
  await expect(searchDescription(page)).toHaveAccessibleDescription(
    /151 \/ 160 characters.*Search results show about 150 characters/,
  );

  await searchTitle(page).fill(OWN_TITLE);
  await searchDescription(page).fill(OWN_DESCRIPTION);
  await expect(searchTitle(page)).toHaveAccessibleDescription(new RegExp(`${OWN_TITLE.length} / 70 characters`));
  await expect(preview(page).locator('.seo-preview__title')).toHaveText(OWN_TITLE);
  await expect(preview(page).locator('.seo-preview__description')).toHaveText(OWN_DESCRIPTION);
  await expect(preview(page).locator('.seo-preview__note')).toHaveCount(0);
  await expect(page.getByText('Unsaved changes', { exact: true })).toBeVisible();

  await scrollToEnd(page);
  await expectNoAxeViolations(page, 'editor with Search and sharing');
  await publish(page);

  const visitor = await browser.newPage();
  await visitor.goto(`/${NAME}1`);
  await expect(visitor).toHaveTitle(OWN_TITLE);
  await expect(visitor.locator('meta[name="description"]')).toHaveAttribute('content', OWN_DESCRIPTION);

  // Cleared again: the defaults come back, in the editor and on the public page.
  await searchTitle(page).fill('');
  await searchDescription(page).fill('');
  await expect(preview(page).locator('.seo-preview__title')).toHaveText(defaultTitle);
  await publish(page);
  await visitor.goto(`/${NAME}1`);
  await expect(visitor).toHaveTitle(defaultTitle);
  await expect(visitor.locator('meta[name="description"]')).toHaveAttribute('content', defaultDescription);
  await visitor.close();
});

test('the history says what is live, and compares two revisions field by field with the words changed', async ({
  page,
}) => {
  await logIn(page);
  await openEditor(page);
  await writeStory(page, 'We build reliable software for small firms.');
  await publish(page);

  await page.getByRole('button', { name: 'History' }).click();
  const history = page.locator('.history-panel');
  const rows = history.locator('.history-list__item');
  await expect(rows.first()).toContainText('Published, live now');
  const newest = Number(/Revision (\d+)/.exec((await rows.first().locator('strong').textContent()) ?? '')?.[1]);
  expect(newest).toBeGreaterThanOrEqual(4);
  await expect(rows.nth(1)).toContainText('Published');
  await expect(rows.nth(1)).not.toContainText('live now');

  // The newest against the one before it: the story's words removed and inserted.
  await history.getByRole('button', { name: `Compare revision ${newest} with revision ${newest - 1}` }).click();
  const compare = page.getByRole('region', { name: `Changes from revision ${newest - 1} to revision ${newest}` });
  await expect(compare.getByRole('heading', { level: 3 })).toBeFocused();
  const story = compare.locator('.compare-change', { has: page.getByRole('heading', { level: 4, name: /story/ }) });
  await expect(story).toHaveCount(1);
  await expect(story.locator('del')).toHaveText(/removed:\s*fast/);
  await expect(story.locator('ins')).toHaveText(/inserted:\s*reliable/);
  await expect(story.locator('.compare-change__side--before')).toContainText('We build');
  await expect(compare.locator('.compare-change')).toHaveCount(1);
  await scrollToEnd(page);
  await expectNoAxeViolations(page, 'compare view');

  // Any two: from the first publication (no title of its own) to the one with the page's own words.
  const picker = history.getByRole('group', { name: 'Compare two revisions' });
  await picker.getByLabel('From revision').selectOption(String(newest - 3));
  await picker.getByLabel('To revision').selectOption(String(newest - 2));
  await picker.getByRole('button', { name: 'Compare' }).click();
  const chosen = page.getByRole('region', { name: `Changes from revision ${newest - 3} to revision ${newest - 2}` });
  const title = chosen.locator('.compare-change', {
    has: page.getByRole('heading', { level: 4, name: /^Search title/ }),
  });
  await expect(title.locator('.compare-change__side--before')).toContainText('(empty)');
  await expect(title.locator('.compare-change__side--after')).toContainText(OWN_TITLE);
  await expect(
    chosen.locator('.compare-change', { has: page.getByRole('heading', { level: 4, name: /^Search description/ }) }),
  ).toContainText(OWN_DESCRIPTION);

  // The same revision twice is refused with a sentence; closing gives the focus back.
  await picker.getByLabel('To revision').selectOption(String(newest - 3));
  await picker.getByRole('button', { name: 'Compare' }).click();
  await expect(picker).toContainText('Choose two different revisions');
  await chosen.getByRole('button', { name: 'Close comparison' }).click();
  await expect(chosen).toHaveCount(0);
  await expect(picker.getByRole('button', { name: 'Compare' })).toBeFocused();
});
