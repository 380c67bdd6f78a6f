import { z } from 'zod';
import {
  SignInSettingsInputSchema,
  SignInSettingsSchema,
  SingleSignOnButtonSchema,
  SingleSignOnCallbackSchema,
  SingleSignOnStartSchema,
  SSO_CALLBACK_PATH,
} from '../schemas/single-sign-on';
import { route, screenErrors } from './route';

/**
 * Single sign-on over OpenID Connect (docs/design.md §33, decision 038): the firm's sign-in settings (screen
 * `signin-settings`), the login page's button, and the two legs of a sign-in through the provider. The legs answer
 * a browser's navigation, never a script: 302 to the provider, then 302 to the user's landing page, or to
 * `/login?sso=<reason>` with the reason's sentence (SSO_REFUSALS).
 */

export const readSignInSettings = route({
  method: 'GET',
  path: '/api/master/signin-settings',
  reply: SignInSettingsSchema,
  errors: screenErrors(),
  access: { screen: 'signin-settings' },
});

/** Saves the settings; turning them on asks the provider's discovery document first (400 with why when it fails). */
export const saveSignInSettings = route({
  method: 'POST',
  path: '/api/master/signin-settings',
  body: SignInSettingsInputSchema,
  reply: SignInSettingsSchema,
  errors: screenErrors(),
  access: { screen: 'signin-settings' },
});

/** Whether the login page shows the button, and its words. */
export const singleSignOnButton = route({
  method: 'GET',
  path: '/api/auth/sso',
  reply: SingleSignOnButtonSchema,
  access: { public: true },
});

// A string schema (as a file's answer is described): the body is empty, and the staff app loads no schema kind of its own for it.
const redirectAnswer = (to: string) => z.string().meta({ description: `No body: Location is ${to}.` });

/** Sends the browser to the provider (authorization code with PKCE S256, state and nonce, scope `openid email profile`). */
export const startSingleSignOn = route({
  method: 'GET',
  path: '/api/auth/sso/start',
  query: SingleSignOnStartSchema,
  reply: redirectAnswer('never: the answer is a 302'),
  answers: { 302: redirectAnswer('the provider’s sign-in, or /login?sso=<reason>') },
  errors: [400, 429],
  access: { public: true },
});

/** Where the provider sends the browser back: a session and the landing page, or the login page with the reason. */
export const singleSignOnCallback = route({
  method: 'GET',
  path: SSO_CALLBACK_PATH,
  query: SingleSignOnCallbackSchema,
  reply: redirectAnswer('never: the answer is a 302'),
  answers: { 302: redirectAnswer('the user’s landing page, /login/two-step, or /login?sso=<reason>') },
  errors: [400],
  access: { public: true },
});
