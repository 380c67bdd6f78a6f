import { z } from 'zod';
import { DashboardSchema } from '../schemas/dashboard';
import { LocaleCodeSchema } from '../schemas/locale';
import { RoutingParamsSchema, route, screenErrors } from './route';

/** The staff home's one call (docs/design.md §23). */
export const getDashboard = route({
  method: 'POST',
  path: '/api/master/getdashboard',
  body: z.object({}).optional(),
  reply: DashboardSchema,
  errors: screenErrors(),
  access: { screen: 'dashboard' },
});

/**
 * Retry of a scheduled publication that failed at its time (docs/design.md §32): published now, or 409 with why it still
 * cannot be. Anyone who may edit the page.
 */
export const retrySchedule = route({
  method: 'POST',
  path: '/api/master/retry/:routing',
  params: RoutingParamsSchema,
  body: z.strictObject({
    locale: LocaleCodeSchema.optional(),
    revision: z.number().int().min(1).max(2_147_483_647),
  }),
  reply: z.object({ message: z.string(), revision: z.number().int() }),
  errors: [400, 401, 403, 404, 409],
  access: { editsPage: { param: 'routing' } },
});
