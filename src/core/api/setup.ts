import { z } from 'zod';
import { UploadedImageSchema } from '../media/image-requests';
import { SetupSchema } from '../schemas/company';
import { multipartBody, route } from './route';

/**
 * The first-run setup (docs/design.md §7, §34): open while setup is pending, allowed by the setup code from the log.
 * Its body's numbers are read leniently here; the server reads them with the full metadata (src/server/setup/setup.routes.ts).
 */
export const completeSetup = route({
  method: 'POST',
  path: '/api/setup',
  body: SetupSchema,
  reply: z.object({ message: z.literal('Success') }),
  errors: [400, 409, 429],
  access: { public: true },
});

/** The setup's logo, before anyone can sign in: a multipart form with the file and the setup code. */
export const setupLogo = route({
  method: 'POST',
  path: '/api/setup/logo',
  body: multipartBody({ file: z.string().meta({ format: 'binary' }), setupCode: z.string() }),
  bodyType: 'multipart/form-data',
  reply: UploadedImageSchema,
  errors: [400, 409, 413, 415, 429],
  access: { public: true },
});
