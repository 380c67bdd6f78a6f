import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { isImageFolder, parseStoredImageName } from '../../core/media/image-names';
import { inTransaction } from '../db/database';
import type { Tenant } from '../tenants/tenants';
import { imageNamesIn, insertImageIfAbsent } from './images.repository';
import { insertMediaIfAbsent } from './media-library.repository';
import { imageRow, servedImageType } from './media.service';

/** Where uploaded images were kept as files before they moved into the database (docs/design.md §8). */
export const photosRoot = (dataDir: string) => path.join(dataDir, 'uploads', 'photos');

/**
 * Moves the images of the files era into the tenant's database, once: every regular file under
 * DATA_DIR/uploads/photos/{folder}/{name} whose folder is of the allow-list's form, whose name is one Folio
 * generates (an original or a srcset width) and whose bytes are of the type its extension says. Names the tenant
 * already holds are left alone (insert … on conflict do nothing: instances starting together import each file
 * once), so every start after the first reads no file. Those files were served for every tenant, so each
 * tenant gets them. Anything else in the folder (other names, links, folders within) is skipped, never
 * followed; the files stay where they are (docs/operations.md: the folder may be deleted afterwards).
 */
export async function importImageFiles(
  tenant: Tenant,
  dataDir: string,
  log: FastifyBaseLogger,
): Promise<{ imported: number; skipped: number }> {
  const root = photosRoot(dataDir);
  const folders = await entriesOf(root);
  if (!folders) return { imported: 0, skipped: 0 };
  let imported = 0;
  let skipped = 0;
  const at = new Date().toISOString();
  for (const folder of folders) {
    // A folder not of the allow-list's form, or a link to somewhere else, is not Folio's.
    if (!folder.isDirectory() || !isImageFolder(folder.name)) {
      skipped += 1;
      continue;
    }
    const files = (await entriesOf(path.join(root, folder.name))) ?? [];
    const held = new Set(await imageNamesIn(tenant.db, folder.name));
    for (const file of files) {
      if (held.has(file.name)) continue;
      const contentType = servedImageType(folder.name, file.name);
      if (!file.isFile() || !contentType) {
        skipped += 1;
        continue;
      }
      const data = await fs.readFile(path.join(root, folder.name, file.name));
      if ((await fileTypeFromBuffer(data))?.mime !== contentType) {
        log.warn(
          { tenant: tenant.name, file: `${folder.name}/${file.name}` },
          'An uploaded image file is not of the type its name says; it was not imported.',
        );
        skipped += 1;
        continue;
      }
      const original = parseStoredImageName(folder.name, file.name);
      const stored = await inTransaction(tenant.db, async (trx) => {
        if (!(await insertImageIfAbsent(trx, imageRow(folder.name, file.name, data, at)))) return false;
        // An original is an image of the media library too (docs/design.md §27); its srcset copies are not.
        if (original)
          await insertMediaIfAbsent(trx, {
            folder: folder.name,
            name: file.name,
            width: original.width,
            height: original.height,
            bytes: data.length,
            uploaded_at: at,
            uploaded_by: null,
          });
        return true;
      });
      if (stored) imported += 1;
    }
  }
  const counts = { tenant: tenant.name, folder: root, imported, skipped };
  if (imported > 0)
    log.info(counts, `${imported} uploaded image files copied into the database; the folder may be deleted now.`);
  else log.debug(counts, 'No uploaded image files left to copy into the database.');
  return { imported, skipped };
}

/** The entries of a folder (links as links, never followed); null when there is no such folder. */
async function entriesOf(dir: string) {
  try {
    return await fs.readdir(dir, { withFileTypes: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return null;
    throw error;
  }
}
