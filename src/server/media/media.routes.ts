import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DeleteImageSchema, ImageFolderSchema, UploadFieldSchema, UploadedImageSchema } from '../../core/media/image-requests';
import type { AppConfig } from '../config';
import { ValidationError } from '../errors';
import { multipartBody, screenReplies, typed } from '../http/contract';
import { parseInput } from '../validation';
import { deleteUploadedImage, readServedImage, storeUploadedImage } from './media.service';
import { readImageUpload } from './upload-parts';

/**
 * Image upload, delete and serving (spec 000 §7, DESIGN §8). Multipart is registered inside this plugin only,
 * so every other API call keeps accepting JSON alone.
 */
export async function mediaRoutes(app: FastifyInstance, options: { config: AppConfig }): Promise<void> {
  const { config } = options;
  const api = typed(app);
  await app.register(multipart, { limits: { fileSize: config.uploadMaxBytes, files: 1, fields: 4, fieldSize: 1000, parts: 5 } });

  // Shared by the About and Customers editors and every Autowired page with Image parameters: the access layer
  // asks for a session, the service checks the page of the folder named in the body against the caller's menu.
  api.post(
    '/api/master/uploadImage',
    {
      config: { access: { signedIn: true } },
      schema: {
        consumes: ['multipart/form-data'],
        body: multipartBody({ file: z.string().meta({ format: 'binary' }), page: ImageFolderSchema, field: UploadFieldSchema }),
        response: screenReplies(UploadedImageSchema, [413, 415]),
      },
    },
    async (request) => {
      const { folder, field, bytes } = await readImageUpload(request, config.uploadMaxBytes);
      return storeUploadedImage(request.tenant, request.session!, config, {
        folder: parseInput(ImageFolderSchema, folder),
        field: parseInput(UploadFieldSchema, field),
        bytes,
      });
    },
  );

  api.post(
    '/api/master/deleteImage',
    {
      config: { access: { signedIn: true } },
      // JSON, or the early client's multipart form of the same two fields (spec 000 §7).
      schema: { body: DeleteImageSchema.optional(), response: screenReplies(z.object({ message: z.literal('Success') }), [404, 409]) },
    },
    async (request) => {
      let input = request.body;
      if (request.isMultipart()) {
        const fields: Record<string, unknown> = {};
        for await (const part of request.parts()) {
          if (part.type === 'file') throw new ValidationError('deleteImage takes the fields filename and page, no file.');
          fields[part.fieldname] = part.value;
        }
        input = parseInput(DeleteImageSchema, fields);
      }
      if (!input) throw new ValidationError('filename is required.');
      return deleteUploadedImage(request.tenant, request.session!, config, input);
    },
  );

  // Uploaded images: their own content type, never sniffed, cached for a year (names are never reused).
  app.get<{ Params: { folder: string; file: string } }>('/uploads/photos/:folder/:file', async (request, reply) => {
    const image = await readServedImage(config, request.params.folder, request.params.file);
    return reply
      .header('content-type', image.contentType)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('content-disposition', 'inline')
      .send(image.data);
  });
}
