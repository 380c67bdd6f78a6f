import type { Release, ReleaseItem, ReleaseStatus } from '../../../../core/schemas/release';
import { formatDateTime } from '../../lib/date-time';
import { inLanguage } from '../reviews/review-words';

/** What the Releases screen says of a release and its pages (docs/design.md §32). */

export const STATUS_LABELS: Record<ReleaseStatus, string> = {
  open: 'Open',
  scheduled: 'Scheduled',
  published: 'Published',
  failed: 'Failed',
  reverted: 'Reverted',
};

/** Open, failed and scheduled first (what still needs doing), then published, then reverted. */
const STATUS_ORDER: Record<ReleaseStatus, number> = { failed: 0, open: 1, scheduled: 2, published: 3, reverted: 4 };

/** The list as the screen shows it: by status as above, then the newest change first. */
export const sortReleases = (items: readonly Release[]): Release[] =>
  [...items].sort(
    (a, b) => STATUS_ORDER[a.status] - STATUS_ORDER[b.status] || Date.parse(b.updatedAt) - Date.parse(a.updatedAt),
  );

/** A page and, for a translation, its language: "About in German (de)". */
export const pageName = (item: Pick<ReleaseItem, 'title' | 'locale'>) => `${item.title}${inLanguage(item.locale)}`;

/** One page of a release (a page in a language), as a key. */
export const pageKey = (item: { routing: string; locale?: string | null | undefined }) =>
  `${item.routing.toLowerCase()}/${item.locale ?? ''}`;

/** A page changed since it was added: its newest revision in that language is another one now. */
export const isChanged = (item: Pick<ReleaseItem, 'newest' | 'revision'>) =>
  item.newest !== null && item.newest !== item.revision;

/** How many pages, in words: "1 page", "3 pages". */
export const pagesWords = (count: number) => `${count} ${count === 1 ? 'page' : 'pages'}`;

/** Where the release stands, in a sentence under its name. */
export function statusSentence(release: Release): string {
  const at = (value: string | null) => (value ? formatDateTime(value) : '');
  switch (release.status) {
    case 'open':
      return 'Open: not live yet.';
    case 'scheduled':
      return `Goes live on ${at(release.publishAt)}.`;
    case 'failed':
      return `Could not go live on ${at(release.publishAt)}: ${release.error ?? 'no reason was recorded.'}`;
    case 'published':
      return `Published on ${at(release.publishedAt)} by ${release.publishedBy ?? release.createdBy}.`;
    case 'reverted':
      return `Published on ${at(release.publishedAt)}, reverted on ${at(release.revertedAt)} by ${release.revertedBy ?? '—'}.`;
  }
}

/** What visitors see again after a Revert, page by page: the revision before, or nothing (the page was new). */
export function revertWords(release: Release): string {
  const pages = release.items.map((item) =>
    item.previous === null
      ? `${pageName(item)}: no published revision before, so it is no longer shown`
      : `${pageName(item)}: revision ${item.previous} again`,
  );
  return `Visitors see each page as it was before the release: ${pages.join('; ')}.`;
}
