import { CONTENT_PAGES } from '../../src/core/pages';
import { axeViolations, expect, openHydrated, test } from './fixtures';

const paths = [...CONTENT_PAGES.map((p) => p.publicPath), '/no-such-page'];

for (const viewport of [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 360, height: 740 },
]) {
  test.describe(`axe on every public page (${viewport.name})`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });
    for (const path of paths) {
      test(`${path} has no accessibility violations`, async ({ page }) => {
        await openHydrated(page, path);
        await expect(page.locator('html')).toHaveClass(/(^|\s)js(\s|$)/);
        const summary = await axeViolations(page.mainFrame(), {
          tags: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'],
        });
        expect(summary).toEqual([]);
      });
    }
  });
}
