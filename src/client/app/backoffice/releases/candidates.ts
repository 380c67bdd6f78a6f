import { useQuery } from '@tanstack/react-query';
import { CONTENT_PAGES, SCREEN_PAGES } from '../../../../core/pages';
import type { RevisionStatus } from '../../../../core/schemas/revision';
import { getPageHistory, sitePages } from '../../../../core/api/pages';
import { translationHistory } from '../../../../core/api/translation-editing';
import { PageHistorySchema } from '../../../../core/schemas/revision';
import { SitePageListSchema } from '../../../../core/schemas/site-pages';
import { api, useSession } from '../../lib/api';
import { languageChoices, useLocales } from '../../editors/translation/api';

/**
 * The pages a release may take (docs/design.md §32), for the New release form: every page in the caller's menu (the menu
 * is the permission to edit it) in every language of the site, each at its newest revision in that language, read with
 * the editors' History call (`getpagehistory`, `GET /api/master/translate/:routing/history?locale=de` for a
 * translation), named as menus name them (the
 * site's page list, else the built-in page's name, else its routing name). Those with unpublished changes come first; a translation never saved is
 * left out.
 */

export interface Candidate {
  routing: string;
  title: string;
  /** null: the default language. */
  locale: string | null;
  revision: number;
  status: RevisionStatus;
  /** The revision visitors see now in that language, or null. */
  published: number | null;
}

/** Not pages: the back office's screens, and the screens the staff app has beside its menu. */
const NOT_PAGES: ReadonlySet<string> = new Set(
  [...SCREEN_PAGES.map((screen) => screen.routing), 'releases', 'Blankpage'].map((name) => name.toLowerCase()),
);
const BUILT_IN_NAMES = new Map(CONTENT_PAGES.map((page) => [page.routing.toLowerCase(), page.name]));

/** A candidate with changes visitors do not see yet: its newest revision is not the published one. */
export const hasUnpublished = (candidate: Candidate) => candidate.status !== 'published' && candidate.revision > 0;

/** Unpublished changes first, then by page and language. */
export function orderCandidates(candidates: readonly Candidate[]): Candidate[] {
  return [...candidates].sort(
    (a, b) =>
      Number(hasUnpublished(b)) - Number(hasUnpublished(a)) ||
      a.title.localeCompare(b.title) ||
      (a.locale ?? '').localeCompare(b.locale ?? ''),
  );
}

/** The pages' names as menus show them, by routing name (lower case), from the site's page list (`/About1` is About). */
async function siteNames(): Promise<Map<string, string>> {
  try {
    const { items } = SitePageListSchema.parse(await api(sitePages));
    return new Map(items.map((item) => [item.path.replace(/^\//, '').replace(/1$/, '').toLowerCase(), item.title]));
  } catch {
    return new Map();
  }
}

/** Runs `work` over `inputs`, `width` at a time, keeping the order. */
async function inTurns<I, O>(inputs: readonly I[], width: number, work: (input: I) => Promise<O>): Promise<O[]> {
  const out: O[] = new Array<O>(inputs.length);
  let next = 0;
  const lane = async () => {
    while (next < inputs.length) {
      const at = next;
      next += 1;
      out[at] = await work(inputs[at]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, inputs.length) }, lane));
  return out;
}

/** One page in one language at its newest revision; null when it cannot be read (gone, not allowed, never saved). */
async function readCandidate(routing: string, title: string, locale: string | null): Promise<Candidate | null> {
  try {
    const history = PageHistorySchema.parse(
      locale === null
        ? await api(getPageHistory, { body: { commonrouting: routing } })
        : await api(translationHistory, { params: { routing }, query: { locale } }),
    );
    const newest = history.revisions.reduce<(typeof history.revisions)[number] | null>(
      (found, revision) => (found === null || revision.revision > found.revision ? revision : found),
      null,
    );
    if (!newest) return null;
    return { routing, title, locale, revision: newest.revision, status: newest.status, published: history.published };
  } catch {
    return null;
  }
}

export function useCandidates(enabled: boolean) {
  const screens = useSession().data?.user?.screens;
  const locales = useLocales(enabled).data;
  const pages = (screens ?? []).filter((screen) => !NOT_PAGES.has(screen.toLowerCase()));
  const languages = locales
    ? languageChoices(locales).map((locale) => (locale.code === locales.defaultLocale ? null : locale.code))
    : null;
  return useQuery({
    queryKey: ['release-candidates', pages, languages],
    enabled: enabled && screens !== undefined && languages !== null,
    staleTime: 0,
    queryFn: async () => {
      const names = await siteNames();
      const titleOf = (routing: string) => {
        const key = routing.toLowerCase();
        return names.get(key) ?? BUILT_IN_NAMES.get(key) ?? routing;
      };
      const asks = pages.flatMap((routing) => (languages ?? [null]).map((locale) => ({ routing, locale })));
      const read = await inTurns(asks, 4, ({ routing, locale }) => readCandidate(routing, titleOf(routing), locale));
      return orderCandidates(read.filter((candidate): candidate is Candidate => candidate !== null));
    },
  });
}
