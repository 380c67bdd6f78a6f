import swagger from '@fastify/swagger';
import type {
  ContextConfigDefault,
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  FastifySchemaCompiler,
  FastifySerializerCompiler,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import { createJsonSchemaTransform, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { routes } from '../../core/api';
import { ErrorBodySchema, REFUSAL_SCHEMAS } from '../../core/api/errors';
import type { ErrorStatus as EntryErrorStatus, RefusalShape, RouteEntry } from '../../core/api/route';
import { ValidationError } from '../errors';
import { parseInput, refuseNulCharacters } from '../validation';

/**
 * Route contracts (STYLE habit 2, docs/design.md §17, §29): every /api route is an entry of the route table (src/core/api/)
 * with its body's core zod schema and its answers by status code, registered with `typed(app).route`; the same schemas
 * validate the request, type the handler and generate the OpenAPI document at GET /api/openapi.json, so the document
 * cannot drift from the code (src/server/http/route-table.test.ts checks the table against it).
 */

// The shapes every route shares live with the route table (src/core/api/route.ts, errors.ts).
export type { RefusalShape } from '../../core/api/route';

/** An /api route as registered: what the OpenAPI test walks. */
export interface ApiRoute {
  method: string;
  url: string;
  hasBody: boolean;
  hasResponse: boolean;
  /** The route table's entry it was registered for (src/core/api/), or undefined for a route registered by hand. */
  entry: RouteEntry | undefined;
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
    /** The route table's entry of the route (set by `typed(app).route`). */
    entry?: RouteEntry;
  }
}

type ErrorStatus = Exclude<EntryErrorStatus, 304>;

/**
 * The answers of a route: its 200 schema and the error statuses it can give (a route behind a screen can always answer
 * 400, 401 and 403: its entry lists them, `screenErrors` in src/core/api/route.ts).
 */
function replies(ok: z.ZodType, errors: readonly ErrorStatus[], refusal?: RefusalShape): Record<number, z.ZodType> {
  const answers: Record<number, z.ZodType> = { 200: ok };
  for (const status of errors) {
    answers[status] =
      refusal && (status === 400 || status === 404 || status === 409) ? REFUSAL_SCHEMAS[refusal] : ErrorBodySchema;
  }
  return answers;
}

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
        if (!result.success)
          throw new Error(
            `The answer of ${method} ${url} does not match its declared schema: ${JSON.stringify(result.error.issues.slice(0, 3))}`,
          );
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
      apiRoutes.push({
        method: String(method),
        url: route.url,
        hasBody: Boolean(route.schema?.body),
        hasResponse: Boolean(route.schema?.response),
        entry: route.config?.entry,
      });
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
        description:
          "The calls of the public site, the editors and the back office (the specs' calls plus docs/design.md §4's).",
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
    transform: (document) =>
      document.url.startsWith('/api/') ? transform(document) : { schema: { hide: true }, url: document.url },
  });
  app.get(
    '/api/openapi.json',
    { config: { access: routes.meta.openapi.access, entry: routes.meta.openapi } },
    (_request, reply) =>
      // Shapes only, never data: cacheable like any public document.
      reply.header('cache-control', 'public, max-age=300').send(app.swagger()),
  );
}

type Get<R, K extends string> = K extends keyof R ? R[K] : undefined;

/** The input schemas of an entry as Fastify's zod type provider reads them: they type the handler's request. */
interface EntrySchema<R extends RouteEntry> {
  params: Get<R, 'params'>;
  querystring: Get<R, 'query'>;
  body: Get<R, 'body'>;
}

type EntryRequest<R extends RouteEntry> = FastifyRequest<
  RouteGenericInterface,
  RawServerDefault,
  RawRequestDefaultExpression,
  EntrySchema<R>,
  ZodTypeProvider
>;
/** The reply of a handler: what it sends itself (a file, HTML, a 304) is checked against the entry's answers at run time, in the tests. */
type EntryReply<R extends RouteEntry> = FastifyReply<
  RouteGenericInterface,
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  ContextConfigDefault,
  EntrySchema<R>,
  ZodTypeProvider
>;

/** What a handler gives back: its 200 answer, or the reply it has sent itself (a file, HTML, a 304). */
type Answer<R extends RouteEntry> = z.input<R['reply']> | { readonly sent: boolean };

/** A handler of an entry: its request typed by the entry's schemas, its answer by the entry's reply. */
export type EntryHandler<R extends RouteEntry> = (
  this: FastifyInstance,
  request: EntryRequest<R>,
  reply: EntryReply<R>,
) => Answer<R> | Promise<Answer<R>>;

/** What a route adds to its entry: its rate limit, its wording of a bad body, a hook of its own. */
export type RouteExtras = Omit<RouteShorthandOptions, 'schema' | 'config'> & {
  config?: Omit<FastifyContextConfig, 'access' | 'refusal' | 'entry'>;
  /**
   * The server's own reading of the entry's body, of the same shape: phone numbers read with the full metadata, which the
   * browser does not load (the entry's schema reads them leniently).
   */
  readBody?: z.ZodType;
};

/** The answers of an entry by status: its 200, its errors, and the shapes of its own. */
export function answersOf(entry: RouteEntry): Record<number, z.ZodType> {
  return {
    ...replies(
      entry.reply,
      (entry.errors ?? []).filter((status): status is ErrorStatus => status !== 304),
      entry.refusal,
    ),
    ...(entry.answers as Record<number, z.ZodType>),
  };
}

/** The Fastify schema of an entry: the same schemas validate the request, check the answer and make the document. */
function schemaOf(entry: RouteEntry, readBody: z.ZodType | undefined): FastifySchema {
  const body = readBody ?? entry.body;
  return {
    ...(entry.params ? { params: entry.params } : {}),
    ...(entry.query ? { querystring: entry.query } : {}),
    ...(body ? { body } : {}),
    ...(entry.bodyType === 'multipart/form-data' ? { consumes: [entry.bodyType] } : {}),
    response: answersOf(entry),
    // The calls an API token may make (docs/design.md §33), as the document tells another system's developers.
    ...(entry.scope ? { description: `An API token needs the scope \`${entry.scope}\`.` } : {}),
  };
}

/**
 * Registers handlers against the route table (src/core/api/, docs/design.md §29): the method, path, schemas, access and
 * refusal shape come from the entry; the handler's request and answer are typed by it.
 */
export function typed(app: FastifyInstance) {
  function route<R extends RouteEntry>(entry: R, handler: EntryHandler<R>): void;
  function route<R extends RouteEntry>(entry: R, extras: RouteExtras, handler: EntryHandler<R>): void;
  function route<R extends RouteEntry>(entry: R, ...args: [EntryHandler<R>] | [RouteExtras, EntryHandler<R>]): void {
    const [{ readBody, ...extras }, handler] = args.length === 1 ? [{} as RouteExtras, args[0]] : args;
    app.route({
      ...extras,
      method: entry.method,
      url: entry.path,
      config: { ...extras.config, access: entry.access, ...(entry.refusal ? { refusal: entry.refusal } : {}), entry },
      schema: schemaOf(entry, readBody),
      handler: handler as unknown as RouteHandlerMethod,
    });
  }
  return { route };
}
