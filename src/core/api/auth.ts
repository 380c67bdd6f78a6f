import { z } from 'zod';
import {
  ChangePasswordSchema,
  DisableTwoFactorSchema,
  ForgotPasswordSchema,
  MessageAnswerSchema,
  RecoveryCodesSchema,
  ResetPasswordSchema,
  ResetTwoFactorSchema,
  TwoFactorCodeSchema,
  TwoFactorRequiredSchema,
  TwoFactorSetupSchema,
} from '../schemas/account';
import { SignInResponseSchema, SignInSchema } from '../schemas/auth';
import { AnyBodySchema, route, screenErrors } from './route';

/** Sign-in (docs/design.md §5) and the accounts of §21 (the calls under /api/auth/, see isAuthCall); the session and sign-out are in session.ts. */

export const signIn = route({
  method: 'POST',
  path: '/api/auth/signin',
  body: SignInSchema,
  reply: z.union([SignInResponseSchema, TwoFactorRequiredSchema]),
  errors: [400, 401, 403, 429],
  access: { public: true },
});
export const verifySignIn = route({
  method: 'POST',
  path: '/api/auth/signin/verify',
  body: TwoFactorCodeSchema,
  reply: SignInResponseSchema,
  errors: [400, 401, 429],
  access: { public: true },
});
export const forgotPassword = route({
  method: 'POST',
  path: '/api/auth/forgot',
  body: ForgotPasswordSchema,
  reply: MessageAnswerSchema,
  errors: [400, 409, 429],
  access: { public: true },
});
export const resetPassword = route({
  method: 'POST',
  path: '/api/auth/reset',
  body: ResetPasswordSchema,
  reply: MessageAnswerSchema,
  errors: [400, 429],
  access: { public: true },
});
export const changePassword = route({
  method: 'POST',
  path: '/api/auth/password',
  body: ChangePasswordSchema,
  reply: MessageAnswerSchema,
  errors: [400, 401, 403, 429],
  access: { account: true },
});
export const startTwoFactor = route({
  method: 'POST',
  path: '/api/auth/2fa/setup',
  body: AnyBodySchema,
  reply: TwoFactorSetupSchema,
  errors: [401, 403, 409],
  access: { account: true },
});
export const enableTwoFactor = route({
  method: 'POST',
  path: '/api/auth/2fa/enable',
  body: TwoFactorCodeSchema,
  reply: RecoveryCodesSchema,
  errors: [400, 401, 403, 409],
  access: { account: true },
});
export const disableTwoFactor = route({
  method: 'POST',
  path: '/api/auth/2fa/disable',
  body: DisableTwoFactorSchema,
  reply: MessageAnswerSchema,
  errors: [400, 401, 403, 409, 429],
  access: { account: true },
});
/** An administrator's reset of a user's two-step sign-in (the users screen). */
export const resetTwoFactor = route({
  method: 'POST',
  path: '/api/master/resetTwoFactor',
  body: ResetTwoFactorSchema,
  reply: z.object({ status: z.literal('OK'), message: z.string() }),
  errors: screenErrors(404),
  access: { screen: 'user' },
});
