import { z } from 'zod';
import { IMAGE_FOLDERS, type ImageFolder } from './image-names';

/** The bodies and answers of uploadImage and deleteImage (kept apart from image-names: public pages need no zod). */
const FOLDER_MESSAGE = `Unknown image folder: use one of ${Object.keys(IMAGE_FOLDERS).join(', ')}.`;
/** The `page` field of uploadImage and deleteImage: an allow-listed folder (DESIGN §8). */
export const ImageFolderSchema = z.enum(Object.keys(IMAGE_FOLDERS) as [ImageFolder, ...ImageFolder[]], { message: FOLDER_MESSAGE });

/** deleteImage's fields: a generated file name (or its URL) and the folder. */
export const DeleteImageSchema = z.object({
  filename: z.string().min(1, { message: 'filename is required.' }).max(500, { message: 'The file name is not one of an uploaded image in this folder.' }),
  page: ImageFolderSchema,
});
export type DeleteImageInput = z.output<typeof DeleteImageSchema>;

export const UploadedImageSchema = z.object({ message: z.literal('File uploaded successfully'), url: z.string(), filename: z.string() });
