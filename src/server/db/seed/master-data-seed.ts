import { DEMO_CONTENT } from '../../../core/schemas/page-content';
import { hasAnyType, insertType, insertValue } from '../../masters/masters.repository';
import { inTransaction, type Db } from '../database';

/** A seeded value: its name, its code (derived from the name unless given) and the values that hang under it. */
interface ValueSeed {
  name: string;
  code?: string;
  children?: ValueSeed[];
}

/** 'Engineering services' → 'ENGINEERING-SERVICES': a master code (letters, digits, hyphens; 20 at most). */
export const codeOfName = (name: string) =>
  name
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 20)
    .replace(/-+$/, '');

/** India's Country → State → City chain: the point of dependent types (a city follows the chosen state). */
const INDIA: ValueSeed = {
  name: 'India',
  code: 'IN',
  children: [
    { name: 'Maharashtra', code: 'MH', children: [{ name: 'Pune' }, { name: 'Mumbai' }, { name: 'Nagpur' }] },
    { name: 'Karnataka', code: 'KA', children: [{ name: 'Bengaluru' }, { name: 'Mysuru' }] },
    { name: 'Tamil Nadu', code: 'TN', children: [{ name: 'Chennai' }, { name: 'Coimbatore' }] },
    { name: 'Gujarat', code: 'GJ', children: [{ name: 'Ahmedabad' }, { name: 'Surat' }] },
    { name: 'Delhi', code: 'DL', children: [{ name: 'New Delhi' }] },
  ],
};

/** The types of the chain, outermost first: each level's values are the children of the level above. */
const CHAIN = [
  { code: 'COUNTRY', name: 'Country' },
  { code: 'STATE', name: 'State' },
  { code: 'CITY', name: 'City' },
] as const;

/**
 * Gives a database without any master type the demo master data (docs/design.md §14): Country ← State ← City for India,
 * and Industry Segment with the segments of the Expertise page's industry table. On a first start, and on
 * databases from before master data; once a type exists, what an administrator keeps is never touched.
 */
export async function seedMasterDataIfMissing(db: Db, now = new Date()): Promise<void> {
  const at = now.toISOString();
  await inTransaction(db, async (trx) => {
    if (await hasAnyType(trx)) return;
    let dependsOn: number | null = null;
    const typeIds: number[] = [];
    for (const type of CHAIN) {
      dependsOn = await insertType(trx, { code: type.code, name: type.name, depends_on: dependsOn }, at);
      typeIds.push(dependsOn);
    }
    const insertLevel = async (level: number, seeds: readonly ValueSeed[], parentId: number | null): Promise<void> => {
      const typeId = typeIds[level];
      if (typeId === undefined) return;
      for (const [index, seed] of seeds.entries()) {
        const id = await insertValue(trx, {
          type_id: typeId,
          code: seed.code ?? codeOfName(seed.name),
          name: seed.name,
          sequence: index + 1,
          parent_id: parentId,
        });
        if (seed.children) await insertLevel(level + 1, seed.children, id);
      }
    };
    await insertLevel(0, [INDIA], null);

    const segmentType = await insertType(
      trx,
      { code: 'INDUSTRY-SEGMENT', name: 'Industry Segment', depends_on: null },
      at,
    );
    const segments = [...new Set(DEMO_CONTENT.expertise.tablelst.map((row) => row.segment.trim()))];
    const codes = new Set<string>();
    for (const [index, segment] of segments.entries()) {
      const code = codeOfName(segment);
      if (code === '' || codes.has(code)) continue;
      codes.add(code);
      await insertValue(trx, { type_id: segmentType, code, name: segment, sequence: index + 1, parent_id: null });
    }
  });
}
