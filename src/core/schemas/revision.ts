import { z } from 'zod';

/** A page's history and restore (DESIGN §4): the editor's History view reads these. */
export const RevisionSummarySchema = z.object({ revision: z.number().int(), savedBy: z.string(), savedAt: z.string() });
export type RevisionSummary = z.infer<typeof RevisionSummarySchema>;
export const PageHistorySchema = z.object({ revisions: z.array(RevisionSummarySchema) });

/** Restore `{revision}`: that revision's document becomes the page's next revision. */
export const RestoreRevisionSchema = z.strictObject({ revision: z.number().int().positive() });

/** The answer to a save or restore: the page's new revision. */
export const SavedRevisionSchema = z.object({ message: z.literal('Success'), revision: z.number().int() });
