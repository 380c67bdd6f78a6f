import { z } from 'zod';
import { MenuEntrySchema } from '../schemas/menu';
import { AnyBodySchema, route } from './route';

/**
 * The header menu: the caller's own (from the session only, docs/design.md §4: whatever the body names), or the
 * public one for a visitor.
 */
export const userMenu = route({
  method: 'POST',
  path: '/api/menu/menuofUserforjosn',
  body: AnyBodySchema,
  reply: z.array(MenuEntrySchema),
  access: { public: true },
});
