import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../database';
import { migrateTo, migrateToLatest } from '../migrate';
import { seedMasterDataIfMissing } from '../seed/master-data-seed';
import { insertAdministrationMenu } from '../../test-support/administration-menu';

function scratchDatabase(file: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-migration-'));
  const handle = openDatabase({ databaseUrl: undefined, dataDir: dir, sqliteFile: file });
  return {
    handle,
    db: handle.db as unknown as Kysely<any>,
    close: async () => {
      await handle.db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** An upgrade from a database made before master data: the two screens become pages in the Administration menu. */
describe('migration 20261123-0006-master-data on an existing SQLite database', () => {
  const scratch = scratchDatabase('old.sqlite');
  const db = scratch.db;
  afterAll(() => scratch.close());

  it("adds the two screens as pages, appends them to the Administrators' Administration sub-menu, and seeds master data once", async () => {
    await migrateTo(db, 'sqlite', '20261123-0005-page-definitions');
    await db
      .insertInto('pages')
      .values([
        {
          id: 7,
          routing: 'News',
          name: 'News',
          display_name: 'News',
          public_path: '/News1',
          kind: 'content',
          active: 1,
          module_id: 1,
          page_type: 'wired',
          homepage: 'Y',
        },
        {
          id: 16,
          routing: 'userHomepage',
          name: 'Users',
          display_name: 'Users',
          public_path: null,
          kind: 'screen',
          active: 1,
          module_id: 4,
          page_type: 'wired',
          homepage: 'N',
        },
      ])
      .execute();
    const headingId = await insertAdministrationMenu(db, [{ pageId: 16, label: 'Users' }]);
    await db
      .insertInto('menu_items')
      .values({
        owner_kind: 'group',
        owner_id: 3,
        parent_id: null,
        page_id: 7,
        label: 'News',
        sequence: 1,
        is_sub_menu: 0,
        land_page: 1,
      })
      .execute();

    await migrateToLatest(db, 'sqlite');

    const pages = await db
      .selectFrom('pages')
      .select(['id', 'routing', 'name', 'display_name', 'kind', 'module_id', 'page_type', 'homepage', 'active'])
      .where('id', '>', 20)
      .orderBy('id')
      .execute();
    expect(pages).toEqual([
      {
        id: 25,
        routing: 'commonMasterType',
        name: 'Master Types',
        display_name: 'Master Types',
        kind: 'screen',
        module_id: 4,
        page_type: 'wired',
        homepage: 'N',
        active: 1,
      },
      {
        id: 26,
        routing: 'commonMaster',
        name: 'Master Values',
        display_name: 'Master Values',
        kind: 'screen',
        module_id: 4,
        page_type: 'wired',
        homepage: 'N',
        active: 1,
      },
      // Later migrations (accounts, backups) add the audit log's and the backups' screens the same way.
      {
        id: 27,
        routing: 'auditlog',
        name: 'Audit Log',
        display_name: 'Audit Log',
        kind: 'screen',
        module_id: 4,
        page_type: 'wired',
        homepage: 'N',
        active: 1,
      },
      {
        id: 28,
        routing: 'backups',
        name: 'Backups',
        display_name: 'Backups',
        kind: 'screen',
        module_id: 4,
        page_type: 'wired',
        homepage: 'N',
        active: 1,
      },
      {
        id: 29,
        routing: 'dashboard',
        name: 'Dashboard',
        display_name: 'Dashboard',
        kind: 'screen',
        module_id: 4,
        page_type: 'wired',
        homepage: 'N',
        active: 1,
      },
      {
        id: 30,
        routing: 'media',
        name: 'Media library',
        display_name: 'Media library',
        kind: 'screen',
        module_id: 4,
        page_type: 'wired',
        homepage: 'N',
        active: 1,
      },
      {
        id: 31,
        routing: 'redirects',
        name: 'Redirects',
        display_name: 'Redirects',
        kind: 'screen',
        module_id: 4,
        page_type: 'wired',
        homepage: 'N',
        active: 1,
      },
      {
        id: 32,
        routing: 'languages',
        name: 'Languages',
        display_name: 'Languages',
        kind: 'screen',
        module_id: 4,
        page_type: 'wired',
        homepage: 'N',
        active: 1,
      },
      {
        id: 33,
        routing: 'translations',
        name: 'Translations',
        display_name: 'Translations',
        kind: 'screen',
        module_id: 4,
        page_type: 'wired',
        homepage: 'N',
        active: 1,
      },
      {
        id: 34,
        routing: 'forms',
        name: 'Forms',
        display_name: 'Forms',
        kind: 'screen',
        module_id: 4,
        page_type: 'wired',
        homepage: 'N',
        active: 1,
      },
      {
        id: 35,
        routing: 'visits',
        name: 'Visits',
        display_name: 'Visits',
        kind: 'screen',
        module_id: 4,
        page_type: 'wired',
        homepage: 'N',
        active: 1,
      },
      {
        id: 36,
        routing: 'reviews',
        name: 'Reviews',
        display_name: 'Reviews',
        kind: 'screen',
        module_id: 4,
        page_type: 'wired',
        homepage: 'N',
        active: 1,
      },
      {
        id: 37,
        routing: 'calendar',
        name: 'Calendar',
        display_name: 'Calendar',
        kind: 'screen',
        module_id: 4,
        page_type: 'wired',
        homepage: 'N',
        active: 1,
      },
      {
        id: 38,
        routing: 'releases',
        name: 'Releases',
        display_name: 'Releases',
        kind: 'screen',
        module_id: 4,
        page_type: 'wired',
        homepage: 'N',
        active: 1,
      },
      {
        id: 39,
        routing: 'signin-settings',
        name: 'Sign-in settings',
        display_name: 'Sign-in settings',
        kind: 'screen',
        module_id: 4,
        page_type: 'wired',
        homepage: 'N',
        active: 1,
      },
      {
        id: 40,
        routing: 'webhooks',
        name: 'Webhooks',
        display_name: 'Webhooks',
        kind: 'screen',
        module_id: 4,
        page_type: 'wired',
        homepage: 'N',
        active: 1,
      },
    ]);
    const administration = await db
      .selectFrom('menu_items')
      .select(['page_id', 'label', 'sequence', 'owner_id'])
      .where('parent_id', '=', headingId)
      .orderBy('sequence')
      .execute();
    expect(administration).toEqual([
      { page_id: 16, label: 'Users', sequence: 1, owner_id: 1 },
      { page_id: 25, label: 'Master Types', sequence: 2, owner_id: 1 },
      { page_id: 26, label: 'Master Values', sequence: 3, owner_id: 1 },
      { page_id: 27, label: 'Audit Log', sequence: 4, owner_id: 1 },
      { page_id: 28, label: 'Backups', sequence: 5, owner_id: 1 },
      { page_id: 31, label: 'Redirects', sequence: 6, owner_id: 1 },
      // The media library's screen (migration 0024), then the languages' (0025), the forms' (0034), the visits' (0035),
      // the reviews' and the calendar's (0036), the releases' (0038), the sign-in settings' (0040), the webhooks' (0041).
      { page_id: 30, label: 'Media library', sequence: 7, owner_id: 1 },
      { page_id: 32, label: 'Languages', sequence: 8, owner_id: 1 },
      { page_id: 33, label: 'Translations', sequence: 9, owner_id: 1 },
      { page_id: 34, label: 'Forms', sequence: 10, owner_id: 1 },
      { page_id: 35, label: 'Visits', sequence: 11, owner_id: 1 },
      { page_id: 36, label: 'Reviews', sequence: 12, owner_id: 1 },
      { page_id: 37, label: 'Calendar', sequence: 13, owner_id: 1 },
      { page_id: 38, label: 'Releases', sequence: 14, owner_id: 1 },
      { page_id: 39, label: 'Sign-in settings', sequence: 15, owner_id: 1 },
      { page_id: 40, label: 'Webhooks', sequence: 16, owner_id: 1 },
    ]);
    // The staff home (migration 0016) comes first in the Editors' menu and is where they land; News stays.
    const editors = await db
      .selectFrom('menu_items')
      .select(['page_id', 'sequence', 'land_page'])
      .where('owner_id', '=', 3)
      .orderBy('sequence')
      .execute();
    expect(editors).toEqual([
      { page_id: 29, sequence: 1, land_page: 1 },
      { page_id: 7, sequence: 2, land_page: 0 },
    ]);

    await seedMasterDataIfMissing(scratch.handle.db);
    await seedMasterDataIfMissing(scratch.handle.db);
    const types = await db.selectFrom('master_types').select(['code', 'depends_on']).orderBy('id').execute();
    expect(types.map((t) => t.code)).toEqual(['COUNTRY', 'STATE', 'CITY', 'INDUSTRY-SEGMENT']);
    expect(await db.selectFrom('master_values').select('id').execute()).toHaveLength(1 + 5 + 10 + 18);
  });
});

describe('migration 20261123-0006-master-data on a fresh database', () => {
  const scratch = scratchDatabase('new.sqlite');
  afterAll(() => scratch.close());

  it('leaves the pages to the seed', async () => {
    await migrateToLatest(scratch.db, 'sqlite');
    expect(await scratch.db.selectFrom('pages').select('id').execute()).toEqual([]);
    expect(await scratch.db.selectFrom('menu_items').select('id').execute()).toEqual([]);
  });
});
