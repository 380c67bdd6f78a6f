import { z } from 'zod';
import {
  MediaIdParamsSchema,
  MediaInUseSchema,
  MediaItemSchema,
  MediaListQuerySchema,
  MediaListSchema,
  MediaUpdateSchema,
} from '../schemas/media';
import { AnyBodySchema, multipartBody, route, screenErrors } from './route';

/** The media library (docs/design.md §27); an editor's image upload and delete are in uploads.ts. */

/** Reading the library: the media screen, or any page editor (their image fields pick from it), which the server tells. */
export const listMedia = route({
  method: 'GET',
  path: '/api/master/media',
  query: MediaListQuerySchema,
  reply: MediaListSchema,
  errors: screenErrors(),
  access: { signedIn: true },
});
const library = { screen: 'media' } as const;
/** One image with where it is used now: the screen's Delete asks it before it asks anything (docs/design.md §34). */
export const getMediaItem = route({
  method: 'GET',
  path: '/api/master/media/:id',
  params: MediaIdParamsSchema,
  reply: MediaItemSchema,
  errors: screenErrors(404),
  access: library,
});
export const updateMediaItem = route({
  method: 'POST',
  path: '/api/master/media/:id',
  params: MediaIdParamsSchema,
  body: MediaUpdateSchema,
  reply: MediaItemSchema,
  errors: screenErrors(404),
  access: library,
});
export const deleteMediaItem = route({
  method: 'DELETE',
  path: '/api/master/media/:id',
  params: MediaIdParamsSchema,
  body: AnyBodySchema,
  reply: z.object({ message: z.literal('Success') }),
  errors: screenErrors(404),
  answers: { 409: MediaInUseSchema },
  access: library,
});
export const replaceMediaImage = route({
  method: 'POST',
  path: '/api/master/media/:id/replace',
  params: MediaIdParamsSchema,
  body: multipartBody({ file: z.string().meta({ format: 'binary' }) }),
  bodyType: 'multipart/form-data',
  reply: MediaItemSchema,
  errors: screenErrors(404, 413, 415),
  access: library,
});
