import { z } from 'zod';
import { databaseId } from './ids';

/**
 * Shared preview links and "someone else is editing" (docs/design.md §26): the calls' bodies and answers, for the
 * server's routes and the editor alike.
 */

/** The longest a shared link works: a week. */
export const LONGEST_SHARE_HOURS = 168;

export const PREVIEW_SHARE_MESSAGES = {
  hours: `Choose how long the link works: a whole number of hours from 1 to ${LONGEST_SHARE_HOURS} (a week).`,
  noLink: 'There is no live preview link with that id: it was revoked or has expired.',
} as const;

const hours = { message: PREVIEW_SHARE_MESSAGES.hours };

/** `POST /api/master/previewshare/:routing {hours}`. */
export const CreatePreviewShareSchema = z.strictObject({
  hours: z
    .number(hours)
    .refine((value) => Number.isInteger(value) && value >= 1 && value <= LONGEST_SHARE_HOURS, hours),
});
export type CreatePreviewShare = z.infer<typeof CreatePreviewShareSchema>;

/** A link just made: its address holds the token, shown this once. */
export const CreatedPreviewShareSchema = z.object({ id: z.number().int(), url: z.string(), expiresAt: z.string() });
export type CreatedPreviewShare = z.infer<typeof CreatedPreviewShareSchema>;

/** A live link as the editor lists it (never its token). `createdBy`: the name of who made it. */
export const PreviewShareSchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  expiresAt: z.string(),
  createdBy: z.string(),
});
export type PreviewShare = z.infer<typeof PreviewShareSchema>;
export const PreviewShareListSchema = z.array(PreviewShareSchema);

/** `POST /api/master/previewshare/revoke {id}`, answered with the link as it is now. */
export const RevokePreviewShareSchema = z.strictObject({ id: databaseId({ coerce: false }) });
export const RevokedPreviewShareSchema = PreviewShareSchema.extend({ revokedAt: z.string() });
export type RevokedPreviewShare = z.infer<typeof RevokedPreviewShareSchema>;

/** How often an open editor says so, and how long a user counts as editing after the last time they did. */
export const EDITING_EVERY_MS = 20_000;
export const EDITING_FOR_MS = 60_000;

/** `POST /api/master/editing/:routing`: the other users who have the page's editor open. */
export const EditingOthersSchema = z.object({ others: z.array(z.object({ name: z.string() })) });
export type EditingOthers = z.infer<typeof EditingOthersSchema>;

/** The notice of an editor open elsewhere: "Asha is editing this page too.", or nothing when nobody is. */
export function editingNotice(names: readonly string[]): string | null {
  if (names.length === 0) return null;
  const verb = names.length === 1 ? 'is' : 'are';
  let who: string;
  if (names.length === 1) who = names[0]!;
  else if (names.length === 2) who = `${names[0]} and ${names[1]}`;
  else if (names.length === 3) who = `${names[0]}, ${names[1]} and ${names[2]}`;
  else who = `${names[0]}, ${names[1]} and ${names.length - 2} others`;
  return `${who} ${verb} editing this page too.`;
}
