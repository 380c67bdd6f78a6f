import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AboutContentSchema } from '../../../core/content/about';
import { DEMO_CONTENT } from '../../../core/schemas/page-content';
import { scratchDatabase, type ScratchDatabase } from '../../test-support/scratch-database';
import { testDialects } from '../../test-support/test-app';
import { migrateTo, migrateToLatest } from '../migrate';
import { DEMO_COMPANY } from '../seed/demo-company';

const TEAM = '0123456789abcdef01234567_800x600.png';
const OFFICE = '89abcdef0123456789abcdef_1200x800.jpg';
const BANNER = 'fedcba9876543210fedcba98_900x300.png';
const LOGO = '00112233445566778899aabb_200x200.png';
/** Addresses of other sites: links and images elsewhere stay as they are. */
const ELSEWHERE = {
  link: 'https://www.example.in/uploads-guide?from=folio',
  image: 'https://cdn.example.com/photos/office.png',
  page: 'http://partner.example/about',
};

const revision = (pageId: number, number: number, document: object, status = 'published') => ({
  page_id: pageId,
  revision: number,
  document: JSON.stringify({ ...document, revision: number }),
  saved_by: null,
  saved_by_name: 'admin',
  saved_at: `2026-11-0${number}T00:00:00.000Z`,
  status,
});

/** About as an instance served at two addresses stored it: each upload with the address of the day. */
function aboutAt(host: string, options: { draft?: boolean } = {}) {
  const about = DEMO_CONTENT.about;
  return {
    ...about,
    abtmainlst: [
      {
        mainpara: `<p>Our team <img src="${host}/uploads/photos/about/${OFFICE}" alt="Office"> and <a href="${ELSEWHERE.link}">a guide</a>, <a href="${ELSEWHERE.page}">a partner</a>.</p>`,
      },
    ],
    managementlst: about.managementlst.map((member, index) => ({
      ...member,
      mngimg: index === 0 ? `${host}/uploads/photos/about/${TEAM}` : member.mngimg,
    })),
    seo: {
      title: '',
      description: '',
      image: options.draft ? ELSEWHERE.image : `${host}/uploads/photos/sharing/${LOGO}`,
    },
  };
}

const PAGES = [
  {
    id: 2,
    routing: 'About',
    name: 'About',
    display_name: 'About',
    public_path: '/About1',
    kind: 'content',
    active: 1,
    page_type: 'wired',
    homepage: 'Y',
  },
  {
    id: 8,
    routing: 'Customers',
    name: 'Customers',
    display_name: 'Customers',
    public_path: '/Customers1',
    kind: 'content',
    active: 1,
    page_type: 'wired',
    homepage: 'Y',
  },
  {
    id: 40,
    routing: 'Gallery',
    name: 'Gallery',
    display_name: 'Gallery',
    public_path: '/Gallery1',
    kind: 'content',
    active: 1,
    page_type: 'Autowired',
    homepage: 'Y',
  },
];

/**
 * An upgrade of a database whose uploads were stored with PUBLIC_BASE_URL's scheme and host (docs/design.md §24): every
 * stored address of an upload becomes its path, whatever host it has, in every revision and in the company's logo;
 * every other address stays.
 */
describe.each(testDialects())(
  'migration 20261126-0017-relative-image-addresses on an existing database (%s)',
  (dialect) => {
    let scratch: ScratchDatabase;
    let db: Kysely<any>;
    const customers = { ...DEMO_CONTENT.customers, tablelst: [{ custname: 'Acme', custImage: ELSEWHERE.image }] };
    const gallery = {
      header: {
        banner: `https://www.firm.example/uploads/photos/page40/${BANNER}`,
        intro: `<p><img src="https://www.firm.example/uploads/photos/page40/${BANNER}"></p>`,
      },
      rows: [{ caption: 'Old address', photo: `http://localhost:3000/uploads/photos/page40/${BANNER}` }],
    };

    beforeAll(async () => {
      scratch = await scratchDatabase(dialect);
      db = scratch.handle.db as unknown as Kysely<any>;
      await migrateTo(db, dialect, '20261126-0016-lists-at-any-size');
      await db.insertInto('pages').values(PAGES).execute();
      await db
        .insertInto('page_revisions')
        .values([
          revision(2, 1, aboutAt('http://localhost:3000')),
          revision(2, 2, aboutAt('https://www.firm.example', { draft: true }), 'draft'),
          revision(8, 1, customers),
          revision(40, 1, gallery),
        ])
        .execute();
      await db
        .insertInto('company')
        .values({
          id: 1,
          ...DEMO_COMPANY,
          logo: `http://192.168.1.20:3000/uploads/photos/company/${LOGO}`,
          updated_at: '2026-11-01T00:00:00.000Z',
        })
        .execute();
      await migrateToLatest(db, dialect);
    });
    afterAll(async () => scratch?.close());

    const documentOf = async (pageId: number, number: number) => {
      const row = await db
        .selectFrom('page_revisions')
        .select('document')
        .where('page_id', '=', pageId)
        .where('revision', '=', number)
        .executeTakeFirstOrThrow();
      return row.document as string;
    };

    it('makes every upload of every revision a path, whatever host it was stored with, and leaves the rest of the document as it was', async () => {
      for (const [number, host, draft] of [
        [1, 'http://localhost:3000', false],
        [2, 'https://www.firm.example', true],
      ] as const) {
        const text = await documentOf(2, number);
        expect(text).not.toMatch(/https?:\/\/[^"]*\/uploads\/photos\//);
        // Nothing but the scheme and host of the uploads changed: the document is the old one without them.
        expect(text).toBe(JSON.stringify({ ...aboutAt(host, { draft }), revision: number }).replaceAll(host, ''));
        const document = AboutContentSchema.parse(JSON.parse(text));
        expect(document.managementlst[0]?.mngimg).toBe(`/uploads/photos/about/${TEAM}`);
        expect(document.abtmainlst[0]?.mainpara).toBe(
          `<p>Our team <img src="/uploads/photos/about/${OFFICE}" alt="Office"> and <a href="${ELSEWHERE.link}">a guide</a>, <a href="${ELSEWHERE.page}">a partner</a>.</p>`,
        );
        expect(document.seo?.image).toBe(draft ? ELSEWHERE.image : `/uploads/photos/sharing/${LOGO}`);
      }
    });

    it('does the same in the documents of pages made without code: fields, entries and rich text', async () => {
      expect(JSON.parse(await documentOf(40, 1))).toEqual({
        header: {
          banner: `/uploads/photos/page40/${BANNER}`,
          intro: `<p><img src="/uploads/photos/page40/${BANNER}"></p>`,
        },
        rows: [{ caption: 'Old address', photo: `/uploads/photos/page40/${BANNER}` }],
        revision: 1,
      });
    });

    it('leaves a document without uploads as it was, and images of other sites too', async () => {
      expect(await documentOf(8, 1)).toBe(JSON.stringify({ ...customers, revision: 1 }));
    });

    it("makes the company's logo a path", async () => {
      expect(await db.selectFrom('company').select('logo').executeTakeFirstOrThrow()).toEqual({
        logo: `/uploads/photos/company/${LOGO}`,
      });
    });
  },
);
