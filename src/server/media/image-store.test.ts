import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialects, type TestApp } from '../test-support/test-app';
import { captureLogs } from '../test-support/logs';
import { EDITOR_PASSWORD, createEditor, logIn, type LoggedIn } from '../test-support/sessions';
import { storedImage, storedImages, testImage, uploadImage } from '../test-support/uploads';
import type { Tenant } from '../tenants/tenants';
import { createUser } from '../users/users.service';
import { importImageFiles, photosRoot } from './image-import';

/** Images live in the database (docs/design.md §8, §18): every instance serves every image, each tenant its own. */
describe.each(testDialects())('images in the database on %s', (dialect) => {
  let first: TestApp;
  let second: TestApp;
  let editor: LoggedIn;

  beforeAll(async () => {
    first = await createTestApp(dialect, { PUBLIC_BASE_URL: 'https://folio.example/' });
    second = await createTestApp(dialect, { PUBLIC_BASE_URL: 'https://folio.example/' }, { sameDatabaseAs: first });
    await createEditor(first.app, 'editor');
    editor = await logIn(first.app, 'editor', EDITOR_PASSWORD);
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  const upload = async (width: number, height: number) => {
    const response = await uploadImage(
      first.app,
      { page: 'about' },
      { name: 'a.png', type: 'image/png', data: await testImage(width, height, 'png') },
      editor,
    );
    expect(response.statusCode, response.body).toBe(200);
    const { filename } = response.json() as { filename: string };
    return {
      filename,
      path: `/uploads/photos/about/${filename}`,
      variant: `/uploads/photos/about/${filename.replace('.png', '')}-${Math.min(width, 320)}.webp`,
    };
  };
  const get = (t: TestApp, url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it('serves an image uploaded through one instance from another, byte for byte, with the same ETag', async () => {
    const image = await upload(500, 300);
    const stored = (await storedImage(first.app.tenants.default.db, 'about', image.filename))!;
    for (const url of [image.path, image.variant]) {
      const here = await get(first, url);
      const there = await get(second, url);
      expect(there.statusCode, url).toBe(200);
      expect(there.rawPayload.equals(here.rawPayload)).toBe(true);
      expect(there.headers.etag).toBe(here.headers.etag);
      expect(there.headers['content-type']).toBe(url.endsWith('.webp') ? 'image/webp' : 'image/png');
    }
    expect((await get(second, image.path)).rawPayload.equals(stored)).toBe(true);
    // The ETag is computed from the bytes when they are stored.
    expect((await get(second, image.path)).headers.etag).toBe(
      `"${createHash('sha256').update(stored).digest('hex').slice(0, 32)}"`,
    );
  });

  it('answers a matching If-None-Match with 304 and no body, anything else with the image', async () => {
    const image = await upload(100, 80);
    const full = await get(first, image.path);
    const etag = full.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const response = await get(second, image.path, { 'if-none-match': ifNoneMatch });
      expect(response.statusCode, ifNoneMatch).toBe(304);
      expect(response.rawPayload.length).toBe(0);
      expect(response.headers.etag).toBe(etag);
      expect(response.headers['cache-control']).toBe('public, max-age=3600');
    }
    const other = await get(first, image.path, { 'if-none-match': '"0123456789abcdef0123456789abcdef"' });
    expect(other.statusCode).toBe(200);
    expect(other.rawPayload.equals(full.rawPayload)).toBe(true);
    expect(other.headers['x-content-type-options']).toBe('nosniff');
  });

  it('stops serving a deleted image and its widths at once on the instance that deleted it', async () => {
    const image = await upload(400, 200);
    // Served once, so that this instance holds them in memory.
    for (const url of [image.path, image.variant]) expect((await get(first, url)).statusCode).toBe(200);
    const deleted = await first.app.inject({
      method: 'POST',
      url: '/api/master/deleteImage',
      headers: editor.headers,
      payload: { filename: image.filename, page: 'about' },
    });
    expect(deleted.json()).toEqual({ message: 'Success' });
    for (const url of [image.path, image.variant]) expect((await get(first, url)).statusCode, url).toBe(404);
    expect(
      (await storedImages(first.app.tenants.default.db)).filter((name) => name.includes(image.filename.slice(0, 24))),
    ).toEqual([]);
  });

  // SQLite has one server per file: only instances on PostgreSQL tell each other of changes (decision 013).
  it.runIf(dialect === 'postgres')(
    'stops serving a deleted image on every other instance once it hears of the delete',
    async () => {
      const image = await upload(300, 200);
      for (const url of [image.path, image.variant]) expect((await get(second, url)).statusCode).toBe(200);
      const deleted = await first.app.inject({
        method: 'POST',
        url: '/api/master/deleteImage',
        headers: editor.headers,
        payload: { filename: image.filename, page: 'about' },
      });
      expect(deleted.statusCode).toBe(200);
      const until = Date.now() + 5_000;
      let statuses: number[] = [];
      while (Date.now() < until) {
        statuses = [(await get(second, image.path)).statusCode, (await get(second, image.variant)).statusCode];
        if (statuses.every((status) => status === 404)) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(statuses).toEqual([404, 404]);
    },
  );
});

/** Files of the time before the database held images, as a server of that time left them. */
async function writeOldUploads(dataDir: string) {
  const root = photosRoot(dataDir);
  const write = (relative: string, data: Buffer | string) => {
    fs.mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
    fs.writeFileSync(path.join(root, relative), data);
  };
  const png = await testImage(40, 30, 'png');
  const good = {
    'about/0123456789abcdef01234567_40x30.png': png,
    'about/0123456789abcdef01234567_40x30-40.webp': await testImage(40, 30, 'webp'),
    'customer/89abcdef0123456789abcdef_20x20.jpg': await testImage(20, 20, 'jpeg'),
    'page12/fedcba9876543210fedcba98_40x30.png': png,
  };
  for (const [name, data] of Object.entries(good)) write(name, data);
  // Not Folio's: other names, other folders, bytes of another type than the name says, links and folders.
  write('about/team.png', png);
  write('about/0123456789ABCDEF01234567_40x30.png', png);
  write('about/0123456789abcdef01234567_40x30.png.html', '<script>alert(1)</script>');
  write('about/aaaaaaaaaaaaaaaaaaaaaaaa_10x10.png', '<html><script>alert(1)</script></html>');
  write('about/bbbbbbbbbbbbbbbbbbbbbbbb_10x10.jpg', png);
  write('secret/cccccccccccccccccccccccc_40x30.png', png);
  write('page0/dddddddddddddddddddddddd_40x30.png', png);
  write('eeeeeeeeeeeeeeeeeeeeeeee_40x30.png', png);
  fs.mkdirSync(path.join(root, 'about', 'ffffffffffffffffffffffff_40x30.png'), { recursive: true });
  const outside = path.join(dataDir, 'outside');
  fs.mkdirSync(outside, { recursive: true });
  fs.writeFileSync(path.join(outside, '1111111111111111aaaaaaaa_40x30.png'), png);
  fs.symlinkSync(
    path.join(outside, '1111111111111111aaaaaaaa_40x30.png'),
    path.join(root, 'about', '2222222222222222aaaaaaaa_40x30.png'),
  );
  fs.symlinkSync(outside, path.join(root, 'page13'));
  return good;
}

describe.each(testDialects())('the import of image files at start on %s', (dialect) => {
  let first: TestApp;
  let second: TestApp;
  let files: Record<string, Buffer>;
  const logs = captureLogs();

  beforeAll(async () => {
    first = await createTestApp(dialect);
    files = await writeOldUploads(first.config.dataDir);
    // A start with those files in its DATA_DIR, on the same database.
    second = await createTestApp(
      dialect,
      { DATA_DIR: first.config.dataDir, LOG_LEVEL: 'info' },
      { sameDatabaseAs: first, logStream: logs.stream },
    );
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('moves the Folio-named files of allow-listed folders into the database and serves them as they were', async () => {
    expect(await storedImages(second.app.tenants.default.db)).toEqual(Object.keys(files).sort());
    for (const [name, data] of Object.entries(files)) {
      for (const t of [first, second]) {
        const served = await t.app.inject({ method: 'GET', url: `/uploads/photos/${name}` });
        expect(served.statusCode, name).toBe(200);
        expect(served.rawPayload.equals(data), name).toBe(true);
        expect(served.headers.etag).toMatch(/^"[0-9a-f]{32}"$/);
      }
    }
    const line = logs
      .text()
      .split('\n')
      .find((l) => l.includes('copied into the database'));
    expect(line && JSON.parse(line)).toMatchObject({ tenant: 'default', imported: 4 });
    // The files stay where they were.
    expect(
      fs.existsSync(path.join(photosRoot(first.config.dataDir), 'about', '0123456789abcdef01234567_40x30.png')),
    ).toBe(true);
  });

  it('ignores other names, folders, mistyped bytes, links and path tricks', async () => {
    for (const url of [
      '/uploads/photos/about/team.png',
      '/uploads/photos/about/aaaaaaaaaaaaaaaaaaaaaaaa_10x10.png',
      '/uploads/photos/about/bbbbbbbbbbbbbbbbbbbbbbbb_10x10.jpg',
      '/uploads/photos/secret/cccccccccccccccccccccccc_40x30.png',
      '/uploads/photos/about/ffffffffffffffffffffffff_40x30.png',
      '/uploads/photos/about/2222222222222222aaaaaaaa_40x30.png',
      '/uploads/photos/page13/1111111111111111aaaaaaaa_40x30.png',
    ]) {
      expect((await second.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });

  it('imports each file once: again, or two at once, adds nothing', async () => {
    const tenant = second.app.tenants.default;
    const before = await storedImages(tenant.db);
    expect((await importImageFiles(tenant, first.config.dataDir, second.app.log)).imported).toBe(0);
    expect(await storedImages(tenant.db)).toEqual(before);

    // Two instances starting together: each file goes in once, neither fails.
    await tenant.db.deleteFrom('images').execute();
    const both = await Promise.all([
      importImageFiles(tenant, first.config.dataDir, second.app.log),
      importImageFiles(tenant, first.config.dataDir, second.app.log),
    ]);
    expect(both[0].imported + both[1].imported).toBe(Object.keys(files).length);
    expect(await storedImages(tenant.db)).toEqual(before);
  });
});

describe.each(testDialects())('images per tenant on %s', (dialect) => {
  let first: TestApp;
  let t: TestApp;
  let acme: Tenant;
  let acmeEditor: LoggedIn;
  let defaultEditor: LoggedIn;
  const tenantsEnv = { TENANTS: 'default,acme', PUBLIC_BASE_URL: 'https://folio.example/' };

  beforeAll(async () => {
    first = await createTestApp(dialect, tenantsEnv);
    await writeOldUploads(first.config.dataDir);
    // Restarted with files of the time when every tenant was served the one folder (the same DATA_DIR).
    t = await createTestApp(dialect, { ...tenantsEnv, DATA_DIR: first.config.dataDir }, { sameDatabaseAs: first });
    acme = t.app.tenants.all().find((tenant) => tenant.name === 'acme')!;
    await createUser(acme.db, { username: 'acme-editor', password: EDITOR_PASSWORD, groupId: 3, firstName: 'Ada' });
    const signin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      headers: { dbname: 'acme' },
      payload: { username: 'acme-editor', password: EDITOR_PASSWORD },
    });
    expect(signin.statusCode, signin.body).toBe(200);
    const cookies = Object.fromEntries(signin.cookies.map((c) => [c.name, c.value]));
    acmeEditor = {
      token: cookies.folio_session ?? '',
      csrf: cookies['XSRF-TOKEN'] ?? '',
      headers: {
        cookie: `folio_session=${cookies.folio_session}; XSRF-TOKEN=${cookies['XSRF-TOKEN']}`,
        'x-xsrf-token': cookies['XSRF-TOKEN'] ?? '',
        dbname: 'acme',
      },
      body: signin.json(),
    };
    await createEditor(t.app, 'editor');
    defaultEditor = await logIn(t.app, 'editor', EDITOR_PASSWORD);
  });
  afterAll(async () => {
    await t?.close();
    await first?.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it("serves a tenant's upload to that tenant only", async () => {
    const png = { name: 'a.png', type: 'image/png', data: await testImage(120, 90, 'png') };
    const upload = await uploadImage(t.app, { page: 'about' }, png, acmeEditor);
    expect(upload.statusCode, upload.body).toBe(200);
    const url = `/uploads/photos/about/${upload.json().filename}`;
    // Served (and so held in memory) for acme first: the memory is kept per tenant as well.
    expect((await get(url, { dbname: 'acme' })).statusCode).toBe(200);
    expect((await get(url)).statusCode).toBe(404);
    expect((await get(url, { dbname: 'default' })).statusCode).toBe(404);
    expect((await storedImages(t.app.tenants.default.db)).some((name) => name.endsWith(upload.json().filename))).toBe(
      false,
    );

    const own = await uploadImage(t.app, { page: 'about' }, png, defaultEditor);
    const ownUrl = `/uploads/photos/about/${own.json().filename}`;
    expect((await get(ownUrl)).statusCode).toBe(200);
    expect((await get(ownUrl, { dbname: 'acme' })).statusCode).toBe(404);
  });

  it('deletes in one tenant only what that tenant holds', async () => {
    const deleted = await t.app.inject({
      method: 'POST',
      url: '/api/master/deleteImage',
      headers: acmeEditor.headers,
      payload: { filename: '0123456789abcdef01234567_40x30.png', page: 'about' },
    });
    expect(deleted.json()).toEqual({ message: 'Success' });
    expect((await get('/uploads/photos/about/0123456789abcdef01234567_40x30.png', { dbname: 'acme' })).statusCode).toBe(
      404,
    );
    expect((await get('/uploads/photos/about/0123456789abcdef01234567_40x30.png')).statusCode).toBe(200);
  });

  it('imported the old files into every tenant', async () => {
    for (const dbname of ['default', 'acme']) {
      expect(
        (await get('/uploads/photos/customer/89abcdef0123456789abcdef_20x20.jpg', { dbname })).statusCode,
        dbname,
      ).toBe(200);
    }
    expect(await storedImage(acme.db, 'page12', 'fedcba9876543210fedcba98_40x30.png')).toBeDefined();
  });
});
