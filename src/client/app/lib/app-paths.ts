import { useCallback } from 'react';
import { matchPath } from 'react-router';
import { staffPaths } from '../../../core/paths';
import { useSession } from './api';

const APP_PATHS = staffPaths();

/**
 * True when `pathname` is a route of the staff app (matched case-insensitively, like the router does). The
 * editing twins of pages made in page creation have no fixed route: `screens` (the session's, which include
 * the Autowired pages the user may edit) names them.
 */
export function isAppPath(pathname: string, screens: readonly string[] = []): boolean {
  if (APP_PATHS.some((pattern) => matchPath({ path: pattern, caseSensitive: false, end: true }, pathname) !== null))
    return true;
  const single = /^\/([A-Za-z][A-Za-z0-9-]{0,25})$/.exec(pathname);
  if (!single) return false;
  const name = single[1]!.toLowerCase();
  return screens.some((screen) => screen.toLowerCase() === name);
}

/** `isAppPath` with the logged-in user's screens: their Autowired pages open in place, like every screen. */
export function useIsAppPath(): (pathname: string) => boolean {
  const screens = useSession().data?.user?.screens;
  return useCallback((pathname: string) => isAppPath(pathname, screens ?? []), [screens]);
}
