import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { z } from 'zod';
import { ACCOUNT_MESSAGES, TwoFactorCodeSchema } from '../../../core/schemas/account';
import { api, errorMessage } from '../lib/api';
import { FormField } from '../components/form-field';
import { Screen } from '../components/screen';
import { BackToLogIn, refusedWith } from './account-parts';
import { useCompleteSignIn } from './complete-sign-in';
import { SecondStepPasskey, type SecondStepState } from './passkey-sign-in';
import * as authApi from '../../../core/api/auth';
import { RefusalBox, StaffForm, SubmitButton, useStaffForm } from '../components/staff-form';

type CodeInput = z.input<typeof TwoFactorCodeSchema>;
type CodeOutput = z.output<typeof TwoFactorCodeSchema>;

export const CODE_HINT = 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.';

/**
 * /login/two-step (docs/design.md §21): the second step of a sign-in whose password was right. The login screen left
 * an HttpOnly challenge cookie; this screen must not sign out, or it would end nothing but its own chance.
 */
export default function TwoStepPage() {
  const completeSignIn = useCompleteSignIn();
  // The ways the login screen was told of (docs/design.md §33): absent, a code.
  const ways = (useLocation().state as SecondStepState | null)?.ways ?? ['code'];
  const [expired, setExpired] = useState<string | null>(null);
  // Phones show a number pad for a code; a recovery code needs letters.
  const [recoveryCode, setRecoveryCode] = useState(false);
  const form = useStaffForm<CodeInput, CodeOutput>({
    schema: TwoFactorCodeSchema,
    defaultValues: { code: '' },
    submit: async ({ code }) => {
      try {
        await completeSignIn(await api(authApi.verifySignIn, { body: { code } }));
      } catch (error) {
        if (!refusedWith(error, 401)) throw error;
        const message = errorMessage(error);
        if (message === ACCOUNT_MESSAGES.challengeExpired) {
          setExpired(message);
          return;
        }
        // A wrong code: said beside the input, which is emptied for the next try.
        methods.setValue('code', '');
        methods.setError('code', { type: 'server', message });
        methods.setFocus('code');
      }
    },
  });
  const { methods } = form;

  const switchKeyboard = () => {
    setRecoveryCode((on) => !on);
    methods.setFocus('code');
  };

  return (
    <Screen title="Two-step sign-in" narrow>
      {expired ? (
        <div className="app-panel account-panel">
          <RefusalBox message={expired}>
            <p>
              <Link to="/login">Sign in again</Link>
            </p>
          </RefusalBox>
        </div>
      ) : !ways.includes('code') ? (
        <div className="app-panel account-panel">
          <p>Your account signs in with a passkey after the password.</p>
          <SecondStepPasskey onExpired={setExpired} />
        </div>
      ) : (
        <StaffForm form={form}>
          <p>Your account has two-step sign-in. {CODE_HINT}</p>
          <FormField
            name="code"
            id="two-step-code"
            label="Code"
            autoComplete="one-time-code"
            inputMode={recoveryCode ? 'text' : 'numeric'}
            maxLength={40}
            spellCheck={false}
          />
          <button type="button" className="account-link-button" onClick={switchKeyboard}>
            {recoveryCode ? 'Type a code from your app' : 'Type a recovery code'}
          </button>
          <RefusalBox message={form.refusal} />
          <div className="app-actions">
            <SubmitButton busy={form.busy} className="button app-actions__wide">
              Verify
            </SubmitButton>
          </div>
          {ways.includes('passkey') ? <SecondStepPasskey onExpired={setExpired} withOr /> : null}
        </StaffForm>
      )}
      <BackToLogIn />
    </Screen>
  );
}
