import { useEffect, useId, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../lib/api';
import { LoadFailure, LoadingStatus } from '../../components/screen';
import { CompareView } from '../../editors/compare-view';
import { compareRevisions } from '../../editors/history-calls';
import { api } from '../../lib/api';
import * as translationsApi from '../../../../core/api/translation-editing';

/**
 * The changes from the revision visitors see now to the one in review (docs/design.md §32): the editors' compare call
 * and view (history-panel.tsx shows the same), loaded when shown and never kept; a translation's through the
 * translation editor's compare call, in its language.
 */
export function ReviewComparison({
  id,
  routing,
  locale,
  published,
  revision,
  onClose,
}: {
  id: string;
  routing: string;
  /** null: the default language; a code: the translation into it. */
  locale: string | null;
  /** The revision visitors see now. */
  published: number;
  /** The revision in review. */
  revision: number;
  onClose: () => void;
}) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const comparison = useQuery({
    queryKey: ['review-compare', routing, locale, published, revision],
    queryFn: () =>
      locale === null
        ? compareRevisions(routing, published, revision)
        : api(translationsApi.compareTranslations, {
            params: { routing },
            query: { locale, from: published, to: revision },
          }),
    staleTime: 0,
    gcTime: 0,
  });

  // Shown on a press of Compare: the heading takes the focus, as the history's comparison does.
  useEffect(() => headingRef.current?.focus(), []);

  return (
    <section id={id} className="compare-panel" aria-labelledby={headingId}>
      <div className="compare-panel__head">
        <h3 id={headingId} ref={headingRef} tabIndex={-1} className="compare-panel__title">
          Changes from revision {published} (published) to revision {revision}
        </h3>
        <button type="button" className="button button--outline" onClick={onClose}>
          Close comparison
        </button>
      </div>
      {comparison.isPending ? (
        <LoadingStatus inline label="Comparing with what is published…" />
      ) : comparison.isError ? (
        <LoadFailure
          inline
          message={errorMessage(comparison.error, 'The comparison could not be loaded.')}
          onRetry={() => void comparison.refetch()}
        />
      ) : (
        <CompareView comparison={comparison.data} />
      )}
    </section>
  );
}
