import { z } from 'zod';
import { DeleteImageSchema, ImageFolderSchema, UploadFieldSchema, UploadedImageSchema } from '../media/image-requests';
import { multipartBody, route, screenErrors } from './route';

/** Image upload and delete (spec 000 §7, docs/design.md §8): the editors' image fields, apart from the media library's calls. */

/**
 * Shared by the About and Customers editors and every Autowired page with Image parameters: any session; the server
 * checks the page of the folder named in the form against the caller's menu.
 */
export const uploadImage = route({
  method: 'POST',
  path: '/api/master/uploadImage',
  body: multipartBody({
    file: z.string().meta({ format: 'binary' }),
    page: ImageFolderSchema,
    field: UploadFieldSchema,
  }),
  bodyType: 'multipart/form-data',
  reply: UploadedImageSchema,
  errors: screenErrors(413, 415),
  access: { signedIn: true },
});
/** JSON, or the early client's multipart form of the same two fields (spec 000 §7). */
export const deleteImage = route({
  method: 'POST',
  path: '/api/master/deleteImage',
  body: DeleteImageSchema.optional(),
  reply: z.object({ message: z.literal('Success') }),
  errors: screenErrors(404, 409),
  access: { signedIn: true },
});
