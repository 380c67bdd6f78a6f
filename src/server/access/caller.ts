import { mustAddPasskey, mustTurnTwoStepOn } from '../auth/second-step';
import type { UserAccessRow } from '../auth/sessions.repository';
import type { SessionUser } from './access';

/**
 * The caller of a request as access sees it, from its user's row and how it proved who it is: a session (cookie or
 * bearer) or an API token (docs/design.md §33). What holds a user to /account is the same either way.
 */
export function callerOf(
  row: UserAccessRow,
  how: Pick<SessionUser, 'sessionId' | 'csrfToken' | 'via' | 'token'>,
): SessionUser {
  return {
    ...how,
    userId: row.user_id,
    username: row.username,
    firstName: row.first_name,
    groupId: row.group_id,
    twoFactor: row.totp_enabled_at !== null,
    mustEnrol: mustTurnTwoStepOn(row),
    mustAddPasskey: mustAddPasskey(row),
    mustChangePassword: row.password_must_change === 1,
    publishesByReview: row.publishing === 'review',
  };
}
