import {
  CommentAddSchema,
  CommentAddedSchema,
  CommentIdParamsSchema,
  CommentListSchema,
  CommentQuerySchema,
  CommentResolveSchema,
  CommentResolvedSchema,
} from '../schemas/comment';
import { route } from './route';

/**
 * Comments on a draft's fields (docs/design.md §32). Whoever may edit the page reads and writes its comments: the page
 * is named in the query or the body (the access layer's `editsPage`); resolving names a comment, whose page the service
 * checks the same way.
 */
export const listComments = route({
  method: 'GET',
  path: '/api/master/comments',
  query: CommentQuerySchema,
  reply: CommentListSchema,
  errors: [400, 401, 403, 404],
  access: { editsPage: { query: 'routing' } },
});

export const addComment = route({
  method: 'POST',
  path: '/api/master/comments',
  body: CommentAddSchema,
  reply: CommentAddedSchema,
  errors: [400, 401, 403, 404],
  access: { editsPage: { body: 'routing' } },
});

export const resolveComment = route({
  method: 'POST',
  path: '/api/master/comments/:id/resolve',
  params: CommentIdParamsSchema,
  body: CommentResolveSchema,
  reply: CommentResolvedSchema,
  errors: [400, 401, 403, 404],
  access: { signedIn: true },
});
