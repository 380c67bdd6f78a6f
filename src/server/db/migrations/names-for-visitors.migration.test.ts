import type { Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { scratchDatabase } from '../../test-support/scratch-database';
import { testDialects } from '../../test-support/test-app';
import { migrateTo } from '../migrate';

const page = {
  id: 1000,
  routing: 'Welcome',
  name: 'Welcome',
  display_name: 'Welcome',
  public_path: '/Welcome1',
  kind: 'content',
  active: 1,
  module_id: 1,
  page_type: 'Autowired',
  homepage: 'Y',
};
const parameter = (id: number, name: string, type: string, unittype: string) => ({
  id,
  page_id: 1000,
  sequence: id,
  parameter_name: name,
  type,
  unittype,
});

/**
 * Plain words for pages made without code (docs/design.md §34): migration 0031 gives each parameter "Show its name to
 * visitors" (null: as its kind says, so existing text loses its printed name and other kinds keep theirs) and "a
 * heading" (off); down removes both, the parameters kept.
 */
describe.each(testDialects())('migration 20261129-0031-names-for-visitors (%s)', (dialect) => {
  const opened: Array<{ close: () => Promise<void> }> = [];
  afterAll(async () => {
    for (const scratch of opened) await scratch.close();
  });

  it('leaves existing parameters to their kind and not headings; stores both settings; down drops them and keeps the parameters', async () => {
    const scratch = await scratchDatabase(dialect);
    opened.push(scratch);
    const db = scratch.handle.db as unknown as Kysely<any>;
    await migrateTo(db, dialect, '20261127-0026-editing-per-language');
    await db.insertInto('pages').values(page).execute();
    await db
      .insertInto('page_parameters')
      .values([parameter(1, 'Heading', 'Textarea', 'Character'), parameter(2, 'Founded', 'number', 'Integer')])
      .execute();

    await migrateTo(db, dialect, '20261129-0031-names-for-visitors');
    const upgraded = await db
      .selectFrom('page_parameters')
      .select(['parameter_name', 'show_name', 'as_heading'])
      .orderBy('id')
      .execute();
    expect(upgraded.map((row) => [row.parameter_name, row.show_name, Number(row.as_heading)])).toEqual([
      ['Heading', null, 0],
      ['Founded', null, 0],
    ]);
    await db.updateTable('page_parameters').set({ show_name: 1, as_heading: 1 }).where('id', '=', 1).execute();
    const changed = await db
      .selectFrom('page_parameters')
      .select(['show_name', 'as_heading'])
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    expect([Number(changed.show_name), Number(changed.as_heading)]).toEqual([1, 1]);

    await migrateTo(db, dialect, '20261127-0026-editing-per-language');
    const after = await db.selectFrom('page_parameters').selectAll().orderBy('id').execute();
    expect(after.map((row) => row.parameter_name)).toEqual(['Heading', 'Founded']);
    expect(Object.keys(after[0]!)).not.toContain('show_name');
    expect(Object.keys(after[0]!)).not.toContain('as_heading');
  });
});
