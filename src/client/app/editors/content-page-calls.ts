import { useState } from 'react';
import * as builtInPages from '../../../core/api/built-in-pages';
import type { LabelTree } from '../../../core/content/common/content-page';
import { contentPageByKey, type ContentPageKey } from '../../../core/pages';
import type { ContentByKey } from '../../../core/schemas/page-content';
import { api } from '../lib/api';
import { compareRevisions, type HistoryCalls } from './history-calls';
import {
  loadEdited,
  pageDocumentKey,
  useEditableDocument,
  type DocumentOptions,
  type DocumentSource,
} from './page-document';
import { splitLoaded } from './publishing-state';

// The built-in pages' own calls in their editors (src/core/api/built-in-pages.ts): apart from page-document.ts and
// history-calls.ts, which an Autowired page's editor loads too, without the built-in pages' schemas.

/** The source of one of the twelve content pages: the edit call, and its spec save call (spec 000 §7). */
export function contentPageSource<K extends ContentPageKey>(pageKey: K): DocumentSource<ContentByKey[K]> {
  type T = ContentByKey[K];
  const page = contentPageByKey(pageKey);
  const calls = builtInPages.builtIn[pageKey];
  return {
    queryKey: pageDocumentKey(pageKey),
    draftName: page.routing,
    routing: page.routing,
    load: async () => splitLoaded(await loadEdited<T>(page.routing)),
    // The document is the page's own (its schema's output, which its input takes).
    save: (doc, publish) => api(calls.save, { body: { ...doc, publish } as never }),
  };
}

/** One of the twelve content pages' documents in its editor (useEditableDocument with the page's own calls). */
export function usePageDocument<K extends ContentPageKey>(pageKey: K, options: DocumentOptions<ContentByKey[K]> = {}) {
  const [source] = useState(() => contentPageSource(pageKey));
  const editor = useEditableDocument(source, options);
  return { ...editor, page: contentPageByKey(pageKey) };
}

export type PageDocument<K extends ContentPageKey> = ReturnType<typeof usePageDocument<K>>;

/** The history calls of one of the twelve content pages (docs/design.md §6). */
export function contentPageHistory(pageKey: ContentPageKey, labels?: LabelTree): HistoryCalls {
  const calls = builtInPages.builtIn[pageKey];
  const { routing } = contentPageByKey(pageKey);
  return {
    key: ['page-history', routing],
    list: () => api(calls.history),
    restore: (revision) => api(calls.restore, { body: { revision } }),
    compare: (from, to) => compareRevisions(routing, from, to),
    ...(labels ? { labels } : {}),
  };
}
