import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, logIn, type LoggedIn } from '../test-support/sessions';
import { multipartBody, uploadImage } from '../test-support/uploads';
import { createTestApp, testDialects, type TestApp } from '../test-support/test-app';

/** The public header's brand link: its logo's attributes and what the link says. */
function brandOf(html: string): { img: Record<string, string>; name: string } {
  const brand = /<a class="brand"[^>]*>([\s\S]*?)<\/a>/.exec(html)?.[1];
  if (!brand) throw new Error('The page has no brand link.');
  const tag = /<img\b[^>]*>/.exec(brand)?.[0] ?? '';
  const img = Object.fromEntries([...tag.matchAll(/\s([a-zA-Z-]+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
  return { img, name: /<span class="brand__name"[^>]*>([^<]*)</.exec(brand)?.[1] ?? '' };
}

/** The head's links to the favicon's sizes, by rel. */
function iconLinksOf(html: string): Record<string, string> {
  const links = [...html.matchAll(/<link rel="(icon|apple-touch-icon)" href="([^"]+)"/g)];
  return Object.fromEntries(links.map((m) => [m[1]!, m[2]!]));
}

/** A logo of one colour: `width` × `height`. */
const logoPng = (width: number, height: number, colour: string) =>
  sharp({ create: { width, height, channels: 4, background: colour } })
    .png()
    .toBuffer();

/**
 * docs/design.md §34: the firm's logo is the public header's, the staff app's and the favicon's (its sizes made from it,
 * their links versioned); the demo logo shows only until one is uploaded. Pages are cached per tenant: a save
 * shows on the next page view, a logo replaced in the media library too.
 */
describe.each(testDialects())("the firm's logo in the header, the staff app and the favicon (%s)", (dialect) => {
  let t: TestApp;
  let admin: LoggedIn;
  beforeAll(async () => {
    t = await createTestApp(dialect, { ADMIN_PASSWORD });
    admin = await logIn(t.app, 'admin', ADMIN_PASSWORD);
  });
  afterAll(async () => t?.close());

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  const home = async () => (await get('/Home1')).body;
  const details = async () =>
    (
      await t.app.inject({ method: 'POST', url: '/api/master/getCompanyDetails', headers: admin.headers, payload: {} })
    ).json();
  const saveLogo = async (logo: string) => {
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/master/saveCompanyDetails',
      headers: admin.headers,
      payload: { ...(await details()), logo },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  };
  const uploadLogo = async (data: Buffer) => {
    const response = await uploadImage(
      t.app,
      { page: 'company' },
      { name: 'logo.png', type: 'image/png', data },
      admin,
    );
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { url: string }).url;
  };
  /** Each of the favicon's sizes as the head links it: its size in pixels, bytes and headers. */
  const icons = async (html: string) => {
    const links = iconLinksOf(html);
    const answers = await Promise.all([get(links.icon!), get(links['apple-touch-icon']!)]);
    return Promise.all(
      answers.map(async (answer) => {
        expect(answer.statusCode).toBe(200);
        const { width, height } = await sharp(answer.rawPayload).metadata();
        return {
          size: `${width}x${height}`,
          type: answer.headers['content-type'],
          bytes: answer.rawPayload,
          cache: answer.headers['cache-control'],
          etag: String(answer.headers.etag),
        };
      }),
    );
  };
  const mediaId = async (url: string) => {
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/master/media?search=${encodeURIComponent(url.slice(url.lastIndexOf('/') + 1))}`,
      headers: admin.headers,
    });
    return (list.json() as { items: Array<{ id: number; url: string }> }).items.find((item) => item.url === url)!.id;
  };

  it('shows the demo logo, named by the firm, and favicons made from it, while the firm has no logo of its own', async () => {
    expect((await details()).logo).toBe('/demo/logo.png');
    const html = await home();
    expect(brandOf(html)).toEqual({
      img: {
        class: 'brand__logo',
        src: '/images/logo.svg',
        width: '64',
        height: '64',
        alt: 'Innovo Software Pvt. Ltd.',
      },
      // Said once: by the logo's alt text.
      name: 'Innovo Software Pvt. Ltd.',
    });
    expect(html).toMatch(/<span class="brand__name" aria-hidden="true">/);
    expect(iconLinksOf(html)).toEqual({
      icon: expect.stringMatching(/^\/favicon-32\.png\?v=[\w-]{12}$/),
      'apple-touch-icon': expect.stringMatching(/^\/apple-touch-icon\.png\?v=[\w-]{12}$/),
    });
    expect((await icons(html)).map(({ size, type }) => [size, type])).toEqual([
      ['32x32', 'image/png'],
      ['180x180', 'image/png'],
    ]);
    // The staff app's shell links the same icons; the session gives the staff app the logo field.
    expect(iconLinksOf((await get('/dashboard')).body)).toEqual(iconLinksOf(html));
    expect((await get('/api/auth/session')).json()).toMatchObject({ companyLogo: '/demo/logo.png' });
  });

  it("an uploaded logo is the header's and the favicon's on the next page view, in its own shape", async () => {
    const before = await home();
    const demoIcons = await icons(before);
    const logo = await uploadLogo(await logoPng(400, 100, '#0f766e'));
    // Uploaded, not yet saved: the site is as it was (the cached page).
    expect(brandOf(await home()).img.src).toBe('/images/logo.svg');
    await saveLogo(logo);

    const after = await home();
    const stem = logo.slice(0, -'.png'.length);
    expect(brandOf(after).img).toEqual({
      class: 'brand__logo',
      src: logo,
      srcSet: `${stem}-320.webp 320w, ${stem}-400.webp 400w`,
      sizes: '10rem',
      width: '400',
      height: '100',
      alt: 'Innovo Software Pvt. Ltd.',
    });
    expect(iconLinksOf(after).icon).not.toBe(iconLinksOf(before).icon);
    const made = await icons(after);
    expect(made.map(({ size }) => size)).toEqual(['32x32', '180x180']);
    for (const [index, icon] of made.entries()) expect(icon.bytes.equals(demoIcons[index]!.bytes)).toBe(false);
    // The wide logo sits in the middle of the square: its teal shows there, above and below it is clear (32) or white (180).
    const { data } = await sharp(made[0]!.bytes).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * 32 + x) * 4, (y * 32 + x) * 4 + 4)];
    expect(pixel(16, 16)).toEqual([15, 118, 110, 255]);
    expect(pixel(16, 2)[3]).toBe(0);
    const apple = await sharp(made[1]!.bytes).raw().toBuffer({ resolveWithObject: true });
    expect([...apple.data.subarray(0, 3)]).toEqual([255, 255, 255]);
    expect(apple.info.channels).toBe(3);

    // The staff app's tab icon follows: the session gives the icons' version.
    const version = new URL(iconLinksOf(after).icon!, 'http://folio.test').searchParams.get('v');
    expect((await get('/api/auth/session')).json()).toMatchObject({ companyLogo: logo, iconVersion: version });
    expect(iconLinksOf((await get('/dashboard')).body)).toEqual(iconLinksOf(after));
  });

  it('serves the icons at stable addresses: a year at the current version, asked again without it, 304 while unchanged', async () => {
    const links = iconLinksOf(await home());
    const [current] = await icons(await home());
    expect(current!.cache).toBe('public, max-age=31536000, immutable');
    const plain = await get('/favicon-32.png');
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.rawPayload.equals(current!.bytes)).toBe(true);
    expect((await get('/favicon-32.png?v=old')).headers['cache-control']).toBe('no-cache');
    const again = await get(links.icon!, { 'if-none-match': current!.etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload).toHaveLength(0);
    expect((await get('/apple-touch-icon.png', { 'if-none-match': current!.etag })).statusCode).toBe(200);
  });

  it("the logo's picture replaced in the media library: new favicons under a new version on the next page view", async () => {
    const logo = (await details()).logo as string;
    const before = await home();
    const [old] = await icons(before);
    const body = multipartBody({}, { name: 'new.png', type: 'image/png', data: await logoPng(400, 100, '#b91c1c') });
    const replaced = await t.app.inject({
      method: 'POST',
      url: `/api/master/media/${await mediaId(logo)}/replace`,
      headers: { ...admin.headers, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(replaced.statusCode, replaced.body).toBe(200);

    const after = await home();
    expect(brandOf(after).img.src).toBe(logo);
    expect(iconLinksOf(after).icon).not.toBe(iconLinksOf(before).icon);
    const [made] = await icons(after);
    expect(made!.bytes.equals(old!.bytes)).toBe(false);
    const { data } = await sharp(made!.bytes).raw().toBuffer({ resolveWithObject: true });
    expect([...data.subarray((16 * 32 + 16) * 4, (16 * 32 + 16) * 4 + 4)]).toEqual([185, 28, 28, 255]);
  });

  it("a tall logo keeps its shape; an address elsewhere shows in the header, the favicon stays the demo's; none is the demo logo again", async () => {
    const demoLinks = iconLinksOf(
      await (async () => {
        await saveLogo('');
        return home();
      })(),
    );
    expect(brandOf(await home()).img).toMatchObject({ src: '/images/logo.svg', alt: 'Innovo Software Pvt. Ltd.' });

    const tall = await uploadLogo(await logoPng(90, 360, '#1d4ed8'));
    await saveLogo(tall);
    expect(brandOf(await home()).img).toMatchObject({ src: tall, width: '90', height: '360' });

    await saveLogo('https://cdn.example.com/acme-logo.png');
    const html = await home();
    expect(brandOf(html).img).toMatchObject({
      src: 'https://cdn.example.com/acme-logo.png',
      width: '64',
      height: '64',
    });
    expect(brandOf(html).img.srcSet).toBeUndefined();
    // The server fetches nothing from another host: the favicon is the demo's.
    expect(iconLinksOf(html)).toEqual(demoLinks);
  });

  it('a page renamed at the same time names the logo by the new name; the 404 page has the logo and icons too', async () => {
    const logo = await uploadLogo(await logoPng(200, 200, '#0b2545'));
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/master/saveCompanyDetails',
      headers: admin.headers,
      payload: { ...(await details()), logo, companyName: 'Acme <Widgets> & Co' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(brandOf(await home()).img).toMatchObject({ src: logo, alt: 'Acme &lt;Widgets&gt; &amp; Co' });
    const missing = await get('/No-such-page-here');
    expect(missing.statusCode).toBe(404);
    expect(brandOf(missing.body).img.src).toBe(logo);
    expect(iconLinksOf(missing.body)).toEqual(iconLinksOf(await home()));
  });
});
