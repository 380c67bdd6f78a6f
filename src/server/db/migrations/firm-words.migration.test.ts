import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SCHEMAS, DEMO_CONTENT } from '../../../core/schemas/page-content';
import { scratchDatabase, type ScratchDatabase } from '../../test-support/scratch-database';
import { testDialects } from '../../test-support/test-app';
import { migrateTo, migrateToLatest } from '../migrate';
import { DEMO_COMPANY } from '../seed/demo-company';

/** A demo document as a database made before leads stored it (no lead). */
function withoutLead<K extends keyof typeof DEMO_CONTENT>(key: K, revision: number): string {
  const { lead: _lead, ...rest } = { ...DEMO_CONTENT[key], revision } as Record<string, unknown>;
  return JSON.stringify(rest);
}

const PAGES = [
  {
    id: 1,
    routing: 'Home',
    name: 'Home',
    display_name: 'Home',
    public_path: '/Home1',
    kind: 'content',
    active: 1,
    page_type: 'wired',
    homepage: 'Y',
  },
  {
    id: 4,
    routing: 'Expertise',
    name: 'Expertise',
    display_name: 'Expertise',
    public_path: '/Expertise1',
    kind: 'content',
    active: 1,
    page_type: 'wired',
    homepage: 'Y',
  },
  {
    id: 7,
    routing: 'News',
    name: 'News',
    display_name: 'News',
    public_path: '/News1',
    kind: 'content',
    active: 1,
    page_type: 'wired',
    homepage: 'Y',
  },
  {
    id: 11,
    routing: 'Contact',
    name: 'Contact',
    display_name: 'Contact',
    public_path: '/Contact1',
    kind: 'content',
    active: 1,
    page_type: 'wired',
    homepage: 'Y',
  },
];

const rule = (pageId: number, sequence: number, name: string) => ({
  page_id: pageId,
  sequence,
  parameter_name: name,
  mandatory: 'Y',
  type: 'Textarea',
  unittype: 'Character',
  minlength: 2,
  maxlength: 80,
});

/**
 * An upgrade of a database made before the firm's words moved out of the code (docs/design.md §20): the pages keep the
 * leads their code showed, and the company its demo tagline and logo only while it is still the demo company.
 */
describe.each(testDialects())('migration 20261125-0014-firm-words on an existing database (%s)', (dialect) => {
  let scratch: ScratchDatabase;
  let db: Kysely<any>;
  beforeAll(async () => {
    scratch = await scratchDatabase(dialect);
    db = scratch.handle.db as unknown as Kysely<any>;
    await migrateTo(db, dialect, '20261125-0013-drafts');
  });
  afterAll(async () => scratch?.close());

  it('gives every stored revision of a page with a lead the words its code showed, and keeps a lead already there', async () => {
    await db.insertInto('pages').values(PAGES).execute();
    const edited = { ...JSON.parse(withoutLead('news', 3)), lead: 'Our own news lead' };
    await db
      .insertInto('page_revisions')
      .values([
        {
          page_id: 1,
          revision: 1,
          document: JSON.stringify({ ...DEMO_CONTENT.home, revision: 1 }),
          saved_by: null,
          saved_by_name: 'seed',
          saved_at: '2026-11-01T00:00:00.000Z',
          status: 'published',
        },
        {
          page_id: 4,
          revision: 1,
          document: withoutLead('expertise', 1),
          saved_by: null,
          saved_by_name: 'seed',
          saved_at: '2026-11-01T00:00:00.000Z',
          status: 'published',
        },
        {
          page_id: 4,
          revision: 2,
          document: withoutLead('expertise', 2),
          saved_by: null,
          saved_by_name: 'admin',
          saved_at: '2026-11-02T00:00:00.000Z',
          status: 'draft',
        },
        {
          page_id: 7,
          revision: 3,
          document: JSON.stringify(edited),
          saved_by: null,
          saved_by_name: 'admin',
          saved_at: '2026-11-03T00:00:00.000Z',
          status: 'published',
        },
        {
          page_id: 11,
          revision: 1,
          document: withoutLead('contact', 1),
          saved_by: null,
          saved_by_name: 'seed',
          saved_at: '2026-11-01T00:00:00.000Z',
          status: 'published',
        },
      ])
      .execute();
    await db
      .insertInto('page_parameters')
      .values([
        rule(4, 1, 'heading'),
        rule(4, 2, 'segment'),
        rule(7, 1, 'newsYear'),
        { ...rule(7, 2, 'lead'), maxlength: 120 },
      ])
      .execute();
    await db
      .insertInto('company')
      .values({ id: 1, ...withoutSiteWords(DEMO_COMPANY), updated_at: '2026-11-01T00:00:00.000Z' })
      .execute();

    await migrateToLatest(db, dialect);

    const documents = await db
      .selectFrom('page_revisions')
      .select(['page_id', 'revision', 'document'])
      .orderBy('page_id')
      .orderBy('revision')
      .execute();
    const byRevision = new Map(
      documents.map((row) => [`${row.page_id}/${row.revision}`, JSON.parse(row.document) as Record<string, unknown>]),
    );
    expect(byRevision.get('4/1')?.lead).toBe(
      'Open source, cloud, COTS, mobility, middleware, e-commerce and architecture: what we know and the industries we have built software for.',
    );
    expect(byRevision.get('4/2')?.lead).toBe(byRevision.get('4/1')?.lead);
    expect(byRevision.get('11/1')?.lead).toBe(
      'Tell us about your requirements, or visit our office in Pune. We reply within one working day.',
    );
    expect(byRevision.get('7/3')?.lead).toBe('Our own news lead');
    // Home shows no lead: its document is as it was.
    expect(byRevision.get('1/1')).toEqual({ ...DEMO_CONTENT.home, revision: 1 });
    // The documents pass today's schemas, their leads first after the page fields, everything else kept.
    for (const [key, document] of [
      ['expertise', byRevision.get('4/1')],
      ['contact', byRevision.get('11/1')],
      ['news', byRevision.get('7/3')],
    ] as const) {
      expect(CONTENT_SCHEMAS[key].safeParse(document).error?.issues ?? []).toEqual([]);
    }
    expect(Object.keys(byRevision.get('11/1') ?? {}).slice(0, 4)).toEqual([
      'menupageid',
      'commonrouting',
      'revision',
      'lead',
    ]);
    expect({ ...byRevision.get('4/1'), lead: undefined }).toEqual({
      ...JSON.parse(withoutLead('expertise', 1)),
      lead: undefined,
    });
  });

  it("adds the lead's optional rule after a page's own rules, unless the page has one or has none at all", async () => {
    const parameters = await db
      .selectFrom('page_parameters')
      .select(['page_id', 'sequence', 'parameter_name', 'mandatory', 'type', 'minlength', 'maxlength'])
      .orderBy('page_id')
      .orderBy('sequence')
      .execute();
    expect(parameters.map((p) => ({ ...p, minlength: Number(p.minlength), maxlength: Number(p.maxlength) }))).toEqual([
      {
        page_id: 4,
        sequence: 1,
        parameter_name: 'heading',
        mandatory: 'Y',
        type: 'Textarea',
        minlength: 2,
        maxlength: 80,
      },
      {
        page_id: 4,
        sequence: 2,
        parameter_name: 'segment',
        mandatory: 'Y',
        type: 'Textarea',
        minlength: 2,
        maxlength: 80,
      },
      {
        page_id: 4,
        sequence: 3,
        parameter_name: 'lead',
        mandatory: 'N',
        type: 'Textarea',
        minlength: 0,
        maxlength: 300,
      },
      {
        page_id: 7,
        sequence: 1,
        parameter_name: 'newsYear',
        mandatory: 'Y',
        type: 'Textarea',
        minlength: 2,
        maxlength: 80,
      },
      // The administrator's own rule for the lead stays as it was.
      {
        page_id: 7,
        sequence: 2,
        parameter_name: 'lead',
        mandatory: 'Y',
        type: 'Textarea',
        minlength: 2,
        maxlength: 120,
      },
    ]);
  });

  it('gives the demo company its demo tagline and logo', async () => {
    const company = await db
      .selectFrom('company')
      .select(['company_name', 'tagline', 'logo'])
      .executeTakeFirstOrThrow();
    expect(company).toEqual({
      company_name: DEMO_COMPANY.company_name,
      tagline: DEMO_COMPANY.tagline,
      logo: DEMO_COMPANY.logo,
    });
  });
});

describe.each(testDialects())(
  'migration 20261125-0014-firm-words for a firm that renamed its company (%s)',
  (dialect) => {
    let scratch: ScratchDatabase;
    afterAll(async () => scratch?.close());

    it("leaves its tagline and logo empty: no other firm's words under its name", async () => {
      scratch = await scratchDatabase(dialect);
      const db = scratch.handle.db as unknown as Kysely<any>;
      await migrateTo(db, dialect, '20261125-0013-drafts');
      await db
        .insertInto('company')
        .values({
          id: 1,
          ...withoutSiteWords(DEMO_COMPANY),
          company_code: 'ACME',
          company_name: 'Acme Widgets',
          updated_at: '2026-11-01T00:00:00.000Z',
        })
        .execute();
      await migrateToLatest(db, dialect);
      expect(
        await db.selectFrom('company').select(['company_name', 'tagline', 'logo']).executeTakeFirstOrThrow(),
      ).toEqual({ company_name: 'Acme Widgets', tagline: '', logo: '' });
    });
  },
);

describe('migration 20261125-0014-firm-words on a fresh database', () => {
  let scratch: ScratchDatabase;
  afterAll(async () => scratch?.close());

  it('leaves the company, the documents and the rules to the seed', async () => {
    scratch = await scratchDatabase('sqlite');
    const db = scratch.handle.db as unknown as Kysely<any>;
    await migrateToLatest(db, 'sqlite');
    expect(await db.selectFrom('company').select('id').execute()).toEqual([]);
    expect(await db.selectFrom('page_parameters').select('id').execute()).toEqual([]);
  });
});

/** The demo company's row as a database before this migration held it (no tagline, no logo). */
function withoutSiteWords(company: typeof DEMO_COMPANY) {
  const { tagline: _tagline, logo: _logo, ...rest } = company;
  return rest;
}
