import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_PAGE_SIZE } from '../../core/schemas/media';
import { encodeCursor } from '../db/keyset';
import { ADMIN_PASSWORD, EDITOR_PASSWORD, createEditor, logIn, type LoggedIn } from '../test-support/sessions';
import { createTestApp, testDialects, type TestApp } from '../test-support/test-app';
import {
  createPageWithParameters,
  multipartBody,
  storedImage,
  uploadImage,
  type UploadFile,
} from '../test-support/uploads';
import { createUser } from '../users/users.service';

type Item = {
  id: number;
  folder: string;
  name: string;
  title: string;
  url: string;
  bytes: number;
  alt: string;
  focalX: number;
  focalY: number;
  usedBy: Array<{ routing: string; page: string; field: string }>;
};

/** A picture of one colour, as a file of the upload form. */
const picture = async (
  width: number,
  height: number,
  format: 'png' | 'jpeg' = 'png',
  colour = { r: 200, g: 60, b: 30 },
): Promise<UploadFile> => ({
  name: `picture.${format}`,
  type: `image/${format}`,
  data: await sharp({ create: { width, height, channels: 3, background: colour } })
    .toFormat(format)
    .toBuffer(),
});

/** The media library (docs/design.md §27): list, search, unused, where used, alt text and focal point, delete, replace. */
describe.each(testDialects())('the media library on %s', (dialect) => {
  let t: TestApp;
  let admin: LoggedIn;
  let editor: LoggedIn;
  let nobody: LoggedIn;
  let galleryId: number;
  const db = () => t.app.tenants.default.db;

  beforeAll(async () => {
    t = await createTestApp(dialect, { ADMIN_PASSWORD, TENANTS: 'default,acme' });
    admin = await logIn(t.app, 'admin', ADMIN_PASSWORD);
    await createEditor(t.app, 'editor');
    editor = await logIn(t.app, 'editor', EDITOR_PASSWORD);
    // A group whose menu is empty: neither the media screen nor a page editor.
    const group = await db()
      .insertInto('user_groups')
      .values({ name: 'Readers', builtin: 0, created_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await createUser(db(), { username: 'reader', password: EDITOR_PASSWORD, groupId: group.id });
    nobody = await logIn(t.app, 'reader', EDITOR_PASSWORD);
    galleryId = await createPageWithParameters(t.app, admin, { filename: 'Gallery', dspname: 'Our gallery' }, [
      { parameterName: 'photo', sequence: 1, type: 'Image', unittype: 'Image', pagecreationtype: 'Header' },
      { parameterName: 'picture', sequence: 2, type: 'Image', unittype: 'Image', pagecreationtype: 'Detail' },
    ]);
  });
  afterAll(async () => t?.close());

  const upload = async (folder: string, file: UploadFile) => {
    const response = await uploadImage(t.app, { page: folder }, file, admin);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { url: string; filename: string };
  };
  const list = async (query = '', who: LoggedIn | null = admin) =>
    t.app.inject({ method: 'GET', url: `/api/master/media${query}`, headers: who?.headers ?? {} });
  const items = async (query = '') => {
    const response = await list(query);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { items: Item[]; next: string | null };
  };
  const itemOf = async (url: string) =>
    (await items(`?search=${encodeURIComponent(url.slice(url.lastIndexOf('/') + 1))}`)).items.find(
      (item) => item.url === url,
    )!;
  const update = (id: number | string, payload: object, who: LoggedIn | null = admin) =>
    t.app.inject({ method: 'POST', url: `/api/master/media/${id}`, headers: who?.headers ?? {}, payload });
  const remove = (id: number | string, who: LoggedIn | null = admin) =>
    t.app.inject({ method: 'DELETE', url: `/api/master/media/${id}`, headers: who?.headers ?? {} });
  const replace = (id: number | string, file: UploadFile | undefined, who: LoggedIn | null = admin) => {
    const body = multipartBody({}, file);
    return t.app.inject({
      method: 'POST',
      url: `/api/master/media/${id}/replace`,
      headers: { ...(who?.headers ?? {}), 'content-type': body.contentType },
      payload: body.payload,
    });
  };
  const read = async (call: string) =>
    (await t.app.inject({ method: 'POST', url: `/api/master/${call}`, payload: {} })).json();
  const save = async (call: string, payload: object) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/master/${call}`,
      headers: admin.headers,
      payload,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { revision: number };
  };

  it('lists every uploaded image newest first, in the shape of docs/design.md §27, without srcset copies', async () => {
    const first = await upload('about', await picture(800, 400));
    const second = await upload('customer', await picture(300, 200, 'jpeg'));
    const {
      items: [newest, older],
      next,
    } = await items();
    expect(next).toBeNull();
    expect(newest).toEqual({
      id: expect.any(Number),
      folder: 'customer',
      name: second.filename,
      // The uploaded file's name without its extension (docs/design.md §34).
      title: 'picture',
      url: second.url,
      width: 300,
      height: 200,
      bytes: (await storedImage(db(), 'customer', second.filename))!.length,
      alt: '',
      focalX: 0.5,
      focalY: 0.5,
      uploadedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      uploadedBy: 'admin',
      usedBy: [],
    });
    expect(older).toMatchObject({ folder: 'about', name: first.filename, url: first.url, width: 800, height: 400 });
    expect(older!.id).toBeLessThan(newest!.id);
  });

  it('says where an image is used, with the field’s path: a built-in page, a page made without code, a draft, the logo', async () => {
    const team = await upload('about', await picture(120, 120));
    const header = await upload(`page${galleryId}`, await picture(200, 100));
    const row = await upload(`page${galleryId}`, await picture(100, 100));
    const logo = await upload('company', await picture(64, 64));

    const about = await read('getabout');
    about.managementlst[1].mngimg = team.url;
    await save('saveabout', about);
    // A draft of a page made without code: not what visitors see, but it holds the image back all the same.
    const gallery = (
      await t.app.inject({
        method: 'POST',
        url: '/api/master/getpagecontent',
        headers: admin.headers,
        payload: { commonrouting: 'Gallery' },
      })
    ).json();
    const drafted = await save('savepagecontent', {
      commonrouting: 'Gallery',
      document: { ...gallery, header: { photo: header.url }, rows: [{ picture: '' }, { picture: row.url }] },
      publish: 'draft',
    });
    const company = (
      await t.app.inject({ method: 'POST', url: '/api/master/getCompanyDetails', headers: admin.headers, payload: {} })
    ).json();
    await save('saveCompanyDetails', { ...company, logo: logo.url });

    expect((await itemOf(team.url)).usedBy).toEqual([
      { routing: 'About', page: 'About us', field: 'managementlst[1].mngimg' },
    ]);
    expect((await itemOf(header.url)).usedBy).toEqual([
      { routing: 'Gallery', page: 'Our gallery', field: 'header.photo' },
    ]);
    expect((await itemOf(row.url)).usedBy).toEqual([
      { routing: 'Gallery', page: 'Our gallery', field: 'rows[1].picture' },
    ]);
    expect((await itemOf(logo.url)).usedBy).toEqual([
      { routing: 'companyForm', page: 'Company Details', field: 'logo' },
    ]);

    // Unused: only what nothing uses (none of the four).
    const unused = (await items('?unused=1')).items.map((item) => item.url);
    expect(unused.length).toBeGreaterThan(0);
    for (const used of [team, header, row, logo]) expect(unused).not.toContain(used.url);
    expect((await items('?unused=0')).items.map((item) => item.url)).toContain(team.url);

    // A new draft without the row's image lets it go (the uses are read again after each save).
    await save('savepagecontent', {
      commonrouting: 'Gallery',
      document: { header: { photo: header.url }, rows: [], revision: drafted.revision },
      publish: 'draft',
    });
    expect((await itemOf(row.url)).usedBy).toEqual([]);
    expect((await items('?unused=1')).items.map((item) => item.url)).toContain(row.url);
  });

  it('sets alt text and focal point, finds images by name and by alt text, and refuses bad input with a sentence', async () => {
    const image = await upload('about', await picture(400, 300));
    const { id } = await itemOf(image.url);
    const updated = await update(id, { alt: '  The Pune office at dusk  ', focalX: 0.25, focalY: 1 });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({
      id,
      url: image.url,
      alt: 'The Pune office at dusk',
      focalX: 0.25,
      focalY: 1,
    });
    expect(await itemOf(image.url)).toMatchObject({ alt: 'The Pune office at dusk', focalX: 0.25, focalY: 1 });

    expect((await items('?search=pune%20OFFICE')).items.map((item) => item.id)).toEqual([id]);
    expect((await items(`?search=${image.filename.slice(3, 15)}`)).items.map((item) => item.id)).toEqual([id]);
    // A wildcard is a character like any other.
    expect((await items('?search=%25')).items).toEqual([]);

    const refusals: Array<[object, string]> = [
      [{ alt: 'x'.repeat(301), focalX: 0.5, focalY: 0.5 }, 'The alt text is longer than 300 characters.'],
      [{ alt: '', focalX: 1.5, focalY: 0.5 }, 'focalX must be from 0 to 1.'],
      [{ alt: '', focalX: 0.5, focalY: -0.1 }, 'focalY must be from 0 to 1.'],
      [{ alt: '', focalX: '0.5', focalY: 0.5 }, 'focalX must be a number.'],
      [{ alt: 42, focalX: 0.5, focalY: 0.5 }, 'alt must be a string.'],
      [{ alt: '' }, 'focalX'],
    ];
    for (const [body, message] of refusals) {
      const response = await update(id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toContain(message);
    }
    expect((await update(id, { alt: 'x'.repeat(300), focalX: 0, focalY: 0 })).statusCode).toBe(200);
    expect((await list('?unused=maybe')).statusCode).toBe(400);
    expect((await list('?after=not-a-cursor!')).statusCode).toBe(400);
    expect((await list(`?after=${encodeCursor(['x'])}`)).json().message).toBe(
      'This page link is out of date: go back to the first page.',
    );

    const audited = await db()
      .selectFrom('audit_log')
      .select(['action', 'target_type', 'target_id'])
      .where('action', '=', 'image.update')
      .execute();
    expect(audited).toContainEqual({
      action: 'image.update',
      target_type: 'image',
      target_id: `about/${image.filename}`,
    });
  });

  it('keeps the uploaded file’s name as the image’s title: stored on upload, searchable, editable, one line of at most 120 characters (docs/design.md §34)', async () => {
    const image = await upload('about', {
      ...(await picture(320, 200)),
      name: 'C:\\Photos\\Team   photo_2024.final.jpg',
    });
    const { id, title } = await itemOf(image.url);
    // Without its folders and its extension, whitespace run together; the address stays Folio's own name.
    expect(title).toBe('Team photo_2024.final');
    expect(image.filename).toMatch(/^[0-9a-f]{24}_320x200\.png$/);
    expect((await items('?search=PHOTO_2024')).items.map((item) => item.id)).toEqual([id]);

    const renamed = await update(id, { title: '  Pune office, front desk  ', alt: '', focalX: 0.5, focalY: 0.5 });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ id, title: 'Pune office, front desk' });
    expect((await items('?search=front%20DESK')).items.map((item) => item.id)).toEqual([id]);
    expect((await items('?search=photo_2024')).items).toEqual([]);
    // Left out, the title is kept (a caller of the call before titles).
    expect((await update(id, { alt: 'A desk', focalX: 0.5, focalY: 0.5 })).json()).toMatchObject({
      title: 'Pune office, front desk',
      alt: 'A desk',
    });
    // One image read alone, as the dialog's Delete asks it: the same item.
    const one = await t.app.inject({ method: 'GET', url: `/api/master/media/${id}`, headers: admin.headers });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toEqual(await itemOf(image.url));
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/master/media/${id}`, headers: editor.headers })).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/master/media/999999', headers: admin.headers })).statusCode,
    ).toBe(404);

    const refusals: Array<[string, string]> = [
      ['x'.repeat(121), 'The title is longer than 120 characters.'],
      ['Two\nlines', 'The title must be one line.'],
    ];
    for (const [title, message] of refusals) {
      const response = await update(id, { title, alt: '', focalX: 0.5, focalY: 0.5 });
      expect(response.statusCode, title).toBe(400);
      expect(response.json()).toMatchObject({ message, field: 'title' });
    }
    expect((await update(id, { title: 42, alt: '', focalX: 0.5, focalY: 0.5 })).statusCode).toBe(400);
    expect((await itemOf(image.url)).title).toBe('Pune office, front desk');
    expect((await update(id, { title: 'é'.repeat(120), alt: '', focalX: 0.5, focalY: 0.5 })).json()).toMatchObject({
      title: 'é'.repeat(120),
    });
    expect((await update(id, { title: '', alt: '', focalX: 0.5, focalY: 0.5 })).json()).toMatchObject({ title: '' });

    const audited = await db()
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'image.update')
      .where('target_id', '=', `about/${image.filename}`)
      .orderBy('id')
      .execute();
    expect(audited[0]?.details).toContain('Pune office, front desk');
  });

  it('shows the library’s alt text on public pages where the field has no words, and its focal point as object-position', async () => {
    const showcaseId = await createPageWithParameters(t.app, admin, { filename: 'Showcase', dspname: 'Showcase' }, [
      { parameterName: 'photo', sequence: 1, type: 'Image', unittype: 'Image', pagecreationtype: 'Header' },
    ]);
    const photo = await upload(`page${showcaseId}`, await picture(300, 200));
    const team = await upload('about', await picture(120, 120));
    await save('savepagecontent', {
      commonrouting: 'Showcase',
      document: { header: { photo: photo.url }, rows: [], revision: 0 },
    });
    const about = await read('getabout');
    about.managementlst[0].mngimg = team.url;
    await save('saveabout', about);
    const imgOf = async (path: string, url: string) => {
      const page = await t.app.inject({ method: 'GET', url: path });
      expect(page.statusCode).toBe(200);
      return (
        new RegExp(`<img [^>]*src="${url.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}"[^>]*>`).exec(page.body)?.[0] ?? ''
      );
    };
    // Before: the page made without code says the parameter's name, the About page the person's name.
    expect(await imgOf('/Showcase1', photo.url)).toContain('alt="photo"');
    const person = String(about.managementlst[0].mngprofname);
    expect(await imgOf('/About1', team.url)).toContain(`alt="${person}"`);

    // The library's words replace the parameter's name (a cached page renders again); the person's name stays hers.
    expect(
      (
        await update((await itemOf(photo.url)).id, {
          alt: 'Our team & guests in the <garden>',
          focalX: 0.2,
          focalY: 0.75,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await update((await itemOf(team.url)).id, { alt: 'A portrait', focalX: 0.5, focalY: 0.5 })).statusCode,
    ).toBe(200);
    const shown = await imgOf('/Showcase1', photo.url);
    expect(shown).toContain('alt="Our team &amp; guests in the &lt;garden&gt;"');
    expect(shown).toContain('style="object-position:20% 75%"');
    const portrait = await imgOf('/About1', team.url);
    expect(portrait).toContain(`alt="${person}"`);
    expect(portrait).not.toContain('object-position');

    // Words taken away again: the parameter's name comes back.
    expect((await update((await itemOf(photo.url)).id, { alt: '', focalX: 0.5, focalY: 0.5 })).statusCode).toBe(200);
    const plain = await imgOf('/Showcase1', photo.url);
    expect(plain).toContain('alt="photo"');
    expect(plain).not.toContain('object-position');
  });

  it('pages 48 at a time by a cursor, newest first, with search and unused as filters', async () => {
    const at = new Date().toISOString();
    const rows = Array.from({ length: 110 }, (_, i) => ({
      folder: 'sharing',
      name: `${i.toString(16).padStart(24, 'a')}_10x10.png`,
      width: 10,
      height: 10,
      bytes: 100,
      uploaded_at: at,
      alt: i % 2 === 0 ? `Paged even ${i}` : `Paged odd ${i}`,
    }));
    await db().insertInto('media').values(rows).execute();
    const seen: number[] = [];
    let after = '';
    for (let pageNumber = 0; pageNumber < 3; pageNumber += 1) {
      const page = await items(after ? `?after=${after}` : '');
      seen.push(...page.items.map((item) => item.id));
      if (pageNumber < 2) {
        expect(page.items).toHaveLength(MEDIA_PAGE_SIZE);
        expect(page.next).toEqual(expect.any(String));
        after = page.next!;
      } else expect(page.next).toBeNull();
    }
    const total = Number(
      (
        await db()
          .selectFrom('media')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
    expect(seen).toEqual([...seen].sort((a, b) => b - a));

    const even = await items('?search=paged%20even');
    expect(even.items).toHaveLength(MEDIA_PAGE_SIZE);
    expect(even.items.every((item) => item.alt.startsWith('Paged even'))).toBe(true);
    const evenRest = await items(`?search=paged%20even&after=${even.next}`);
    expect(evenRest.items).toHaveLength(55 - MEDIA_PAGE_SIZE);
    expect(evenRest.next).toBeNull();
    const unusedSharing = await items('?unused=1&search=paged');
    expect(unusedSharing.items).toHaveLength(MEDIA_PAGE_SIZE);
  });

  it('refuses to delete a used image (409 naming where) and deletes an unused one with its copies', async () => {
    const image = await upload('about', await picture(700, 350));
    const { id } = await itemOf(image.url);
    const about = await read('getabout');
    about.managementlst[0].mngimg = image.url;
    await save('saveabout', about);

    const refused = await remove(id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: 'The image is used by the page About us (Team member 1: the image); it was not deleted.',
      usedBy: [{ routing: 'About', page: 'About us', field: 'managementlst[0].mngimg' }],
    });
    expect(await storedImage(db(), 'about', image.filename)).toBeDefined();

    about.managementlst[0].mngimg = '';
    about.revision += 1;
    await save('saveabout', about);
    expect((await remove(id)).json()).toEqual({ message: 'Success' });
    const stem = image.filename.replace('.png', '');
    for (const name of [image.filename, `${stem}-320.webp`, `${stem}-640.webp`, `${stem}-700.webp`])
      expect(await storedImage(db(), 'about', name), name).toBeUndefined();
    expect((await t.app.inject({ method: 'GET', url: image.url })).statusCode).toBe(404);
    expect((await items()).items.map((item) => item.id)).not.toContain(id);
    expect((await remove(id)).statusCode).toBe(404);
    const audited = await db()
      .selectFrom('audit_log')
      .select(['target_type', 'summary'])
      .where('action', '=', 'image.delete')
      .where('target_id', '=', `about/${image.filename}`)
      .execute();
    expect(audited).toEqual([
      { target_type: 'image', summary: `Deleted image ${image.filename} from the media library` },
    ]);
  });

  it('replaces the picture under the same address: fitted to its size around the focal point, new bytes and ETags served', async () => {
    const image = await upload('about', await picture(800, 400));
    const { id } = await itemOf(image.url);
    const stem = image.filename.replace('.png', '');
    const before = await t.app.inject({ method: 'GET', url: image.url });
    const copyBefore = await t.app.inject({ method: 'GET', url: `/uploads/photos/about/${stem}-320.webp` });
    // Cut at the right-hand edge: a picture twice as wide, left half blue and right half green, keeps the green.
    expect((await update(id, { alt: 'Kept', focalX: 1, focalY: 0.5 })).statusCode).toBe(200);
    const halves = await sharp({
      create: { width: 1600, height: 400, channels: 3, background: { r: 0, g: 0, b: 255 } },
    })
      .composite([
        {
          input: await sharp({ create: { width: 800, height: 400, channels: 3, background: { r: 0, g: 255, b: 0 } } })
            .png()
            .toBuffer(),
          left: 800,
          top: 0,
        },
      ])
      .jpeg()
      .toBuffer();

    const replaced = await replace(id, { name: 'new.jpg', type: 'image/jpeg', data: halves });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json()).toMatchObject({
      id,
      url: image.url,
      name: image.filename,
      width: 800,
      height: 400,
      alt: 'Kept',
      focalX: 1,
    });

    const after = await t.app.inject({ method: 'GET', url: image.url });
    expect(after.statusCode).toBe(200);
    expect(after.headers['content-type']).toBe('image/png');
    expect(after.headers['cache-control']).toBe('public, max-age=3600');
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.rawPayload.equals(before.rawPayload)).toBe(false);
    const served = await sharp(after.rawPayload).metadata();
    expect([served.format, served.width, served.height]).toEqual(['png', 800, 400]);
    const { data } = await sharp(after.rawPayload).raw().toBuffer({ resolveWithObject: true });
    // The whole box is from the green half (focal point at the right edge).
    const pixel = (x: number, y: number) => [...data.subarray((y * 800 + x) * 3, (y * 800 + x) * 3 + 3)];
    for (const [x, y] of [
      [5, 5],
      [400, 200],
      [795, 395],
    ] as const)
      expect(pixel(x, y)[1]).toBeGreaterThan(200);
    expect(pixel(5, 5)[2]).toBeLessThan(60);
    // The old ETag no longer matches: a browser that kept the old picture gets the new one.
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: image.url,
          headers: { 'if-none-match': before.headers.etag as string },
        })
      ).statusCode,
    ).toBe(200);
    const copyAfter = await t.app.inject({ method: 'GET', url: `/uploads/photos/about/${stem}-320.webp` });
    expect(copyAfter.headers.etag).not.toBe(copyBefore.headers.etag);
    expect((await sharp(copyAfter.rawPayload).metadata()).width).toBe(320);
    expect((await itemOf(image.url)).bytes).toBe(after.rawPayload.length);

    const audited = await db()
      .selectFrom('audit_log')
      .select(['target_type'])
      .where('action', '=', 'image.replace')
      .where('target_id', '=', `about/${image.filename}`)
      .execute();
    expect(audited).toEqual([{ target_type: 'image' }]);
  });

  it('refuses a replacement that is not an image, or none, changing nothing', async () => {
    const image = await upload('customer', await picture(50, 50));
    const { id } = await itemOf(image.url);
    const before = await storedImage(db(), 'customer', image.filename);
    const svg = await replace(id, {
      name: 'x.png',
      type: 'image/png',
      data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'),
    });
    expect(svg.statusCode).toBe(400);
    expect(svg.json().message).toBe('Please upload a PNG, JPEG, GIF or WebP image.');
    expect((await replace(id, undefined)).json().message).toBe('Please choose an image file to upload.');
    expect((await storedImage(db(), 'customer', image.filename))!.equals(before!)).toBe(true);
  });

  it('answers 404 for an id that is no image of this tenant, and 400 for one that is no number', async () => {
    const image = await upload('about', await picture(30, 30));
    const { id } = await itemOf(image.url);
    // The same id in another tenant's database: no image there.
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      headers: { dbname: 'acme' },
      payload: { username: 'admin', password: ADMIN_PASSWORD },
    });
    const acme = { dbname: 'acme', authorization: `Bearer ${signIn.json().token}` };
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/master/media', headers: acme }))
        .json()
        .items.map((item: Item) => item.id),
    ).not.toContain(id);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/master/media/${id}`,
          headers: acme,
          payload: { alt: 'x', focalX: 0, focalY: 0 },
        })
      ).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/master/media/${id}`, headers: acme })).statusCode).toBe(
      404,
    );
    const body = multipartBody({}, await picture(30, 30));
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/master/media/${id}/replace`,
          headers: { ...acme, 'content-type': body.contentType },
          payload: body.payload,
        })
      ).statusCode,
    ).toBe(404);
    for (const missing of [999_999, 2_147_483_647]) {
      expect((await update(missing, { alt: '', focalX: 0, focalY: 0 })).statusCode).toBe(404);
      expect((await remove(missing)).statusCode).toBe(404);
      expect((await replace(missing, await picture(10, 10))).statusCode).toBe(404);
    }
    for (const bad of ['abc', '0', '-1', '1.5', '99999999999']) {
      expect((await update(bad, { alt: '', focalX: 0, focalY: 0 })).statusCode, bad).toBe(400);
      expect((await remove(bad)).statusCode, bad).toBe(400);
    }
    expect(await storedImage(db(), 'about', image.filename)).toBeDefined();
  });

  it('lets the media screen and every page editor read the library; only the media screen changes it (401, 403)', async () => {
    const image = await upload('about', await picture(20, 20));
    const { id } = await itemOf(image.url);
    expect((await list('', editor)).statusCode).toBe(200);
    expect((await list('', nobody)).statusCode).toBe(403);
    expect((await list('', nobody)).json().message).toBe(
      'Your menu includes neither the media library nor a page editor.',
    );
    expect((await list('', null)).statusCode).toBe(401);
    expect((await update(id, { alt: 'x', focalX: 0, focalY: 0 }, editor)).statusCode).toBe(403);
    expect((await remove(id, editor)).statusCode).toBe(403);
    expect((await replace(id, await picture(20, 20), editor)).statusCode).toBe(403);
    expect((await update(id, { alt: 'x', focalX: 0, focalY: 0 }, null)).statusCode).toBe(401);
    expect((await remove(id, null)).statusCode).toBe(401);
    expect((await replace(id, await picture(20, 20), null)).statusCode).toBe(401);
    expect(await itemOf(image.url)).toMatchObject({ alt: '' });
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('a replaced image on two instances on one PostgreSQL database', () => {
  let a: TestApp;
  let b: TestApp;
  let admin: LoggedIn;
  beforeAll(async () => {
    a = await createTestApp('postgres', { ADMIN_PASSWORD });
    b = await createTestApp('postgres', { ADMIN_PASSWORD }, { databaseUrl: a.config.databaseUrl });
    admin = await logIn(a.app, 'admin', ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('B, which served the old picture from memory, serves the new bytes once A replaced it', async () => {
    const uploaded = await uploadImage(a.app, { page: 'about' }, await picture(640, 320), admin);
    const image = uploaded.json() as { url: string; filename: string };
    const onB = async () => b.app.inject({ method: 'GET', url: image.url });
    const old = await onB();
    expect(old.statusCode).toBe(200);
    // Served from B's memory from now on: the database alone would not tell it of the new bytes.
    expect((await onB()).rawPayload.equals(old.rawPayload)).toBe(true);
    const id = (
      (await a.app.inject({ method: 'GET', url: '/api/master/media', headers: admin.headers })).json().items as Item[]
    ).find((item) => item.url === image.url)!.id;

    const body = multipartBody({}, await picture(100, 100, 'jpeg', { r: 10, g: 200, b: 10 }));
    const replaced = await a.app.inject({
      method: 'POST',
      url: `/api/master/media/${id}/replace`,
      headers: { ...admin.headers, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    const fresh = (await a.app.inject({ method: 'GET', url: image.url })).rawPayload;
    expect(fresh.equals(old.rawPayload)).toBe(false);
    let served = await onB();
    for (let i = 0; i < 100 && !served.rawPayload.equals(fresh); i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      served = await onB();
    }
    expect(served.rawPayload.equals(fresh)).toBe(true);
    expect(served.headers.etag).not.toBe(old.headers.etag);
  });

  it('B, which kept the page rendered, shows the alt text and focal point A set in the library', async () => {
    const pageId = await createPageWithParameters(a.app, admin, { filename: 'Team', dspname: 'Team' }, [
      { parameterName: 'portrait', sequence: 1, type: 'Image', unittype: 'Image', pagecreationtype: 'Header' },
    ]);
    const uploaded = (await uploadImage(a.app, { page: `page${pageId}` }, await picture(120, 120), admin)).json() as {
      url: string;
    };
    const saved = await a.app.inject({
      method: 'POST',
      url: '/api/master/savepagecontent',
      headers: admin.headers,
      payload: { commonrouting: 'Team', document: { header: { portrait: uploaded.url }, rows: [], revision: 0 } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const imgOnB = async () =>
      /<img [^>]*src="\/uploads\/photos\/page[^"]*"[^>]*>/.exec(
        (await b.app.inject({ method: 'GET', url: '/Team1' })).body,
      )?.[0] ?? '';
    let before = await imgOnB();
    for (let i = 0; i < 100 && !before.includes(uploaded.url); i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      before = await imgOnB();
    }
    expect(before).toContain(uploaded.url);
    expect(before).not.toContain('Ms Rao at her desk');
    const id = (
      (await a.app.inject({ method: 'GET', url: '/api/master/media', headers: admin.headers })).json().items as Item[]
    ).find((item) => item.url === uploaded.url)!.id;
    expect(
      (
        await a.app.inject({
          method: 'POST',
          url: `/api/master/media/${id}`,
          headers: admin.headers,
          payload: { alt: 'Ms Rao at her desk', focalX: 0.3, focalY: 0.1 },
        })
      ).statusCode,
    ).toBe(200);
    let after = await imgOnB();
    for (let i = 0; i < 100 && !after.includes('Ms Rao at her desk'); i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      after = await imgOnB();
    }
    expect(after).toContain('alt="Ms Rao at her desk"');
    expect(after).toContain('object-position:30% 10%');
  });
});
