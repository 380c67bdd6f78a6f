import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_PAGES } from '../../core/pages';
import { pendingSetupCode } from '../setup/setup.service';
import { ADMIN_PASSWORD, EDITOR_PASSWORD, createEditor, logIn, type LoggedIn } from '../test-support/sessions';
import { testImage, uploadImage } from '../test-support/uploads';
import { createTestApp, testDialects, type TestApp } from '../test-support/test-app';

/** The text of the elements hidden for all but screen readers (class visually-hidden), one string each. */
function hiddenTexts(html: string): string[] {
  return [
    ...html.matchAll(/<(\w+)\b[^>]*\bclass="(?:[^"]*\s)?visually-hidden(?:\s[^"]*)?"[^>]*>([\s\S]*?)<\/\1>/g),
  ].map((m) => textOf(m[2] ?? ''));
}

/** The footer's text. */
function footerText(html: string): string {
  const footer = /<footer\b[^>]*>([\s\S]*?)<\/footer>/.exec(html);
  if (!footer) throw new Error('The page has no footer.');
  return textOf(footer[1] ?? '');
}

/** The words a screen reader is given in attributes: accessible names and image descriptions. */
function labelTexts(html: string): string[] {
  return [...html.matchAll(/\s(?:aria-label|alt|title)="([^"]*)"/g)].map((m) => m[1] ?? '');
}

const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * docs/design.md §20: no firm's words in code. A firm that renames the company sees its own name, and no other firm's,
 * in every page's hidden headings and footer, at once (the pages are cached until something changes).
 */
describe.each(testDialects())("the company's own words on every public page (%s)", (dialect) => {
  let t: TestApp;
  let admin: LoggedIn;
  beforeAll(async () => {
    t = await createTestApp(dialect, { ADMIN_PASSWORD });
    admin = await logIn(t.app, 'admin', ADMIN_PASSWORD);
  });
  afterAll(async () => t?.close());

  const details = async () =>
    (
      await t.app.inject({ method: 'POST', url: '/api/master/getCompanyDetails', headers: admin.headers, payload: {} })
    ).json();
  const save = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/master/saveCompanyDetails', headers: admin.headers, payload });
  const page = async (path: string) => {
    const response = await t.app.inject({ method: 'GET', url: path });
    expect(response.statusCode, path).toBe(200);
    return response.body;
  };

  it("shows the demo company's name, tagline and logo until they are changed", async () => {
    expect(await details()).toMatchObject({
      companyName: 'Innovo Software Pvt. Ltd.',
      tagline: 'Bespoke software, CRM and clinic software from Pune, India.',
      logo: '/demo/logo.png',
    });
    const home = await page('/Home1');
    expect(hiddenTexts(home)).toContain('Innovo Software Pvt. Ltd.');
    expect(footerText(home)).toContain('Bespoke software, CRM and clinic software from Pune, India.');
    // Every page is now cached with the demo name: the rename below must reach each of them.
    for (const { publicPath } of CONTENT_PAGES)
      expect(footerText(await page(publicPath))).toContain('Innovo Software Pvt. Ltd.');
  });

  it('renamed to Acme Widgets, every page names Acme Widgets and no other firm in its hidden texts and footer', async () => {
    const saved = await save({
      ...(await details()),
      companyName: 'Acme Widgets',
      companyCode: 'ACME',
      email: 'hello@acme.example',
      tagline: 'Widgets for every workshop',
      logo: '',
    });
    expect(saved.statusCode, saved.body).toBe(200);

    expect(CONTENT_PAGES).toHaveLength(12);
    for (const { publicPath, key } of CONTENT_PAGES) {
      const html = await page(publicPath);
      const hidden = hiddenTexts(html);
      for (const text of [...hidden, ...labelTexts(html)])
        expect(text, `${publicPath}: ${text}`).not.toMatch(/Innovo/i);
      const footer = footerText(html);
      expect(footer, publicPath).not.toMatch(/Innovo|Pune/i);
      expect(footer, publicPath).toContain('Acme Widgets Widgets for every workshop');
      expect(footer, publicPath).toMatch(/© \d{4} Acme Widgets ?\. All rights reserved\./);
      if (key === 'home') {
        expect(/<h1 class="visually-hidden">([^<]*)<\/h1>/.exec(html)?.[1]).toBe('Acme Widgets');
        expect(hidden).toContain('from Acme Widgets');
      }
    }
  });

  it('keeps the tagline and logo when a save leaves them out (a client of spec 001), and clears them when sent empty', async () => {
    await save({ ...(await details()), logo: '/demo/logo.png' });
    const { tagline: _tagline, logo: _logo, ...specFields } = await details();
    expect((await save({ ...specFields, city: 'Nashik' })).statusCode).toBe(200);
    expect(await details()).toMatchObject({
      city: 'Nashik',
      tagline: 'Widgets for every workshop',
      logo: '/demo/logo.png',
    });
    expect(footerText(await page('/About1'))).toContain('Widgets for every workshop');

    expect((await save({ ...specFields, tagline: '', logo: '' })).statusCode).toBe(200);
    expect(await details()).toMatchObject({ tagline: '', logo: '' });
    const footer = footerText(await page('/About1'));
    expect(footer).not.toContain('Widgets for every workshop');
    expect(/<footer\b[\s\S]*?site-footer__tagline/.test(await page('/About1'))).toBe(false);
  });

  it('takes an uploaded logo from whoever edits the company details, and from nobody else', async () => {
    const png = { name: 'logo.png', type: 'image/png', data: await testImage(600, 315, 'png') };
    const uploaded = await uploadImage(t.app, { page: 'company' }, png, admin);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const url: string = uploaded.json().url;
    expect(url).toMatch(/^\/uploads\/photos\/company\/[0-9a-f]{24}_600x315\.png$/);
    expect((await save({ ...(await details()), logo: url })).statusCode).toBe(200);
    expect((await details()).logo).toBe(url);
    expect((await t.app.inject({ method: 'GET', url })).headers['content-type']).toBe('image/png');

    await createEditor(t.app, 'logo-editor');
    const editor = await logIn(t.app, 'logo-editor', EDITOR_PASSWORD);
    const refused = await uploadImage(t.app, { page: 'company' }, png, editor);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Your menu does not include the page of this image folder.');
  });

  it("refuses a tagline over 160 characters and a logo that is no image address, with the form's sentence", async () => {
    const current = await details();
    const long = await save({ ...current, tagline: 'x'.repeat(161) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toContain('Optional (max 160 chars)');
    const script = await save({ ...current, logo: 'javascript:alert(1)' });
    expect(script.statusCode).toBe(400);
    expect(script.json().message).toContain('an uploaded image');
    expect(await details()).toMatchObject({ tagline: current.tagline, logo: current.logo });
  });
});

describe.each(testDialects())("the first-run setup under the firm's own name (%s)", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t?.close());

  it("leaves none of the demo company's tagline and logo under it", async () => {
    const company = {
      companyCode: 'ACME',
      companyName: 'Acme Widgets',
      address: '1 Works Road',
      contact: '9822012345',
      email: 'hello@acme.example',
    };
    const setupCode = (await pendingSetupCode(t.app.tenants.default)) ?? '';
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/setup',
      payload: { company, username: 'boss', password: 'long-enough-password', setupCode },
    });
    expect(response.statusCode, response.body).toBe(200);
    const admin = await logIn(t.app, 'boss', 'long-enough-password');
    const details = (
      await t.app.inject({ method: 'POST', url: '/api/master/getCompanyDetails', headers: admin.headers, payload: {} })
    ).json();
    expect(details).toMatchObject({ companyName: 'Acme Widgets', tagline: '', logo: '' });
    const footer = footerText((await t.app.inject({ method: 'GET', url: '/News1' })).body);
    expect(footer).toContain('Acme Widgets');
    expect(footer).not.toMatch(/Innovo|Pune/i);
  });
});
