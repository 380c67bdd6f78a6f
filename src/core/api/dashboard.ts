import { z } from 'zod';
import { DashboardSchema } from '../schemas/dashboard';
import { route, screenErrors } from './route';

/** The staff home's one call (docs/design.md §23). */
export const getDashboard = route({
  method: 'POST',
  path: '/api/master/getdashboard',
  body: z.object({}).optional(),
  reply: DashboardSchema,
  errors: screenErrors(),
  access: { screen: 'dashboard' },
});
