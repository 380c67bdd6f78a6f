import { z } from 'zod';
import { databaseId } from './ids';
import { keysetRequestFields } from './paging';

/**
 * What visitors send with forms made without code, and the one inbox of them (docs/design.md §30, decision 032).
 */

export const SUBMISSION_STATUSES = ['inbox', 'spam', 'handled'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

/**
 * Why a submission is in Spam (never dropped): the hidden field filled in; more than 3 links in one text; the same
 * text from the same address within 10 minutes; the form's time token missing, forged or older than 24 hours; sent
 * within 2 seconds of the form being shown with a link in it (speed alone is a person's autofill).
 */
export const SPAM_REASONS = [
  'honeypot',
  'links',
  'duplicate',
  'no-token',
  'bad-token',
  'too-old',
  'too-fast-with-link',
] as const;
export type SpamReason = (typeof SPAM_REASONS)[number];

/** How the inbox says each reason. */
export const SPAM_REASON_LABELS: Record<SpamReason, string> = {
  honeypot: 'A field hidden from people was filled in',
  links: 'More than 3 links in one answer',
  duplicate: 'The same text from the same address within 10 minutes',
  'no-token': 'Sent without the form’s time stamp',
  'bad-token': 'The form’s time stamp was forged',
  'too-old': 'The form was opened more than a day before',
  'too-fast-with-link': 'Sent within 2 seconds of opening the form, with a link',
};

/** The names of the form post's own fields beside the form's (a field's key never starts with `_`). */
export const FORM_POST_FIELDS = {
  form: '_form',
  token: '_token',
  honeypot: '_website',
  language: '_language',
} as const;

/** The island's JSON post (`POST /api/forms/:id`): the values by key, the time token and the hidden field. */
export const FormPostSchema = z.strictObject({
  values: z.record(z.string().max(64), z.union([z.string().max(20_000), z.array(z.string().max(200)).max(50)])),
  token: z.string().max(200).optional(),
  honeypot: z.string().max(2000).optional(),
  /** The language the page was shown in ('' or absent: the site's default). */
  language: z.string().max(35).optional(),
});
export type FormPost = z.infer<typeof FormPostSchema>;

export const FormSentSchema = z.object({ message: z.literal('Success'), id: z.number() });

export const SubmissionFileSchema = z.object({ id: z.number(), name: z.string(), type: z.string(), bytes: z.number() });

export const SubmissionRowSchema = z.object({
  id: z.number(),
  form: z.object({ id: z.number(), name: z.string() }),
  createdAt: z.string(),
  summary: z.string(),
  status: z.enum(SUBMISSION_STATUSES),
  spamReason: z.enum(SPAM_REASONS).nullable(),
  files: z.number(),
});

export const SubmissionListQuerySchema = z.strictObject({
  form: databaseId().optional(),
  status: z.enum(SUBMISSION_STATUSES).default('inbox'),
  ...keysetRequestFields,
});

export const SubmissionListSchema = z.object({ items: z.array(SubmissionRowSchema), next: z.string().nullable() });

/** One submission as the inbox opens it: each shown field's label and value, in the form's order, and its files. */
export const SubmissionSchema = SubmissionRowSchema.omit({ files: true }).extend({
  values: z.array(z.object({ key: z.string(), label: z.string(), value: z.string() })),
  files: z.array(SubmissionFileSchema),
});

export const SubmissionIdParamsSchema = z.strictObject({ id: databaseId() });
export const SubmissionFileParamsSchema = z.strictObject({ id: databaseId(), fileId: databaseId() });
export const SubmissionStatusChangeSchema = z.strictObject({ status: z.enum(SUBMISSION_STATUSES) });
export const SubmissionExportQuerySchema = z.strictObject({ form: databaseId().optional() });
