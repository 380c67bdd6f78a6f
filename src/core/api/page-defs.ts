import { z } from 'zod';
import {
  ModuleSchema,
  PageDefinitionSchema,
  PageIdSchema,
  PageListRequestSchema,
  PageListSchema,
  PageRecordSchema,
  PageSaveAnswerSchema,
  PageStatusAnswerSchema,
  PageStatusSchema,
} from '../page-defs/page-definition';
import { ParameterLabelSchema, ParameterSchema, SaveParametersSchema } from '../page-defs/parameter';
import { AnyBodySchema, route, screenErrors } from './route';

/** Page definitions and parameter configuration (spec 001 §7, docs/design.md §11, §12): the homepages screen. */
const access = { screen: 'homepages' } as const;

/** A page's definition with its parameters. */
export const PageParametersSchema = z.object({ page: PageRecordSchema, parameters: z.array(ParameterSchema) });

export const listPages = route({
  method: 'POST',
  path: '/api/master/getFormCreatedData',
  body: PageListRequestSchema,
  reply: PageListSchema,
  errors: screenErrors(),
  access,
});
export const getPage = route({
  method: 'POST',
  path: '/api/master/getpageedit',
  body: PageIdSchema,
  reply: PageRecordSchema,
  errors: screenErrors(404),
  access,
});
/** The same as getPage (the spec's second name for it). */
export const getActivity = route({
  method: 'POST',
  path: '/api/master/getactivityById',
  body: PageIdSchema,
  reply: PageRecordSchema,
  errors: screenErrors(404),
  access,
});
export const modules = route({
  method: 'POST',
  path: '/api/master/getallmodeules',
  body: AnyBodySchema,
  reply: z.array(ModuleSchema),
  errors: screenErrors(),
  access,
});
/** Refusals in the spec's shape: {status:'No', message}, which the page-creation form shows as it is. */
export const savePage = route({
  method: 'POST',
  path: '/api/master/savePageCreation',
  body: PageDefinitionSchema,
  reply: PageSaveAnswerSchema,
  errors: screenErrors(404, 409),
  refusal: 'No',
  access,
});
export const changePageStatus = route({
  method: 'POST',
  path: '/api/master/activitydelstatus',
  body: PageStatusSchema,
  reply: PageStatusAnswerSchema,
  errors: screenErrors(404),
  access,
});
export const parameterLabels = route({
  method: 'POST',
  path: '/api/master/getactivityforparamconf',
  body: PageIdSchema,
  reply: z.array(ParameterLabelSchema),
  errors: screenErrors(404),
  access,
});
export const pageParameters = route({
  method: 'POST',
  path: '/api/master/getActivityParametersByid',
  body: PageIdSchema,
  reply: PageParametersSchema,
  errors: screenErrors(404),
  access,
});
export const saveParameters = route({
  method: 'POST',
  path: '/api/master/saveParameters',
  body: SaveParametersSchema,
  reply: z.object({ message: z.literal('Success') }),
  errors: screenErrors(404),
  access,
});
/** The menu-tree editor's module list (spec 001 §7 getmodulelst): the same modules. */
export const menuModules = route({
  method: 'POST',
  path: '/api/menu/getmodulelst',
  body: AnyBodySchema,
  reply: z.array(ModuleSchema),
  errors: screenErrors(),
  access: { screen: 'newGrouphome' },
});
