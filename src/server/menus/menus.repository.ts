import type { Db } from '../db/database';

export interface MenuItemRow {
  id: number;
  parent_id: number | null;
  label: string;
  sequence: number;
  land_page: number;
  page_id: number | null;
  routing: string | null;
  public_path: string | null;
}

/** The menu items of a group or a user, with the page each opens (inactive pages left out). */
export async function listMenuItems(db: Db, ownerKind: 'group' | 'user', ownerId: number): Promise<MenuItemRow[]> {
  return db
    .selectFrom('menu_items as m')
    .leftJoin('pages as p', 'p.id', 'm.page_id')
    .select(['m.id', 'm.parent_id', 'm.label', 'm.sequence', 'm.land_page', 'm.page_id', 'p.routing', 'p.public_path'])
    .where('m.owner_kind', '=', ownerKind)
    .where('m.owner_id', '=', ownerId)
    .where((eb) => eb.or([eb('m.page_id', 'is', null), eb('p.active', '=', 1)]))
    .orderBy('m.sequence')
    .orderBy('m.id')
    .execute();
}
