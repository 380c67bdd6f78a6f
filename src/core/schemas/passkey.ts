import { z } from 'zod';
import { databaseId } from './ids';

/**
 * Passkeys (docs/design.md §33, decision 037): WebAuthn credentials a user adds on /account (named), signs in with
 * alone (a discoverable credential), or uses as the second step of a password sign-in. The browser's answers are
 * checked here for their shape only (base64url text of bounded length); what they mean is the server's to check.
 */
export const PASSKEY_MESSAGES = {
  name: 'Give the passkey a name of 1 to 60 characters, such as "Work laptop" or "Phone".',
  nameTaken: 'You already have a passkey with this name. Choose another name.',
  alreadyAdded: 'This passkey is already added to an account on this site.',
  added: 'Passkey added. You can sign in with it now.',
  removed: 'Passkey removed.',
  notFound: 'There is no such passkey: it may have been removed already. Reload to see your passkeys as they are now.',
  response: 'The answer of your passkey is not complete. Try again.',
  expired: 'The request to add a passkey has expired or was already used. Try again.',
  notAdded: 'Your passkey could not be checked, so it was not added. Try again, or use another passkey.',
  signInFailed: 'Your passkey could not sign you in. Try again, or sign in with your user name and password.',
  secondStepFailed: 'Your passkey could not confirm this sign-in. Try again, or sign in again.',
  required: 'Your group requires a passkey. Add one in your account before anything else.',
  /** /account's notice while the group's requirement holds the user there. */
  requiredNotice: 'Your group requires a passkey. Add one below: the rest of the app opens once you have one.',
  codeNotAccepted: 'Your group requires a passkey as the second step: use your passkey to sign in.',
  noAuthenticatorApp: 'Your account has no authenticator app: use your passkey to sign in.',
  tooMany: 'Too many failed attempts. Please wait 15 minutes and try again.',
  // What the staff app says when the browser's part does not succeed.
  unsupported: 'This browser cannot use passkeys. Use a current browser, or sign in with your password.',
  cancelled:
    'No passkey was used: the request was cancelled or timed out, or this device has no passkey for this site. Try again, or sign in another way.',
  onDevice: 'This device already holds a passkey of your account for this site.',
  wrongAddress:
    "Passkeys work at the site's own address only. Open the site by its name (such as localhost), not by a number.",
  browserFailed: 'Your browser could not use a passkey here. Try again, or use another browser.',
} as const;

/** The longest a name may be. */
export const PASSKEY_NAME_MAX = 60;

export const PasskeyNameSchema = z
  .string({ message: PASSKEY_MESSAGES.name })
  .trim()
  .min(1, { message: PASSKEY_MESSAGES.name })
  .max(PASSKEY_NAME_MAX, { message: PASSKEY_MESSAGES.name });

/** Bytes as the browser sends them: base64url, at most `max` characters. */
const base64url = (max: number) =>
  z
    .string({ message: PASSKEY_MESSAGES.response })
    .max(max, { message: PASSKEY_MESSAGES.response })
    .regex(/^[A-Za-z0-9_-]*$/, { message: PASSKEY_MESSAGES.response });

/** A credential id: 16 to 1023 bytes (WebAuthn §5.1). */
const CredentialIdSchema = base64url(1400).min(16, { message: PASSKEY_MESSAGES.response });
const TransportSchema = z.string().regex(/^[a-z-]{1,30}$/, { message: PASSKEY_MESSAGES.response });
/** Extensions' outputs as the browser reports them (credProps …): kept as they come, never relied on. */
const ExtensionResultsSchema = z.object({}).loose();
const AttachmentSchema = z.enum(['platform', 'cross-platform'], { message: PASSKEY_MESSAGES.response });

/** A credential's answer as the browser gives it (`PublicKeyCredential.toJSON()`), around the `response` of its kind. */
const credentialAnswer = <S extends z.ZodRawShape>(response: S) =>
  z.object({
    id: CredentialIdSchema,
    rawId: CredentialIdSchema,
    response: z.object(response, { message: PASSKEY_MESSAGES.response }),
    authenticatorAttachment: AttachmentSchema.optional(),
    clientExtensionResults: ExtensionResultsSchema,
    type: z.literal('public-key', { message: PASSKEY_MESSAGES.response }),
  });
const ClientDataSchema = base64url(4096).min(1, { message: PASSKEY_MESSAGES.response });

/** What @simplewebauthn/browser's startRegistration gives (RegistrationResponseJSON). */
export const RegistrationResponseSchema = credentialAnswer({
  clientDataJSON: ClientDataSchema,
  attestationObject: base64url(16384).min(1, { message: PASSKEY_MESSAGES.response }),
  authenticatorData: base64url(8192).optional(),
  transports: z.array(TransportSchema).max(10, { message: PASSKEY_MESSAGES.response }).optional(),
  publicKeyAlgorithm: z.number().int().optional(),
  publicKey: base64url(8192).optional(),
});

/** What @simplewebauthn/browser's startAuthentication gives (AuthenticationResponseJSON). */
export const AuthenticationResponseSchema = credentialAnswer({
  clientDataJSON: ClientDataSchema,
  authenticatorData: base64url(8192).min(37, { message: PASSKEY_MESSAGES.response }),
  signature: base64url(2048).min(1, { message: PASSKEY_MESSAGES.response }),
  userHandle: base64url(128).optional(),
});

/** POST /api/account/passkeys: a name and the browser's answer to the creation options. */
export const AddPasskeySchema = z.object({ name: PasskeyNameSchema, response: RegistrationResponseSchema });
export type AddPasskeyInput = z.input<typeof AddPasskeySchema>;

/** POST /api/auth/passkey and the second step's: the browser's answer to the request options. */
export const PasskeySignInSchema = z.object({ response: AuthenticationResponseSchema });

export const PasskeyParamsSchema = z.strictObject({ id: databaseId({ message: PASSKEY_MESSAGES.notFound }) });

/** A passkey as /account lists it. */
export const PasskeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type Passkey = z.infer<typeof PasskeySchema>;
export const PasskeyListSchema = z.object({ items: z.array(PasskeySchema) });

const CredentialDescriptorSchema = z.object({
  id: z.string(),
  type: z.string(),
  transports: z.array(z.string()).optional(),
});

/** The creation options in their JSON form (PublicKeyCredentialCreationOptionsJSON), for startRegistration. */
export const CreationOptionsSchema = z
  .object({
    rp: z.object({ name: z.string(), id: z.string().optional() }),
    user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
    challenge: z.string(),
    pubKeyCredParams: z.array(z.object({ type: z.string(), alg: z.number().int() })),
    timeout: z.number().optional(),
    excludeCredentials: z.array(CredentialDescriptorSchema).optional(),
    authenticatorSelection: z
      .object({
        authenticatorAttachment: z.string().optional(),
        residentKey: z.string().optional(),
        requireResidentKey: z.boolean().optional(),
        userVerification: z.string().optional(),
      })
      .optional(),
    attestation: z.string().optional(),
  })
  .loose();
export type CreationOptions = z.infer<typeof CreationOptionsSchema>;

/** The request options in their JSON form (PublicKeyCredentialRequestOptionsJSON), for startAuthentication. */
export const RequestOptionsSchema = z
  .object({
    challenge: z.string(),
    timeout: z.number().optional(),
    rpId: z.string().optional(),
    allowCredentials: z.array(CredentialDescriptorSchema).optional(),
    userVerification: z.enum(['required', 'preferred', 'discouraged']).optional(),
  })
  .loose();
export type RequestOptions = z.infer<typeof RequestOptionsSchema>;
