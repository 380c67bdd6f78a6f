import type { Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { scratchDatabase, type ScratchDatabase } from '../../test-support/scratch-database';
import { testDialects } from '../../test-support/test-app';
import { migrateTo } from '../migrate';
import { DEMO_COMPANY } from '../seed/demo-company';

/**
 * The company's country (docs/design.md §34): an existing company is Indian (every firm so far followed the spec's
 * rules), a German one can say so; down drops the column and keeps the rest of the row.
 */
describe.each(testDialects())('migration 20261129-0027-company-country (%s)', (dialect) => {
  let scratch: ScratchDatabase;
  afterAll(async () => scratch?.close());

  it('gives an existing company IN, takes another country, and goes back down', async () => {
    scratch = await scratchDatabase(dialect);
    const db = scratch.handle.db as unknown as Kysely<any>;
    await migrateTo(db, dialect, '20261127-0026-editing-per-language');
    await db
      .insertInto('company')
      .values({ id: 1, ...DEMO_COMPANY, updated_at: '2026-11-01T00:00:00.000Z' })
      .execute();

    await migrateTo(db, dialect, '20261129-0027-company-country');
    expect(await db.selectFrom('company').select(['company_name', 'country_code']).executeTakeFirstOrThrow()).toEqual({
      company_name: DEMO_COMPANY.company_name,
      country_code: 'IN',
    });
    await db.updateTable('company').set({ country_code: 'DE', contact: '+49301234567' }).where('id', '=', 1).execute();
    expect(await db.selectFrom('company').select(['contact', 'country_code']).executeTakeFirstOrThrow()).toEqual({
      contact: '+49301234567',
      country_code: 'DE',
    });

    await migrateTo(db, dialect, '20261127-0026-editing-per-language');
    const row = await db.selectFrom('company').selectAll().executeTakeFirstOrThrow();
    expect(Object.hasOwn(row, 'country_code')).toBe(false);
    expect(row).toMatchObject({ company_name: DEMO_COMPANY.company_name, contact: '+49301234567' });
  });
});
