import type { Db } from '../db/database';
import type { EnquiryTable } from '../db/schema';
import type { Insertable } from 'kysely';

export async function insertEnquiry(db: Db, enquiry: Insertable<EnquiryTable>): Promise<number> {
  const row = await db.insertInto('enquiries').values(enquiry).returning('id').executeTakeFirstOrThrow();
  return row.id;
}
