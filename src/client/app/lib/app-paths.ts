import { matchPath } from 'react-router';
import { CONTENT_PAGES, SCREEN_PAGES } from '../../../core/pages';

/** Screens that also open one record by id (spec 001 §2: formcreation/{id}, paramactivity/{id}, user/{id}). */
const WITH_ID: ReadonlySet<string> = new Set(['formcreation', 'paramactivity', 'user']);

/** The route patterns of one back-office screen. */
export function screenPaths(routing: string): string[] {
  return WITH_ID.has(routing) ? [`/${routing}`, `/${routing}/:id`] : [`/${routing}`];
}

/**
 * Every path the staff app renders (the server serves the app's shell for the same list). Kept apart from
 * the route table so that code which only needs to know "is this an app path?" does not import every screen.
 */
export const APP_PATHS: readonly string[] = [
  '/login',
  '/Blankpage',
  ...CONTENT_PAGES.map((page) => `/${page.routing}`),
  ...SCREEN_PAGES.flatMap((screen) => screenPaths(screen.routing)),
];

/** True when `pathname` is a route of the staff app (matched case-insensitively, like the router does). */
export function isAppPath(pathname: string): boolean {
  return APP_PATHS.some((pattern) => matchPath({ path: pattern, caseSensitive: false, end: true }, pathname) !== null);
}
