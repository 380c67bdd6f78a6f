import { z } from 'zod';
import { databaseId } from './ids';
import { keysetAnswerFields, keysetRequestFields, searchTextSchema } from './paging';

/**
 * The enquiries screen's calls (docs/design.md §15): the list with its filters, status changes, Resend, delete and the
 * CSV export. Enquiries come from the public contact form (contact-enquiry.ts); each has a mail job in the
 * outbox, whose state the list shows.
 */

export const ENQUIRY_STATUSES = ['New', 'Handled', 'Spam'] as const;
export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number];

/**
 * Where an enquiry's mail is:
 * - `queued`: waiting for its first attempt (also while mail is not configured);
 * - `sent`: accepted by the SMTP server;
 * - `retrying`: an attempt failed for a passing reason (server down, 4xx); the next one is planned;
 * - `failed`: refused for good (5xx) or still failing after a day; Resend queues it again;
 * - `none`: no mail is sent for it (spam).
 */
export const MAIL_STATES = ['queued', 'sent', 'retrying', 'failed', 'none'] as const;
export type MailState = (typeof MAIL_STATES)[number];

/** The words the screen shows for each state and status. */
export const MAIL_STATE_LABELS: Record<MailState, string> = {
  queued: 'Waiting to be sent',
  sent: 'Sent',
  retrying: 'Retrying',
  failed: 'Failed',
  none: 'Not mailed',
};

const id = databaseId({ coerce: false });

/**
 * getenquiries: a page of 10, newest first. Without `status`, New and Handled; Spam only when asked for.
 * `after` (the answer's `next` for the page before) finds the page through the index (paging.ts).
 */
export const EnquiryListRequestSchema = z
  .object({
    pageno: z.coerce.number().int().min(1).max(100_000).default(1),
    ...keysetRequestFields,
    searchText: searchTextSchema.optional(),
    status: z.enum(ENQUIRY_STATUSES, { message: 'status must be New, Handled or Spam.' }).optional(),
    mailState: z.enum(MAIL_STATES, { message: 'mailState must be queued, sent, retrying, failed or none.' }).optional(),
  })
  .default({ pageno: 1 });
export type EnquiryListRequest = z.output<typeof EnquiryListRequestSchema>;

/** The same filters as query parameters of GET /api/master/enquiries.csv (empty values mean no filter). */
export const EnquiryExportQuerySchema = z.object({
  searchText: searchTextSchema.optional(),
  status: z
    .union([
      z.literal('').transform(() => undefined),
      z.enum(ENQUIRY_STATUSES, { message: 'status must be New, Handled or Spam.' }),
    ])
    .optional(),
  mailState: z
    .union([
      z.literal('').transform(() => undefined),
      z.enum(MAIL_STATES, { message: 'mailState must be queued, sent, retrying, failed or none.' }),
    ])
    .optional(),
});

export const EnquiryMailSchema = z.object({
  state: z.enum(MAIL_STATES),
  /** Attempts made so far. */
  attempts: z.number().int(),
  /** The SMTP server's answer (or the connection error) of the last failed attempt. */
  lastError: z.string().nullable(),
  sentAt: z.string().nullable(),
  /** When the next attempt is planned (queued and retrying). */
  nextAttemptAt: z.string().nullable(),
});
export type EnquiryMail = z.infer<typeof EnquiryMailSchema>;

export const EnquiryRowSchema = z.object({
  id: z.number().int(),
  /** ISO 8601, UTC. */
  createdAt: z.string(),
  organization: z.string(),
  name: z.string(),
  email: z.string(),
  mobile: z.string(),
  requirements: z.string(),
  status: z.enum(ENQUIRY_STATUSES),
  mail: EnquiryMailSchema,
});
export type EnquiryRow = z.infer<typeof EnquiryRowSchema>;

export const EnquiryListSchema = z.object({
  items: z.array(EnquiryRowSchema),
  totalItems: z.number().int(),
  ...keysetAnswerFields,
  /** False while SMTP_URL or CONTACT_RECIPIENT is missing: enquiries are stored and listed, not mailed. */
  mailConfigured: z.boolean(),
});
export type EnquiryList = z.infer<typeof EnquiryListSchema>;

export const EnquiryStatusChangeSchema = z.object({
  id,
  status: z.enum(ENQUIRY_STATUSES, { message: 'status must be New, Handled or Spam.' }),
});
export const EnquiryIdSchema = z.object({ id });

/** The answer of changeEnquiryStatus, resendEnquiry and deleteEnquiry: a sentence for the toast. */
export const EnquiryActionAnswerSchema = z.object({ message: z.string() });

export const ENQUIRIES_PAGE_SIZE = 10;
