import { z } from 'zod';
import { databaseId } from './ids';

/**
 * Single sign-on over OpenID Connect (docs/design.md §33, decision 038): the firm's sign-in settings (screen
 * `signin-settings`), what the login page needs to show the button, and the sentences of every refusal.
 */

export const SSO_MESSAGES = {
  issuer:
    'Enter the provider’s address (its issuer) starting with https://, such as https://accounts.google.com. Only a provider on this machine (127.0.0.1 or localhost) may use http://.',
  issuerNeeded: 'Enter the provider’s address (its issuer) to turn single sign-on on.',
  clientId: 'Enter the client id the provider gave you for Folio.',
  clientSecret: 'Enter the client secret the provider gave you for Folio.',
  secretUnreadable: 'The stored client secret was sealed with another SECRET_KEY and cannot be read: enter it again.',
  label: 'The button’s words are at most 60 characters.',
  domain: 'Enter a domain such as firm.example (without @), or leave it empty.',
  group: 'Choose the group that new users of that domain join.',
  unknownGroup: 'The chosen group does not exist any more: choose another one.',
  administrators: 'New users cannot join Administrators by signing in: choose another group, and promote them by hand.',
  unreachable:
    'Folio could not reach the provider at that address. Check the address, and that the provider is online.',
  notProvider:
    'That address does not answer as an OpenID Connect provider (no discovery document at /.well-known/openid-configuration naming it as the issuer). Check the address.',
  saved: 'Sign-in settings saved.',
  passwordOff:
    'Your firm signs in with its own accounts: use the sign-in button above the password fields. Only administrators sign in with a password.',
} as const;

/**
 * Why a single sign-on ended on the login page (`/login?sso=<reason>`), and what the page says for each. Every one but
 * `off` is recorded as a failed sign-in.
 */
export const SSO_REFUSALS = {
  off: 'Single sign-on is not turned on for this site. Sign in with your user name and password.',
  state:
    'This sign-in was not started in this browser, or took longer than 10 minutes. Start again with the sign-in button.',
  used: 'This sign-in was already completed once and cannot be used again. Start again with the sign-in button.',
  denied: 'The sign-in was cancelled at your provider. Start again with the sign-in button if you want to sign in.',
  provider:
    'Folio could not complete the sign-in with your provider: it may be down. Try again in a moment; if it keeps failing, ask an administrator.',
  checks:
    'Your provider’s answer did not pass Folio’s checks, so you are not signed in. Start again with the sign-in button.',
  unverified:
    'Your provider has not confirmed that your email address is verified, so Folio cannot match it to an account.',
  nouser: 'No Folio account has the email address your provider gave. Ask an administrator to add you.',
  inactive: 'Your Folio account is deactivated. Ask an administrator to activate it.',
  ambiguous: 'More than one Folio account has your email address. Ask an administrator to give each a different one.',
} as const;
export type SsoRefusal = keyof typeof SSO_REFUSALS;

/** The sentence of a `?sso=` reason, or null for none or one Folio does not know. */
export const ssoRefusalSentence = (reason: string | null): string | null =>
  reason !== null && Object.hasOwn(SSO_REFUSALS, reason) ? SSO_REFUSALS[reason as SsoRefusal] : null;

/** The path of the callback on the site: the address to give the provider is PUBLIC_BASE_URL plus it. */
export const SSO_CALLBACK_PATH = '/api/auth/sso/callback';

const isLoopbackHost = (host: string) => host === '127.0.0.1' || host === 'localhost' || host === '[::1]';

/** An issuer Folio talks to: https, or http on the machine itself (tests, a provider run locally). */
export function isAcceptableIssuer(text: string): boolean {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  if (url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '') return false;
  return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname));
}

/** Whether an issuer is on the machine itself (the only case where plain http is allowed). */
export const isLoopbackIssuer = (text: string) => URL.canParse(text) && isLoopbackHost(new URL(text).hostname);

const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** The settings' fields as the form sends them (POST /api/master/signin-settings); an empty `clientSecret` keeps the stored one. */
export const SignInSettingsFieldsSchema = z.strictObject({
  enabled: z.boolean(),
  label: z.string().trim().max(60, { message: SSO_MESSAGES.label }),
  issuer: z
    .string()
    .trim()
    .max(500, { message: SSO_MESSAGES.issuer })
    .refine((value) => value === '' || isAcceptableIssuer(value), { message: SSO_MESSAGES.issuer }),
  clientId: z.string().trim().max(500, { message: SSO_MESSAGES.clientId }),
  clientSecret: z.string().max(2000, { message: SSO_MESSAGES.clientSecret }).default(''),
  joinDomain: z
    .string()
    .trim()
    .toLowerCase()
    .max(253, { message: SSO_MESSAGES.domain })
    .refine((value) => value === '' || DOMAIN.test(value), { message: SSO_MESSAGES.domain }),
  joinGroupId: databaseId({ message: SSO_MESSAGES.group, coerce: false }).nullable(),
  passwordSignIn: z.boolean(),
});

/** The rules between the fields: turned on, it needs an issuer and a client id; a domain needs its group. */
export function checkSignInSettings(
  value: { enabled: boolean; issuer: string; clientId: string; joinDomain: string; joinGroupId: number | null },
  context: z.RefinementCtx,
): void {
  if (value.enabled && value.issuer === '')
    context.addIssue({ code: 'custom', path: ['issuer'], message: SSO_MESSAGES.issuerNeeded });
  if (value.enabled && value.clientId === '')
    context.addIssue({ code: 'custom', path: ['clientId'], message: SSO_MESSAGES.clientId });
  if (value.joinDomain !== '' && value.joinGroupId === null)
    context.addIssue({ code: 'custom', path: ['joinGroupId'], message: SSO_MESSAGES.group });
}

export const SignInSettingsInputSchema = SignInSettingsFieldsSchema.superRefine(checkSignInSettings);
export type SignInSettingsInput = z.input<typeof SignInSettingsInputSchema>;
export type SignInSettingsData = z.output<typeof SignInSettingsInputSchema>;

/** The settings as the screen reads them: the secret only as whether one is stored (and readable), never itself. */
export const SignInSettingsSchema = z.object({
  enabled: z.boolean(),
  label: z.string(),
  issuer: z.string(),
  clientId: z.string(),
  secret: z.enum(['none', 'set', 'unreadable']),
  joinDomain: z.string(),
  joinGroupId: z.number().nullable(),
  passwordSignIn: z.boolean(),
  /** The address to give the provider as the redirect URI. */
  callbackUrl: z.string(),
  /** The groups new users may join (every group but Administrators). */
  groups: z.array(z.object({ id: z.number(), name: z.string() })),
});
export type SignInSettings = z.infer<typeof SignInSettingsSchema>;

/** GET /api/auth/sso: what the login page shows: the button's words, or null while single sign-on is off. */
export const SingleSignOnButtonSchema = z.object({ label: z.string().nullable() });
export type SingleSignOnButton = z.infer<typeof SingleSignOnButtonSchema>;

/** GET /api/auth/sso/start: where to go after the sign-in (an address of the site), else the user's landing page. */
export const SingleSignOnStartSchema = z.object({ next: z.string().max(500).optional() });

/** GET /api/auth/sso/callback: what the provider sends back (and whatever else it adds, which is passed on). */
export const SingleSignOnCallbackSchema = z
  .object({
    code: z.string().max(4000).optional(),
    state: z.string().max(500).optional(),
    error: z.string().max(500).optional(),
    error_description: z.string().max(2000).optional(),
    iss: z.string().max(500).optional(),
  })
  .loose();

/** The words of the button when the settings give none: from the provider's address. */
export function defaultButtonLabel(issuer: string): string {
  const host = URL.canParse(issuer) ? new URL(issuer).hostname : '';
  if (host === 'accounts.google.com') return 'Sign in with Google';
  if (host === 'login.microsoftonline.com') return 'Sign in with Microsoft';
  return host ? `Sign in with ${host}` : 'Sign in with your firm’s account';
}
