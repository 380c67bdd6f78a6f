import { createContext, useContext, type ReactNode } from 'react';
import { sayWord, type SiteWordKey, type SiteWords } from '../../core/site-words';

/**
 * The words of the site's frame and fixed headings in the shown page's language (docs/design.md §34): the firm's own
 * or their translation, else Folio's (core/site-words.ts). The server hands each page the words that differ
 * (PublicPageData `words`). Rendered on the server only.
 */
const SiteWordsContext = createContext<SiteWords | undefined>(undefined);

export function SiteWordsProvider({ words, children }: { words: SiteWords | undefined; children: ReactNode }) {
  return <SiteWordsContext value={words}>{children}</SiteWordsContext>;
}

/** The shown page's site words that differ from Folio's (what a form hands its island). */
export function useSiteWords(): SiteWords | undefined {
  return useContext(SiteWordsContext);
}

/** `say('footer.cta')`: a site word as the shown page says it, `{name}`s filled in from `values`. */
export function useSay(): (key: SiteWordKey, values?: Readonly<Record<string, string | number>>) => string {
  const words = useContext(SiteWordsContext);
  return (key, values) => sayWord(words, key, values);
}
