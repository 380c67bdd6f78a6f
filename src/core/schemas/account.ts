import { z } from 'zod';
import { databaseId } from './ids';
import { NewPasswordSchema } from './company';

/**
 * Accounts (docs/design.md §21): password reset by mail, the own account (password, two-step sign-in), the second
 * step of a sign-in, and an administrator turning a user's two-step sign-in off.
 */
export const ACCOUNT_MESSAGES = {
  forgotSent:
    'If that user name has an email address, a link to set a new password is on its way. It works for 30 minutes.',
  resetNoMail: 'Password reset by mail is not set up on this site. Ask an administrator to set a new password for you.',
  resetInvalid: 'This link has expired or was already used. Ask for a new one.',
  resetDone: 'Your password is set. Sign in with it now.',
  passwordChanged: 'Your password is changed. Your other sessions have been signed out.',
  wrongCurrent: 'Your current password is not right.',
  samePassword: 'The new password must differ from the current one.',
  wrongCode:
    'That code is not right. Enter the current code from your authenticator app, or one of your recovery codes.',
  wrongSetupCode: 'That code is not right. Check the time on your phone and enter the code your app shows now.',
  wrongPassword: 'Your password is not right.',
  challengeExpired: 'Your sign-in has timed out. Sign in again.',
  alreadyOn: 'Two-step sign-in is already on. Turn it off first to set it up again.',
  notSetUp: 'Start the set-up of two-step sign-in first.',
  notOn: 'Two-step sign-in is not on.',
  turnedOn: 'Two-step sign-in is on.',
  turnedOff: 'Two-step sign-in is off.',
  required: 'Your group requires two-step sign-in. Turn it on in your account before anything else.',
  passwordChangeRequired: 'You signed in with a one-time password. Choose a new password on your account page first.',
  adminReset: 'Two-step sign-in is turned off for this user.',
  userNotFound: 'This user does not exist.',
  tooMany: 'Too many requests. Please wait 15 minutes and try again.',
} as const;

/** A code as typed: digits of the app (spaces allowed) or a recovery code (letters, digits, dashes). */
const CodeSchema = z
  .string({ message: 'Enter the code.' })
  .trim()
  .min(6, { message: 'Enter the 6-digit code or a recovery code.' })
  .max(40, { message: 'Enter the 6-digit code or a recovery code.' });

export const ForgotPasswordSchema = z.object({
  username: z
    .string({ message: 'Enter your user name.' })
    .trim()
    .min(1, { message: 'Enter your user name.' })
    .max(100, { message: 'Enter your user name.' }),
});
export const ResetPasswordSchema = z.object({
  token: z
    .string({ message: ACCOUNT_MESSAGES.resetInvalid })
    .trim()
    .min(1, { message: ACCOUNT_MESSAGES.resetInvalid })
    .max(200, { message: ACCOUNT_MESSAGES.resetInvalid }),
  password: NewPasswordSchema,
});
export const ChangePasswordSchema = z.object({
  current: z
    .string({ message: 'Enter your current password.' })
    .min(1, { message: 'Enter your current password.' })
    .max(200, { message: ACCOUNT_MESSAGES.wrongCurrent }),
  password: NewPasswordSchema,
});
export const TwoFactorCodeSchema = z.object({ code: CodeSchema });
export const DisableTwoFactorSchema = z.object({
  password: z
    .string({ message: 'Enter your password.' })
    .min(1, { message: 'Enter your password.' })
    .max(200, { message: ACCOUNT_MESSAGES.wrongPassword }),
  code: CodeSchema,
});
export const ResetTwoFactorSchema = z.object({ id: databaseId() });

export const MessageAnswerSchema = z.object({ message: z.string() });
export const TwoFactorSetupSchema = z.object({
  /** The shared secret in base32, for typing into an app that cannot scan. */
  secret: z.string(),
  /** otpauth://totp/... for the QR code. */
  otpauthUrl: z.string(),
});
export type TwoFactorSetup = z.infer<typeof TwoFactorSetupSchema>;
export const RecoveryCodesSchema = z.object({ message: z.string(), recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof RecoveryCodesSchema>;

/** The ways a sign-in's second step may be taken: a code (the authenticator app, a recovery code) or a passkey (§33). */
export const SECOND_STEP_WAYS = ['code', 'passkey'] as const;
export type SecondStepWay = (typeof SECOND_STEP_WAYS)[number];

/**
 * The first answer of a sign-in whose user has two-step sign-in on (or a passkey): no session yet, a challenge
 * cookie. `ways` is there when the second step may be a passkey (docs/design.md §33): the ways it may be taken; absent,
 * a code.
 */
export const TwoFactorRequiredSchema = z.object({
  twoFactor: z.literal('required'),
  ways: z.array(z.enum(SECOND_STEP_WAYS)).optional(),
});
export type TwoFactorRequired = z.infer<typeof TwoFactorRequiredSchema>;
