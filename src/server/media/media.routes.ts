import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import * as uploads from '../../core/api/uploads';
import * as setup from '../../core/api/setup';
import { titleFromFileName } from '../../core/schemas/media';
import { DeleteImageSchema, ImageFolderSchema, UploadFieldSchema } from '../../core/media/image-requests';
import type { AppConfig } from '../config';
import { ValidationError } from '../errors';
import { typed } from '../http/contract';
import { checkSetupCode } from '../setup/setup.service';
import { parseInput } from '../validation';
import { mediaLibraryRoutes } from './media-library.routes';
import { deleteUploadedImage, readServedImage, storeSetupLogo, storeUploadedImage } from './media.service';
import { ServedImageCache } from './served-images';
import { readImageUpload } from './upload-parts';

/**
 * Image upload, delete and serving (spec 000 §7, docs/design.md §8), and the media library (docs/design.md §27). Multipart is registered inside this plugin only,
 * so every other API call keeps accepting JSON alone.
 */
export async function mediaRoutes(app: FastifyInstance, options: { config: AppConfig }): Promise<void> {
  const { config } = options;
  const api = typed(app);
  // This process's hot images, all tenants together; a delete or a replace anywhere drops them (media.service.ts imagesChanged).
  const served = new ServedImageCache();
  for (const tenant of app.tenants.all())
    tenant.cache.onInvalidate((invalidation) => served.apply(tenant.name, invalidation));
  await app.register(multipart, {
    limits: { fileSize: config.uploadMaxBytes, files: 1, fields: 4, fieldSize: 1000, parts: 5 },
  });

  // Shared by the About and Customers editors and every Autowired page with Image parameters: the access layer
  // asks for a session, the service checks the page of the folder named in the body against the caller's menu.
  api.route(uploads.uploadImage, async (request) => {
    const { folder, field, bytes, fileName } = await readImageUpload(request, config.uploadMaxBytes);
    return storeUploadedImage(request.tenant, request.session!, {
      folder: parseInput(ImageFolderSchema, folder),
      field: parseInput(UploadFieldSchema, field),
      bytes,
      title: titleFromFileName(fileName),
    });
  });

  // The first-run setup's logo (docs/design.md §34): before anyone can sign in, so allowed by the setup code instead of a
  // session, and counted with the setup's own tries. The stored address then goes in the setup's company.logo.
  api.route(
    setup.setupLogo,
    { config: { rateLimit: { max: 30, timeWindow: '15 minutes', groupId: 'setup' } } },
    async (request) => {
      const { setupCode, bytes, fileName } = await readImageUpload(request, config.uploadMaxBytes);
      await checkSetupCode(request.tenant, typeof setupCode === 'string' ? setupCode : '');
      return storeSetupLogo(request.tenant, { bytes, title: titleFromFileName(fileName) });
    },
  );

  // JSON, or the early client's multipart form of the same two fields (spec 000 §7).
  api.route(uploads.deleteImage, async (request) => {
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
  });

  // In this plugin: the replace call is a multipart form too.
  mediaLibraryRoutes(app, config);

  // Uploaded images, the request's tenant's: their own content type, never sniffed. Kept by browsers and proxies
  // for an hour, then asked again with If-None-Match (a 304 without the bytes while unchanged): not for a year as
  // `immutable`, since the media library may replace the picture under the same address (decision 025).
  app.get<{ Params: { folder: string; file: string } }>('/uploads/photos/:folder/:file', async (request, reply) => {
    const image = await readServedImage(request.tenant, request.params.folder, request.params.file, served);
    reply
      .header('etag', image.etag)
      .header('cache-control', SERVED_IMAGE_CACHE_CONTROL)
      .header('x-content-type-options', 'nosniff');
    // Public images, shown in the editor's preview pane too (a sandboxed frame of no origin, docs/design.md §26).
    reply.header('cross-origin-resource-policy', 'cross-origin');
    if (etagMatches(request.headers['if-none-match'], image.etag)) return reply.code(304).send();
    return reply.header('content-type', image.contentType).header('content-disposition', 'inline').send(image.data);
  });
}

/** How long browsers and proxies keep an uploaded image before asking again (decision 025). */
export const SERVED_IMAGE_CACHE_CONTROL = 'public, max-age=3600';

/** If-None-Match (RFC 9110 §13.1.2): `*`, or a list of tags compared weakly (a W/ prefix is ignored). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
