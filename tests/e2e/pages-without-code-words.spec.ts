import type { Page } from '@playwright/test';
import { E2E_ADMIN_PASSWORD } from '../../playwright.config';
import { callApi, expect, expectNoAxeViolations, logInAs, test, toastOf } from './fixtures';

// Plain words for pages made without code (docs/design.md §34): visitors read content (no field names unless asked, a
// heading is a heading), a page goes into the public menu from its screen, and the screens' main words carry no
// spec jargon (the spec's terms are small print). The spec makes its own page, used by no other spec.

const NAME = `Words${Date.now().toString(36)}x`;
const TITLE = `Plain words ${NAME}`;
const JARGON = /Autowired|\bWired\b|Header|Detail|HomePage|paramactivity|formcreation/;
const PARAMETERS = [
  {
    parameterName: 'Heading',
    sequence: 1,
    type: 'Textarea',
    unittype: 'Character',
    pagecreationtype: 'Header',
    asHeading: true,
  },
  { parameterName: 'Introduction', sequence: 2, type: 'Textarea', unittype: 'Character', pagecreationtype: 'Header' },
];

let pageId = 0;
let menuId = 0;

/** The visible main words of a staff screen: headings, labels, legends, column headings, buttons and options. */
async function mainWords(page: Page): Promise<string[]> {
  return page
    .locator('main')
    .locator('h1, h2, label, legend, th, button, option, .status-badge, .field__hint')
    .evaluateAll((nodes) => nodes.filter((n) => !n.closest('.spec-term')).map((n) => (n.textContent ?? '').trim()));
}

async function checkScreen(page: Page, what: string, path: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(page.locator('main h1')).toBeVisible();
    await expectNoAxeViolations(page, `${what} at ${width} px`);
    await page.screenshot({ path: `test-results/pages-without-code-words/${path}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  const words = await mainWords(page);
  expect(words.length).toBeGreaterThan(3);
  expect(words.filter((word) => JARGON.test(word))).toEqual([]);
  // The spec's terms are there, as small print.
  await expect(page.locator('main .spec-term').first()).toContainText('In the spec:');
}

test.afterAll(async ({ browser }) => {
  if (!menuId) return;
  const page = await browser.newPage();
  await logInAs(page, 'admin', E2E_ADMIN_PASSWORD);
  await callApi(page, '/api/menu/deletemenubyuser', { menuId });
  await page.close();
});

test('a page made without code: visitors read content, a name shows when asked, the page goes into the public menu from its screen, in plain words', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(180_000);
  await logInAs(page, 'admin', E2E_ADMIN_PASSWORD);
  pageId = (
    await callApi<{ id: number }>(page, '/api/master/savePageCreation', {
      filename: NAME,
      dspname: TITLE,
      module: 1,
      type: 'Autowired',
      homepage: 'Y',
    })
  ).id;
  await callApi(page, '/api/master/saveParameters', { id: pageId, parameters: PARAMETERS });
  const document = {
    header: { Heading: 'Willkommen in Berlin', Introduction: 'We build software for firms of every size.' },
    rows: [],
    revision: 0,
  };
  await callApi(page, '/api/master/savepagecontent', { commonrouting: NAME, document });

  // Visitors read the content: the heading is a heading, and no field name shows.
  await page.goto(`/${NAME}1`);
  const main = page.locator('main');
  await expect(main.getByRole('heading', { level: 2, name: 'Willkommen in Berlin' })).toBeVisible();
  await expect(main.getByText('We build software for firms of every size.')).toBeVisible();
  await expect(main.getByText('Introduction', { exact: true })).toHaveCount(0);
  await expect(main.getByText('Heading', { exact: true })).toHaveCount(0);

  // The fields screen, in plain words; "Show its name to visitors" is off for text.
  await page.goto(`/paramactivity/${pageId}`);
  await expect(page.getByRole('heading', { level: 1, name: `Fields of ${TITLE}` })).toBeVisible();
  await checkScreen(page, 'the fields screen', 'fields');
  await page.getByRole('button', { name: 'Edit Introduction' }).click();
  const showName = page.getByRole('checkbox', { name: 'Show its name to visitors' });
  await expect(showName).not.toBeChecked();
  await showName.check();
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(
    page
      .getByRole('table', { name: `Fields of ${TITLE}` })
      .locator('tbody tr')
      .nth(1),
  ).toContainText('Name shown to visitors');
  await page.getByRole('button', { name: 'Save the fields' }).click();
  await expect(toastOf(page, 'Fields saved. The editor and the public page use them from now on.')).toBeVisible();

  // The next public view shows the name above its value.
  await page.goto(`/${NAME}1`);
  await expect(page.locator('main dt', { hasText: 'Introduction' })).toBeVisible();
  await expect(main.getByText('Heading', { exact: true })).toHaveCount(0);

  // The page's screen puts it into the public menu: at the top level, last.
  await page.goto(`/formcreation/${pageId}`);
  await expect(page.getByRole('heading', { level: 1, name: `Edit page ${TITLE}` })).toBeVisible();
  const place = page.getByRole('region', { name: 'Show in the public menu' });
  await expect(place.getByRole('status')).toHaveText(
    'Not in the public menu yet: visitors reach it only by its address or a link.',
  );
  await checkScreen(page, 'the page screen', 'page');
  await place.getByLabel('Under').selectOption({ label: 'Top level' });
  await place.getByLabel('Position').fill('99');
  await place.getByRole('button', { name: 'Put in the menu' }).click();
  await expect(toastOf(page, `${TITLE} is in the public menu.`)).toBeVisible();
  await expect(place.getByRole('status')).toHaveText(/^In the public menu: at the top level, position \d+\.$/);
  await expect(place.getByRole('button', { name: 'Move in the menu' })).toBeVisible();
  menuId = (await callApi<{ placed: { menuId: number } }>(page, '/api/menu/publicmenuplace', { pageId })).placed.menuId;

  // The public header's menu has it.
  await page.goto('/Home1');
  // A header whose entries do not fit in one row folds them behind its Menu button.
  const menuButton = page.getByRole('banner').getByRole('button', { name: 'Menu' });
  if (await menuButton.isVisible()) await menuButton.click();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: TITLE })).toHaveAttribute(
    'href',
    `/${NAME}1`,
  );

  // The list of pages, in plain words.
  await page.goto('/homepages');
  await expect(page.getByRole('heading', { level: 1, name: 'Pages' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Pages' }).locator('tbody tr').first()).toBeVisible();
  await checkScreen(page, 'the list of pages', 'pages');
  expect(consoleErrors).toEqual([]);
});
