import { useEffect, useEffectEvent, useState } from 'react';
import { KeyRound } from 'lucide-react';
import { ACCOUNT_MESSAGES, type SecondStepWay } from '../../../core/schemas/account';
import type { SignInResponse } from '../../../core/schemas/auth';
import { PASSKEY_MESSAGES } from '../../../core/schemas/passkey';
import { api, errorMessage } from '../lib/api';
import { RefusalBox } from '../components/staff-form';
import { useCompleteSignIn } from './complete-sign-in';
import {
  PasskeyCeremonyError,
  answerWithPasskey,
  cancelPasskeyCeremony,
  passkeyAutofillSupported,
  passkeysSupported,
} from './passkey-ceremony';
import * as passkeysApi from '../../../core/api/passkeys';
import '../../styles/passkeys.css';

/** The ways of a sign-in's second step, as the login screen passes them on (absent: a code, docs/design.md §21). */
export interface SecondStepState {
  ways?: SecondStepWay[];
}

/** The browser's answer of a passkey, as the sign-in calls take it. */
type PasskeyAnswer = NonNullable<Awaited<ReturnType<typeof answerWithPasskey>>>;

/** What went wrong, in a sentence: the browser's part, or the server's refusal. */
const refusalOf = (error: unknown) => (error instanceof PasskeyCeremonyError ? error.message : errorMessage(error));

/**
 * The passkey's part of a sign-in: the browser's ceremony over the server's options, then the server's answer, then
 * what follows any sign-in. `busy` and `refusal` for the button that started it.
 */
function usePasskeyCeremony(
  options: () => Promise<Parameters<typeof answerWithPasskey>[0]>,
  signIn: (response: PasskeyAnswer) => Promise<SignInResponse>,
) {
  const completeSignIn = useCompleteSignIn();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const start = async () => {
    if (busy) return;
    setBusy(true);
    setRefusal(null);
    try {
      const response = await answerWithPasskey(await options());
      if (response) await completeSignIn(await signIn(response));
    } catch (error) {
      setRefusal(refusalOf(error));
    } finally {
      setBusy(false);
    }
  };
  return { busy, refusal, setRefusal, start, completeSignIn };
}

function PasskeyButton({ busy, onClick, children }: { busy: boolean; onClick: () => void; children: string }) {
  return (
    <button
      type="button"
      className="button button--outline app-actions__wide"
      aria-disabled={busy || undefined}
      aria-busy={busy || undefined}
      onClick={onClick}
    >
      <KeyRound className="button__icon" aria-hidden="true" focusable="false" />
      {children}
    </button>
  );
}

/**
 * The login screen's passkey (docs/design.md §33): "Sign in with a passkey", and the user name field's autofill
 * (`autocomplete="username webauthn"` there), which waits from the screen's opening until a passkey is chosen in it.
 * `before` is what must finish first (the sign-out the login screen starts).
 */
export function PasskeySignIn({ before }: { before: () => Promise<void> }) {
  const signIn = async (response: PasskeyAnswer) => {
    await before();
    return api(passkeysApi.signIn, { body: { response } });
  };
  const options = () => api(passkeysApi.signInOptions, { body: {} });
  const { busy, refusal, setRefusal, start, completeSignIn } = usePasskeyCeremony(options, signIn);

  const autofilled = useEffectEvent(async (response: PasskeyAnswer) => {
    try {
      await completeSignIn(await signIn(response));
    } catch (error) {
      setRefusal(refusalOf(error));
    }
  });
  useEffect(() => {
    let live = true;
    let waiting = false;
    void (async () => {
      if (!(await passkeyAutofillSupported()) || !live) return;
      try {
        const requested = await options();
        if (!live) return;
        waiting = true;
        const response = await answerWithPasskey(requested, { autofill: true });
        if (response && live) await autofilled(response);
      } catch {
        // No autofill then (too many requests, or the browser's own refusal): the button still works.
      }
    })();
    return () => {
      live = false;
      if (waiting) void cancelPasskeyCeremony();
    };
    // Once, as the screen opens.
  }, []);

  if (!passkeysSupported()) return null;
  return (
    <div className="passkey-sign-in">
      <p className="passkey-sign-in__or">or</p>
      <PasskeyButton busy={busy} onClick={() => void start()}>
        Sign in with a passkey
      </PasskeyButton>
      <RefusalBox message={refusal} />
    </div>
  );
}

/** The second step's passkey (docs/design.md §33): "Use a passkey", for the user whose password was right. */
export function SecondStepPasskey({
  onExpired,
  withOr = false,
}: {
  onExpired: (message: string) => void;
  withOr?: boolean;
}) {
  const options = () => api(passkeysApi.secondStepOptions, { body: {} });
  const signIn = (response: PasskeyAnswer) => api(passkeysApi.secondStep, { body: { response } });
  const { busy, refusal, start } = usePasskeyCeremony(options, signIn);
  useEffect(() => {
    if (refusal === ACCOUNT_MESSAGES.challengeExpired) onExpired(refusal);
  }, [refusal, onExpired]);

  if (!passkeysSupported()) return <RefusalBox message={PASSKEY_MESSAGES.unsupported} />;
  return (
    <div className="passkey-sign-in">
      {withOr ? <p className="passkey-sign-in__or">or</p> : null}
      <PasskeyButton busy={busy} onClick={() => void start()}>
        Use a passkey
      </PasskeyButton>
      <RefusalBox message={refusal} />
    </div>
  );
}
