import { lazy, Suspense, type ComponentProps } from 'react';
import { LoadingStatus } from '../components/screen';
import { HistoryPanel } from './history-panel';

// Visits is a chunk of its own again: the first-screen chunk names only this one (every chunk a lazy import may need is
// listed by name where it is imported, and each name costs the editor's first screen bytes, docs/design.md §26).
const VisitsPanel = lazy(() => import('./visits-panel'));

/** The panels the editor's action bar opens under the blocks, by their button's name. */
export type BarPanelName = 'History' | 'Visits';

/**
 * The panel an editor's action bar opened (History or Visits, docs/design.md §19, §31), one at a time. A chunk of its
 * own, loaded when the first is opened: an editor's first screen carries only the buttons (≤ 200 KB, §26).
 */
export default function BarPanel({
  name,
  routing,
  locale,
  ...history
}: ComponentProps<typeof HistoryPanel> & { name: BarPanelName; routing: string; locale?: string | undefined }) {
  return name === 'History' ? (
    <HistoryPanel {...history} />
  ) : (
    <Suspense fallback={<LoadingStatus inline label="Loading the visits…" />}>
      <VisitsPanel routing={routing} locale={locale} onClose={history.onClose} />
    </Suspense>
  );
}
