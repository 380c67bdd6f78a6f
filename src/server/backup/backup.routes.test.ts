import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATION_NAMES } from '../db/migrate';
import { ADMIN_PASSWORD, createEditor, EDITOR_PASSWORD, logIn } from '../test-support/sessions';
import { createTestApp, testDialects, type TestApp } from '../test-support/test-app';
import { verifyBackup } from './backup-reader';

describe.each(testDialects())('GET /api/master/backup on %s (the backups screen, docs/design.md §22)', (dialect) => {
  let t: TestApp;
  let folder: string;
  beforeAll(async () => {
    t = await createTestApp(dialect, { ADMIN_PASSWORD, TENANTS: 'default,acme' });
    await createEditor(t.app, 'editor');
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-download-'));
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  const downloads = (tenant = 'default') =>
    t.app.tenants
      .named(tenant)!
      .db.selectFrom('audit_log')
      .select(['user_name', 'target_id', 'summary'])
      .where('action', '=', 'backup.download')
      .execute();
  const userCount = async (tenant: string) =>
    (await t.app.tenants.named(tenant)!.db.selectFrom('users').select('id').execute()).length;
  const saved = (body: Buffer, name: string) => {
    const file = path.join(folder, name);
    fs.writeFileSync(file, body);
    return file;
  };

  it('gives an administrator a whole backup of the tenant as an attachment, and records who took it', async () => {
    const admin = await logIn(t.app, 'admin', ADMIN_PASSWORD);
    const response = await t.app.inject({ method: 'GET', url: '/api/master/backup', headers: admin.headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/gzip');
    expect(response.headers['cache-control']).toBe('no-store');
    const disposition = String(response.headers['content-disposition']);
    expect(disposition).toMatch(/^attachment; filename="folio-backup-default-\d{4}-\d{2}-\d{2}-\d{6}\.jsonl\.gz"$/);
    const manifest = await verifyBackup(saved(response.rawPayload, 'default.jsonl.gz'), MIGRATION_NAMES);
    expect(manifest.tenants.map((tenant) => tenant.name)).toEqual(['default']);
    expect(new Set(manifest.tables.map((table) => table.tenant))).toEqual(new Set(['default']));
    expect(manifest.tables.find((table) => table.table === 'users')?.rows).toBe(await userCount('default'));
    const [entry] = await downloads();
    expect(entry).toEqual({
      user_name: 'admin',
      target_id: /filename="(.*)"/.exec(disposition)![1],
      summary: expect.stringMatching(/^Downloaded a backup of the site \(folio-backup-default-.*\.jsonl\.gz\)$/),
    });
  });

  it("gives another tenant's administrator that tenant only", async () => {
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      headers: { dbname: 'acme' },
      payload: { username: 'admin', password: ADMIN_PASSWORD },
    });
    const token = (signIn.json() as { accessToken: string }).accessToken;
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/master/backup',
      headers: { dbname: 'acme', authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(200);
    const manifest = await verifyBackup(saved(response.rawPayload, 'acme.jsonl.gz'), MIGRATION_NAMES);
    expect(manifest.tenants.map((tenant) => tenant.name)).toEqual(['acme']);
    expect(new Set(manifest.tables.map((table) => table.tenant))).toEqual(new Set(['acme']));
    // The editor is a user of default only: acme's backup counts acme's users, not default's.
    const users = manifest.tables.find((table) => table.table === 'users')?.rows;
    expect(users).toBe(await userCount('acme'));
    expect(users).not.toBe(await userCount('default'));
    expect(await downloads('acme')).toHaveLength(1);
  });

  it('refuses an editor (403) and a visitor (401), and records nothing', async () => {
    const before = (await downloads()).length;
    const editor = await logIn(t.app, 'editor', EDITOR_PASSWORD);
    const refused = await t.app.inject({ method: 'GET', url: '/api/master/backup', headers: editor.headers });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'Your menu does not include this screen.' });
    expect((await t.app.inject({ method: 'GET', url: '/api/master/backup' })).statusCode).toBe(401);
    expect(await downloads()).toHaveLength(before);
  });
});
