import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentPageByKey } from '../../core/pages';
import { createTestApp, testDialects, type TestApp } from '../test-support/test-app';
import { EDITOR_PASSWORD, createEditor, logIn, type LoggedIn } from '../test-support/sessions';
import { storedImage, storedImages, testImage, uploadImage } from '../test-support/uploads';

const MAX_BYTES = 300_000;

/** A PNG whose header claims 50000 x 50000 pixels (a decompression bomb's header), with a tiny body. */
function hugePngHeader(): Buffer {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(50_000, 0);
  ihdr.writeUInt32BE(50_000, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(Buffer.concat([Buffer.from(type), data])));
    return Buffer.concat([length, Buffer.from(type), data, crc]);
  };
  return Buffer.concat([
    signature,
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(100))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe.each(testDialects())('images on %s', (dialect) => {
  let t: TestApp;
  let editor: LoggedIn;
  const listPhotos = () => storedImages(t.app.tenants.default.db);
  const stored = (folder: string, name: string) => storedImage(t.app.tenants.default.db, folder, name);

  beforeAll(async () => {
    t = await createTestApp(dialect, {
      UPLOAD_MAX_BYTES: String(MAX_BYTES),
      PUBLIC_BASE_URL: 'https://folio.example/',
    });
    await createEditor(t.app, 'editor');
    editor = await logIn(t.app, 'editor', EDITOR_PASSWORD);
  });
  afterAll(async () => t?.close());

  const upload = (
    page: string,
    file: { name: string; type: string; data: Buffer } | undefined,
    who: LoggedIn | null = editor,
  ) => uploadImage(t.app, { page }, file, who);
  const deleteImage = (payload: Record<string, unknown>, who: LoggedIn | null = editor) =>
    t.app.inject({ method: 'POST', url: '/api/master/deleteImage', headers: who?.headers ?? {}, payload });

  it('stores a PNG re-encoded under a generated name with srcset widths, and serves it as an image', async () => {
    const png = await sharp(await testImage(800, 400, 'png'))
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-exif-marker' } } })
      .png()
      .toBuffer();
    const response = await upload('about', { name: '../../evil name.png', type: 'image/png', data: png });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.message).toBe('File uploaded successfully');
    expect(body.filename).toMatch(/^[0-9a-f]{24}_800x400\.png$/);
    // A path, never PUBLIC_BASE_URL's scheme and host: the image shows wherever the site is reached (docs/design.md §24).
    expect(body.url).toBe(`/uploads/photos/about/${body.filename}`);
    const stem = body.filename.replace('.png', '');
    expect(await listPhotos()).toEqual(
      [`about/${body.filename}`, `about/${stem}-320.webp`, `about/${stem}-640.webp`, `about/${stem}-800.webp`].sort(),
    );
    const original = (await stored('about', body.filename))!;
    expect(original.includes(Buffer.from('secret-exif-marker'))).toBe(false);
    expect((await sharp(original).metadata()).format).toBe('png');
    // Nothing is written to the disk any more: the database holds the images (docs/design.md §8).
    expect(fs.existsSync(path.join(t.config.dataDir, 'uploads'))).toBe(false);

    const served = await t.app.inject({ method: 'GET', url: `/uploads/photos/about/${body.filename}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toBe('public, max-age=3600');
    expect(served.headers.etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(served.rawPayload.equals(original)).toBe(true);
    const variant = await t.app.inject({ method: 'GET', url: `/uploads/photos/about/${stem}-320.webp` });
    expect(variant.headers['content-type']).toBe('image/webp');
    expect((await sharp(variant.rawPayload).metadata()).width).toBe(320);
  });

  it.each([
    ['JPEG', 'jpeg', /_300x200\.jpg$/],
    ['GIF', 'gif', /_300x200\.png$/],
    ['WebP', 'webp', /_300x200\.webp$/],
  ] as const)('accepts a %s', async (_name, format, expected) => {
    const response = await upload('customer', {
      name: 'logo.png',
      type: 'image/png',
      data: await testImage(300, 200, format),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().filename).toMatch(expected);
  });

  it.each([
    [
      'an SVG renamed .png',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>'),
    ],
    ['an HTML file renamed .png', Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>')],
    ['a PDF renamed .png', Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n')],
  ])('refuses %s by its bytes, writing nothing', async (_what, data) => {
    const before = await listPhotos();
    const response = await upload('about', { name: 'innocent.png', type: 'image/png', data });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Please upload a PNG, JPEG, GIF or WebP image.');
    expect(await listPhotos()).toEqual(before);
  });

  it('strips what a polyglot hides after the image', async () => {
    const polyglot = Buffer.concat([
      await testImage(100, 100, 'png'),
      Buffer.from('<html><script>alert("polyglot")</script></html>'),
    ]);
    const response = await upload('about', { name: 'poly.png', type: 'image/png', data: polyglot });
    expect(response.statusCode).toBe(200);
    const bytes = (await stored('about', response.json().filename))!;
    expect(bytes.includes(Buffer.from('<script'))).toBe(false);
    expect(bytes.includes(Buffer.from('polyglot'))).toBe(false);
  });

  it('refuses a file over UPLOAD_MAX_BYTES with 413, writing nothing', async () => {
    const before = await listPhotos();
    const big = Buffer.concat([await testImage(100, 100, 'png'), Buffer.alloc(MAX_BYTES + 10)]);
    const response = await upload('about', { name: 'big.png', type: 'image/png', data: big });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('The image is larger than 0.3 MB.');
    expect(await listPhotos()).toEqual(before);
  });

  it('refuses an image of absurd pixel dimensions without decoding it', async () => {
    const before = await listPhotos();
    const response = await upload('about', { name: 'bomb.png', type: 'image/png', data: hugePngHeader() });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('The image is too large in pixels.');
    expect(await listPhotos()).toEqual(before);
  });

  it('refuses an unknown folder, a missing file and a non-multipart body with 400', async () => {
    const png = await testImage(50, 50, 'png');
    for (const page of ['../../etc', 'news', '', 'about/../customer']) {
      const response = await upload(page, { name: 'a.png', type: 'image/png', data: png });
      expect(response.statusCode, page).toBe(400);
    }
    expect((await upload('about', undefined)).statusCode).toBe(400);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/master/uploadImage',
      headers: editor.headers,
      payload: { page: 'about' },
    });
    expect(json.statusCode).toBe(400);
  });

  it('needs a session (401) and the page of the folder in the menu (403)', async () => {
    const png = { name: 'a.png', type: 'image/png', data: await testImage(50, 50, 'png') };
    expect((await upload('about', png, null)).statusCode).toBe(401);
    expect((await deleteImage({ filename: 'x', page: 'about' }, null)).statusCode).toBe(401);

    const db = t.app.tenants.default.db;
    const homeOnly = await createEditor(t.app, 'homeonly');
    await db
      .insertInto('menu_items')
      .values({
        owner_kind: 'user',
        owner_id: homeOnly,
        parent_id: null,
        page_id: contentPageByKey('home').id,
        label: 'Home',
        sequence: 1,
        is_sub_menu: 0,
        land_page: 1,
      })
      .execute();
    const home = await logIn(t.app, 'homeonly', EDITOR_PASSWORD, '10.20.0.1');
    expect((await upload('about', png, home)).statusCode).toBe(403);

    const customersOnly = await createEditor(t.app, 'custonly');
    await db
      .insertInto('menu_items')
      .values({
        owner_kind: 'user',
        owner_id: customersOnly,
        parent_id: null,
        page_id: contentPageByKey('customers').id,
        label: 'Customers',
        sequence: 1,
        is_sub_menu: 0,
        land_page: 1,
      })
      .execute();
    const cust = await logIn(t.app, 'custonly', EDITOR_PASSWORD, '10.20.0.2');
    const before = await listPhotos();
    const refused = await upload('about', png, cust);
    expect(refused.statusCode).toBe(403);
    expect(await listPhotos()).toEqual(before);
    expect((await upload('customer', png, cust)).statusCode).toBe(200);
    const mine = (await upload('about', png)).json().filename as string;
    expect((await deleteImage({ filename: mine, page: 'about' }, cust)).statusCode).toBe(403);
    expect(await stored('about', mine)).toBeDefined();
  });

  it('takes sharing images (docs/design.md §20) from anyone whose menu holds a page editor, and no one else', async () => {
    const png = { name: 'card.png', type: 'image/png', data: await testImage(1200, 630, 'png') };
    const db = t.app.tenants.default.db;
    // A Home editor uploads the Home page's sharing image: not About's or Customers' folder, but `sharing`.
    const homeOnly = await createEditor(t.app, 'homesharer');
    await db
      .insertInto('menu_items')
      .values({
        owner_kind: 'user',
        owner_id: homeOnly,
        parent_id: null,
        page_id: contentPageByKey('home').id,
        label: 'Home',
        sequence: 1,
        is_sub_menu: 0,
        land_page: 1,
      })
      .execute();
    const home = await logIn(t.app, 'homesharer', EDITOR_PASSWORD, '10.20.0.3');
    const accepted = await upload('sharing', png, home);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await stored('sharing', accepted.json().filename)).toBeDefined();
    // A user whose menu holds no page editor (only the audit log) is refused, and nothing is stored.
    const auditor = await createEditor(t.app, 'auditonly');
    await db
      .insertInto('menu_items')
      .values({
        owner_kind: 'user',
        owner_id: auditor,
        parent_id: null,
        page_id: 27,
        label: 'Audit Log',
        sequence: 1,
        is_sub_menu: 0,
        land_page: 1,
      })
      .execute();
    const audit = await logIn(t.app, 'auditonly', EDITOR_PASSWORD, '10.20.0.4');
    const before = await listPhotos();
    expect((await upload('sharing', png, audit)).statusCode).toBe(403);
    expect(await listPhotos()).toEqual(before);
    expect((await upload('sharing', png, null)).statusCode).toBe(401);
  });

  it('takes slide images (docs/design.md §27) from whoever edits Home or Bespoke, and no one else', async () => {
    const png = { name: 'slide.png', type: 'image/png', data: await testImage(1600, 700, 'png') };
    const db = t.app.tenants.default.db;
    const withMenu = async (username: string, page: 'home' | 'bespoke' | 'about', address: string) => {
      const id = await createEditor(t.app, username);
      const { id: pageId, routing } = contentPageByKey(page);
      await db
        .insertInto('menu_items')
        .values({
          owner_kind: 'user',
          owner_id: id,
          parent_id: null,
          page_id: pageId,
          label: routing,
          sequence: 1,
          is_sub_menu: 0,
          land_page: 1,
        })
        .execute();
      return logIn(t.app, username, EDITOR_PASSWORD, address);
    };
    // Either carousel's editor uploads to the one `slides` folder, and the image is served from it.
    for (const [username, page, address] of [
      ['slidehome', 'home', '10.20.0.5'],
      ['slidebespoke', 'bespoke', '10.20.0.6'],
    ] as const) {
      const accepted = await upload('slides', png, await withMenu(username, page, address));
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect(accepted.json().url).toMatch(/^\/uploads\/photos\/slides\/[0-9a-f]{24}_1600x700\.png$/);
      expect(await stored('slides', accepted.json().filename)).toBeDefined();
      expect((await t.app.inject({ method: 'GET', url: accepted.json().url })).statusCode).toBe(200);
    }
    // An editor of another page (About) is refused with a sentence, and nothing is stored.
    const before = await listPhotos();
    const refused = await upload('slides', png, await withMenu('slideabout', 'about', '10.20.0.7'));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      'Your menu does not include the Home or Bespoke editor, whose carousels these images are for.',
    );
    expect(await listPhotos()).toEqual(before);
    expect((await upload('slides', png, null)).statusCode).toBe(401);
  });

  it('keeps an image that only a draft shows (409), and deletes it once the draft no longer does', async () => {
    const png = { name: 'card.png', type: 'image/png', data: await testImage(600, 315, 'png') };
    const url = (await upload('sharing', png)).json().url as string;
    const edit = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/master/edit/Home', headers: editor.headers })).json();
    const saveDraft = async (image: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/master/saveHome',
        headers: editor.headers,
        payload: { ...(await edit()), seo: { title: '', description: '', image }, publish: 'draft' },
      });
    const drafted = await saveDraft(url);
    expect(drafted.statusCode, drafted.body).toBe(200);
    const refused = await deleteImage({ filename: url, page: 'sharing' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/still used by the page Home/);
    expect((await saveDraft('')).statusCode).toBe(200);
    expect((await deleteImage({ filename: url, page: 'sharing' })).statusCode).toBe(200);
  });

  it('deletes an uploaded image and its srcset copies, by name or by URL', async () => {
    const first = (
      await upload('customer', { name: 'a.png', type: 'image/png', data: await testImage(700, 100, 'png') })
    ).json();
    const stem = first.filename.replace('.png', '');
    const response = await deleteImage({ filename: first.filename, page: 'customer' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Success' });
    expect((await listPhotos()).filter((f) => f.includes(stem))).toEqual([]);
    const second = (
      await upload('customer', { name: 'a.png', type: 'image/png', data: await testImage(100, 100, 'png') })
    ).json();
    expect((await deleteImage({ filename: second.url, page: 'customer' })).json()).toEqual({ message: 'Success' });
    expect((await deleteImage({ filename: second.url, page: 'customer' })).statusCode).toBe(404);
    const third = (
      await upload('customer', { name: 'a.png', type: 'image/png', data: await testImage(100, 100, 'png') })
    ).json();
    expect(
      (await deleteImage({ filename: `/uploads/photos/customer/${third.filename}`, page: 'customer' })).json(),
    ).toEqual({ message: 'Success' });
  });

  it("refuses to delete by an address on another host, with a sentence naming this site's, and deletes nothing", async () => {
    const image = (
      await upload('customer', { name: 'a.png', type: 'image/png', data: await testImage(60, 60, 'png') })
    ).json();
    const response = await deleteImage({
      filename: `http://evil.example/uploads/photos/customer/${image.filename}`,
      page: 'customer',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      "The image's address is not on this site (https://folio.example); give its file name or its address on this site.",
    );
    expect(await stored('customer', image.filename)).toBeDefined();
  });

  it.each([
    ['../../x', 'about'],
    ['..%2f..%2fx', 'about'],
    ['..\\x', 'about'],
    ['..\\..\\canary.txt', 'about'],
    ['/etc/passwd', 'about'],
    ['CANARY_ABSOLUTE', 'about'],
    ['x.png\0.png', 'about'],
    ['CANARY_NAME', 'unknown'],
    ['CANARY_NAME', '../..'],
    ['CANARY_NAME', 'about/../..'],
    ['https://folio.example/uploads/photos/about/../../canary.txt', 'about'],
    ['https://folio.example/uploads/photos/customer/CANARY_NAME', 'about'],
    ['http://evil.example/uploads/photos/customer/CANARY_NAME', 'customer'],
    ['//evil.example/uploads/photos/customer/CANARY_NAME', 'customer'],
    ['https://folio.example.evil.test/uploads/photos/customer/CANARY_NAME', 'customer'],
    ['http://folio.example/uploads/photos/customer/CANARY_NAME', 'customer'],
    ['https://folio.example/uploads/photos/customer/CANARY_NAME?v=1', 'customer'],
    ['https://folio.example/old/uploads/photos/customer/CANARY_NAME', 'customer'],
    ['canary.txt', 'about'],
    ['', 'about'],
  ])('refuses deleteImage %j in %j with 400, the canaries survive', async (filename, page) => {
    const canaries = [
      path.join(t.config.dataDir, 'canary.txt'),
      path.join(t.config.dataDir, 'x'),
      path.join(t.config.dataDir, 'uploads', 'canary.txt'),
      path.join(t.config.dataDir, 'uploads', 'photos', 'canary.txt'),
    ];
    for (const canary of canaries) {
      fs.mkdirSync(path.dirname(canary), { recursive: true });
      fs.writeFileSync(canary, 'canary');
    }
    const real = (
      await upload('customer', { name: 'a.png', type: 'image/png', data: await testImage(60, 60, 'png') })
    ).json().filename as string;
    const name = filename.replace('CANARY_ABSOLUTE', canaries[0]!).replace('CANARY_NAME', real);
    const response = await deleteImage({ filename: name, page });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/\w+ \w+/);
    for (const canary of canaries) expect(fs.readFileSync(canary, 'utf8')).toBe('canary');
    expect(await stored('customer', real)).toBeDefined();
  });

  it('keeps an image still used by another entry or another page (409)', async () => {
    const image = (
      await upload('customer', { name: 'a.png', type: 'image/png', data: await testImage(60, 60, 'png') })
    ).json();
    const read = async (call: string) =>
      (await t.app.inject({ method: 'POST', url: `/api/master/${call}`, payload: {} })).json();
    const save = (call: string, doc: unknown) =>
      t.app.inject({ method: 'POST', url: `/api/master/${call}`, headers: editor.headers, payload: doc as object });
    const customers = await read('getcust');
    customers.tablelst[0].custImage = image.url;
    customers.tablelst[1].custImage = image.url;
    expect((await save('savecust', customers)).statusCode).toBe(200);
    const twice = await deleteImage({ filename: image.filename, page: 'customer' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('The image is still used by another entry of Customers; it was not deleted.');

    const updated = await read('getcust');
    updated.tablelst[1].custImage = '';
    expect((await save('savecust', updated)).statusCode).toBe(200);
    const about = await read('getabout');
    about.managementlst[0].mngimg = image.url;
    expect((await save('saveabout', about)).statusCode).toBe(200);
    const elsewhere = await deleteImage({ filename: image.filename, page: 'customer' });
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json().message).toBe('The image is still used by the page About; it was not deleted.');
    expect(await stored('customer', image.filename)).toBeDefined();

    about.managementlst[0].mngimg = '';
    about.revision += 1;
    expect((await save('saveabout', about)).statusCode).toBe(200);
    // Used once by its own page (the entry being removed in the editor): deleted.
    expect((await deleteImage({ filename: image.filename, page: 'customer' })).json()).toEqual({ message: 'Success' });
  });

  it('shows an uploaded image on the public page with width, height and a WebP srcset', async () => {
    const image = (
      await upload('customer', { name: 'a.png', type: 'image/png', data: await testImage(700, 350, 'png') })
    ).json();
    const customers = (await t.app.inject({ method: 'POST', url: '/api/master/getcust', payload: {} })).json();
    customers.tablelst[0].custImage = image.url;
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/master/savecust', headers: editor.headers, payload: customers }))
        .statusCode,
    ).toBe(200);
    const html = (await t.app.inject({ method: 'GET', url: '/Customers1' })).body;
    const stem = image.filename.replace('.png', '');
    expect(html).toContain('type="image/webp"');
    expect(html).toContain(
      `srcSet="/uploads/photos/customer/${stem}-320.webp 320w, /uploads/photos/customer/${stem}-640.webp 640w, /uploads/photos/customer/${stem}-700.webp 700w"`,
    );
    expect(html).toMatch(
      new RegExp(`<img[^>]*src="${image.url.replace(/[.]/g, '\\.')}"[^>]*width="320"[^>]*height="160"`),
    );
  });

  it('serves only generated names in allow-listed folders that the database holds, never as HTML', async () => {
    // Files put in the old uploads folder after the start are not served (only the import at start reads it).
    const folder = path.join(t.config.dataDir, 'uploads', 'photos', 'about');
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(folder, 'page.html'), '<script>alert(1)</script>');
    fs.writeFileSync(path.join(folder, '0123456789abcdef01234567_1x1.png'), await testImage(1, 1, 'png'));
    for (const url of [
      '/uploads/photos/about/page.html',
      '/uploads/photos/about/..%2f..%2fcanary.txt',
      '/uploads/photos/secret/x.png',
      '/uploads/photos/about/0123456789abcdef01234567_1x1.png',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).not.toMatch(/html/);
    }
  });
});
