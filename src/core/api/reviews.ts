import { ReviewAnswerSchema, ReviewDecisionSchema, ReviewListSchema } from '../schemas/review';
import { RoutingParamsSchema, route } from './route';

/**
 * Review before publishing (docs/design.md §32). The list answers any session with what that person may decide on
 * (pages they may edit, in a group that publishes directly, revisions they did not write); deciding needs the page
 * in the caller's menu, and the service refuses the revision's author and a reviewer whose group publishes by review.
 */
export const listReviews = route({
  method: 'GET',
  path: '/api/master/reviews',
  reply: ReviewListSchema,
  errors: [401],
  access: { signedIn: true },
});

export const decideReview = route({
  method: 'POST',
  path: '/api/master/reviews/:routing',
  params: RoutingParamsSchema,
  body: ReviewDecisionSchema,
  reply: ReviewAnswerSchema,
  errors: [400, 401, 403, 404, 409],
  access: { editsPage: { param: 'routing' } },
});
