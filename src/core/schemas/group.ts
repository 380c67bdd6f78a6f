import { z } from 'zod';
import { databaseId } from './ids';

/** User groups (spec 001 §3 user group; docs/design.md §4 SaveUserGroup), with the messages shown on refusal. */
export const GROUP_MESSAGES = {
  name: 'Enter a group name of 1 to 50 characters.',
  duplicate: 'A group with this name already exists. Choose another name.',
  saved: 'Group saved.',
  deleted: 'Group deleted.',
  builtin: 'This is a built-in group and cannot be deleted.',
  hasUsers: 'This group still has users. Move them to another group before deleting it.',
  notFound: 'This group no longer exists.',
  confirmDelete: 'Do you want to delete this record ?',
} as const;

const GroupName = z
  .string({ message: GROUP_MESSAGES.name })
  .trim()
  .min(1, { message: GROUP_MESSAGES.name })
  .max(50, { message: GROUP_MESSAGES.name });

/**
 * How a group's members publish (docs/design.md §32): `direct` (Publish and Schedule do so), or `review` (they ask for
 * review, and someone else who may publish the page directly approves).
 */
export const GROUP_PUBLISHING = ['direct', 'review'] as const;
export const GroupPublishingSchema = z.enum(GROUP_PUBLISHING, {
  message: 'Choose how the group publishes: direct or review.',
});
export type GroupPublishing = z.infer<typeof GroupPublishingSchema>;

/**
 * Create `{groupname}`, rename `{id, updategroupname}` (docs/design.md §4); `requireTwoFactor` (§21), `requirePasskey`
 * (§33) and `publishing` (§32), absent: unchanged (a new group: off, off, direct).
 */
export const SaveUserGroupSchema = z.union([
  z.object({
    id: databaseId(),
    updategroupname: GroupName,
    requireTwoFactor: z.boolean().optional(),
    requirePasskey: z.boolean().optional(),
    publishing: GroupPublishingSchema.optional(),
  }),
  z.object({
    groupname: GroupName,
    requireTwoFactor: z.boolean().optional(),
    requirePasskey: z.boolean().optional(),
    publishing: GroupPublishingSchema.optional(),
  }),
]);
export type SaveUserGroupInput = z.input<typeof SaveUserGroupSchema>;

export const GroupIdSchema = z.object({ id: databaseId({ message: 'Choose a group.' }) });

export type SaveUserGroupData = z.output<typeof SaveUserGroupSchema>;

export const UserGroupRowSchema = z.object({
  srno: z.number().int(),
  id: z.number().int(),
  groupname: z.string(),
  builtin: z.boolean(),
  users: z.number().int(),
  /** Its users must turn two-step sign-in on before anything else (docs/design.md §21). */
  requireTwoFactor: z.boolean(),
  /** Its users must add a passkey before anything else, and sign in with it (docs/design.md §33). */
  requirePasskey: z.boolean().optional(),
  /** How its users publish (docs/design.md §32). */
  publishing: GroupPublishingSchema,
});
export type UserGroupRow = z.infer<typeof UserGroupRowSchema>;

/** A successful save or delete; refusals come as `{status:'NO', message}` with a 4xx status. */
export const GroupSaveAnswerSchema = z.object({ status: z.literal('OK'), message: z.string() });
export type GroupSaveAnswer = z.infer<typeof GroupSaveAnswerSchema>;
