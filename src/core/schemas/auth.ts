import { z } from 'zod';

export const LOGIN_MESSAGES = {
  mandatory: 'Username and password mandatory',
  success: 'Login Successfully!',
  invalid: 'Invalid User name & Password',
} as const;

/** POST /api/auth/signin. The spec's later client also sends accessToken, userid, usergroupid: ignored. */
export const SignInSchema = z.object({
  username: z.string({ message: LOGIN_MESSAGES.mandatory }).trim().min(1, { message: LOGIN_MESSAGES.mandatory }).max(100, { message: LOGIN_MESSAGES.invalid }),
  password: z.string({ message: LOGIN_MESSAGES.mandatory }).min(1, { message: LOGIN_MESSAGES.mandatory }).max(200, { message: LOGIN_MESSAGES.invalid }),
});

/** The answer to a successful sign-in (spec 001 §3 'Login response'). */
export interface SignInResponse {
  message: 'SUCCESS';
  username: string;
  firstName: string;
  id: number;
  token: string;
  accessToken: string;
  dbName: string;
  usergroupid: number;
  landpage: string;
  companyName: string;
  companyCode: string;
}

/** GET /api/auth/session: who the caller is, and what the app needs before it can route. */
export interface SessionInfo {
  authenticated: boolean;
  /** True while no administrator exists: companyForm is the first-run setup (DESIGN §7). */
  setupPending: boolean;
  companyName: string;
  companyCode: string;
  user: null | {
    id: number;
    username: string;
    firstName: string;
    usergroupid: number;
    /** Route to open after login: the menu's landing page, /Home, or /Blankpage when the menu is empty. */
    landpage: string;
    /** Routing names of the screens the user's menu grants (administrators: all). */
    screens: string[];
  };
}
