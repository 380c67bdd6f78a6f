import { z } from 'zod';
import { AuditEntrySchema } from './audit';
import { ENQUIRY_STATUSES } from './enquiries';
import { VisitsCardSchema } from './visits';

/**
 * The staff home (docs/design.md §23): POST /api/master/getdashboard answers one object with a key per card the caller's
 * menu allows: the enquiry cards need the enquiries screen, the last changes the audit log, and scheduled
 * publications list only pages whose editor is in the caller's menu. A card the caller may not see is absent.
 */

/** How many of the newest enquiries the card lists. */
export const DASHBOARD_LATEST_ENQUIRIES = 5;
/** How many audit entries "the last changes" lists. */
export const DASHBOARD_CHANGES = 10;
/** How many failing mails the Mail card lists (the enquiries screen's Mail filter lists them all). */
export const DASHBOARD_FAILING_MAILS = 20;
/** Weeks the chart shows, the current one last. */
export const DASHBOARD_WEEKS = 12;

export const DashboardEnquirySchema = z.object({
  id: z.number().int(),
  /** ISO 8601, UTC. */
  createdAt: z.string(),
  name: z.string(),
  organization: z.string(),
  status: z.enum(ENQUIRY_STATUSES),
});
export type DashboardEnquiry = z.infer<typeof DashboardEnquirySchema>;

/** An enquiry whose mail is failing for good or being retried: Resend is `resendEnquiry {id}` with `enquiryId`. */
export const FailingMailSchema = z.object({
  enquiryId: z.number().int(),
  name: z.string(),
  email: z.string(),
  state: z.enum(['failed', 'retrying']),
  attempts: z.number().int(),
  /** The SMTP server's answer (or the connection error) of the last attempt. */
  lastError: z.string().nullable(),
  /** When the next attempt is planned (retrying), ISO 8601. */
  nextAttemptAt: z.string().nullable(),
});
export type FailingMail = z.infer<typeof FailingMailSchema>;

/**
 * The Mail card (docs/design.md §23, §24: it tells the truth). Counts are of what really waits: enquiries (not spam)
 * whose mail has not gone out, and of those the ones failing or being retried; `failing` lists the newest of
 * the latter.
 */
export const MailCardSchema = z.object({
  /** The newest DASHBOARD_FAILING_MAILS enquiries whose mail failed for good or is being retried. */
  failing: z.array(FailingMailSchema),
  /** How many enquiries' mail failed for good or is being retried, all of them. */
  failingCount: z.number().int(),
  /** Whether mail is set up (SMTP_URL and CONTACT_RECIPIENT): without it nothing is sent, nothing is lost. */
  configured: z.boolean(),
  /** Enquiries whose mail has not gone out: waiting, being retried or failed, and (spam aside) never queued. */
  unsent: z.number().int(),
});
export type MailCard = z.infer<typeof MailCardSchema>;

export const ScheduledPublicationSchema = z.object({
  /** The page's routing name (`Home`): its editor is `/{routing}`. */
  routing: z.string(),
  /** The page's display name. */
  name: z.string(),
  revision: z.number().int(),
  /** When it goes live, ISO 8601. */
  publishAt: z.string(),
  /** Who scheduled it. */
  scheduledBy: z.string(),
  /** A translation's language (docs/design.md §28); absent for the default language. */
  locale: z.string().optional(),
  /**
   * Why it could not be published at its time (docs/design.md §32): it waits for Retry
   * (`POST /api/master/retry/:routing`) instead of going live; absent while it is still to come.
   */
  failed: z.string().optional(),
});
export type ScheduledPublication = z.infer<typeof ScheduledPublicationSchema>;

/** A release waiting for its time, or one that could not go live at it (docs/design.md §32). */
export const WaitingReleaseSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** When it goes (or was to go) live, ISO 8601. */
  publishAt: z.string().nullable(),
  /** How many pages it holds. */
  pages: z.number().int(),
  /** Who made it. */
  createdBy: z.string(),
  /** Why it could not go live at its time: Retry publishes it now (`POST /api/master/releases/:id/publish`). */
  failed: z.string().optional(),
});
export type WaitingRelease = z.infer<typeof WaitingReleaseSchema>;

export const EnquiryWeekSchema = z.object({
  /** The Monday the week starts on (UTC), `2026-11-23`. */
  week: z.string(),
  new: z.number().int(),
  spam: z.number().int(),
});
export type EnquiryWeek = z.infer<typeof EnquiryWeekSchema>;

export const DashboardSchema = z.object({
  /** `spamCount`: every enquiry the spam guard (or a person) put under Spam, so none hides there unseen (docs/design.md §34). */
  enquiries: z
    .object({ newCount: z.number().int(), spamCount: z.number().int(), latest: z.array(DashboardEnquirySchema) })
    .optional(),
  mail: MailCardSchema.optional(),
  scheduled: z.array(ScheduledPublicationSchema).optional(),
  /** Scheduled and failed releases, for callers whose menu holds `releases`. */
  releases: z.array(WaitingReleaseSchema).optional(),
  changes: z.array(AuditEntrySchema).optional(),
  /** Always DASHBOARD_WEEKS entries, oldest first; weeks without enquiries are zeros. */
  enquiriesPerWeek: z.array(EnquiryWeekSchema).optional(),
  /** The visits screen's card (docs/design.md §31): the last 7 days, for callers whose menu holds `visits`. */
  visits: VisitsCardSchema.optional(),
});
export type Dashboard = z.infer<typeof DashboardSchema>;
