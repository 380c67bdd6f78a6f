import { z } from 'zod';
import { databaseId } from './ids';
import { LocaleCodeSchema } from './locale';
import { RevisionStatusSchema } from './revision';

/**
 * Releases (docs/design.md §32): a named set of page revisions, each a page in a language, that go live together —
 * now or at a time — in one transaction (all or nothing), and come back together: Revert puts back each page's
 * revision that was published before, in one transaction.
 */

/** The most pages one release holds. */
export const RELEASE_MOST_ITEMS = 100;

export const RELEASE_STATUSES = ['open', 'scheduled', 'published', 'failed', 'reverted'] as const;
export type ReleaseStatus = (typeof RELEASE_STATUSES)[number];

export const RELEASE_MESSAGES = {
  name: 'Give the release a name (at most 120 characters).',
  noItems: 'Add at least one page to the release.',
  tooMany: `A release holds at most ${RELEASE_MOST_ITEMS} pages.`,
  twice: 'A page is in the release twice in the same language: keep one.',
  notFound: 'There is no such release: it may have been deleted. Reload to see the releases as they are now.',
  notEditable:
    'This release can no longer be changed: it is scheduled, published or reverted. Cancel its schedule first, or make a new release.',
  notPublishable: 'This release was published already or is being published. Reload to see it as it is now.',
  notScheduled: 'This release is not scheduled. Reload to see it as it is now.',
  notRevertible: 'Only a published release can be reverted, once. Reload to see it as it is now.',
  notDeletable: 'A scheduled or published release cannot be deleted: cancel its schedule or revert it first.',
  mayNotPublish:
    'Your group publishes through review: a release is published by someone who publishes directly. Ask them to publish it.',
  notAhead: 'Choose a time ahead, within a year, for the release to go live.',
  published: 'Published: every page of the release is live.',
  scheduled: 'Scheduled: the release goes live at its time.',
  reverted: 'Reverted: every page shows what it showed before the release.',
  unscheduled: 'The schedule is cancelled: the release is open again.',
  deleted: 'Release deleted.',
  saved: 'Release saved.',
} as const;

/** A page in a language at one of its revisions, as a release names it. */
export const ReleaseItemInputSchema = z.strictObject({
  routing: z.string().trim().min(1).max(100),
  /** The language; null or absent: the default language (the page itself). */
  locale: LocaleCodeSchema.nullable().optional(),
  revision: databaseId({ coerce: false, message: 'revision must be a revision number.' }),
});
export type ReleaseItemInput = z.infer<typeof ReleaseItemInputSchema>;

/** Creates a release (no `id`) or replaces an open one's name and pages. */
export const SaveReleaseSchema = z.strictObject({
  id: databaseId({ coerce: false }).optional(),
  name: z.string().trim().min(1, { message: RELEASE_MESSAGES.name }).max(120, { message: RELEASE_MESSAGES.name }),
  items: z
    .array(ReleaseItemInputSchema)
    .min(1, { message: RELEASE_MESSAGES.noItems })
    .max(RELEASE_MOST_ITEMS, { message: RELEASE_MESSAGES.tooMany }),
});
export type SaveRelease = z.infer<typeof SaveReleaseSchema>;

export const SavedReleaseSchema = z.object({ id: z.number().int(), message: z.string() });
export type SavedRelease = z.infer<typeof SavedReleaseSchema>;

export const ReleaseParamsSchema = z.strictObject({
  id: databaseId({ message: 'The release must be named by its number.' }),
});

/** A page whose §26 checks found problems, published anyway by the person who said so. */
export const AcknowledgedSchema = z.strictObject({
  routing: z.string().trim().min(1).max(100),
  locale: LocaleCodeSchema.nullable().optional(),
  /** How many findings were seen (for the audit log). */
  findings: z.number().int().min(0).max(10_000),
});
export type Acknowledged = z.infer<typeof AcknowledgedSchema>;

/** Publish now (no `publishAt`) or at a time ahead (ISO 8601 with its offset, within a year). */
export const PublishReleaseSchema = z.strictObject({
  publishAt: z
    .string()
    .max(40)
    .refine((value) => !Number.isNaN(Date.parse(value)) && /^\d{4}-\d{2}-\d{2}T/.test(value), {
      message: 'publishAt must be a time such as 2026-12-07T09:00:00+01:00.',
    })
    .optional(),
  /** The pages whose checks found problems, each acknowledged (the checks run in the browser, on each page's preview). */
  acknowledged: z.array(AcknowledgedSchema).max(100).optional(),
});
export type PublishRelease = z.infer<typeof PublishReleaseSchema>;

/** Publish, schedule, revert, cancel: a sentence and the release's status after it. */
export const ReleaseAnswerSchema = z.object({
  message: z.string(),
  status: z.enum(RELEASE_STATUSES),
  publishAt: z.string().nullable(),
});
export type ReleaseAnswer = z.infer<typeof ReleaseAnswerSchema>;

/** 409 of a publication refused because a page changed since it was added: the page named. */
export const ReleaseConflictSchema = z.object({
  message: z.string(),
  routing: z.string(),
  locale: z.string().nullable(),
});

export const ReleaseItemSchema = z.object({
  routing: z.string(),
  /** The page's name as the staff menu shows it. */
  title: z.string(),
  locale: z.string().nullable(),
  revision: z.number().int(),
  /** The page's newest revision in that language now: another number means it changed since it was added. */
  newest: z.number().int().nullable(),
  /** The revision visitors saw before the release went live (null: none; null too until it is published). */
  previous: z.number().int().nullable(),
});
export type ReleaseItem = z.infer<typeof ReleaseItemSchema>;

export const ReleaseSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.enum(RELEASE_STATUSES),
  /** When it goes (or went) live, ISO 8601; null while open. */
  publishAt: z.string().nullable(),
  /** Why a scheduled release could not go live at its time (status `failed`). */
  error: z.string().nullable(),
  createdBy: z.string(),
  updatedAt: z.string(),
  publishedAt: z.string().nullable(),
  publishedBy: z.string().nullable(),
  revertedAt: z.string().nullable(),
  revertedBy: z.string().nullable(),
  items: z.array(ReleaseItemSchema),
});
export type Release = z.infer<typeof ReleaseSchema>;

export const ReleaseListSchema = z.object({ items: z.array(ReleaseSchema) });
export type ReleaseList = z.infer<typeof ReleaseListSchema>;

/** A page in a language at its newest revision, offered to a release (the caller may edit it). */
export const ReleaseCandidateSchema = z.object({
  routing: z.string(),
  /** The page's name as the staff menu shows it. */
  title: z.string(),
  /** null: the default language. */
  locale: z.string().nullable(),
  /** Its newest revision in that language. */
  revision: z.number().int(),
  /** That revision's status (`draft`, `published` and the others). */
  status: RevisionStatusSchema,
  /** The revision visitors see in that language, or null. */
  published: z.number().int().nullable(),
});
export type ReleaseCandidate = z.infer<typeof ReleaseCandidateSchema>;

export const ReleaseCandidatesSchema = z.object({ items: z.array(ReleaseCandidateSchema) });
export type ReleaseCandidates = z.infer<typeof ReleaseCandidatesSchema>;
