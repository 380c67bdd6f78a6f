import { z } from 'zod';
import { LocaleCodeSchema } from './locale';

/**
 * Review before publishing (docs/design.md §32): a member of a group that publishes through review asks for review
 * (their Publish or Schedule), and someone else who may edit the page and publish directly approves it (publishing or
 * scheduling as asked) or requests changes (with a comment; the revision goes back to being a draft).
 */

export const REVIEW_MESSAGES = {
  ownRevision: 'You asked for this review yourself: someone else who may publish the page must approve it.',
  mayNotPublish: 'Your group publishes through review: only someone who publishes directly can approve a review.',
  notInReview:
    'This revision is no longer waiting for review: it was approved, sent back or replaced by a newer save. Reload to see the page as it is now.',
  commentRequired: 'Say what should change: a comment is required when you request changes.',
  notFound: 'This page has no such revision.',
  approved: 'Approved and published.',
  approvedScheduled: 'Approved: it goes live at the time asked.',
  changesRequested: 'Changes requested: the author has been told.',
} as const;

/** A revision waiting for review that the caller may decide on. */
export const ReviewItemSchema = z.object({
  routing: z.string(),
  /** The page's name as the staff menu shows it. */
  title: z.string(),
  /** null: the default language (the source); a code: a translation. */
  locale: z.string().nullable(),
  revision: z.number().int(),
  /** Who asked (the revision's author). */
  author: z.string(),
  askedAt: z.string(),
  /** When it is to go live once approved; null: at once. */
  publishAt: z.string().nullable(),
  /** The revision visitors see now in that language (what the review compares against); null: none yet. */
  published: z.number().int().nullable(),
});
export type ReviewItem = z.infer<typeof ReviewItemSchema>;

export const ReviewListSchema = z.object({ items: z.array(ReviewItemSchema) });
export type ReviewList = z.infer<typeof ReviewListSchema>;

export const ReviewDecisionSchema = z.strictObject({
  /** The language reviewed; absent: the default language. */
  locale: LocaleCodeSchema.optional(),
  revision: z.number().int().min(1).max(2_147_483_647),
  decision: z.enum(['approve', 'changes'], { message: 'decision must be "approve" or "changes".' }),
  /** Required with `changes`: what should change (mailed to the author). */
  comment: z.string().trim().max(2000, { message: 'Keep the comment within 2000 characters.' }).optional(),
});
export type ReviewDecision = z.infer<typeof ReviewDecisionSchema>;

export const ReviewAnswerSchema = z.object({
  message: z.string(),
  revision: z.number().int(),
  status: z.enum(['published', 'scheduled', 'draft']),
  publishAt: z.string().nullable(),
});
export type ReviewAnswer = z.infer<typeof ReviewAnswerSchema>;
