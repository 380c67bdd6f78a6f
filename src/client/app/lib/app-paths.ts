import { matchPath } from 'react-router';
import { staffPaths } from '../../../core/paths';

const APP_PATHS = staffPaths();

/** True when `pathname` is a route of the staff app (matched case-insensitively, like the router does). */
export function isAppPath(pathname: string): boolean {
  return APP_PATHS.some((pattern) => matchPath({ path: pattern, caseSensitive: false, end: true }, pathname) !== null);
}
