import {
  DASHBOARD_CHANGES,
  DASHBOARD_FAILING_MAILS,
  DASHBOARD_LATEST_ENQUIRIES,
  DASHBOARD_WEEKS,
  type Dashboard,
  type EnquiryWeek,
} from '../../core/schemas/dashboard';
import { SCREEN_PAGES } from '../../core/pages';
import { allowedScreens, type SessionUser } from '../access/access';
import { auditEntryOf } from '../audit/audit-log.service';
import { listAuditEntries } from '../audit/audit.repository';
import type { Tenant } from '../tenants/tenants';
import {
  countEnquiriesWithStatus,
  countFailingMails,
  countUnsentEnquiries,
  enquiriesByWeek,
  failingMails,
  latestNewEnquiries,
  scheduledRevisions,
} from './dashboard.repository';
import { visitsCard } from '../visits/visits.service';
import { waitingReleases } from '../releases/releases.service';

const DAY_MS = 86_400_000;

/**
 * getdashboard (docs/design.md §23): a key per card the caller's menu allows. The enquiry cards (new enquiries, failing
 * mail, enquiries per week) need the enquiries screen; the last changes the audit log; scheduled publications
 * list the pages whose editor is in the menu (the card is there for anyone who edits a page); the visits of the last 7
 * days need the visits screen; scheduled and failed releases the releases screen (docs/design.md §32).
 */
export async function getDashboard(
  tenant: Tenant,
  session: SessionUser,
  mailConfigured: boolean,
  now = new Date(),
): Promise<Dashboard> {
  const screens = new Set(await allowedScreens(tenant, session.userId, session.groupId));
  const { db } = tenant;
  const dashboard: Dashboard = {};
  const cards: Array<Promise<void>> = [];
  if (screens.has('enquiries')) {
    cards.push(
      Promise.all([
        countEnquiriesWithStatus(db, 'New'),
        countEnquiriesWithStatus(db, 'Spam'),
        latestNewEnquiries(db, DASHBOARD_LATEST_ENQUIRIES),
      ]).then(([newCount, spamCount, latest]) => {
        dashboard.enquiries = {
          newCount,
          spamCount,
          latest: latest.map((row) => ({
            id: row.id,
            createdAt: row.created_at,
            name: row.name,
            organization: row.organization,
            status: row.status,
          })),
        };
      }),
      Promise.all([failingMails(db, DASHBOARD_FAILING_MAILS), countFailingMails(db), countUnsentEnquiries(db)]).then(
        ([rows, failingCount, unsent]) => {
          dashboard.mail = {
            configured: mailConfigured,
            unsent,
            failingCount,
            failing: rows.map((row) => ({
              enquiryId: row.id,
              name: row.name,
              email: row.email,
              state: row.state === 'failed' ? 'failed' : 'retrying',
              attempts: Number(row.attempts),
              lastError: row.last_error,
              nextAttemptAt: row.state === 'retrying' ? row.next_attempt_at : null,
            })),
          };
        },
      ),
      enquiriesPerWeek(tenant, now).then((weeks) => {
        dashboard.enquiriesPerWeek = weeks;
      }),
    );
  }
  if (screens.has('auditlog')) {
    cards.push(
      listAuditEntries(db, {}, { offset: 0, limit: DASHBOARD_CHANGES }).then((page) => {
        dashboard.changes = page.rows.map(auditEntryOf);
      }),
    );
  }
  if (screens.has('visits')) {
    cards.push(
      visitsCard(tenant, now).then((card) => {
        dashboard.visits = card;
      }),
    );
  }
  if (screens.has('releases')) {
    cards.push(
      waitingReleases(db).then((rows) => {
        dashboard.releases = rows;
      }),
    );
  }
  const editsPages = [...screens].some((screen) => !SCREEN_NAMES.has(screen));
  if (editsPages) {
    cards.push(
      scheduledRevisions(db).then((rows) => {
        dashboard.scheduled = rows
          .filter((row) => screens.has(row.routing) && row.publish_at !== null)
          // A translation's schedule names its language (docs/design.md §28): "Home (de)".
          .map((row) => ({
            routing: row.routing,
            name: `${row.display_name || row.name}${row.locale ? ` (${row.locale})` : ''}`,
            revision: row.revision,
            publishAt: row.publish_at!,
            scheduledBy: row.saved_by_name,
            ...(row.locale ? { locale: row.locale } : {}),
            ...(row.status === 'failed' ? { failed: row.publish_error ?? 'It could not be published.' } : {}),
          }));
      }),
    );
  }
  await Promise.all(cards);
  return dashboard;
}

/** The back-office screens' routing names: what is not one of them in a user's screens is a page's editor. */
const SCREEN_NAMES: ReadonlySet<string> = new Set(SCREEN_PAGES.map((screen) => screen.routing));

/** The Monday (UTC) that starts the week of `day`. */
export function weekStart(day: Date): Date {
  const midnight = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate());
  const sinceMonday = (new Date(midnight).getUTCDay() + 6) % 7;
  return new Date(midnight - sinceMonday * DAY_MS);
}

/** DASHBOARD_WEEKS weeks, the current one last; a week without enquiries counts zeros. */
async function enquiriesPerWeek(tenant: Tenant, now: Date): Promise<EnquiryWeek[]> {
  const first = weekStart(now).getTime() - (DASHBOARD_WEEKS - 1) * 7 * DAY_MS;
  const bounds = Array.from({ length: DASHBOARD_WEEKS + 1 }, (_, index) =>
    new Date(first + index * 7 * DAY_MS).toISOString(),
  );
  const weeks: EnquiryWeek[] = bounds.slice(0, -1).map((start) => ({ week: start.slice(0, 10), new: 0, spam: 0 }));
  for (const row of await enquiriesByWeek(tenant.db, bounds)) {
    const week = weeks[row.week];
    if (!week) continue;
    if (row.spam === 1) week.spam += row.n;
    else week.new += row.n;
  }
  return weeks;
}
