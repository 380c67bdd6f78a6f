import { sql, type Kysely } from 'kysely';
import { ADMINISTRATORS_GROUP_ID, addAdministrationScreens } from '../migration-steps';

/** The media screen's page (migration 0023 made it, named 'Media'), under the name its screen and menu line carry. */
const MEDIA_SCREEN = { id: 30, routing: 'media', name: 'Media library' } as const;
const FIRST_NAME = 'Media';

/**
 * The media library's screen comes with its client (docs/design.md §27): on a database seeded before it, the page 0023
 * made is renamed 'Media library' (the screen's title; a page the firm renamed keeps its name) and appended to
 * the Administrators' Administration sub-menu, after Redirects. A fresh database gets both from the seed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update pages set name = ${MEDIA_SCREEN.name} where id = ${MEDIA_SCREEN.id} and name = ${FIRST_NAME}`.execute(
    db,
  );
  await sql`update pages set display_name = ${MEDIA_SCREEN.name} where id = ${MEDIA_SCREEN.id} and display_name = ${FIRST_NAME}`.execute(
    db,
  );
  await addAdministrationScreens(db, [MEDIA_SCREEN]);
}

/** Only what `up` did: the menu line goes and the page takes its first name again; the page itself belongs to 0023. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from menu_items where page_id = ${MEDIA_SCREEN.id} and owner_kind = 'group' and owner_id = ${ADMINISTRATORS_GROUP_ID}`.execute(
    db,
  );
  await sql`update pages set name = ${FIRST_NAME} where id = ${MEDIA_SCREEN.id} and name = ${MEDIA_SCREEN.name}`.execute(
    db,
  );
  await sql`update pages set display_name = ${FIRST_NAME} where id = ${MEDIA_SCREEN.id} and display_name = ${MEDIA_SCREEN.name}`.execute(
    db,
  );
}
