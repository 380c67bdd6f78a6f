import type { FastifyInstance } from 'fastify';
import * as comments from '../../core/api/comments';
import { typed } from '../http/contract';
import { addComment, listComments, resolveComment, type CommentTools } from './comments.service';

/** Comments on a draft's fields (docs/design.md §32): a page's comments in a language, adding one, resolving one. */
export async function commentRoutes(app: FastifyInstance, tools: CommentTools): Promise<void> {
  const api = typed(app);
  api.route(comments.listComments, async (request) =>
    listComments(request.tenant, request.editedPage!, request.query, request.session!),
  );
  api.route(comments.addComment, async (request) =>
    addComment(request.tenant, request.editedPage!, request.body, request.session!, tools),
  );
  api.route(comments.resolveComment, async (request) =>
    resolveComment(request.tenant, request.params.id, request.body.resolved, request.session!),
  );
}
