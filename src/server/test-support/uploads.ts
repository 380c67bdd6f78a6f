import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { Db } from '../db/database';
import type { LoggedIn } from './sessions';

export interface UploadFile {
  name: string;
  type: string;
  data: Buffer;
}

/** A multipart/form-data body as a browser sends it: the fields in order, then the file. */
export function multipartBody(fields: Record<string, string>, file?: UploadFile, field = 'file') {
  const boundary = '----folio-test-boundary';
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
    );
    chunks.push(file.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A plain-coloured test image (compresses to a few hundred bytes). */
export const testImage = (width: number, height: number, format: 'png' | 'jpeg' | 'gif' | 'webp') =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 30 } } })
    .toFormat(format)
    .toBuffer();

/** A PNG of random pixels: it hardly compresses (about 3 bytes a pixel), for size rules in KB. */
export function noisyPng(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = Math.floor(Math.random() * 256);
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/** Posts uploadImage as the editors do: the folder (`page`), the optional field, then the file. */
export function uploadImage(
  app: FastifyInstance,
  fields: Record<string, string>,
  file: UploadFile | undefined,
  who: LoggedIn | null,
) {
  const body = multipartBody(fields, file);
  return app.inject({
    method: 'POST',
    url: '/api/master/uploadImage',
    headers: { ...(who?.headers ?? {}), 'content-type': body.contentType },
    payload: body.payload,
  });
}

/** Every stored image of a tenant's database as `folder/name`, sorted: what an upload wrote, or a refusal did not. */
export async function storedImages(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('images').select(['folder', 'name']).execute();
  return rows.map((row) => `${row.folder}/${row.name}`).sort();
}

/** The stored bytes of one image, or undefined when the database does not hold it. */
export async function storedImage(db: Db, folder: string, name: string): Promise<Buffer | undefined> {
  const row = await db
    .selectFrom('images')
    .select('bytes')
    .where('folder', '=', folder)
    .where('name', '=', name)
    .executeTakeFirst();
  return row && Buffer.from(row.bytes);
}

/**
 * A page made in page creation (type Autowired, on the website) with the given parameters, made by an
 * administrator through the real calls: its id.
 */
export async function createPageWithParameters(
  app: FastifyInstance,
  admin: LoggedIn,
  names: { filename: string; dspname: string },
  parameters: object[],
): Promise<number> {
  const call = (name: string, payload: object) =>
    app.inject({ method: 'POST', url: `/api/master/${name}`, headers: admin.headers, payload });
  const created = await call('savePageCreation', { ...names, module: 1, type: 'Autowired', homepage: 'Y' });
  if (created.statusCode !== 200) throw new Error(`savePageCreation answered ${created.statusCode}: ${created.body}`);
  const id = created.json().id as number;
  const saved = await call('saveParameters', { id, parameters });
  if (saved.statusCode !== 200) throw new Error(`saveParameters answered ${saved.statusCode}: ${saved.body}`);
  return id;
}
