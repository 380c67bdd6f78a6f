import { z } from 'zod';
import { SessionInfoSchema } from '../schemas/auth';
import { AnyBodySchema, route } from './route';

// A file of its own: every screen of the staff app reads the session (src/client/app/lib/api.ts) and offers sign-out, so
// the first screen carries these two entries' schemas only, not the account calls' (auth.ts).

/** Who is logged in (or not), whether setup is pending, and which screens the user's menu grants (docs/design.md §5). */
export const session = route({
  method: 'GET',
  path: '/api/auth/session',
  reply: SessionInfoSchema,
  access: { public: true },
});

export const signOut = route({
  method: 'POST',
  path: '/api/auth/signout',
  body: AnyBodySchema,
  reply: z.object({ message: z.literal('SUCCESS') }),
  access: { public: true },
});
