import AxeBuilder from '@axe-core/playwright';
import { CONTENT_PAGES } from '../../src/core/pages';
import { expect, openHydrated, test } from './fixtures';

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
        const results = await new AxeBuilder({ page })
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
          .analyze();
        const summary = results.violations.map(
          (v) =>
            `${v.id}: ${v.help} (${v.nodes
              .map((n) => n.target.join(' '))
              .slice(0, 3)
              .join(' | ')})`,
        );
        expect(summary).toEqual([]);
      });
    }
  });
}
