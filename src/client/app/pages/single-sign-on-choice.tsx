import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { LogIn } from 'lucide-react';
import { ssoRefusalSentence } from '../../../core/schemas/single-sign-on';
import { RefusalBox } from '../components/staff-form';
import { api, apiUrl } from '../lib/api';
import * as ssoApi from '../../../core/api/single-sign-on';

/** Where the button sends the browser: the start of a sign-in through the firm's provider (a plain link). */
const START_PATH = apiUrl(ssoApi.startSingleSignOn);

/**
 * The login page's part of single sign-on (docs/design.md §33): why the last one ended here (`?sso=<reason>`), and the
 * button to the firm's provider while the sign-in settings turn it on. Nothing while they do not.
 */
export function SingleSignOnChoice() {
  const [params] = useSearchParams();
  const refusal = ssoRefusalSentence(params.get('sso'));
  const button = useQuery({
    queryKey: ['single-sign-on'],
    queryFn: () => api(ssoApi.singleSignOnButton),
    staleTime: 60_000,
  });
  const label = button.data?.label ?? null;
  return (
    <>
      <RefusalBox message={refusal} />
      {label ? (
        <div className="app-actions">
          <a className="button app-actions__wide" href={START_PATH}>
            <LogIn className="button__icon" aria-hidden="true" focusable="false" />
            {label}
          </a>
          <p className="app-form__note">Or sign in with your user name and password:</p>
        </div>
      ) : null}
    </>
  );
}
