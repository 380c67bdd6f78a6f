import { z } from 'zod';
import { IMAGE_FOLDERS, isImageFolder, type ImageFolder } from './image-names';

/** The bodies and answers of uploadImage and deleteImage (kept apart from image-names: public pages need no zod). */
const FOLDER_MESSAGE = `Unknown image folder: use one of ${Object.keys(IMAGE_FOLDERS).join(', ')} or page<id> (a page made in page creation).`;
/** The `page` field of uploadImage and deleteImage: an allow-listed folder (docs/design.md §8). */
export const ImageFolderSchema = z
  .string({ message: FOLDER_MESSAGE })
  .refine((folder) => isImageFolder(folder), { message: FOLDER_MESSAGE })
  .transform((folder) => folder as ImageFolder)
  .meta({
    description:
      "about, customer, company (the logo of the company details), sharing (the pages' sharing images), slides (the Home and Bespoke carousels), or page<id>: the folder of a page made in page creation that has Image parameters",
  });

/** uploadImage's optional `field`: the parameter of an Autowired page the image is for (its size rule is checked). */
export const UploadFieldSchema = z.string().max(200, { message: 'The field name is too long.' }).optional();

/** deleteImage's fields: a generated file name (or its URL) and the folder. */
export const DeleteImageSchema = z.object({
  filename: z
    .string()
    .min(1, { message: 'filename is required.' })
    .max(500, { message: 'The file name is not one of an uploaded image in this folder.' }),
  page: ImageFolderSchema,
});
export type DeleteImageInput = z.output<typeof DeleteImageSchema>;

export const UploadedImageSchema = z.object({
  message: z.literal('File uploaded successfully'),
  url: z.string().meta({
    description:
      "The image's address on this site, /uploads/photos/{folder}/{filename}: a path, never a scheme and host (docs/design.md §24).",
  }),
  filename: z.string(),
});
