import type { CalendarItem, CalendarRelease } from '../../../../core/schemas/calendar';
import { formatDateTime } from '../../lib/date-time';
import { reviewName } from '../reviews/review-words';

/** What the calendar screen says of its items (docs/design.md §32). */

/** What the screen says of a period without any item. */
export const NOTHING_SCHEDULED = 'Nothing is scheduled in this period.';

/** Each kind's label, as the item shows it. */
export const KIND_LABELS: Record<CalendarItem['kind'], string> = {
  scheduled: 'Scheduled',
  review: 'Review asked',
  failed: 'Failed',
};

/** A scheduled publication or a review asked for a time may move; one that failed may not (the home's Retry does). */
export const isMovable = (item: Pick<CalendarItem, 'kind'>) => item.kind !== 'failed';

/** The page and, for a translation, its language: "Careers in German (de)". */
export const itemName = (item: Pick<CalendarItem, 'title' | 'locale'>) => reviewName(item);

/** One item among all: a revision of a page in a language, at its moment, of its kind. */
export const itemKey = (item: CalendarItem) =>
  `${item.kind}/${item.routing}/${item.locale ?? ''}/${item.revision}/${item.at}`;

/** What the period holds, in a sentence: "3 items in this period: 2 scheduled, 1 review asked, 1 release." */
export function periodSentence(items: readonly CalendarItem[], releases: readonly CalendarRelease[] = []): string {
  const total = items.length + releases.length;
  if (total === 0) return NOTHING_SCHEDULED;
  const count = (kind: CalendarItem['kind']) => items.filter((item) => item.kind === kind).length;
  const releaseCount = (kind: CalendarRelease['kind']) => releases.filter((release) => release.kind === kind).length;
  const parts = [
    [count('scheduled'), 'scheduled', 'scheduled'],
    [count('review'), 'review asked', 'reviews asked'],
    [count('failed'), 'failed', 'failed'],
    [releaseCount('scheduled'), 'release', 'releases'],
    [releaseCount('failed'), 'release failed', 'releases failed'],
  ] as const;
  const said = parts.filter(([n]) => n > 0).map(([n, one, many]) => `${n} ${n === 1 ? one : many}`);
  return `${total} ${total === 1 ? 'item' : 'items'} in this period: ${said.join(', ')}.`;
}

/** A release's pages in words: "3 pages". */
export const releasePages = (release: Pick<CalendarRelease, 'pages'>) =>
  `${release.pages} ${release.pages === 1 ? 'page' : 'pages'}`;

/** Where a scheduled release stands, the move dialog's first sentence. */
export const releaseStands = (release: CalendarRelease) =>
  `The release ${release.name} (${releasePages(release)}), made by ${release.by}, is scheduled to go live on ${formatDateTime(release.at)}.`;

/** The question asked before a release moves: both moments. */
export const moveReleaseQuestion = (release: CalendarRelease, publishAt: string) =>
  `Move the release ${release.name} (${releasePages(release)}) from ${formatDateTime(release.at)} to ${formatDateTime(publishAt)}? All its pages go live together then.`;

/** What is moved, in words: "the publication of Home (revision 12)", and of a review, that it waits for one. */
export const movedThing = (item: CalendarItem) =>
  `the publication of ${itemName(item)} (revision ${item.revision})${item.kind === 'review' ? ', which waits for review,' : ''}`;

/** The question asked before a move: both moments in the viewer's time and the firm's English. */
export const moveQuestion = (item: CalendarItem, publishAt: string) =>
  `Move ${movedThing(item)} from ${formatDateTime(item.at)} to ${formatDateTime(publishAt)}?`;

/** Where the item stands now, the move dialog's first sentence. */
export const whereItStands = (item: CalendarItem) =>
  item.kind === 'review'
    ? `Revision ${item.revision} of ${itemName(item)} waits for review, asked by ${item.by} to go live on ${formatDateTime(item.at)}.`
    : `Revision ${item.revision} of ${itemName(item)} is scheduled by ${item.by} to go live on ${formatDateTime(item.at)}.`;
