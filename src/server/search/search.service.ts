import { SEARCH_LIMIT, searchHref, type SearchAnswer, type SearchItem } from '../../core/schemas/search';
import { allowedScreens, type SessionUser } from '../access/access';
import { searchWords } from '../db/full-text';
import type { Tenant } from '../tenants/tenants';
import { searchMedia } from '../media/media-library.repository';
import { listPages } from '../pages/resolve-page';
import { searchEnquiries, searchGroups, searchMasterValues, searchUsers } from './search.repository';

/**
 * search (docs/design.md §23): pages, users, groups, enquiries, master values and images that the caller's menu lets them open,
 * at most SEARCH_LIMIT in all, shared fairly between the kinds that found something. A kind whose screen is not in
 * the menu is not searched at all. The text is words (full-text: never syntax, never a wildcard).
 */
export async function search(tenant: Tenant, session: SessionUser, text: string): Promise<SearchAnswer> {
  const words = searchWords(text);
  if (words.length === 0) return { items: [] };
  const screens = new Set(await allowedScreens(tenant, session.userId, session.groupId));
  const { db, dialect } = tenant;
  const kinds: Array<Promise<SearchItem[]>> = [
    // Pages that have an editor, of either kind, from the tenant's cache: a few dozen.
    listPages(tenant).then((pages) =>
      pages
        .filter(
          (page) =>
            screens.has(page.routing) && matchesWords(`${page.displayName} ${page.row.name} ${page.routing}`, words),
        )
        .map((page) => ({ kind: 'page' as const, label: page.displayName, href: searchHref.page(page.routing) })),
    ),
  ];
  if (screens.has('user')) {
    kinds.push(
      searchUsers(db, dialect, text, SEARCH_LIMIT).then((rows) =>
        rows.map((row) => {
          const name = [row.first_name, row.last_name].filter(Boolean).join(' ');
          return {
            kind: 'user' as const,
            label: name && name !== row.username ? `${name} (${row.username})` : row.username,
            href: searchHref.user(row.id),
          };
        }),
      ),
    );
  }
  if (screens.has('bmstree')) {
    kinds.push(
      searchGroups(db, text, SEARCH_LIMIT).then((rows) =>
        rows.map((row) => ({ kind: 'group' as const, label: row.name, href: searchHref.group(row.id) })),
      ),
    );
  }
  if (screens.has('enquiries')) {
    kinds.push(
      searchEnquiries(db, dialect, text, SEARCH_LIMIT).then((rows) =>
        rows.map((row) => ({
          kind: 'enquiry' as const,
          label: `${row.name}${row.organization ? `, ${row.organization}` : ''} (${row.created_at.slice(0, 10)}${row.status === 'New' ? '' : `, ${row.status}`})`,
          href: searchHref.enquiry(row.id),
        })),
      ),
    );
  }
  if (screens.has('commonMaster')) {
    kinds.push(
      searchMasterValues(db, dialect, text, SEARCH_LIMIT).then((rows) =>
        rows.map((row) => ({
          kind: 'master' as const,
          label: `${row.name} (${row.type_name})`,
          href: searchHref.master(row.id),
        })),
      ),
    );
  }
  if (screens.has('media')) {
    // Images by title, name and alt text (a firm has thousands at most: a LIKE over them, newest first), each
    // called by its title, else its alt text (docs/design.md §34).
    kinds.push(
      searchMedia(db, text, SEARCH_LIMIT).then((rows) =>
        rows.map((row) => ({ kind: 'image' as const, label: mediaLabel(row), href: searchHref.image(row.id) })),
      ),
    );
  }
  return { items: shareFairly(await Promise.all(kinds), SEARCH_LIMIT) };
}

/** Whether every word is the start of a word of `text` (as the full-text search finds them). */
function matchesWords(text: string, words: readonly string[]): boolean {
  const own = searchWords(text.replace(/([a-z])([A-Z])/g, '$1 $2'));
  return words.every((word) => own.some((candidate) => candidate.startsWith(word)));
}

/** At most `limit` items, each list in turn giving one until they run out, in the lists' order. */
export function shareFairly<T>(lists: readonly T[][], limit: number): T[] {
  const taken = lists.map(() => 0);
  let total = 0;
  for (let round = 0; total < limit; round += 1) {
    let any = false;
    for (const [index, list] of lists.entries()) {
      if (round < list.length && total < limit) {
        taken[index] = round + 1;
        total += 1;
        any = true;
      }
    }
    if (!any) break;
  }
  return lists.flatMap((list, index) => list.slice(0, taken[index]));
}

/** An image as the search lists it: its title or alt text, with its stored name. */
function mediaLabel({ title, alt, name }: { title: string; alt: string; name: string }): string {
  const words = title || alt;
  return words ? `${words} (${name})` : name;
}
