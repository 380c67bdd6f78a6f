import { useEffect, useId, useRef } from 'react';
import type { ReviewItem } from '../../../../core/schemas/review';
import { useReleaseChecks } from '../releases/release-checks';
import { ChecksFrame, ReleaseChecksList } from '../releases/release-checks-list';
import { pageKey } from '../releases/release-words';

const NOBODY: ReadonlySet<string> = new Set();
const running = (kind: string | undefined) => kind === undefined || kind === 'waiting' || kind === 'running';

/**
 * The checks of docs/design.md §26 on a revision in review (§32), as the releases' publish dialog runs them: its staff
 * preview with the checks' bridge, in a hidden sandboxed frame; the findings shown, nothing to acknowledge. Loaded and
 * run when shown.
 */
export default function ReviewChecks({ id, item, onClose }: { id: string; item: ReviewItem; onClose: () => void }) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const items = [{ ...item, newest: item.revision, previous: item.published }];
  const { checks, frame, frameRef } = useReleaseChecks(items, true);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <section id={id} className="compare-panel review-checks" aria-labelledby={headingId}>
      <div className="compare-panel__head">
        <h3 id={headingId} ref={headingRef} tabIndex={-1} className="compare-panel__title">
          Checks of revision {item.revision}
        </h3>
        <button type="button" className="button button--outline" onClick={onClose}>
          Close checks
        </button>
      </div>
      <p role="status">
        {running(checks.get(pageKey(item))?.kind) ? 'Checking the page as it will go live…' : 'Checks done.'}
      </p>
      <ReleaseChecksList items={items} checks={checks} named={null} acknowledged={NOBODY} />
      <ChecksFrame frame={frame} frameRef={frameRef} />
    </section>
  );
}
