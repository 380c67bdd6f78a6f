import type { FastifyRequest } from 'fastify';
import { AppError, PayloadTooLargeError, ValidationError } from '../errors';
import { tooLargeMessage } from './media.service';

/**
 * Reads uploadImage's multipart form: one file in the field `file`, the folder in `page` and, for an Autowired
 * page, the parameter it is for in `field` (the first-run setup's logo: the setup code in `setupCode`); the file's name (an image's first title, docs/design.md §34). What the multipart
 * stream throws (a file over the limit, a broken form) becomes one of the typed errors.
 */
export async function readImageUpload(
  request: FastifyRequest,
  maxBytes: number,
): Promise<{
  folder: unknown;
  field: unknown;
  setupCode: unknown;
  bytes: Buffer | null;
  fileName: string | undefined;
}> {
  if (!request.isMultipart())
    throw new ValidationError('Send the image as multipart form data with the fields file and page.');
  let folder: unknown;
  let field: unknown;
  let setupCode: unknown;
  let bytes: Buffer | null = null;
  let fileName: string | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') throw new ValidationError('The image must be sent in the field file.');
        bytes = await part.toBuffer();
        fileName = part.filename;
      } else if (part.fieldname === 'page') {
        folder = part.value;
      } else if (part.fieldname === 'field') {
        field = part.value;
      } else if (part.fieldname === 'setupCode') {
        setupCode = part.value;
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new PayloadTooLargeError(tooLargeMessage(maxBytes));
    throw new ValidationError('The upload could not be read: send one image in the field file and the folder in page.');
  }
  return { folder, field, setupCode, bytes, fileName };
}
