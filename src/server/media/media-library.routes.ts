import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { MediaIdParamsSchema, MediaInUseSchema, MediaItemSchema, MediaListQuerySchema, MediaListSchema, MediaUpdateSchema } from '../../core/schemas/media';
import type { AppConfig } from '../config';
import { AnyBodySchema, multipartBody, screenReplies, typed } from '../http/contract';
import { deleteMediaImage, listMedia, readMediaItem, replaceMediaImage, updateMediaDetails } from './media-library.service';
import { readImageUpload } from './upload-parts';

/**
 * The media library's calls (docs/design.md §27), registered by mediaRoutes inside its plugin, where multipart forms are
 * read (the replace call takes one).
 */
export function mediaLibraryRoutes(app: FastifyInstance, config: AppConfig): void {
  const api = typed(app);
  // The media library (docs/design.md §27). Reading it: the media screen, or any page editor (their image fields pick from
  // it), which only the service can tell (pages made without code are editors too); changing it: the screen.
  api.get(
    '/api/master/media',
    { config: { access: { signedIn: true } }, schema: { querystring: MediaListQuerySchema, response: screenReplies(MediaListSchema) } },
    async (request) => listMedia(request.tenant, request.session!, request.query),
  );
  const library = { access: { screen: 'media' } } as const;
  // One image with where it is used now: the screen's Delete asks it before it asks anything (docs/design.md §34).
  api.get(
    '/api/master/media/:id',
    { config: library, schema: { params: MediaIdParamsSchema, response: screenReplies(MediaItemSchema, [404]) } },
    async (request) => readMediaItem(request.tenant, request.params.id),
  );
  api.post(
    '/api/master/media/:id',
    { config: library, schema: { params: MediaIdParamsSchema, body: MediaUpdateSchema, response: screenReplies(MediaItemSchema, [404]) } },
    async (request) => updateMediaDetails(request.tenant, request.params.id, request.body),
  );
  api.delete(
    '/api/master/media/:id',
    {
      config: library,
      schema: { params: MediaIdParamsSchema, body: AnyBodySchema, response: { ...screenReplies(z.object({ message: z.literal('Success') }), [404]), 409: MediaInUseSchema } },
    },
    async (request) => deleteMediaImage(request.tenant, request.params.id),
  );
  api.post(
    '/api/master/media/:id/replace',
    {
      config: library,
      schema: {
        consumes: ['multipart/form-data'],
        params: MediaIdParamsSchema,
        body: multipartBody({ file: z.string().meta({ format: 'binary' }) }),
        response: screenReplies(MediaItemSchema, [404, 413, 415]),
      },
    },
    async (request) => {
      const { bytes } = await readImageUpload(request, config.uploadMaxBytes);
      return replaceMediaImage(request.tenant, request.params.id, bytes);
    },
  );
}
