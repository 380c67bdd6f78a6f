import type { FastifyInstance } from 'fastify';
import * as media from '../../core/api/media';
import type { AppConfig } from '../config';
import { typed } from '../http/contract';
import {
  deleteMediaImage,
  listMedia,
  readMediaItem,
  replaceMediaImage,
  updateMediaDetails,
} from './media-library.service';
import { readImageUpload } from './upload-parts';

/**
 * The media library's calls (docs/design.md §27), registered by mediaRoutes inside its plugin, where multipart forms are
 * read (the replace call takes one).
 */
export function mediaLibraryRoutes(app: FastifyInstance, config: AppConfig): void {
  const api = typed(app);
  // The media library (docs/design.md §27). Reading it: the media screen, or any page editor (their image fields pick from
  // it), which only the service can tell (pages made without code are editors too); changing it: the screen.
  api.route(media.listMedia, async (request) => listMedia(request.tenant, request.session!, request.query));
  // Changing it: the media screen. One image with where it is used now: the screen's Delete asks it before it asks anything (docs/design.md §34).
  api.route(media.getMediaItem, async (request) => readMediaItem(request.tenant, request.params.id));
  api.route(media.updateMediaItem, async (request) =>
    updateMediaDetails(request.tenant, request.params.id, request.body),
  );
  api.route(media.deleteMediaItem, async (request) => deleteMediaImage(request.tenant, request.params.id));
  api.route(media.replaceMediaImage, async (request) => {
    const { bytes } = await readImageUpload(request, config.uploadMaxBytes);
    return replaceMediaImage(request.tenant, request.params.id, bytes);
  });
}
