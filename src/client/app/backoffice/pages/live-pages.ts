import { contentPageById } from '../../../../core/pages';
import type { PageListRow } from '../../../../core/page-defs/page-definition';

/** A page visitors can open now, by its name and its public address: a place to send them (docs/design.md §27). */
export interface LivePage {
  name: string;
  path: string;
}

/**
 * Where visitors open a page, or null when they cannot: a built-in page at its fixed address (`/About1`), a
 * page made without code that is on the website at its name with 1 (`/Careers1`, as the server serves it),
 * a back-office screen nowhere. Its status is not asked here: an inactive page keeps the address it had.
 */
export function publicAddressOf(row: Pick<PageListRow, 'id' | 'code' | 'type' | 'homepage'>): string | null {
  const builtIn = contentPageById(row.id);
  if (builtIn) return builtIn.publicPath;
  return row.type === 'Autowired' && row.homepage === 'Y' ? `/${row.code}1` : null;
}

/** The pages of the list that are live (active, with a public address), by name. */
export function livePages(
  rows: readonly Pick<PageListRow, 'id' | 'code' | 'type' | 'homepage' | 'activeStatus' | 'name'>[],
): LivePage[] {
  return rows
    .flatMap((row) => {
      const path = row.activeStatus === 'Y' ? publicAddressOf(row) : null;
      return path ? [{ name: row.name, path }] : [];
    })
    .sort((a, b) => a.name.localeCompare(b.name, 'en-IN'));
}
