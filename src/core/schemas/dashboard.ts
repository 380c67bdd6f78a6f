import { z } from 'zod';
import { AuditEntrySchema } from './audit';
import { ENQUIRY_STATUSES } from './enquiries';

/**
 * The staff home (DESIGN §23): POST /api/master/getdashboard answers one object with a key per card the caller's
 * menu allows: the enquiry cards need the enquiries screen, the last changes the audit log, and scheduled
 * publications list only pages whose editor is in the caller's menu. A card the caller may not see is absent.
 */

/** How many of the newest enquiries the card lists. */
export const DASHBOARD_LATEST_ENQUIRIES = 5;
/** How many audit entries "the last changes" lists. */
export const DASHBOARD_CHANGES = 10;
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
});
export type ScheduledPublication = z.infer<typeof ScheduledPublicationSchema>;

export const EnquiryWeekSchema = z.object({
  /** The Monday the week starts on (UTC), `2026-11-23`. */
  week: z.string(),
  new: z.number().int(),
  spam: z.number().int(),
});
export type EnquiryWeek = z.infer<typeof EnquiryWeekSchema>;

export const DashboardSchema = z.object({
  enquiries: z.object({ newCount: z.number().int(), latest: z.array(DashboardEnquirySchema) }).optional(),
  mail: z.object({ failing: z.array(FailingMailSchema) }).optional(),
  scheduled: z.array(ScheduledPublicationSchema).optional(),
  changes: z.array(AuditEntrySchema).optional(),
  /** Always DASHBOARD_WEEKS entries, oldest first; weeks without enquiries are zeros. */
  enquiriesPerWeek: z.array(EnquiryWeekSchema).optional(),
});
export type Dashboard = z.infer<typeof DashboardSchema>;
