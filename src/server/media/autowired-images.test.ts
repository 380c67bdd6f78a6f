import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, EDITOR_PASSWORD, createEditor, logIn, type LoggedIn } from '../test-support/sessions';
import { createTestApp, testDialects, type TestApp } from '../test-support/test-app';
import { noisyPng, storedImage, storedImages, testImage, uploadImage } from '../test-support/uploads';
import { createUser } from '../users/users.service';

/** Image parameters of pages made in page creation (docs/design.md §8, §13): their own upload folder, their size rules. */
describe.each(testDialects())('images of Autowired pages on %s', (dialect) => {
  let t: TestApp;
  let admin: LoggedIn;
  let editor: LoggedIn;
  let outsider: LoggedIn;
  let galleryId: number;
  let plainId: number;
  const listPhotos = () => storedImages(t.app.tenants.default.db);
  const png = async (width: number, height: number) => ({
    name: 'photo.png',
    type: 'image/png',
    data: await testImage(width, height, 'png'),
  });

  beforeAll(async () => {
    t = await createTestApp(dialect, { PUBLIC_BASE_URL: 'https://folio.example/' });
    await createUser(t.app.tenants.default.db, { username: 'boss', password: ADMIN_PASSWORD, groupId: 1 });
    admin = await logIn(t.app, 'boss', ADMIN_PASSWORD);
    const master = (name: string, payload: unknown) =>
      t.app.inject({ method: 'POST', url: `/api/master/${name}`, headers: admin.headers, payload: payload as object });
    galleryId = (
      await master('savePageCreation', {
        filename: 'Gallery',
        dspname: 'Gallery',
        module: 1,
        type: 'Autowired',
        homepage: 'Y',
      })
    ).json().id;
    plainId = (
      await master('savePageCreation', {
        filename: 'Plain',
        dspname: 'Plain',
        module: 1,
        type: 'Autowired',
        homepage: 'Y',
      })
    ).json().id;
    const gallery = await master('saveParameters', {
      id: galleryId,
      parameters: [
        {
          parameterName: 'photo',
          sequence: 1,
          type: 'Image',
          unittype: 'Image',
          pagecreationtype: 'Header',
          width: 400,
          sizeinKB: 8,
        },
        {
          parameterName: 'caption',
          sequence: 2,
          mandatory: 'Y',
          type: 'Textarea',
          unittype: 'Character',
          pagecreationtype: 'Detail',
          maxlength: 80,
        },
        { parameterName: 'logo', sequence: 3, type: 'Image', unittype: 'Image', pagecreationtype: 'Detail' },
      ],
    });
    expect(gallery.statusCode, gallery.body).toBe(200);
    const plain = await master('saveParameters', {
      id: plainId,
      parameters: [
        { parameterName: 'text', sequence: 1, type: 'Textarea', unittype: 'Character', pagecreationtype: 'Header' },
      ],
    });
    expect(plain.statusCode, plain.body).toBe(200);
    const editorId = await createEditor(t.app, 'gallery-editor');
    const db = t.app.tenants.default.db;
    for (const [sequence, pageId] of [galleryId, plainId].entries()) {
      await db
        .insertInto('menu_items')
        .values({
          owner_kind: 'user',
          owner_id: editorId,
          parent_id: null,
          page_id: pageId,
          label: `Page ${pageId}`,
          sequence: sequence + 1,
          is_sub_menu: 0,
          land_page: sequence === 0 ? 1 : 0,
        })
        .execute();
    }
    editor = await logIn(t.app, 'gallery-editor', EDITOR_PASSWORD);
    await createEditor(t.app, 'outsider');
    outsider = await logIn(t.app, 'outsider', EDITOR_PASSWORD, '10.30.0.1');
  });
  afterAll(async () => t?.close());

  const folder = () => `page${galleryId}`;
  const upload = (
    fields: Record<string, string>,
    file: Parameters<typeof uploadImage>[2],
    who: LoggedIn | null = editor,
  ) => uploadImage(t.app, fields, file, who);
  const content = async () =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/master/getpagecontent',
        headers: editor.headers,
        payload: { commonrouting: 'Gallery' },
      })
    ).json();
  const save = (document: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/master/savepagecontent',
      headers: editor.headers,
      payload: { commonrouting: 'Gallery', document },
    });
  const deleteImage = (payload: Record<string, unknown>, who: LoggedIn = editor) =>
    t.app.inject({ method: 'POST', url: '/api/master/deleteImage', headers: who.headers, payload });

  it('uploads to the page’s own folder, checked against the field’s rules, and serves the image', async () => {
    const response = await upload({ page: folder(), field: 'photo' }, await png(300, 200));
    expect(response.statusCode, response.body).toBe(200);
    const { url, filename } = response.json();
    expect(url).toBe(`/uploads/photos/${folder()}/${filename}`);
    expect(filename).toMatch(/^[0-9a-f]{24}_300x200\.png$/);
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    // The field name is matched without regard to case, like the rules are.
    expect((await upload({ page: folder(), field: 'PHOTO' }, await png(20, 20))).statusCode).toBe(200);
  });

  it('refuses an image over the field’s width or size in KB at upload, writing nothing', async () => {
    const before = await listPhotos();
    const wide = await upload({ page: folder(), field: 'photo' }, await png(500, 100));
    expect(wide.statusCode).toBe(400);
    expect(wide.json().message).toBe('Please upload an image at most 400 pixels wide in photo');
    const heavy = await upload(
      { page: folder(), field: 'photo' },
      { name: 'noise.png', type: 'image/png', data: await noisyPng(100, 100) },
    );
    expect(heavy.statusCode).toBe(400);
    expect(heavy.json().message).toMatch(/^Please upload an image of at most 8 KB in photo \(this one is \d+ KB\)$/);
    expect(await listPhotos()).toEqual(before);
    // A field without size rules takes the same image.
    expect(
      (
        await upload(
          { page: folder(), field: 'logo' },
          { name: 'noise.png', type: 'image/png', data: await noisyPng(100, 100) },
        )
      ).statusCode,
    ).toBe(200);
  });

  it('refuses at save a stored image over the size in KB (a rule tightened after the upload), content unchanged', async () => {
    const heavy = (
      await upload({ page: folder() }, { name: 'noise.png', type: 'image/png', data: await noisyPng(100, 100) })
    ).json();
    const before = await content();
    const refused = await save({ header: { photo: heavy.url }, rows: [], revision: before.revision });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/^Please upload an image of at most 8 KB in photo \(this one is \d+ KB\)$/);
    expect(await content()).toEqual(before);
  });

  it.each([
    [
      'the folder of a page without image fields',
      () => ({ page: `page${plainId}` }),
      400,
      /^The page Plain has no image fields\.$/,
    ],
    [
      'the folder of no page',
      () => ({ page: 'page999999' }),
      400,
      /^There is no page made in page creation with this image folder\.$/,
    ],
    [
      'a field the page does not have',
      () => ({ page: folder(), field: 'banner' }),
      400,
      /^The page Gallery has no image field called banner\.$/,
    ],
    ['a folder name of another form', () => ({ page: 'page0' }), 400, /^Unknown image folder/],
    ['a folder with a path in it', () => ({ page: `${folder()}/../about` }), 400, /^Unknown image folder/],
  ])('refuses %s with a sentence, writing nothing', async (_what, fields, status, message) => {
    const before = await listPhotos();
    const response = await upload(fields(), await png(20, 20));
    expect(response.statusCode).toBe(status);
    expect(response.json().message).toMatch(message);
    expect(await listPhotos()).toEqual(before);
  });

  it('refuses a caller whose menu lacks the page (403) and a visitor (401), writing nothing', async () => {
    const before = await listPhotos();
    expect((await upload({ page: folder(), field: 'photo' }, await png(20, 20), outsider)).statusCode).toBe(403);
    expect((await upload({ page: folder(), field: 'photo' }, await png(20, 20), null)).statusCode).toBe(401);
    expect(await listPhotos()).toEqual(before);
  });

  it('shows the saved images on the public page with their size and a WebP srcset', async () => {
    const photo = (await upload({ page: folder(), field: 'photo' }, await png(360, 240))).json();
    const logo = (await upload({ page: folder(), field: 'logo' }, await png(64, 64))).json();
    const saved = await save({
      header: { photo: photo.url },
      rows: [{ caption: 'Our office', logo: logo.url }],
      revision: (await content()).revision,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const html = (await t.app.inject({ method: 'GET', url: '/Gallery1' })).body;
    const stem = photo.filename.replace('.png', '');
    expect(html).toContain(`srcSet="/uploads/photos/${folder()}/${stem}-320.webp 320w,`);
    expect(html).toMatch(
      new RegExp(`<img[^>]*src="${photo.url.replace(/[.]/g, '\\.')}"[^>]*width="360"[^>]*height="240"`),
    );
    expect(html).toContain(logo.url);
  });

  it('keeps an image two entries use (409) and deletes it once one is left; an outsider may not delete', async () => {
    const logo = (await upload({ page: folder(), field: 'logo' }, await png(32, 32))).json();
    const current = await content();
    const rows = [
      { caption: 'One', logo: logo.url },
      { caption: 'Two', logo: logo.url },
    ];
    expect((await save({ ...current, rows })).statusCode).toBe(200);
    const twice = await deleteImage({ filename: logo.filename, page: folder() });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('The image is still used by another entry of Gallery; it was not deleted.');
    expect((await deleteImage({ filename: logo.filename, page: folder() }, outsider)).statusCode).toBe(403);

    const once = await content();
    expect((await save({ ...once, rows: [rows[0]] })).statusCode).toBe(200);
    expect((await deleteImage({ filename: logo.url, page: folder() })).json()).toEqual({ message: 'Success' });
    expect(await storedImage(t.app.tenants.default.db, folder(), logo.filename)).toBeUndefined();
    expect((await t.app.inject({ method: 'GET', url: logo.url })).statusCode).toBe(404);
  });
});
