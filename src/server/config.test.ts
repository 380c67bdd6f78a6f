import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('has working defaults: SQLite in ./data on port 3000', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir.endsWith('data')).toBe(true);
    expect(config.publicBaseUrl).toBe('http://localhost:3000/');
    expect(config.uploadMaxBytes).toBe(5 * 1024 * 1024);
    expect(config.trustProxy).toBe(false);
    expect(config.tenants).toEqual(['default']);
    expect(config.acceptCopies).toBe(32);
    expect(loadConfig({ ACCEPT_COPIES: '0' }).acceptCopies).toBe(0);
    expect(config.auditKeepDays).toBe(400);
    expect(loadConfig({ AUDIT_KEEP_DAYS: '30' }).auditKeepDays).toBe(30);
    expect(config.revisionsPerPage).toBe(100);
    expect(loadConfig({ REVISIONS_PER_PAGE: '0' }).revisionsPerPage).toBe(0);
    expect(config.secretKey).toBeUndefined();
    const key = Buffer.alloc(32, 1).toString('base64');
    expect(loadConfig({ SECRET_KEY: key }).secretKey).toBe(key);
  });

  it('derives the public base URL from the port and keeps one trailing slash', () => {
    expect(loadConfig({ PORT: '8080' }).publicBaseUrl).toBe('http://localhost:8080/');
    expect(loadConfig({ PUBLIC_BASE_URL: 'https://www.example.in' }).publicBaseUrl).toBe('https://www.example.in/');
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://localhost/folio' }, 'DATABASE_URL'],
    [{ PUBLIC_BASE_URL: 'not a url' }, 'PUBLIC_BASE_URL'],
    [{ TRUST_PROXY: 'maybe' }, 'TRUST_PROXY'],
    [{ ACCEPT_COPIES: '-1' }, 'ACCEPT_COPIES'],
    [{ ACCEPT_COPIES: '1000' }, 'ACCEPT_COPIES'],
    [{ ADMIN_PASSWORD: 'short' }, 'ADMIN_PASSWORD'],
    [{ AUDIT_KEEP_DAYS: '0' }, 'AUDIT_KEEP_DAYS'],
    [{ AUDIT_KEEP_DAYS: 'forever' }, 'AUDIT_KEEP_DAYS'],
    [{ SECRET_KEY: 'too-short' }, 'SECRET_KEY'],
    [{ LOG_FORMAT: 'xml' }, 'LOG_FORMAT'],
    [{ REVISIONS_PER_PAGE: '-1' }, 'REVISIONS_PER_PAGE'],
    [{ REVISIONS_PER_PAGE: 'all' }, 'REVISIONS_PER_PAGE'],
    [{ DEFAULT_TENANT: 'acme', TENANTS: 'default' }, 'DEFAULT_TENANT'],
  ])('refuses %o with a message naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });

  it('reads LOG_FORMAT: pretty or json, unset to follow the terminal', () => {
    expect(loadConfig({}).logFormat).toBeUndefined();
    expect(loadConfig({ LOG_FORMAT: '' }).logFormat).toBeUndefined();
    expect(loadConfig({ LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
    expect(loadConfig({ LOG_FORMAT: 'json' }).logFormat).toBe('json');
  });

  it('refuses PostgreSQL without SECRET_KEY with a sentence that says why and how to make one (docs/design.md §24)', () => {
    const postgres = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/folio' };
    expect(() => loadConfig(postgres)).toThrow(ConfigError);
    expect(() => loadConfig(postgres)).toThrow(
      'SECRET_KEY: is needed with DATABASE_URL: it seals two-step sign-in secrets, and every instance on the database must have the same one. Make one with `openssl rand -base64 32` and set it on every instance.',
    );
    expect(() => loadConfig({ ...postgres, SECRET_KEY: '' })).toThrow('SECRET_KEY: is needed with DATABASE_URL');
  });

  it('accepts PostgreSQL URLs with SECRET_KEY, and boolean flags', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/folio',
      SECRET_KEY: Buffer.alloc(32, 2).toString('base64'),
      TRUST_PROXY: 'true',
    });
    expect(config.databaseUrl).toBe('postgres://postgres@127.0.0.1:5432/folio');
    expect(config.trustProxy).toBe(true);
  });
});
