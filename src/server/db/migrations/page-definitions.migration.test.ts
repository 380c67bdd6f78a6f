import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../database';
import { migrateTo } from '../migrate';

/** An upgrade from a database made before parameter configuration: its field rules become parameters. */
describe('migration 20261123-0005-page-definitions on an existing SQLite database', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-migration-'));
  const handle = openDatabase({ databaseUrl: undefined, dataDir: dir, sqliteFile: 'old.sqlite' });
  const db = handle.db as unknown as Kysely<any>;
  afterAll(async () => {
    await handle.db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('copies every field rule to a parameter and gives the pages their module and type', async () => {
    await migrateTo(db, 'sqlite', '20261121-0004-user-details');
    await db
      .insertInto('pages')
      .values([
        { id: 7, routing: 'News', name: 'News', public_path: '/News1', kind: 'content', active: 1 },
        { id: 16, routing: 'userHomepage', name: 'Users', public_path: null, kind: 'screen', active: 1 },
      ])
      .execute();
    await db
      .insertInto('field_rules')
      .values([
        {
          page_id: 7,
          sequence: 1,
          parameter_name: 'newsYear',
          type: 'number',
          minlength: null,
          maxlength: 4,
          decimalplaces: 0,
          greatthncurrentdate: 'false',
        },
        {
          page_id: 7,
          sequence: 2,
          parameter_name: 'newsDetails',
          type: 'Richtext',
          minlength: 10,
          maxlength: 5000,
          decimalplaces: null,
          greatthncurrentdate: 'false',
        },
        {
          page_id: 7,
          sequence: 3,
          parameter_name: 'closing',
          type: 'Date',
          minlength: null,
          maxlength: null,
          decimalplaces: null,
          greatthncurrentdate: 'true',
        },
      ])
      .execute();

    await migrateTo(db, 'sqlite', '20261123-0005-page-definitions');

    const parameters = await db
      .selectFrom('page_parameters')
      .select([
        'page_id',
        'sequence',
        'parameter_name',
        'mandatory',
        'type',
        'unittype',
        'minlength',
        'maxlength',
        'decimalplaces',
        'allownegative',
        'greatthncurrentdate',
      ])
      .orderBy('sequence')
      .execute();
    expect(parameters).toEqual([
      {
        page_id: 7,
        sequence: 1,
        parameter_name: 'newsYear',
        mandatory: 'Y',
        type: 'number',
        unittype: 'Integer',
        minlength: null,
        maxlength: 4,
        decimalplaces: 0,
        allownegative: 'Y',
        greatthncurrentdate: 'false',
      },
      {
        page_id: 7,
        sequence: 2,
        parameter_name: 'newsDetails',
        mandatory: 'Y',
        type: 'Richtext',
        unittype: 'Richtext',
        minlength: 10,
        maxlength: 5000,
        decimalplaces: null,
        allownegative: 'Y',
        greatthncurrentdate: 'false',
      },
      {
        page_id: 7,
        sequence: 3,
        parameter_name: 'closing',
        mandatory: 'Y',
        type: 'Date',
        unittype: 'Date',
        minlength: null,
        maxlength: null,
        decimalplaces: null,
        allownegative: 'Y',
        greatthncurrentdate: 'true',
      },
    ]);
    const pages = await db
      .selectFrom('pages')
      .select(['id', 'display_name', 'module_id', 'page_type', 'homepage'])
      .orderBy('id')
      .execute();
    expect(pages).toEqual([
      { id: 7, display_name: 'News', module_id: 1, page_type: 'wired', homepage: 'Y' },
      { id: 16, display_name: 'Users', module_id: 4, page_type: 'wired', homepage: 'N' },
    ]);
    expect(await db.selectFrom('modules').select(['id', 'name']).orderBy('id').execute()).toEqual([
      { id: 1, name: 'Website' },
      { id: 2, name: 'Services' },
      { id: 3, name: 'Products' },
      { id: 4, name: 'Administration' },
    ]);
  });
});
