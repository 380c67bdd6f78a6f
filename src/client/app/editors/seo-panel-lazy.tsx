import { lazy, Suspense } from 'react';
import type { ComponentProps } from 'react';
import type { SeoPanel as SeoPanelComponent } from './seo-panel';

// "Search and sharing" sits at the end of every editor: a chunk of its own, so that the editor's first screen
// (docs/design.md §26, ≤ 200 KB of JavaScript) does not wait for it.
const SeoPanelChunk = lazy(() => import('./seo-panel').then((module) => ({ default: module.SeoPanel })));

/** The editor's "Search and sharing" panel, loaded as the editor opens; an empty panel of its size meanwhile. */
export function SeoPanel(props: ComponentProps<typeof SeoPanelComponent>) {
  return (
    <Suspense
      fallback={
        <section className="app-panel editor-block seo-panel" aria-busy="true" aria-label="Search and sharing" />
      }
    >
      <SeoPanelChunk {...props} />
    </Suspense>
  );
}
