import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRoutes } from '../../core/api';
import { createTestApp, type TestApp } from '../test-support/test-app';

/** Fastify's `/a/:b` is OpenAPI's `/a/{b}`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

/**
 * The route table (src/core/api/, docs/design.md §29) and the server agree: every operation of the OpenAPI document has its
 * entry, every entry its handler, and every /api route was registered against its entry (none by hand).
 */
describe('the route table', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(async () => t?.close());

  const keyOf = (method: string, path: string) => `${method.toUpperCase()} ${openApiPath(path)}`;

  it('declares each operation once', () => {
    const keys = allRoutes().map((entry) => keyOf(entry.method, entry.path));
    expect(keys.filter((key, index) => keys.indexOf(key) !== index)).toEqual([]);
    expect(keys.length).toBeGreaterThan(100);
  });

  it('covers every operation of the OpenAPI document, and the document every entry', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => keyOf(method, path)),
    );
    const declared = allRoutes().map((entry) => keyOf(entry.method, entry.path));
    expect(documented.filter((key) => !declared.includes(key)).sort()).toEqual([]);
    expect(declared.filter((key) => !documented.includes(key)).sort()).toEqual([]);
  });

  it('registers every /api route against its entry', () => {
    const entries = new Set(allRoutes());
    const byHand = t.app.apiRoutes
      .filter((route) => !route.entry || !entries.has(route.entry))
      .map((route) => `${route.method} ${route.url}`);
    expect(byHand).toEqual([]);
    const mismatched = t.app.apiRoutes.filter(
      (route) => route.entry && (route.entry.method !== route.method || route.entry.path !== route.url),
    );
    expect(mismatched).toEqual([]);
  });
});
