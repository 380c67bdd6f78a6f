import type { SignInResponse } from '../../../core/schemas/auth';

/**
 * The non-secret profile fields kept in localStorage after login (spec 001 §3 'Stored session'). The session
 * token never goes there: it lives in an HttpOnly cookie the page's scripts cannot read (docs/design.md §5).
 */
const PROFILE_KEYS = [
  'profile',
  'username',
  'firstName',
  'userid',
  'usergroupid',
  'landpage',
  'companyName',
  'companyCode',
  'dbName',
] as const;

/** Keys the spec's client also kept for a session; removed at login and logout in case an old client left them. */
const LEGACY_KEYS = ['Token', 'AccessToken', 'menu', 'currentUser', 'commonrouting', 'menulink', 'menupageid'] as const;

export function saveProfile(response: SignInResponse): void {
  const profile = {
    username: response.username,
    firstName: response.firstName,
    userid: response.id,
    usergroupid: response.usergroupid,
    landpage: response.landpage,
    companyName: response.companyName,
    companyCode: response.companyCode,
    dbName: response.dbName,
  };
  try {
    localStorage.setItem('profile', JSON.stringify(profile));
    for (const [key, value] of Object.entries(profile)) localStorage.setItem(key, String(value ?? ''));
  } catch {
    // Storage can be disabled (private mode, policy): the session cookie is what counts.
  }
}

export function clearProfile(): void {
  try {
    for (const key of [...PROFILE_KEYS, ...LEGACY_KEYS]) localStorage.removeItem(key);
  } catch {
    // See saveProfile.
  }
}
