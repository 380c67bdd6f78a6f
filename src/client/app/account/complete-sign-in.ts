import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { TwoFactorRequired } from '../../../core/schemas/account';
import { LOGIN_MESSAGES, type SessionInfo, type SignInResponse } from '../../../core/schemas/auth';
import { menuHref } from '../../public/components/header';
import { SESSION_KEY } from '../lib/api';
import { isAppPath } from '../lib/app-paths';
import { saveProfile } from '../lib/profile';
import { notify } from '../toasts';
import { inPlainWords } from '../lib/screen-words';

/** The first answer of POST /api/auth/signin: a session, or (two-step sign-in on) a request for the second step. */
export type SignInAnswer = SignInResponse | TwoFactorRequired;

export const needsSecondStep = (answer: SignInAnswer): answer is TwoFactorRequired =>
  'twoFactor' in answer && answer.twoFactor === 'required';

/** Where the second step of a sign-in is asked for. */
export const TWO_STEP_PATH = '/login/two-step';

/**
 * What follows a sign-in that opened a session, whether it took one step (login) or two (two-step sign-in):
 * keep the profile, say so, learn the new session, and go to the user's landing page.
 */
export function useCompleteSignIn(): (response: SignInResponse) => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (response: SignInResponse) => {
      saveProfile(response);
      notify.success(inPlainWords(LOGIN_MESSAGES.success));
      await queryClient.invalidateQueries({ queryKey: SESSION_KEY });
      const target = menuHref(response.landpage) ?? '/Home';
      const screens = queryClient.getQueryData<SessionInfo>(SESSION_KEY)?.user?.screens ?? [];
      // Replace: going Back to the login screen would log the user out again.
      if (isAppPath(target, screens)) await navigate(target, { replace: true });
      else window.location.assign(target);
    },
    [queryClient, navigate],
  );
}
