import { useState } from 'react';
import type { z } from 'zod';
import { ACCOUNT_MESSAGES, ForgotPasswordSchema } from '../../../core/schemas/account';
import { api, errorMessage, useSession } from '../lib/api';
import { FormField } from '../components/form-field';
import { LoadFailure, LoadingStatus, Screen } from '../components/screen';
import { BackToLogIn, Outcome, refusedWith } from './account-parts';
import * as authApi from '../../../core/api/auth';
import { RefusalBox, StaffForm, SubmitButton, useStaffForm } from '../components/staff-form';

type ForgotInput = z.input<typeof ForgotPasswordSchema>;
type ForgotOutput = z.output<typeof ForgotPasswordSchema>;

/**
 * /forgot-password (docs/design.md §21): asks for a reset link by user name. The answer is the same sentence for every
 * name, so the screen tells nobody which names exist. Without mail set up, it says to ask an administrator.
 */
export default function ForgotPasswordPage() {
  const session = useSession();
  const [outcome, setOutcome] = useState<string | null>(null);
  const byMail = session.data?.passwordResetByMail;
  return (
    <Screen title="Reset your password" narrow>
      {session.data === undefined ? (
        session.isError ? (
          <LoadFailure inline message={errorMessage(session.error)} onRetry={() => void session.refetch()} />
        ) : (
          <LoadingStatus inline />
        )
      ) : !byMail ? (
        <Outcome message={ACCOUNT_MESSAGES.resetNoMail} />
      ) : outcome ? (
        <Outcome message={outcome} takeFocus />
      ) : (
        <ForgotForm onAnswered={setOutcome} />
      )}
      <BackToLogIn />
    </Screen>
  );
}

function ForgotForm({ onAnswered }: { onAnswered: (sentence: string) => void }) {
  const form = useStaffForm<ForgotInput, ForgotOutput>({
    schema: ForgotPasswordSchema,
    defaultValues: { username: '' },
    submit: async ({ username }) => {
      try {
        const answer = await api(authApi.forgotPassword, { body: { username } });
        onAnswered(answer.message);
      } catch (error) {
        // 409: mail stopped working since the screen opened; that sentence replaces the form too.
        if (!refusedWith(error, 409)) throw error;
        onAnswered(errorMessage(error));
      }
    },
  });

  return (
    <StaffForm form={form}>
      <p>Enter your user name. If your account has an email address, we send it a link to set a new password.</p>
      <FormField
        name="username"
        id="forgot-username"
        label="User name"
        autoComplete="username"
        maxLength={100}
        spellCheck={false}
      />
      <RefusalBox message={form.refusal} />
      <div className="app-actions">
        <SubmitButton busy={form.busy} className="button app-actions__wide">
          Send the link
        </SubmitButton>
      </div>
    </StaffForm>
  );
}
