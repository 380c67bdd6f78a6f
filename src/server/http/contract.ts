import swagger from '@fastify/swagger';
import type { FastifyInstance, FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify';
import { createJsonSchemaTransform, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ValidationError } from '../errors';
import { parseInput, refuseNulCharacters } from '../validation';

/**
 * Route contracts (STYLE habit 2, docs/design.md §17): every /api route declares its body with the core zod schema and
 * its answers by status code; the same schemas validate the request, type the handler and generate the
 * OpenAPI document at GET /api/openapi.json, so the document cannot drift from the code.
 */

/** Every error answer: one human sentence, and the field it is about when it is about one (docs/design.md §25). */
export const ErrorBodySchema = z
  .object({
    message: z.string(),
    field: z
      .string()
      .optional()
      .meta({ description: 'The field the refusal is about, as a dotted path into the body (`password`, `skillList.2.skillName`); absent when it is about no one field.' }),
    confirm: z
      .literal(true)
      .optional()
      .meta({ description: 'A 409 that asks first: the message is a question, and the same call with its confirmation (`confirmed: true`) goes ahead.' }),
  })
  .meta({ description: 'A sentence saying what went wrong.' });

/** The spec's refusal shapes, chosen per route by `config.refusal` and shaped by the one error handler. */
export const REFUSAL_SCHEMAS = {
  NO: z.object({ status: z.literal('NO'), message: z.string() }),
  No: z.object({ status: z.literal('No'), message: z.string() }),
  error: z.object({ status: z.literal('error'), message: z.string() }),
  'error-rescore': z.object({ status: z.literal('error'), message: z.string(), rescoremessage: z.string() }),
} as const;
export type RefusalShape = keyof typeof REFUSAL_SCHEMAS;

/** An /api route as registered: what the OpenAPI test walks. */
export interface ApiRoute {
  method: string;
  url: string;
  hasBody: boolean;
  hasResponse: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /api route with what its contract declares. */
    apiRoutes: readonly ApiRoute[];
  }
  interface FastifyContextConfig {
    /** Refusals (400, 404, 409) of this route in one of the spec's shapes instead of `{ message }`. */
    refusal?: RefusalShape;
    /** One sentence for any invalid body, where the spec words it so (login: 'Username and password mandatory'). */
    invalidInputMessage?: string;
  }
}

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 503;

/**
 * The answers of a route: its 200 schema and the error statuses it can give. Routes behind a screen can
 * always answer 401 and 403 (the access layer), so those are added for them by `screenReplies`.
 */
export function replies<T extends z.ZodType>(ok: T, errors: readonly ErrorStatus[] = [], refusal?: RefusalShape) {
  const answers: Record<number, z.ZodType> = { 200: ok };
  for (const status of errors) {
    answers[status] = refusal && (status === 400 || status === 404 || status === 409) ? REFUSAL_SCHEMAS[refusal] : ErrorBodySchema;
  }
  return answers as { 200: T } & Record<number, z.ZodType>;
}

/** Answers of a route behind a screen: 400 bad input, 401 no session, 403 not in the caller's menu. */
export function screenReplies<T extends z.ZodType>(ok: T, more: readonly ErrorStatus[] = [], refusal?: RefusalShape) {
  return replies(ok, [400, 401, 403, ...more], refusal);
}

/** A body that is not needed (the call names what it reads) but that the spec's clients send: any object, or none. */
export const AnyBodySchema = z.object({}).loose().optional().meta({ description: 'Ignored: the call itself names what it answers.' });

/** The fields of a multipart form, for the document; the handler reads the parts itself. */
export const multipartBody = (fields: z.ZodRawShape) =>
  z.object(fields).optional().meta({ description: 'multipart/form-data; read part by part by the handler.' });

/**
 * Validates a request part with its zod schema. A missing body reaches validators as null: it is parsed as
 * undefined, so `.optional()` and `.default()` mean what they say. Failures are ValidationErrors with
 * sentences in the screen's words (validation.ts).
 */
const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    try {
      return { value: parseInput(schema, data ?? undefined) };
    } catch (error) {
      if (error instanceof ValidationError) return { error };
      throw error;
    }
  };

/**
 * Answers are written as plain JSON (no second pass over every document). With `checkResponses` (the tests)
 * each answer is also checked against its declared schema, so a declared shape cannot drift from the code.
 */
function serializerCompiler(checkResponses: boolean): FastifySerializerCompiler<z.ZodType> {
  return ({ schema, method, url }) =>
    (data) => {
      if (checkResponses) {
        const result = schema.safeParse(data);
        if (!result.success) throw new Error(`The answer of ${method} ${url} does not match its declared schema: ${JSON.stringify(result.error.issues.slice(0, 3))}`);
      }
      return JSON.stringify(data);
    };
}

/** Installs the zod bridge and the OpenAPI document; call before any route is registered. */
export async function installRouteContracts(app: FastifyInstance, options: { checkResponses: boolean }): Promise<void> {
  const apiRoutes: ApiRoute[] = [];
  app.decorate('apiRoutes', apiRoutes);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      apiRoutes.push({ method: String(method), url: route.url, hasBody: Boolean(route.schema?.body), hasResponse: Boolean(route.schema?.response) });
    }
  });
  app.setValidatorCompiler(validatorCompiler);
  // Input of a route without a schema for it (the contact form posted without JavaScript) is not parsed by
  // parseInput: the NUL rule (docs/design.md §24) is checked for it here, before its handler reads it.
  app.addHook('preValidation', async (request) => {
    const schema = request.routeOptions.schema;
    if (!schema?.body) refuseNulCharacters(request.body);
    if (!schema?.querystring) refuseNulCharacters(request.query);
    if (!schema?.params) refuseNulCharacters(request.params);
  });
  app.setSerializerCompiler(serializerCompiler(options.checkResponses));
  const transform = createJsonSchemaTransform({ skipList: [] });
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Folio API',
        description: "The calls of the public site, the editors and the back office (the specs' calls plus docs/design.md §4's).",
        version: '1.0.0',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'folio_session' },
          bearer: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    // Only the API is documented: pages, assets and images are not calls.
    transform: (document) => (document.url.startsWith('/api/') ? transform(document) : { schema: { hide: true }, url: document.url }),
  });
  app.get('/api/openapi.json', { config: { access: { public: true } } }, (_request, reply) =>
    // Shapes only, never data: cacheable like any public document.
    reply.header('cache-control', 'public, max-age=300').send(app.swagger()),
  );
}

/** The app with the zod type provider: handlers get typed bodies from the declared schemas. */
export const typed = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();
