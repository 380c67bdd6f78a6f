import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as comments from '../../../../core/api/comments';
import {
  CommentAddedSchema,
  CommentListSchema,
  CommentResolvedSchema,
  type Comment,
} from '../../../../core/schemas/comment';
import { api } from '../../lib/api';

/**
 * The calls of comments on a draft's fields (docs/design.md §32): a page's comments in a language, adding a comment or
 * a reply, resolving and reopening, each answer read through its core schema. The editor's comments chunk only.
 */

/** Where comments are kept: a page in a language (undefined: its source language). */
export interface CommentsOf {
  routing: string;
  locale?: string | undefined;
}

const keyOf = ({ routing, locale }: CommentsOf) => ['comments', routing, locale ?? ''] as const;

/** The page's comments, asked again every 30 s and when the window comes back (a colleague may have replied). */
export function useComments(of: CommentsOf) {
  return useQuery({
    queryKey: keyOf(of),
    queryFn: async (): Promise<Comment[]> =>
      CommentListSchema.parse(
        await api(comments.listComments, {
          query: { routing: of.routing, ...(of.locale ? { locale: of.locale } : {}) },
        }),
      ).items,
    refetchInterval: 30_000,
  });
}

/** Adds a comment on a field (or, with `replyTo`, a reply); the list is asked again once it is stored. */
export function useAddComment(of: CommentsOf) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { path: string; text: string; replyTo?: number }) =>
      CommentAddedSchema.parse(
        await api(comments.addComment, {
          body: { routing: of.routing, locale: of.locale ?? null, ...input },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keyOf(of) }),
  });
}

/** Resolves (true) or reopens (false) a thread; the list is asked again either way (someone may have done it first). */
export function useResolveComment(of: CommentsOf) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, resolved }: { id: number; resolved: boolean }) =>
      CommentResolvedSchema.parse(await api(comments.resolveComment, { params: { id }, body: { resolved } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keyOf(of) }),
  });
}

/** The threads still open, counted by field path. */
export function openCounts(items: readonly Comment[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) if (!item.resolved) counts[item.path] = (counts[item.path] ?? 0) + 1;
  return counts;
}
