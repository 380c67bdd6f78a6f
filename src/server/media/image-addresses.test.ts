import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageAddresses, metaOf } from '../test-support/page-html';
import { ADMIN_PASSWORD, logIn, type LoggedIn } from '../test-support/sessions';
import { createTestApp, testDialects, type TestApp } from '../test-support/test-app';
import { createPageWithParameters, testImage, uploadImage } from '../test-support/uploads';

const SITE = 'https://www.firm.example/';
/** Addresses this site had before: an old browser tab, or content written before the rule (docs/design.md §24). */
const OLD_HOSTS = ['http://localhost:3000', 'https://www.firm.example', 'http://192.168.1.20:3000'];
const ELSEWHERE = 'https://cdn.example.com/photos/office.png';

/**
 * Image addresses are site-relative (docs/design.md §24): every place a saved document holds an image stores an upload
 * as its path, also when an old client sends it with a scheme and host (any: the site may have moved); the
 * public page shows paths, only its sharing tags are absolute, on PUBLIC_BASE_URL.
 */
describe.each(testDialects())('image addresses on %s', (dialect) => {
  let t: TestApp;
  let admin: LoggedIn;
  const image = { team: '', sharing: '', customer: '', logo: '', slide: '', banner: '' };
  let galleryId = 0;
  const call = (name: string, payload: object, who: LoggedIn | null = admin) =>
    t.app.inject({ method: 'POST', url: `/api/master/${name}`, headers: who?.headers ?? {}, payload });
  const upload = async (page: string, width = 300, height = 200) => {
    const response = await uploadImage(
      t.app,
      { page },
      { name: 'photo.png', type: 'image/png', data: await testImage(width, height, 'png') },
      admin,
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json().url as string;
  };
  /** The address as an old client holds it: on one of the site's old hosts. */
  const old = (path: string, host = 0) => `${OLD_HOSTS[host % OLD_HOSTS.length]}${path}`;

  beforeAll(async () => {
    t = await createTestApp(dialect, { ADMIN_PASSWORD, PUBLIC_BASE_URL: SITE });
    admin = await logIn(t.app, 'admin', ADMIN_PASSWORD);
    galleryId = await createPageWithParameters(t.app, admin, { filename: 'Gallery', dspname: 'Gallery' }, [
      { parameterName: 'banner', sequence: 1, type: 'Image', unittype: 'Image', pagecreationtype: 'Header' },
      { parameterName: 'intro', sequence: 2, type: 'Richtext', unittype: 'Richtext', pagecreationtype: 'Header' },
      { parameterName: 'photo', sequence: 3, type: 'Image', unittype: 'Image', pagecreationtype: 'Detail' },
    ]);
    image.team = await upload('about');
    image.sharing = await upload('sharing', 1200, 630);
    image.customer = await upload('customer');
    image.logo = await upload('company', 200, 200);
    image.slide = await upload('about', 1280, 600);
    image.banner = await upload(`page${galleryId}`, 900, 300);
  });
  afterAll(async () => t?.close());

  it('answers an upload with the path of the image, never a scheme and host', () => {
    for (const url of Object.values(image))
      expect(url).toMatch(/^\/uploads\/photos\/(about|sharing|customer|company|page\d+)\/[0-9a-f]{24}_\d+x\d+\.png$/);
  });

  it("stores the twelve pages' images as paths when an old client sends them with any host: list entries, rich text, sharing image", async () => {
    const about = (await call('getabout', {})).json();
    about.managementlst[0].mngimg = old(image.team, 0);
    about.abtmainlst[0].mainpara = `<p>Our office <img src="${old(image.team, 1)}" alt="Office"> <img src="${ELSEWHERE}" alt="Elsewhere"> <a href="https://www.example.in/guide">a guide</a></p>`;
    about.seo = { title: '', description: '', image: old(image.sharing, 2) };
    expect((await call('saveabout', about)).statusCode).toBe(200);
    const home = (await call('gethomepages', {})).json();
    home.slideList[0].image = old(image.slide, 1);
    expect((await call('saveHome', home)).statusCode).toBe(200);
    const customers = (await call('getcust', {})).json();
    customers.tablelst[0].custImage = old(image.customer, 2);
    customers.tablelst[1].custImage = ELSEWHERE;
    expect((await call('savecust', customers)).statusCode).toBe(200);

    const aboutNow = (await call('getabout', {})).json();
    expect(aboutNow.managementlst[0].mngimg).toBe(image.team);
    // The image of this site becomes its path; an image of another site is still dropped (docs/design.md §6); links stay.
    expect(aboutNow.abtmainlst[0].mainpara).toBe(
      `<p>Our office <img src="${image.team}" alt="Office" />  <a href="https://www.example.in/guide">a guide</a></p>`,
    );
    expect(aboutNow.seo.image).toBe(image.sharing);
    expect((await call('gethomepages', {})).json().slideList[0].image).toBe(image.slide);
    const customersNow = (await call('getcust', {})).json();
    expect(customersNow.tablelst[0].custImage).toBe(image.customer);
    // A field that takes an address elsewhere keeps it, as before.
    expect(customersNow.tablelst[1].custImage).toBe(ELSEWHERE);
  });

  it("stores a page made without code's Image parameters and rich text as paths", async () => {
    const current = (await call('getpagecontent', { commonrouting: 'Gallery' })).json();
    const document = {
      header: { banner: old(image.banner, 0), intro: `<p><img src="${old(image.banner, 2)}" alt="Banner"></p>` },
      rows: [{ photo: old(image.banner, 1) }],
      revision: current.revision,
    };
    const saved = await call('savepagecontent', { commonrouting: 'Gallery', document });
    expect(saved.statusCode, saved.body).toBe(200);
    const stored = (await call('getpagecontent', { commonrouting: 'Gallery' })).json();
    expect(stored.header).toEqual({ banner: image.banner, intro: `<p><img src="${image.banner}" alt="Banner" /></p>` });
    expect(stored.rows).toEqual([{ photo: image.banner }]);
  });

  it("stores the company's logo as a path", async () => {
    const company = (await call('getCompanyDetails', {})).json();
    expect((await call('saveCompanyDetails', { ...company, logo: old(image.logo, 0) })).statusCode).toBe(200);
    expect((await call('getCompanyDetails', {})).json().logo).toBe(image.logo);
  });

  it('shows paths on the public pages, each answering with the image; only the sharing tags are absolute, on PUBLIC_BASE_URL', async () => {
    for (const [path, expected] of [
      ['/About1', [image.team]],
      ['/Home1', [image.slide]],
      ['/Customers1', [image.customer]],
      ['/Gallery1', [image.banner]],
    ] as const) {
      const html = (await t.app.inject({ method: 'GET', url: path })).body;
      const addresses = imageAddresses(html);
      for (const url of expected) expect(addresses, path).toContain(url);
      const uploads = addresses.filter((address) => address.includes('/uploads/photos/'));
      expect(uploads.length, path).toBeGreaterThan(0);
      for (const address of uploads) {
        expect(address, path).toMatch(/^\/uploads\/photos\//);
        const served = await t.app.inject({ method: 'GET', url: address });
        expect(served.statusCode, address).toBe(200);
        expect(served.headers['content-type'], address).toMatch(/^image\/(png|webp)$/);
      }
      // Nowhere in the page but its sharing tags is an upload's address absolute.
      expect(html.replace(/<meta [^>]*>/g, ''), path).not.toMatch(/https?:\/\/[^"\s]*\/uploads\/photos\//);
    }
    const about = (await t.app.inject({ method: 'GET', url: '/About1' })).body;
    expect(metaOf(about, 'property', 'og:image')).toBe(new URL(image.sharing, SITE).href);
    expect(metaOf(about, 'name', 'twitter:image')).toBe(new URL(image.sharing, SITE).href);
    // A page without its own sharing image is shared with the company's logo, also on PUBLIC_BASE_URL.
    expect(metaOf((await t.app.inject({ method: 'GET', url: '/Home1' })).body, 'property', 'og:image')).toBe(
      new URL(image.logo, SITE).href,
    );
    // The editor shows the default sharing image as a path: it shows wherever the back office is reached.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/master/edit/Home', headers: admin.headers })).json().seoDefaults
        .image,
    ).toBe(image.logo);
  });
});
