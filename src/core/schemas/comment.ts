import { z } from 'zod';
import { databaseId } from './ids';
import { LocaleCodeSchema } from './locale';

/**
 * Comments on a draft's fields (docs/design.md §32): a comment names a field of a page in a language by its path
 * (`skillList.2.skillName`, `seo.title`, a page-builder field's `document.header.Photo`: the path refusals name and the
 * preview's `data-folio-field` carries); one level of replies; a top-level comment is resolved and reopened.
 */

export const COMMENT_TEXT_MAX = 2000;
export const COMMENT_PATH_MAX = 200;

export const COMMENT_MESSAGES = {
  text: `Write a comment of 1 to ${COMMENT_TEXT_MAX} characters.`,
  path: `A comment names a field by its path, such as seo.title or skillList.2.skillName (at most ${COMMENT_PATH_MAX} characters).`,
  replyToReply: 'Reply to the comment that started the thread: a reply cannot have replies of its own.',
  resolveReply: 'Only a comment that starts a thread is resolved or reopened, not a reply.',
  notFound: 'This page has no such comment in this language.',
  noComment: 'There is no such comment.',
} as const;

/** A segment of a field path: letters, digits, `_`, `-`, `$`, single spaces inside (a page-builder field's name). */
const SEGMENT = String.raw`[\p{L}\p{N}_$-]+(?: [\p{L}\p{N}_$-]+)*`;
export const FIELD_PATH = new RegExp(`^${SEGMENT}(?:\\.${SEGMENT})*$`, 'u');

export const CommentPathSchema = z
  .string({ message: COMMENT_MESSAGES.path })
  .max(COMMENT_PATH_MAX, { message: COMMENT_MESSAGES.path })
  .regex(FIELD_PATH, { message: COMMENT_MESSAGES.path });

export const CommentTextSchema = z
  .string({ message: COMMENT_MESSAGES.text })
  .trim()
  .min(1, { message: COMMENT_MESSAGES.text })
  .max(COMMENT_TEXT_MAX, { message: COMMENT_MESSAGES.text });

const Routing = z.string().min(1).max(100);

/** `GET /api/master/comments?routing=&locale=`: a page's comments in a language (absent: the source). */
export const CommentQuerySchema = z.strictObject({ routing: Routing, locale: LocaleCodeSchema.optional() });
export type CommentQuery = z.infer<typeof CommentQuerySchema>;

export const CommentReplySchema = z.object({
  id: z.number().int(),
  text: z.string(),
  author: z.string(),
  createdAt: z.string(),
  /** Whether the caller wrote it. */
  mine: z.boolean(),
});
export type CommentReply = z.infer<typeof CommentReplySchema>;

export const CommentSchema = z.object({
  id: z.number().int(),
  path: z.string(),
  text: z.string(),
  author: z.string(),
  createdAt: z.string(),
  /** Whether the caller wrote it. */
  mine: z.boolean(),
  resolved: z.boolean(),
  resolvedBy: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  replies: z.array(CommentReplySchema),
});
export type Comment = z.infer<typeof CommentSchema>;

export const CommentListSchema = z.object({ items: z.array(CommentSchema) });
export type CommentList = z.infer<typeof CommentListSchema>;

/** `POST /api/master/comments`: a comment on a field, or (`replyTo`) a reply to a comment that starts a thread. */
export const CommentAddSchema = z.strictObject({
  routing: Routing,
  /** null or absent: the page's source language; else a language of the site. */
  locale: LocaleCodeSchema.nullable().optional(),
  path: CommentPathSchema,
  text: CommentTextSchema,
  replyTo: databaseId({ coerce: false }).optional(),
});
export type CommentAdd = z.infer<typeof CommentAddSchema>;

export const CommentAddedSchema = z.object({ id: z.number().int() });

export const CommentIdParamsSchema = z.strictObject({ id: databaseId() });

/** `POST /api/master/comments/:id/resolve`: true resolves, false reopens. */
export const CommentResolveSchema = z.strictObject({ resolved: z.boolean() });

export const CommentResolvedSchema = z.object({
  id: z.number().int(),
  resolved: z.boolean(),
  resolvedBy: z.string().nullable(),
  resolvedAt: z.string().nullable(),
});
export type CommentResolved = z.infer<typeof CommentResolvedSchema>;

/** `@username` mentions in a comment's text: the names, once each, in the order written. */
export function mentionedNames(text: string): string[] {
  const names = [...text.matchAll(/(?:^|[^\w@.])@([A-Za-z0-9][A-Za-z0-9._-]{0,59})/g)].map((m) =>
    m[1]!.replace(/[.\-_]+$/, ''),
  );
  return [...new Set(names)];
}
