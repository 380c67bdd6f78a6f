import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, logIn, type LoggedIn } from '../test-support/sessions';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { createUser } from '../users/users.service';

/** One answer over real HTTP: its status, body and how long it took (ms). */
function ask(
  base: string,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
) {
  const started = performance.now();
  return new Promise<{ status: number; body: string; ms: number }>((resolve, reject) => {
    const request = http.request(
      `${base}${path}`,
      { method: options.method ?? 'GET', headers: options.headers, agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            ms: performance.now() - started,
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject).end(options.body);
  });
}

/**
 * docs/design.md §34, imports never stall the site: on SQLite (one connection, answered synchronously), a 10,000-line
 * redirect CSV and a 2 MB XLIFF file are imported while visitors and the load balancer's health check keep asking,
 * over real HTTP; every one of their answers comes within a second.
 */
describe('imports never stall the site (sqlite)', () => {
  let t: TestApp;
  let admin: LoggedIn;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp('sqlite');
    await createUser(t.app.tenants.default.db, { username: 'boss', password: ADMIN_PASSWORD, groupId: 1 });
    admin = await logIn(t.app, 'boss', ADMIN_PASSWORD);
    const languages = {
      defaultLocale: 'en-IN',
      locales: [
        { code: 'en-IN', name: 'English', enabled: true },
        { code: 'de', name: 'Deutsch', enabled: true },
      ],
      revision: 0,
    };
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/master/locales',
      headers: admin.headers,
      payload: languages,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => t?.close());

  /** The exported German file with every text translated (its source again), padded to 2 MB with texts the site does not have. */
  async function largeXliff(): Promise<string> {
    const exported = await ask(base, '/api/master/xliff/de', { headers: admin.headers });
    expect(exported.status, exported.body).toBe(200);
    let xml = exported.body.replace(
      /(<source>([^<]*)<\/source>)(\s*<target>[^<]*<\/target>)?/g,
      '$1<target>$2</target>',
    );
    const padding: string[] = [];
    for (let i = 0, size = xml.length; size < 2 * 1024 * 1024; i += 1) {
      padding.push(
        `<unit id="gone.${i}"><segment><source>A text this site no longer has, number ${i}, padded out.</source><target>Ein Text, den es nicht mehr gibt, Nummer ${i}.</target></segment></unit>`,
      );
      size += padding.at(-1)!.length + 1;
    }
    xml = xml.replace('</file>', `${padding.join('\n')}</file>`);
    expect(xml.length).toBeGreaterThanOrEqual(2 * 1024 * 1024);
    return xml;
  }

  it('answers /api/health and /Home1 within a second while a 10,000-line CSV and a 2 MB XLIFF are imported', async () => {
    const csv = [
      'from,to,status',
      ...Array.from({ length: 10_000 }, (_, i) => `/old-site/page-${i},/News1?from=${i},301`),
    ].join('\n');
    const xliff = await largeXliff();
    expect((await ask(base, '/Home1')).status).toBe(200);

    let importing = true;
    const imports = Promise.all([
      ask(base, '/api/master/redirects.csv', {
        method: 'POST',
        headers: { ...admin.headers, 'content-type': 'text/csv' },
        body: csv,
      }),
      ask(base, '/api/master/xliff/de', {
        method: 'POST',
        headers: { ...admin.headers, 'content-type': 'application/xliff+xml' },
        body: xliff,
      }),
    ]).finally(() => (importing = false));
    const times: number[] = [];
    const probe = async (path: string) => {
      while (importing) {
        const answer = await ask(base, path);
        expect(answer.status, `${path}: ${answer.body.slice(0, 200)}`).toBe(200);
        times.push(answer.ms);
      }
    };
    const [[redirects, translations]] = await Promise.all([imports, probe('/api/health'), probe('/Home1')]);

    expect(redirects.status, redirects.body.slice(0, 500)).toBe(200);
    expect(JSON.parse(redirects.body)).toEqual({ imported: 10_000, errors: [] });
    expect(translations.status, translations.body.slice(0, 500)).toBe(200);
    expect((JSON.parse(translations.body) as { pages: unknown[] }).pages.length).toBeGreaterThan(1);
    expect(times.length).toBeGreaterThan(4);
    const slowest = Math.max(...times);
    expect(slowest).toBeLessThan(1000);
  });
});
