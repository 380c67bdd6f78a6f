import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { errorMessage } from '../../lib/api';
import { BackToHomeLink, LoadFailure, LoadingStatus, Screen } from '../../components/screen';

/**
 * A screen of the feature around the one query it shows: its title, lead and Back To Home, then the query's
 * loading status, its failure with Try again, or `children` with its data.
 */
export function ScreenOf<T>({
  title,
  lead,
  query,
  loading,
  children,
}: {
  title: string;
  lead: ReactNode;
  query: UseQueryResult<T>;
  loading: string;
  children: (data: T) => ReactNode;
}) {
  return (
    <Screen
      title={title}
      lead={lead}
      actions={
        <div className="screen-actions">
          <BackToHomeLink />
        </div>
      }
    >
      {query.status === 'pending' ? (
        <LoadingStatus label={loading} inline />
      ) : query.status === 'error' ? (
        <LoadFailure message={errorMessage(query.error)} onRetry={() => void query.refetch()} inline />
      ) : (
        children(query.data)
      )}
    </Screen>
  );
}
