import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../config';
import { captureLogs } from '../test-support/logs';
import { ADMIN_PASSWORD, logIn, type LoggedIn } from '../test-support/sessions';
import { createTestApp, testDialects, type TestApp } from '../test-support/test-app';
import { SECRET_KEY_FILE } from './secret-box';
import { codeAt } from './totp';

/** docs/design.md §24: secrets are sealed by default, with SECRET_KEY or, on SQLite, a key file made once in DATA_DIR. */

const keyFileOf = (t: TestApp) => path.join(t.config.dataDir, SECRET_KEY_FILE);
const storedSecret = async (t: TestApp, username = 'admin') =>
  (
    await t.app.tenants.default.db
      .selectFrom('users')
      .select('totp_secret')
      .where('username', '=', username)
      .executeTakeFirstOrThrow()
  ).totp_secret;

/** Turns two-step sign-in on for the admin; the secret, as the setup call shows it once. */
async function enableTwoStep(t: TestApp, admin: LoggedIn): Promise<string> {
  const { secret } = (
    await t.app.inject({ method: 'POST', url: '/api/auth/2fa/setup', headers: admin.headers, payload: {} })
  ).json() as { secret: string };
  const enabled = await t.app.inject({
    method: 'POST',
    url: '/api/auth/2fa/enable',
    headers: admin.headers,
    payload: { code: codeAt(secret, new Date()) },
  });
  expect(enabled.statusCode, enabled.body).toBe(200);
  return secret;
}

/** Signs the admin in with password and a code of the next time step (the current one was used to enable it). */
async function signInWithCode(t: TestApp, secret: string): Promise<number> {
  const first = await t.app.inject({
    method: 'POST',
    url: '/api/auth/signin',
    payload: { username: 'admin', password: ADMIN_PASSWORD },
  });
  const challenge = first.cookies.find((cookie) => cookie.name === 'folio_challenge')?.value;
  expect(challenge, first.body).toBeTruthy();
  const code = codeAt(secret, new Date(Date.now() + 30_000));
  return (
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin/verify',
      headers: { cookie: `folio_challenge=${challenge}` },
      payload: { code },
    })
  ).statusCode;
}

describe('the key file of the SQLite default', () => {
  const apps: TestApp[] = [];
  afterEach(async () => {
    for (const t of apps.reverse()) await t.close();
    apps.length = 0;
  });

  it('is made once, readable by the server only, read again at the next start, and seals what it is given', async () => {
    const firstLog = captureLogs();
    const first = await createTestApp('sqlite', { ADMIN_PASSWORD, LOG_LEVEL: 'info' }, { logStream: firstLog.stream });
    apps.push(first);
    const file = keyFileOf(first);
    expect(firstLog.text()).toContain(
      `Made the key that seals two-step sign-in secrets: ${file}. Keep a copy of it apart from the backups`,
    );
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const key = fs.readFileSync(file, 'utf8').trim();
    expect(Buffer.from(key, 'base64')).toHaveLength(32);
    expect(fs.readdirSync(first.config.dataDir).filter((name) => name.startsWith(`${SECRET_KEY_FILE}.`))).toEqual([]);
    const secret = await enableTwoStep(first, await logIn(first.app, 'admin', ADMIN_PASSWORD));
    const stored = await storedSecret(first);
    expect(stored).toMatch(/^v1:/);
    expect(stored).not.toContain(secret);

    const secondLog = captureLogs();
    const second = await createTestApp(
      'sqlite',
      { LOG_LEVEL: 'info' },
      { sameDatabaseAs: first, logStream: secondLog.stream },
    );
    apps.push(second);
    expect(fs.readFileSync(file, 'utf8').trim()).toBe(key);
    expect(secondLog.text()).toContain('database ready');
    expect(secondLog.text()).not.toContain('Made the key');
    // The second start opens what the first sealed: the same key.
    expect(await signInWithCode(second, secret)).toBe(200);
  });

  it('stops the start with a sentence when the file does not hold a key', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-bad-key-'));
    try {
      fs.writeFileSync(path.join(dataDir, SECRET_KEY_FILE), `${Buffer.alloc(16, 1).toString('base64')}\n`, {
        mode: 0o600,
      });
      const start = createTestApp('sqlite', {}, { dataDir });
      await expect(start).rejects.toThrow(ConfigError);
      await expect(start).rejects.toThrow(
        `${path.join(dataDir, SECRET_KEY_FILE)} does not hold a key Folio can use: it must be 32 random bytes in base64`,
      );
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('is not made when SECRET_KEY is set', async () => {
    const t = await createTestApp('sqlite', { SECRET_KEY: Buffer.alloc(32, 4).toString('base64') });
    apps.push(t);
    expect(fs.existsSync(keyFileOf(t))).toBe(false);
  });
});

describe('a backup and the key file (sqlite)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { ADMIN_PASSWORD });
  });
  afterAll(async () => t?.close());

  it('holds the sealed secrets but never the key that opens them', async () => {
    const admin = await logIn(t.app, 'admin', ADMIN_PASSWORD);
    const secret = await enableTwoStep(t, admin);
    const key = fs.readFileSync(keyFileOf(t), 'utf8').trim();
    const answer = await t.app.inject({ method: 'GET', url: '/api/master/backup', headers: admin.headers });
    expect(answer.statusCode, answer.body).toBe(200);
    const text = gunzipSync(answer.rawPayload).toString('utf8');
    expect(text).toContain(await storedSecret(t));
    expect(text).not.toContain(secret);
    for (const form of [
      key,
      Buffer.from(key, 'base64').toString('hex'),
      Buffer.from(key, 'base64').toString('base64url'),
      SECRET_KEY_FILE,
    ])
      expect(text).not.toContain(form);
  });
});

describe.each(testDialects())('two-step secrets kept in plain text by an earlier version (%s)', (dialect) => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const t of apps.reverse()) await t.close();
  });

  it('are sealed at the next start, once, and their users still sign in with their codes', async () => {
    const before = await createTestApp(dialect, { ADMIN_PASSWORD });
    apps.push(before);
    const secret = await enableTwoStep(before, await logIn(before.app, 'admin', ADMIN_PASSWORD));
    // As a start without a key kept it (decision 016, before docs/design.md §24): the secret as it is, marked plain.
    await before.app.tenants.default.db
      .updateTable('users')
      .set({ totp_secret: `plain:${secret}` })
      .where('username', '=', 'admin')
      .execute();

    const next = await createTestApp(dialect, {}, { sameDatabaseAs: before });
    apps.push(next);
    const sealed = await storedSecret(next);
    expect(sealed).toMatch(/^v1:/);
    expect(sealed).not.toContain(secret);
    expect(await signInWithCode(next, secret)).toBe(200);

    // A later start finds nothing left to seal and leaves the sealed value as it is.
    const later = await createTestApp(dialect, {}, { sameDatabaseAs: before });
    apps.push(later);
    expect(await storedSecret(later)).toBe(sealed);
  });
});
