import type { ReviewItem } from '../../../../core/schemas/review';
import { languageName } from '../visits/visits-range';

/** What the Reviews screen says of an item (docs/design.md §32). */

/** A translation's language after the page's name: " in German (de)"; '' for the default language. */
export const inLanguage = (locale: string | null) => (locale === null ? '' : ` in ${languageName(locale)}`);

/** The page and, for a translation, its language: "Careers in German (de)". */
export const reviewName = (item: Pick<ReviewItem, 'title' | 'locale'>) => `${item.title}${inLanguage(item.locale)}`;

/** The page's editor, where its preview and checks are: in the translation's language for a translation. */
export const editorHref = (item: Pick<ReviewItem, 'routing' | 'locale'>) =>
  item.locale === null
    ? `/${item.routing}`
    : `/${item.routing}?${new URLSearchParams({ locale: item.locale }).toString()}`;

/** Why a review shows no comparison: the compare call knows the default language only, and a first publication has none. */
export function noComparison(item: Pick<ReviewItem, 'locale' | 'published' | 'revision'>): string | null {
  if (item.published === null)
    return item.locale === null
      ? `This page has never been published: there is nothing to compare with, and all of revision ${item.revision} is new. Open the page to see it in its preview.`
      : `This translation into ${languageName(item.locale)} has never been published: there is nothing to compare with, and all of revision ${item.revision} is new. Open the page to see it in its preview.`;
  return null;
}
