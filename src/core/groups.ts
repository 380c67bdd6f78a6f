/**
 * The built-in user groups and the Public user (docs/design.md §5). Seeded into every tenant; access, users, groups
 * and menus name them through these constants, never by a bare number.
 */
export const ADMINISTRATORS_GROUP_ID = 1;
export const PUBLIC_GROUP_ID = 2;
export const EDITORS_GROUP_ID = 3;

/** Groups that cannot be deleted (and whose ids the code relies on). */
export const BUILTIN_GROUP_IDS: ReadonlySet<number> = new Set([
  ADMINISTRATORS_GROUP_ID,
  PUBLIC_GROUP_ID,
  EDITORS_GROUP_ID,
]);

/** The user whose menu is the public site's; it has no password and cannot log in. */
export const PUBLIC_USER_ID = 1;
