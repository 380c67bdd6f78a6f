import type { Kysely } from 'kysely';

/** The user form's details (spec 001 §3 user/employee): code, salutation, gender, middle name, address, mobiles. */
const COLUMNS = ['employee_code', 'salutation', 'gender', 'middle_name', 'address', 'mobile', 'mobile2'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of COLUMNS) {
    await db.schema
      .alterTable('users')
      .addColumn(column, 'text', (c) => c.notNull().defaultTo(''))
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of [...COLUMNS].reverse()) await db.schema.alterTable('users').dropColumn(column).execute();
}
