import * as header from './header';

/** What an island module does: take over one server-rendered element that names it in `data-island`. */
export interface Island {
  enhance(element: HTMLElement): void;
}

/**
 * Every island by the name its markup carries (`data-island="…"`, written literally: scripts/bundle-report.mjs
 * finds them in the page components to count what each page loads). The header is on every page, so it comes
 * with the entry; the others are chunks of their own, fetched only by a page that has them.
 */
const ISLANDS = new Map<string, () => Promise<Island>>([
  ['header', () => Promise.resolve(header)],
  ['carousel', () => import('./carousel')],
  ['contact-form', () => import('./contact-form')],
  ['form', () => import('./form')],
  ['fallback-image', () => import('./fallback-image')],
]);

/**
 * Loads the islands present under `root` and enhances each of their elements. An island that fails to load or
 * start leaves its element as the server rendered it (it works without JavaScript) and reports the error.
 */
export async function startIslands(root: ParentNode): Promise<void> {
  const elements = new Map<string, HTMLElement[]>();
  for (const element of root.querySelectorAll<HTMLElement>('[data-island]')) {
    const name = element.dataset.island ?? '';
    elements.set(name, [...(elements.get(name) ?? []), element]);
  }
  const started = await Promise.allSettled(
    [...elements].map(async ([name, found]) => {
      const load = ISLANDS.get(name);
      if (!load) throw new Error(`No island is called ${name}`);
      const island = await load();
      for (const element of found) island.enhance(element);
    }),
  );
  for (const result of started) if (result.status === 'rejected') console.error(result.reason);
}
