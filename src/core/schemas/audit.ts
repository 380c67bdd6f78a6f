import { z } from 'zod';
import { keysetAnswerFields, keysetRequestFields } from './paging';

/**
 * The audit log (docs/design.md §21): what the auditlog screen lists, filters and exports. Entries are written by the
 * server's audit module in the transaction of each change; no call changes or deletes one.
 */

/** The fixed action names of §21 (`area.verb`). */
export const AUDIT_ACTIONS = [
  'page.publish',
  'page.draft',
  'page.schedule',
  'page.unschedule',
  'page.publish_failed',
  'page.reschedule',
  'page.restore',
  'review.ask',
  'review.approve',
  'review.changes',
  'release.create',
  'release.update',
  'release.delete',
  'release.publish',
  'release.schedule',
  'release.unschedule',
  'release.publish_failed',
  'release.revert',
  'webhook.create',
  'webhook.update',
  'webhook.status',
  'webhook.secret',
  'webhook.delete',
  'webhook.redeliver',
  'webhook.switched_off',
  'comment.add',
  'comment.resolve',
  'comment.reopen',
  'preview.share',
  'preview.revoke',
  'redirect.create',
  'redirect.update',
  'redirect.delete',
  'redirect.import',
  'language.update',
  'translation.import',
  'translation.site',
  'user.create',
  'user.update',
  'user.status',
  'user.reset2fa',
  'group.create',
  'group.update',
  'group.delete',
  'menu.create',
  'menu.update',
  'menu.delete',
  'menu.clear',
  'menu.apply',
  'pagedef.create',
  'pagedef.update',
  'pagedef.status',
  'param.update',
  'master.create',
  'master.update',
  'company.update',
  'image.upload',
  'image.delete',
  'image.update',
  'image.replace',
  'enquiry.status',
  'enquiry.delete',
  'enquiry.resend',
  'form.create',
  'form.update',
  'form.delete',
  'submission.status',
  'submission.prune',
  'auth.signin',
  'auth.signin_failed',
  'auth.signout',
  'auth.lockout',
  'auth.reset_requested',
  'auth.reset_done',
  'auth.password',
  'auth.2fa_setup',
  'auth.2fa_on',
  'auth.2fa_off',
  'auth.passkey_add',
  'auth.passkey_remove',
  'auth.sso_settings',
  'token.create',
  'token.revoke',
  'backup.download',
  'backup.restore',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number] | `cli.${string}`;

/**
 * What an entry is about (its `targetType`), beside the actions that change them: the page, user, group, … the
 * entry's `targetId` names. `group menu` and `user menu` are the two kinds of menu tree.
 */
export const AUDIT_TARGET_TYPES = [
  'page',
  'preview link',
  'release',
  'webhook',
  'redirect',
  'language',
  'user',
  'group',
  'group menu',
  'user menu',
  'company',
  'sign-in settings',
  'enquiry',
  'form',
  'submission',
  'image',
  'master_type',
  'master_value',
  'backup',
  'setup',
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

/** The target types of what the back office's screens change: the audit log screen's Target type filter, in its order. */
export const SCREEN_TARGET_TYPES = AUDIT_TARGET_TYPES.filter(
  (type): type is Exclude<AuditTargetType, 'backup' | 'setup'> => type !== 'backup' && type !== 'setup',
);

/** The areas of the actions (`page`, `user`, …): a filter may name an area to see all of its actions. */
export const AUDIT_AREAS = [...new Set(AUDIT_ACTIONS.map((action) => action.slice(0, action.indexOf('.'))))].concat(
  'cli',
);

/** Entries a page of the list holds. */
export const AUDIT_PAGE_SIZE = 20;

const MESSAGES = {
  action: 'The action must be an action such as page.publish, or an area such as page.',
  date: 'From and To must be dates (2026-11-25) or times in ISO 8601 (2026-11-25T10:00:00Z).',
  order: 'From must not be after To.',
};

/** Whether a text is a day that exists (no 30 February: the date read back is the date given) or an ISO 8601 time. */
function isMoment(value: string): boolean {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value))
    return (
      !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value)
    );
  return /^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value));
}

/** A date (the whole day, UTC) or an ISO 8601 time with its offset. */
const moment = z.string().trim().max(40, { message: MESSAGES.date }).refine(isMoment, { message: MESSAGES.date });

const emptyAsUndefined = <T extends z.ZodType>(schema: T) =>
  z.union([z.literal('').transform(() => undefined), schema]).optional();

const filterFields = {
  userName: emptyAsUndefined(z.string().trim().max(100, { message: 'The user name must be at most 100 characters.' })),
  action: emptyAsUndefined(
    z
      .string()
      .trim()
      .max(60)
      .regex(/^[a-z0-9]+(\.[a-z0-9_-]+)?$/, { message: MESSAGES.action }),
  ),
  targetType: emptyAsUndefined(
    z.string().trim().max(40, { message: 'The target type must be at most 40 characters.' }),
  ),
  from: emptyAsUndefined(moment),
  to: emptyAsUndefined(moment),
};

/** From is not after To; a range whose ends are not both moments is left to their own message (docs/design.md §24: never a 500). */
const inOrder = (value: { from?: string | undefined; to?: string | undefined }) => {
  if (!value.from || !value.to || !isMoment(value.from) || !isMoment(value.to)) return true;
  const range = auditRange(value);
  return range.from! <= range.to!;
};

/** getauditlog: a page of entries, newest first, with the filters of the screen. */
export const AuditListRequestSchema = z
  .object({ pageno: z.coerce.number().int().min(1).max(100_000).default(1), ...keysetRequestFields, ...filterFields })
  .refine(inOrder, { message: MESSAGES.order, path: ['from'] });
export type AuditListRequest = z.output<typeof AuditListRequestSchema>;

/** The same filters as query parameters of GET /api/master/auditlog.csv. */
export const AuditExportQuerySchema = z
  .object(filterFields)
  .refine(inOrder, { message: MESSAGES.order, path: ['from'] });
export type AuditFilter = z.output<typeof AuditExportQuerySchema>;

/** The filter's range as ISO times: a date alone means from its start and to its end (UTC). */
export function auditRange(filter: { from?: string | undefined; to?: string | undefined }): {
  from?: string;
  to?: string;
} {
  const at = (value: string, end: boolean) =>
    value.length === 10 ? (end ? `${value}T23:59:59.999Z` : `${value}T00:00:00.000Z`) : new Date(value).toISOString();
  return {
    ...(filter.from ? { from: at(filter.from, false) } : {}),
    ...(filter.to ? { to: at(filter.to, true) } : {}),
  };
}

export const AuditEntrySchema = z.object({
  id: z.number().int(),
  /** ISO 8601, UTC. */
  at: z.string(),
  tenant: z.string(),
  /** Who: null for a visitor or a failed sign-in under an unknown name. */
  userName: z.string().nullable(),
  ip: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  summary: z.string(),
  /** The changed fields, before and after for short values. */
  details: z.record(z.string(), z.unknown()),
});
export type AuditEntryRow = z.infer<typeof AuditEntrySchema>;

export const AuditListSchema = z.object({
  items: z.array(AuditEntrySchema),
  totalItems: z.number().int(),
  ...keysetAnswerFields,
});
export type AuditList = z.infer<typeof AuditListSchema>;
