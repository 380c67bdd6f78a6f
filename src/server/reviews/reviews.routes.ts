import type { FastifyInstance } from 'fastify';
import * as reviews from '../../core/api/reviews';
import { typed } from '../http/contract';
import { decideReview, listReviews, type ReviewTools } from './reviews.service';

/** Review before publishing (docs/design.md §32): the list of what waits for the caller, and the decision. */
export async function reviewRoutes(app: FastifyInstance, tools: ReviewTools): Promise<void> {
  const api = typed(app);
  api.route(reviews.listReviews, async (request) => listReviews(request.tenant, request.session!));
  api.route(reviews.decideReview, async (request) =>
    decideReview(request.tenant, request.editedPage!, request.body, request.session!, tools),
  );
}
