import { z } from 'zod';
import { databaseId } from './ids';

/**
 * A page's revisions (docs/design.md §6, §19): each is a draft, scheduled (with its publishAt), published, or in review
 * (docs/design.md §32: asked for by a member of a group that publishes through review, with the publishAt asked for,
 * null for at once), or failed (a scheduled one that could not be published at its time: the staff home says why and
 * offers Retry). Public reads serve the newest published one; the editor reads the newest of any status.
 */
export const REVISION_STATUSES = ['published', 'draft', 'scheduled', 'in_review', 'failed'] as const;
export const RevisionStatusSchema = z.enum(REVISION_STATUSES);
export type RevisionStatus = z.infer<typeof RevisionStatusSchema>;

/** The furthest ahead a publication may be scheduled. */
export const LONGEST_SCHEDULE_MS = 366 * 24 * 60 * 60_000;

/** An ISO 8601 date and time with seconds optional, fractions optional, and its offset (Z or ±hh:mm) required. */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

export const PUBLISH_MESSAGES = {
  shape: 'must be "now", "draft" or a date and time in ISO 8601 with its offset, such as 2026-12-01T09:00:00Z',
  past: 'The publishing time has already passed: choose a time in the future.',
  tooFar: 'The publishing time is more than a year ahead: choose a time within a year.',
} as const;

/** A save's `publish` (docs/design.md §19): "now" (or absent), "draft", or the time to publish at. */
export const PublishSchema = z
  .string({ message: PUBLISH_MESSAGES.shape })
  .max(40, { message: PUBLISH_MESSAGES.shape })
  .refine(
    (value) => value === 'now' || value === 'draft' || (ISO_TIME.test(value) && !Number.isNaN(Date.parse(value))),
    { message: PUBLISH_MESSAGES.shape },
  );

/**
 * Fields a save accepts beside the document: `publish`, and what the editor read with it (status, publishAt,
 * savedAt, published, scheduled, nextRevision, seoDefaults), which are ignored so that the read document can be sent back as it is.
 */
export const publishFields = {
  publish: PublishSchema.optional(),
  status: z.string().max(20).optional(),
  publishAt: z.string().max(40).nullable().optional(),
  savedAt: z.string().max(40).nullable().optional(),
  published: z.number().int().nullable().optional(),
  scheduled: z.unknown().optional(),
  nextRevision: z.number().int().optional(),
  seoDefaults: z.unknown().optional(),
};

/** The scheduled revision of a page, if one is waiting. */
export const ScheduledSchema = z.object({ revision: z.number().int(), publishAt: z.string() });
export type Scheduled = z.infer<typeof ScheduledSchema>;

/** What `GET /api/master/edit/:routing` adds beside the document's `revision`. */
export const EditStateSchema = z.object({
  status: RevisionStatusSchema,
  publishAt: z.string().nullable(),
  /** When the newest revision was saved; null before an Autowired page's first save. */
  savedAt: z.string().nullable(),
  /** The revision visitors see now; null when none is published yet. */
  published: z.number().int().nullable(),
  /** A revision waiting for its time (it may be older than a draft saved after it). */
  scheduled: ScheduledSchema.nullable(),
  /**
   * The number the page's next save gets (revisions are numbered across its languages, docs/design.md §28): the publish
   * dialog names it (docs/design.md §34). Absent from a server older than it.
   */
  nextRevision: z.number().int().optional(),
  /** What the page shows while its seo fields are empty (docs/design.md §20): the editor's placeholders and search preview. */
  seoDefaults: z.object({ title: z.string(), description: z.string(), image: z.string(), url: z.string() }),
});
export type EditState = z.infer<typeof EditStateSchema>;

/** A page's history and restore (docs/design.md §4): the editor's History view reads these. */
export const RevisionSummarySchema = z.object({
  revision: z.number().int(),
  savedBy: z.string(),
  savedAt: z.string(),
  status: RevisionStatusSchema,
  publishAt: z.string().nullable(),
});
export type RevisionSummary = z.infer<typeof RevisionSummarySchema>;
export const PageHistorySchema = z.object({
  revisions: z.array(RevisionSummarySchema),
  published: z.number().int().nullable(),
});
export type PageHistory = z.infer<typeof PageHistorySchema>;

/** Restore `{revision}`: that revision's document becomes the page's next revision. Unschedule takes the same. */
export const RestoreRevisionSchema = z.strictObject({ revision: databaseId({ coerce: false }) });

/** The answer to a save or restore: the page's new revision, its status, and a schedule it cancelled. */
export const SavedRevisionSchema = z.object({
  message: z.literal('Success'),
  revision: z.number().int(),
  status: RevisionStatusSchema,
  publishAt: z.string().nullable(),
  /** A publication of the page cancels its scheduled revision: that one, now a draft. */
  unscheduled: ScheduledSchema.nullable(),
});
export type SavedRevision = z.infer<typeof SavedRevisionSchema>;

/** The answer to unschedule: the revision, a draft again. */
export const UnscheduledSchema = z.object({
  message: z.literal('Success'),
  revision: z.number().int(),
  status: z.literal('draft'),
});

/** One changed field between two revisions (docs/design.md §19): list items by position; an item added or removed whole. */
export const ChangeSchema = z.object({
  /** Where: `skillList[2].skillName`, `header.title`, `seo.description`. */
  path: z.string(),
  /** The editor's words for it: 'Skill 3: the skill name'. */
  label: z.string(),
  kind: z.enum(['changed', 'added', 'removed']),
  before: z.unknown(),
  after: z.unknown(),
  /** The field holds rich text: show it as words inserted and removed. */
  richText: z.boolean(),
});
export type Change = z.infer<typeof ChangeSchema>;
export const CompareSchema = z.object({ from: z.number().int(), to: z.number().int(), changes: z.array(ChangeSchema) });
export type Comparison = z.infer<typeof CompareSchema>;
export const CompareQuerySchema = z.strictObject({
  from: databaseId({ message: 'must be a revision number' }),
  to: databaseId({ message: 'must be a revision number' }),
});

/** The address of a page's preview: the public route's spelling under /preview (`/preview/Home1`). */
export const previewPath = (publicPath: string) => `/preview${publicPath}`;
