import { useState } from 'react';
import type { z } from 'zod';
import { Copy, ShieldCheck, ShieldOff } from 'lucide-react';
import {
  ACCOUNT_MESSAGES,
  DisableTwoFactorSchema,
  TwoFactorCodeSchema,
  type RecoveryCodes as RecoveryCodesAnswer,
  type TwoFactorSetup,
} from '../../../core/schemas/account';
import { api, errorMessage } from '../lib/api';
import { FormField, RequiredNote } from '../components/form-field';
import { notify } from '../toasts';
import { HiddenUserName, useRefreshSession } from './account-parts';
import { QrCode } from './qr-code';
import { RecoveryCodes, copyText } from './recovery-codes';
import * as authApi from '../../../core/api/auth';
import { RefusalBox, StaffForm, SubmitButton, useStaffForm } from '../components/staff-form';

type CodeInput = z.input<typeof TwoFactorCodeSchema>;
type CodeOutput = z.output<typeof TwoFactorCodeSchema>;
type DisableInput = z.input<typeof DisableTwoFactorSchema>;
type DisableOutput = z.output<typeof DisableTwoFactorSchema>;

/** The key as an app asks for it, in groups of four so that it can be read and typed without losing the place. */
export const groupedKey = (secret: string) =>
  secret
    .replace(/\s+/g, '')
    .match(/.{1,4}/g)
    ?.join(' ') ?? '';

interface Account {
  username: string;
  siteName: string;
  twoFactor: boolean;
}

/**
 * The own account's two-step sign-in (docs/design.md §21). Off: Turn on asks the server for a new secret, shown as a QR
 * code and as a key; the app's first code turns it on and brings the ten recovery codes, shown once. On: the
 * password and a code turn it off.
 */
export function TwoStepSettings({ account }: { account: Account }) {
  const refreshSession = useRefreshSession();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [starting, setStarting] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);

  const start = async () => {
    setStarting(true);
    setRefused(null);
    try {
      setSetup(await api(authApi.startTwoFactor, { body: {} }));
    } catch (error) {
      setRefused(errorMessage(error));
      // Turned on meanwhile (another tab): show it as it is.
      if (errorMessage(error) === ACCOUNT_MESSAGES.alreadyOn) await refreshSession();
    } finally {
      setStarting(false);
    }
  };

  // No toast: it would cover the codes; their panel says it is on.
  const enabled = (answer: RecoveryCodesAnswer) => {
    setSetup(null);
    setCodes(answer.recoveryCodes);
    void refreshSession();
  };

  const status = (
    <p className="account-status">
      Two-step sign-in:{' '}
      <strong className={account.twoFactor ? 'account-badge account-badge--on' : 'account-badge'}>
        {account.twoFactor ? 'On' : 'Off'}
      </strong>
    </p>
  );

  if (codes) return <RecoveryCodes codes={codes} account={account} onDone={() => setCodes(null)} />;
  if (account.twoFactor) {
    return (
      <>
        {status}
        <p>Signing in asks for a code from your authenticator app after your password.</p>
        <TurnOffForm username={account.username} onTurnedOff={refreshSession} />
      </>
    );
  }
  if (setup) return <SetupSteps setup={setup} account={account} onEnabled={enabled} onCancel={() => setSetup(null)} />;
  return (
    <>
      {status}
      <p>
        With two-step sign-in, signing in asks for your password and then for a code from an authenticator app on your
        phone (such as Google Authenticator, Microsoft Authenticator, 1Password or Aegis). Someone who learns your
        password still cannot sign in.
      </p>
      <RefusalBox message={refused} />
      <div className="app-actions">
        <button
          type="button"
          className="button"
          disabled={starting}
          aria-busy={starting || undefined}
          onClick={() => void start()}
        >
          <ShieldCheck className="button__icon" aria-hidden="true" focusable="false" />
          Turn on
        </button>
      </div>
    </>
  );
}

/** Scan (or type the key), then prove it with the app's code. */
function SetupSteps({
  setup,
  account,
  onEnabled,
  onCancel,
}: {
  setup: TwoFactorSetup;
  account: Account;
  onEnabled: (answer: RecoveryCodesAnswer) => void;
  onCancel: () => void;
}) {
  const form = useStaffForm<CodeInput, CodeOutput>({
    schema: TwoFactorCodeSchema,
    defaultValues: { code: '' },
    submit: async ({ code }) => onEnabled(await api(authApi.enableTwoFactor, { body: { code } })),
  });
  const key = groupedKey(setup.secret);

  return (
    <StaffForm form={form} className="app-form account-setup">
      <ol className="account-steps">
        <li>
          <p>Scan this QR code with your authenticator app.</p>
          <QrCode
            text={setup.otpauthUrl}
            alt={`QR code for two-step sign-in of ${account.username} on ${account.siteName}`}
          />
        </li>
        <li>
          <p>If your app cannot scan it, add an account by hand and type this key (time-based, 6 digits):</p>
          <p className="account-key">
            <code className="account-secret">{key}</code>
            <button
              type="button"
              className="button button--outline"
              onClick={() => void copyText(setup.secret, 'The key')}
            >
              <Copy className="button__icon" aria-hidden="true" focusable="false" />
              Copy key
            </button>
          </p>
        </li>
        <li>
          <p>Enter the 6-digit code your app now shows for this account.</p>
          <FormField
            name="code"
            id="setup-code"
            label="Code from the app"
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={40}
            spellCheck={false}
          />
        </li>
      </ol>
      <RefusalBox message={form.refusal} />
      <div className="app-actions">
        <SubmitButton busy={form.busy} icon={ShieldCheck}>
          Verify and turn on
        </SubmitButton>
        <button type="button" className="button button--outline" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </StaffForm>
  );
}

/** Turning it off needs the password and a code (or a recovery code): a stolen open session alone cannot. */
function TurnOffForm({ username, onTurnedOff }: { username: string; onTurnedOff: () => Promise<unknown> }) {
  const form = useStaffForm<DisableInput, DisableOutput>({
    schema: DisableTwoFactorSchema,
    defaultValues: { password: '', code: '' },
    submit: async (values) => {
      const answer = await api(authApi.disableTwoFactor, { body: values });
      notify.success(answer.message);
      form.methods.reset();
      await onTurnedOff();
    },
  });

  return (
    <StaffForm form={form} className="app-form account-subform" aria-labelledby="turn-off-title">
      <h3 className="account-subform__title" id="turn-off-title">
        Turn off two-step sign-in
      </h3>
      <RequiredNote />
      <HiddenUserName username={username} />
      <FormField
        name="password"
        id="turn-off-password"
        label="Your password"
        type="password"
        required
        maxLength={200}
        autoComplete="current-password"
      />
      <FormField
        name="code"
        id="turn-off-code"
        label="Code from your app, or a recovery code"
        required
        autoComplete="one-time-code"
        maxLength={40}
        spellCheck={false}
      />
      <RefusalBox message={form.refusal} />
      <div className="app-actions">
        <SubmitButton busy={form.busy} icon={ShieldOff} className="button button--outline button--danger">
          Turn off
        </SubmitButton>
      </div>
    </StaffForm>
  );
}
