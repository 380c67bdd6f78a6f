import { CONTENT_PAGES, SCREEN_PAGES } from './pages';

/** Screens that also open one record by id (spec 001 §2: formcreation/{id}, paramactivity/{id}, user/{id}). */
const WITH_ID: ReadonlySet<string> = new Set(['formcreation', 'paramactivity', 'user']);

/** The route patterns of one back-office screen. */
export function screenPaths(routing: string): string[] {
  return WITH_ID.has(routing) ? [`/${routing}`, `/${routing}/:id`] : [`/${routing}`];
}

/** Screens for someone not signed in (the centred column, no staff shell): login, its second step, password reset. */
export const ENTRY_PATHS = ['/login', '/login/two-step', '/forgot-password', '/reset-password'] as const;

/**
 * Every path of the staff app (docs/design.md §3): login and password reset, the own account, Blankpage, the editing
 * twins and the back-office screens.
 * The one list: the server serves the app's shell for exactly these, the client routes and recognises them.
 */
export function staffPaths(): string[] {
  return [
    ...ENTRY_PATHS,
    '/account',
    '/Blankpage',
    ...CONTENT_PAGES.map((page) => `/${page.routing}`),
    ...SCREEN_PAGES.flatMap((screen) => screenPaths(screen.routing)),
  ];
}
