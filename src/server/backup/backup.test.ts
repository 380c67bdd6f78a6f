import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import SQLite from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_PAGES } from '../../core/pages';
import { loadConfig, type AppConfig } from '../config';
import { openDatabase, type Db } from '../db/database';
import { MIGRATION_NAMES, migrateTo } from '../db/migrate';
import { insertEnquiry } from '../enquiries/enquiries.repository';
import {
  createTestApp,
  createTestDatabase,
  TEST_SECRET_KEY,
  testDialects,
  type TestApp,
  type TestDialect,
} from '../test-support/test-app';
import { ADMIN_PASSWORD, EDITOR_PASSWORD, createEditor, logIn, type LoggedIn } from '../test-support/sessions';
import { testImage, uploadImage } from '../test-support/uploads';
import { BACKUP_TABLES, isLeftOutOfBackups } from './backup-format';
import { BackupRefused, verifyBackup } from './backup-reader';
import { writeBackup, type BackupOptions } from './backup-writer';
import { restoreBackup } from './restore';
import { holdServerMark } from './run-mark';
import { openSnapshot } from './snapshot';

/** A place for a restore: an empty SQLite folder or an empty PostgreSQL database, and its configuration. */
interface EmptyTarget {
  config: AppConfig;
  drop(): Promise<void>;
}

async function emptyTarget(dialect: TestDialect, env: Record<string, string> = {}): Promise<EmptyTarget> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-restore-'));
  const database = dialect === 'postgres' ? await createTestDatabase() : undefined;
  return {
    config: loadConfig({
      DATA_DIR: dataDir,
      DATABASE_URL: database?.url ?? '',
      LOG_LEVEL: 'silent',
      SECRET_KEY: TEST_SECRET_KEY,
      ...env,
    }),
    drop: async () => {
      await database?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Takes a backup of the app's tenants into a file of a temporary folder. */
async function backupOf(config: AppConfig, options: BackupOptions = {}, tenants = config.tenants): Promise<string> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'folio-backup-')), 'site.jsonl.gz');
  const snapshot = await openSnapshot(config, tenants);
  try {
    await writeBackup(snapshot, fs.createWriteStream(file), options);
  } finally {
    await snapshot.close();
  }
  return file;
}

/**
 * Every row of every Folio table, bytes as base64, in key order: what "every table's rows equal" compares.
 * PostgreSQL's search vectors are left out: they are generated from the row's other columns (migration 0016).
 */
async function everyRow(db: Db): Promise<Record<string, unknown[]>> {
  const rows: Record<string, unknown[]> = {};
  for (const table of BACKUP_TABLES) {
    const found = await sql<
      Record<string, unknown>
    >`select * from ${sql.table(table.name)} order by ${sql.join(table.key.map((key) => sql.ref(key)))}`.execute(db);
    rows[table.name] = found.rows.map((row) =>
      Object.fromEntries(
        Object.entries(row)
          .filter(([key]) => key !== 'search_vector')
          .map(([key, value]) => [key, Buffer.isBuffer(value) ? value.toString('base64') : value]),
      ),
    );
  }
  return rows;
}

/** The restored database's rows without the restore's own audit entry (checked to be there). */
function withoutRestoreEntry(rows: Record<string, unknown[]>): Record<string, unknown[]> {
  const audit = rows.audit_log as Array<{ action: string }>;
  const restores = audit.filter((entry) => entry.action === 'backup.restore');
  expect(restores).toHaveLength(1);
  return { ...rows, audit_log: audit.filter((entry) => entry.action !== 'backup.restore') };
}

/** Opens a target's default tenant database directly (no app, no seed). */
function openTarget(config: AppConfig): Db {
  return openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, sqliteFile: 'folio.sqlite' }).db;
}

/** The public pages a visitor can ask for, with what they answered. */
async function publicPages(app: TestApp['app']): Promise<Record<string, { status: number; body: string }>> {
  const pages: Record<string, { status: number; body: string }> = {};
  // Home in German too (docs/design.md §28: the languages, the translations and the site's own words travel with a backup).
  const paths = [...CONTENT_PAGES.map((page) => page.publicPath), '/de/Home1', '/sitemap.xml', '/robots.txt'];
  for (const url of paths) {
    const response = await app.inject({ method: 'GET', url });
    pages[url] = { status: response.statusCode, body: response.body };
  }
  return pages;
}

const tablesOf = async (db: Db) =>
  (await db.introspection.getTables()).map((table) => table.name).filter((name) => !isLeftOutOfBackups(name));

describe.each(testDialects())('backups of %s', (source) => {
  let t: TestApp;
  let admin: LoggedIn;
  let editor: LoggedIn;
  beforeAll(async () => {
    t = await createTestApp(source, { ADMIN_PASSWORD, REVISIONS_PER_PAGE: '0' });
    admin = await logIn(t.app, 'admin', ADMIN_PASSWORD);
    await createEditor(t.app, 'editor');
    editor = await logIn(t.app, 'editor', EDITOR_PASSWORD);
    // A site with a history: saved pages, an image, an enquiry, a user of its own.
    const home = (await t.app.inject({ method: 'POST', url: '/api/master/gethomepages', payload: {} })).json();
    home.exprtshead = '<p>Restored exactly as it was</p>';
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/master/saveHome', headers: editor.headers, payload: home }))
        .statusCode,
    ).toBe(200);
    const image = await uploadImage(
      t.app,
      { page: 'about' },
      { name: 'team.png', type: 'image/png', data: await testImage(40, 30, 'png') },
      admin,
    );
    expect(image.statusCode).toBe(200);
    const languages = {
      defaultLocale: 'en-IN',
      locales: [
        { code: 'en-IN', name: 'English', enabled: true },
        { code: 'de', name: 'Deutsch', enabled: true },
      ],
    };
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/master/locales', headers: admin.headers, payload: languages }))
        .statusCode,
    ).toBe(200);
    const german = { locale: 'de', revision: 0, texts: { 'slideList.0.heading': 'Software, die passt' } };
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/master/translate/Home',
          headers: admin.headers,
          payload: german,
        })
      ).statusCode,
    ).toBe(200);
    const words = { locale: 'de', revision: 0, texts: { 'footer.tagline': 'Software aus Pune' } };
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/master/sitetexts', headers: admin.headers, payload: words }))
        .statusCode,
    ).toBe(200);
    await insertEnquiry(t.app.tenants.default.db, {
      organization: 'Acme',
      name: 'Ravi',
      email: 'ravi@example.com',
      mobile: '9876543210',
      requirements: 'A CRM, with ünïcode and "quotes"\nover two lines',
      created_at: new Date().toISOString(),
    });
    // A day of visits: its figures belong in a backup, its salt and visitors' hashes never (they live a day).
    const db = t.app.tenants.default.db;
    await db
      .insertInto('visit_days')
      .values({ routing: '', locale: '', day: '2026-11-29', views: 42, visitors: 7 })
      .execute();
    await db
      .insertInto('visit_sources')
      .values({ routing: '', day: '2026-11-29', kind: 'referrer', name: 'example.org', views: 5 })
      .execute();
    await db.insertInto('visit_salts').values({ day: '2026-11-29', salt: 'a-secret-of-the-day' }).execute();
    await db
      .insertInto('visit_hashes')
      .values({ day: '2026-11-29', scope: '', hash: 'AAAAAAAAAAAAAAAAAAAAAA' })
      .execute();
  });
  afterAll(async () => t?.close());

  it('knows every table of a freshly migrated database (a new table cannot be left out of backups)', async () => {
    expect((await tablesOf(t.app.tenants.default.db)).sort()).toEqual(BACKUP_TABLES.map((table) => table.name).sort());
  });

  it('writes gzip JSON lines: a header, each table with its columns and rows, a manifest with counts and the SHA-256', async () => {
    const file = await backupOf(t.config);
    const lines = gunzipSync(fs.readFileSync(file)).toString('utf8').trimEnd().split('\n');
    expect(JSON.parse(lines[0]!)).toMatchObject({
      format: 'folio-backup',
      formatVersion: 1,
      source,
      tenants: [{ name: 'default', lastMigration: MIGRATION_NAMES.at(-1) }],
    });
    const manifest = JSON.parse(lines.at(-1)!).manifest;
    const users = await t.app.tenants.default.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(manifest.tables).toContainEqual({ tenant: 'default', table: 'users', rows: Number(users.n) });
    expect(manifest.tables.map((table: { table: string }) => table.table)).toEqual(
      BACKUP_TABLES.map((table) => table.name),
    );
    expect(await verifyBackup(file, MIGRATION_NAMES)).toEqual(manifest);
    // Images travel with their bytes.
    const imageTable = lines.findIndex((line) => line.startsWith('{"tenant":"default","table":"images"'));
    expect(lines[imageTable + 1]).toContain('{"$base64":"');
  });

  describe.each(testDialects())('restored into an empty %s database', (target) => {
    let empty: EmptyTarget;
    let restored: TestApp;
    let file: string;
    beforeAll(async () => {
      file = await backupOf(t.config);
      empty = await emptyTarget(target);
      await restoreBackup(empty.config, file);
      restored = await createTestApp(
        target,
        { ADMIN_PASSWORD },
        target === 'postgres' ? { databaseUrl: empty.config.databaseUrl! } : { dataDir: empty.config.dataDir },
      );
    });
    afterAll(async () => {
      await restored?.close();
      await empty?.drop();
    });

    it("holds every table's rows exactly, and a restore entry in the audit log", async () => {
      const before = await everyRow(t.app.tenants.default.db);
      const after = await everyRow(restored.app.tenants.default.db);
      expect(withoutRestoreEntry(after)).toEqual(before);
      const entry = (after.audit_log as Array<Record<string, unknown>>).find((row) => row.action === 'backup.restore');
      expect(entry).toMatchObject({ target_type: 'backup', target_id: 'site.jsonl.gz' });
    });

    it("carries the visits' figures and none of a day's salt and visitors' hashes", async () => {
      const db = restored.app.tenants.default.db;
      expect(await db.selectFrom('visit_days').select(['day', 'views', 'visitors']).execute()).toEqual([
        { day: '2026-11-29', views: 42, visitors: 7 },
      ]);
      expect(await db.selectFrom('visit_sources').select(['name', 'views']).execute()).toEqual([
        { name: 'example.org', views: 5 },
      ]);
      expect(await db.selectFrom('visit_salts').selectAll().execute()).toEqual([]);
      expect(await db.selectFrom('visit_hashes').selectAll().execute()).toEqual([]);
      expect(await t.app.tenants.default.db.selectFrom('visit_hashes').selectAll().execute()).toHaveLength(1);
      expect(gunzipSync(fs.readFileSync(file)).toString('utf8')).not.toContain('a-secret-of-the-day');
    });

    it('renders every public page byte for byte as the original does', async () => {
      const original = await publicPages(t.app);
      expect(original['/de/Home1']).toMatchObject({ status: 200, body: expect.stringContaining('Software aus Pune') });
      expect(original['/Home1']!.body).toContain('Restored exactly as it was');
      expect(await publicPages(restored.app)).toEqual(original);
    });

    it('signs in the same users with the same passwords, and goes on numbering rows after the restored ones', async () => {
      await logIn(restored.app, 'editor', EDITOR_PASSWORD);
      const home = (await restored.app.inject({ method: 'POST', url: '/api/master/gethomepages', payload: {} })).json();
      const editorThere = await logIn(restored.app, 'editor', EDITOR_PASSWORD);
      const saved = await restored.app.inject({
        method: 'POST',
        url: '/api/master/saveHome',
        headers: editorThere.headers,
        payload: { ...home, exprtshead: '<p>After the move</p>' },
      });
      expect(saved.statusCode).toBe(200);
      const id = await insertEnquiry(restored.app.tenants.default.db, {
        organization: 'B',
        name: 'N',
        email: 'n@example.com',
        mobile: '1',
        requirements: 'r',
        created_at: new Date().toISOString(),
      });
      const highest = await t.app.tenants.default.db
        .selectFrom('enquiries')
        .select((eb) => eb.fn.max('id').as('max'))
        .executeTakeFirstOrThrow();
      expect(id).toBeGreaterThan(Number(highest.max));
    });
  });

  it('restores a state of one moment while the site goes on saving (no half-saved page, no revision without its entry)', async () => {
    // After each batch the backup reads, the editor saves Home (the backup waits for it): each save writes a
    // revision and its audit entry in one transaction, page_revisions is read long before audit_log. Read
    // outside one snapshot, the backup would hold entries of revisions it does not hold.
    let saves = 0;
    const saveHome = async () => {
      const home = (await t.app.inject({ method: 'POST', url: '/api/master/gethomepages', payload: {} })).json();
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/master/saveHome',
        headers: editor.headers,
        payload: { ...home, exprtshead: `<p>Saved during the backup ${saves}</p>` },
      });
      expect(response.statusCode).toBe(200);
      saves += 1;
    };
    const file = await backupOf(t.config, { onProgress: saveHome });
    expect(saves).toBeGreaterThan(3);
    const empty = await emptyTarget(source);
    try {
      await restoreBackup(empty.config, file);
      const db = openTarget(empty.config);
      try {
        const revisions = await db.selectFrom('page_revisions').select('revision').where('page_id', '=', 1).execute();
        const entries = await db
          .selectFrom('audit_log')
          .select('summary')
          .where('action', '=', 'page.publish')
          .where('target_id', '=', 'Home')
          .execute();
        const orphans = await sql<{
          n: number;
        }>`select count(*) as n from page_revisions r left join pages p on p.id = r.page_id where p.id is null`.execute(
          db,
        );
        expect(Number(orphans.rows[0]?.n)).toBe(0);
        // The seeded revision has no entry; every later one has exactly one.
        expect(entries.length).toBe(revisions.length - 1);
        const live = await t.app.tenants.default.db
          .selectFrom('page_revisions')
          .select('revision')
          .where('page_id', '=', 1)
          .execute();
        expect(revisions.length).toBeLessThan(live.length);
      } finally {
        await db.destroy();
      }
    } finally {
      await empty.drop();
    }
  });

  describe('refuses, and leaves the database as it was,', () => {
    let good: string;
    let empty: EmptyTarget;
    beforeAll(async () => {
      good = await backupOf(t.config);
      empty = await emptyTarget(source);
    });
    afterAll(async () => empty?.drop());

    const expectUntouched = async () => {
      if (empty.config.databaseUrl) {
        const db = openTarget(empty.config);
        try {
          const schemas = await sql<{
            n: number;
          }>`select count(*) as n from information_schema.schemata where schema_name like 'folio_restore%'`.execute(db);
          expect(Number(schemas.rows[0]?.n)).toBe(0);
          expect(await tablesOf(db)).toEqual([]);
        } finally {
          await db.destroy();
        }
      } else {
        expect(fs.readdirSync(empty.config.dataDir).filter((name) => name !== 'folio.lock')).toEqual([]);
      }
    };
    const refusal = async (file: string) => {
      const error = await restoreBackup(empty.config, file).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(BackupRefused);
      await expectUntouched();
      return (error as Error).message;
    };
    const variant = (name: string, bytes: Buffer) => {
      const file = path.join(path.dirname(good), name);
      fs.writeFileSync(file, bytes);
      return file;
    };

    it('a truncated file', async () => {
      const bytes = fs.readFileSync(good);
      expect(await refusal(variant('cut.jsonl.gz', bytes.subarray(0, Math.floor(bytes.length * 0.6))))).toMatch(
        /is incomplete: .*Nothing was restored\.$/,
      );
    });

    it('a file cut at a line, compressed again (no manifest)', async () => {
      const lines = gunzipSync(fs.readFileSync(good)).toString('utf8').split('\n');
      expect(await refusal(variant('no-manifest.jsonl.gz', gzipSync(lines.slice(0, 40).join('\n'))))).toMatch(
        /ends before its manifest/,
      );
    });

    it('a file whose rows were changed (the SHA-256 does not match)', async () => {
      const text = gunzipSync(fs.readFileSync(good)).toString('utf8').replace('"Administrators"', '"Intruders"');
      expect(await refusal(variant('changed.jsonl.gz', gzipSync(text)))).toMatch(
        /is damaged: its contents do not match the SHA-256 in its manifest/,
      );
    });

    it('files of another program: a gzipped CSV, a PNG, an empty file', async () => {
      expect(await refusal(variant('export.csv.gz', gzipSync('name,email\nRavi,ravi@example.com\n')))).toMatch(
        /is not a Folio backup: it does not begin with a Folio backup's header/,
      );
      expect(await refusal(variant('photo.png', await testImage(10, 10, 'png')))).toMatch(
        /is not a Folio backup: it is not a gzip-compressed file/,
      );
      expect(await refusal(variant('empty.gz', gzipSync('')))).toMatch(/is not a Folio backup/);
    });

    it('a backup from a newer Folio (a migration this one does not know)', async () => {
      await expect(verifyBackup(good, MIGRATION_NAMES.slice(0, -1))).rejects.toThrow(
        /comes from a newer Folio: .* Upgrade Folio, then restore it/,
      );
    });

    it('a database that holds data, unless --replace; and --replace while a server runs on it', async () => {
      const before = await everyRow(t.app.tenants.default.db);
      const error = await restoreBackup(t.config, good).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(BackupRefused);
      expect((error as Error).message).toMatch(
        /^The database of tenant default \(.*\) is not empty\. Restore into an empty database, or add --replace/,
      );
      const mark = await holdServerMark(t.config);
      try {
        await expect(restoreBackup(t.config, good, { replace: true })).rejects.toThrow(
          /A Folio server is running on this database\. Stop every instance first/,
        );
      } finally {
        await mark.release();
      }
      expect(await everyRow(t.app.tenants.default.db)).toEqual(before);
    });
  });

  it('replaces a database that holds data with --replace (the server stopped), and no server starts while a restore holds it', async () => {
    const file = await backupOf(t.config);
    const other = await createTestApp(source, { ADMIN_PASSWORD });
    const { config } = other;
    await other.app.close();
    try {
      let refusedStart: string | undefined;
      await restoreBackup(config, file, {
        replace: true,
        onProgress: async () => {
          refusedStart ??= await holdServerMark(config).then(
            (mark) => mark.release().then(() => 'started'),
            (error: Error) => error.message,
          );
        },
      });
      expect(refusedStart).toBe('A restore is running on this database. Start Folio again when it has finished.');
      const db = openTarget(config);
      try {
        expect(withoutRestoreEntry(await everyRow(db))).toEqual(await everyRow(t.app.tenants.default.db));
      } finally {
        await db.destroy();
      }
    } finally {
      await other.close().catch(() => {});
    }
  });
});

describe.each(testDialects())('a backup of an older Folio restored into %s', (dialect) => {
  it('is brought to the newest migration after its rows are in', async () => {
    const source = await emptyTarget(dialect);
    const target = await emptyTarget(dialect);
    try {
      const { db } = openDatabase({
        databaseUrl: source.config.databaseUrl,
        dataDir: source.config.dataDir,
        sqliteFile: 'folio.sqlite',
      });
      await migrateTo(db as unknown as Kysely<unknown>, dialect, '20261125-0014-firm-words');
      await db
        .insertInto('user_groups')
        .values({ id: 1, name: 'Administrators', builtin: 1, created_at: '2026-11-01T00:00:00.000Z' })
        .execute();
      await db.destroy();
      const file = await backupOf(source.config);
      expect((await verifyBackup(file, MIGRATION_NAMES)).tenants[0]!.lastMigration).toBe('20261125-0014-firm-words');
      await restoreBackup(target.config, file);
      const restored = openTarget(target.config);
      try {
        const last = await sql<{ name: string }>`select name from kysely_migration order by name desc limit 1`.execute(
          restored,
        );
        expect(last.rows[0]?.name).toBe(MIGRATION_NAMES.at(-1));
        expect(await restored.selectFrom('user_groups').select(['name', 'require_two_factor']).execute()).toEqual([
          { name: 'Administrators', require_two_factor: 0 },
        ]);
        expect(await restored.selectFrom('users').select('password_must_change').execute()).toEqual([]);
      } finally {
        await restored.destroy();
      }
    } finally {
      await source.drop();
      await target.drop();
    }
  });
});

describe('the server mark on SQLite', () => {
  it('refuses a second holder while the first lives, and frees it when released', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-mark-'));
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const server = await holdServerMark(config);
    await expect(holdServerMark(config)).rejects.toThrow(
      'A restore is running on this database. Start Folio again when it has finished.',
    );
    await server.release();
    const again = await holdServerMark(config);
    await again.release();
    // The lock file is a SQLite file of its own: nothing of the site is in it.
    const lock = new SQLite(path.join(dataDir, 'folio.lock'), { readonly: true });
    expect(lock.prepare("select name from sqlite_master where type = 'table'").pluck().all()).toEqual(['mark']);
    lock.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
