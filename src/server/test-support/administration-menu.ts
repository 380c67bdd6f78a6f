import type { Kysely } from 'kysely';

/**
 * An Administrators' Administration sub-menu as an older seed made it, for tests of the migrations that append
 * screens to it (migration-steps.ts, addAdministrationScreens): the heading, then one line per page, in order.
 * Resolves with the heading's id. Test code only.
 */
export async function insertAdministrationMenu(
  db: Kysely<any>,
  lines: ReadonlyArray<{ pageId: number; label: string }>,
): Promise<number> {
  const heading = await db
    .insertInto('menu_items')
    .values({
      owner_kind: 'group',
      owner_id: 1,
      parent_id: null,
      page_id: null,
      label: 'Administration',
      sequence: 2,
      is_sub_menu: 1,
      land_page: 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (lines.length > 0) {
    await db
      .insertInto('menu_items')
      .values(
        lines.map(({ pageId, label }, index) => ({
          owner_kind: 'group',
          owner_id: 1,
          parent_id: heading.id,
          page_id: pageId,
          label,
          sequence: index + 1,
          is_sub_menu: 0,
          land_page: 0,
        })),
      )
      .execute();
  }
  return Number(heading.id);
}
