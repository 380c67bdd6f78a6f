import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EDITOR_PASSWORD, createEditor, logIn, type LoggedIn } from '../test-support/sessions';
import { createTestApp, testDialects, type TestApp } from '../test-support/test-app';

/** Fastify's `/a/:b` is OpenAPI's `/a/{b}`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

describe('route contracts and the OpenAPI document', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(async () => t?.close());

  it('serves an OpenAPI 3 document to anyone, without data', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(document.info.title).toBe('Folio API');
    // Shapes only: no page content, no user, no company detail.
    expect(response.body).not.toMatch(/Pune|Innovo Software|\$argon2|password_hash/);
    // Pages, assets and images are not part of the API.
    expect(Object.keys(document.paths).every((path) => path.startsWith('/api/'))).toBe(true);
  });

  it('has found the API routes to check', () => {
    expect(t.app.apiRoutes.length).toBeGreaterThan(60);
  });

  it('documents every /api route, each call that takes a body with its schema and every route with its answers', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const problems: string[] = [];
    for (const route of t.app.apiRoutes) {
      const operation = document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
      if (!operation) {
        problems.push(`${route.method} ${route.url} is missing from the document`);
        continue;
      }
      if (route.method !== 'GET' && !(route.hasBody && operation.requestBody))
        problems.push(`${route.method} ${route.url} declares no body schema`);
      if (route.url !== '/api/openapi.json' && !(route.hasResponse && operation.responses?.['200'])) {
        problems.push(`${route.method} ${route.url} declares no answers`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("documents a call's body with its fields and its refusals in the spec's shape", async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const save = document.paths['/api/master/saveemployeemaster'].post;
    const body = save.requestBody.content['application/json'].schema;
    expect(Object.keys(body.properties)).toEqual(
      expect.arrayContaining(['firstname', 'selfaccessforuser', 'usergroupid']),
    );
    const refusal = save.responses['409'].content['application/json'].schema;
    expect(Object.keys(refusal.properties).sort()).toEqual(['message', 'rescoremessage', 'status']);
    expect(Object.keys(save.responses).sort()).toEqual(['200', '400', '401', '403', '404', '409']);
  });
});

describe.each(testDialects())('Cache-Control on API answers on %s (docs/design.md §17)', (dialect) => {
  let t: TestApp;
  let editor: LoggedIn;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    await createEditor(t.app, 'cache-editor');
    editor = await logIn(t.app, 'cache-editor', EDITOR_PASSWORD);
  });
  afterAll(async () => t?.close());

  it('marks sign-in, session, authenticated answers and refusals no-store', async () => {
    const signin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { username: 'cache-editor', password: EDITOR_PASSWORD },
    });
    expect(signin.statusCode).toBe(200);
    const answers = [
      signin,
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        payload: { username: 'cache-editor', password: 'wrong password' },
      }),
      await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: editor.headers }),
      await t.app.inject({ method: 'GET', url: '/api/auth/session' }),
      await t.app.inject({ method: 'GET', url: '/api/master/history/News', headers: editor.headers }),
      await t.app.inject({ method: 'POST', url: '/api/menu/getAllgroup', headers: editor.headers, payload: {} }),
      await t.app.inject({ method: 'POST', url: '/api/master/getCompanyDetails', payload: {} }),
      await t.app.inject({ method: 'POST', url: '/api/menu/menuofUserforjosn', headers: editor.headers, payload: {} }),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([200, 401, 200, 200, 200, 403, 401, 200]);
    for (const answer of answers) expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('keeps the ETag and revalidation of public content', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/pages/News1' });
    expect(page.statusCode).toBe(200);
    expect(page.headers.etag).toMatch(/^"/);
    expect(page.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/pages/News1',
      headers: { 'if-none-match': String(page.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('leaves public pages their own caching', async () => {
    const html = await t.app.inject({ method: 'GET', url: '/News1' });
    expect(html.headers['cache-control']).toBe('no-cache');
  });
});
