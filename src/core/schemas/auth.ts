import { z } from 'zod';

export const LOGIN_MESSAGES = {
  mandatory: 'Username and password mandatory',
  success: 'Login Successfully!',
  invalid: 'Invalid User name & Password',
} as const;

/** POST /api/auth/signin. The spec's later client also sends accessToken, userid, usergroupid: ignored. */
export const SignInSchema = z.object({
  username: z
    .string({ message: LOGIN_MESSAGES.mandatory })
    .trim()
    .min(1, { message: LOGIN_MESSAGES.mandatory })
    .max(100, { message: LOGIN_MESSAGES.invalid }),
  password: z
    .string({ message: LOGIN_MESSAGES.mandatory })
    .min(1, { message: LOGIN_MESSAGES.mandatory })
    .max(200, { message: LOGIN_MESSAGES.invalid }),
});

export type SignInData = z.output<typeof SignInSchema>;

/** The answer to a successful sign-in (spec 001 §3 'Login response'). */
export const SignInResponseSchema = z.object({
  message: z.literal('SUCCESS'),
  username: z.string(),
  firstName: z.string(),
  id: z.number().int(),
  token: z.string(),
  accessToken: z.string(),
  dbName: z.string(),
  usergroupid: z.number().int(),
  landpage: z.string(),
  companyName: z.string(),
  companyCode: z.string(),
});
export type SignInResponse = z.infer<typeof SignInResponseSchema>;

/** GET /api/auth/session: who the caller is, and what the app needs before it can route. */
export const SessionInfoSchema = z.object({
  authenticated: z.boolean(),
  /** True while no administrator exists: companyForm is the first-run setup (docs/design.md §7). */
  setupPending: z.boolean(),
  companyName: z.string(),
  companyCode: z.string(),
  /** The company's country (ISO 3166-1 alpha-2, docs/design.md §34): how the staff app reads phone numbers typed without +; absent, India. */
  countryCode: z.string().optional(),
  /** The company's logo field (docs/design.md §34): the staff app shows it, or the demo logo while it is ''. */
  companyLogo: z.string(),
  /** The version of the favicon's sizes made from it: the staff app's tab icon follows a new logo without a reload. */
  iconVersion: z.string(),
  /** Whether /forgot-password can mail a reset link (SMTP and a sender configured); else it says to ask an administrator. */
  passwordResetByMail: z.boolean(),
  /** The signed-in user has two-step sign-in on (docs/design.md §21); false without a session. Also in `user`. */
  twoFactor: z.boolean(),
  user: z
    .object({
      id: z.number().int(),
      username: z.string(),
      firstName: z.string(),
      usergroupid: z.number().int(),
      /** Route to open after login: the menu's landing page, /Home, or /Blankpage when the menu is empty. */
      landpage: z.string(),
      /** Routing names of the screens the user's menu grants (administrators: all). */
      screens: z.array(z.string()),
      /** Two-step sign-in is on for this user (docs/design.md §21). */
      twoFactor: z.boolean(),
      /**
       * The user's group requires two-step sign-in and it is not on yet (an authenticator app or a passkey), or requires a
       * passkey and they have none: /account only, until it is.
       */
      twoFactorRequired: z.boolean(),
      /** Of those, the group requires a passkey (docs/design.md §33): /account only, until they add one. */
      passkeyRequired: z.boolean().optional(),
      /** The user signed in with a one-time password from the shell (docs/design.md §22): /account only, until they choose their own. */
      passwordChangeRequired: z.boolean(),
      /** The user's group publishes through review (docs/design.md §32): the editors' Publish and Schedule ask for it. */
      publishesByReview: z.boolean().optional(),
    })
    .nullable(),
});
export type SessionInfo = z.infer<typeof SessionInfoSchema>;
