import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import { PASSKEY_MESSAGES, type CreationOptions, type RequestOptions } from '../../../core/schemas/passkey';
import { Refusal } from '../components/staff-form';

/**
 * The browser's part of a passkey (docs/design.md §33): @simplewebauthn/browser, loaded with a dynamic import where a
 * passkey is used (the account page, the login screens), never in the editors' first screen. What the browser says
 * when it does not succeed becomes one of PASSKEY_MESSAGES' sentences.
 */

const browserLibrary = () => import('@simplewebauthn/browser');

/** A passkey ceremony that did not succeed, in a sentence for the screen (a Refusal: a form shows it in its box). */
export class PasskeyCeremonyError extends Refusal {}

/** Whether this browser has WebAuthn at all (no library needed to ask). */
export const passkeysSupported = (): boolean =>
  typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

/** Whether the browser offers passkeys in a field's autofill (conditional mediation). */
export async function passkeyAutofillSupported(): Promise<boolean> {
  if (!passkeysSupported()) return false;
  try {
    return (await window.PublicKeyCredential.isConditionalMediationAvailable?.()) === true;
  } catch {
    return false;
  }
}

/** A ceremony replaced by a newer one (the autofill's, when the button asks): no sentence, nothing to say. */
const replaced = (error: unknown) =>
  (error as { code?: string } | null)?.code === 'ERROR_CEREMONY_ABORTED' ||
  (error as { name?: string } | null)?.name === 'AbortError';

function sentenceOf(error: unknown): string {
  const code = (error as { code?: string } | null)?.code;
  const name = ((error as { cause?: { name?: string } } | null)?.cause ?? (error as { name?: string } | null))?.name;
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return PASSKEY_MESSAGES.onDevice;
  if (code === 'ERROR_INVALID_DOMAIN' || code === 'ERROR_INVALID_RP_ID' || name === 'SecurityError')
    return PASSKEY_MESSAGES.wrongAddress;
  if (name === 'NotAllowedError') return PASSKEY_MESSAGES.cancelled;
  return PASSKEY_MESSAGES.browserFailed;
}

/** The answer as the route's schema takes it (the extensions' outputs as a plain object). */
const sent = <T extends RegistrationResponseJSON | AuthenticationResponseJSON>(
  answer: T,
): Omit<T, 'clientExtensionResults'> & { clientExtensionResults: Record<string, unknown> } => {
  const outputs: Record<string, unknown> = { ...answer.clientExtensionResults };
  return { ...answer, clientExtensionResults: outputs };
};

/** Makes a passkey with the server's creation options; throws a PasskeyCeremonyError with a sentence. */
export async function createPasskey(options: CreationOptions) {
  if (!passkeysSupported()) throw new PasskeyCeremonyError(PASSKEY_MESSAGES.unsupported);
  const { startRegistration } = await browserLibrary();
  try {
    // The server's JSON as @simplewebauthn/server made it.
    return sent(await startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON }));
  } catch (error) {
    throw new PasskeyCeremonyError(sentenceOf(error));
  }
}

/**
 * Answers the server's request options with a passkey: the browser's own dialog, or (`autofill`) the user name
 * field's suggestions, waiting until one is chosen. Null when a newer ceremony replaced this one; else throws a
 * PasskeyCeremonyError with a sentence.
 */
export async function answerWithPasskey(options: RequestOptions, { autofill = false } = {}) {
  if (!passkeysSupported()) throw new PasskeyCeremonyError(PASSKEY_MESSAGES.unsupported);
  const { startAuthentication } = await browserLibrary();
  try {
    return sent(
      await startAuthentication({
        optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
        useBrowserAutofill: autofill,
      }),
    );
  } catch (error) {
    if (replaced(error)) return null;
    throw new PasskeyCeremonyError(sentenceOf(error));
  }
}

/** Ends a ceremony still waiting (the autofill's, when its screen goes away). */
export async function cancelPasskeyCeremony(): Promise<void> {
  const { WebAuthnAbortService } = await browserLibrary();
  WebAuthnAbortService.cancelCeremony();
}
