import type { DeliveryStatus, Webhook } from '../../../../core/schemas/webhook';
import { formatDateTime } from '../../lib/date-time';
import { formatCount } from '../../lib/staff-locale';

/** A delivery's status as the log says it. */
export const STATUS_WORDS: Record<DeliveryStatus, string> = {
  pending: 'Pending',
  delivered: 'Delivered',
  failed: 'Failed',
};

/** What the screen says when there is no endpoint. */
export const NO_ENDPOINTS =
  'No endpoints yet: Add endpoint sends the events you choose to another system, such as a CRM or a search index.';

/** What an endpoint's log says before its first delivery. */
export const NO_DELIVERIES =
  'Nothing was delivered to this endpoint yet: each event it takes shows here as it is sent, newest first.';

/** The time a delivery took: milliseconds below a second, else seconds; "—" when it never got an answer. */
export function timeTaken(ms: number | null): string {
  if (ms === null) return '—';
  return ms < 1000 ? `${formatCount(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/** Where an endpoint stands, in a sentence: on, failing since a time, or off (when and why). */
export function endpointState(endpoint: Webhook): string {
  if (!endpoint.active)
    return endpoint.switchedOffAt
      ? `Off since ${formatDateTime(endpoint.switchedOffAt)}${endpoint.switchedOffWhy ? `: ${endpoint.switchedOffWhy}` : '.'}`
      : 'Off.';
  if (endpoint.failingSince) return `On, but every delivery has failed since ${formatDateTime(endpoint.failingSince)}.`;
  return 'On.';
}
