import { z } from 'zod';
import type { TokenScope } from '../schemas/api-token';

/**
 * One typed route table (docs/design.md §29): every /api operation declared once, in src/core/api/<domain>.ts, with
 * the zod schemas of its input and answers and who may call it. The server registers its handlers against these
 * entries (src/server/http/contract.ts, `typed(app).route`), which also gives the OpenAPI document; the staff app
 * calls them with `api(route, input)` (src/client/app/lib/api.ts). Nothing here imports the server or the client.
 */

/** The spec's refusal shapes (their schemas are in errors.ts, which only the server loads). */
export type RefusalShape = 'NO' | 'No' | 'error' | 'error-rescore';

/** The error statuses a route can answer besides its 200 (and 302: a leg of a sign-in through a provider). */
export type ErrorStatus = 302 | 304 | 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 503;

/** A body that is not needed (the call names what it reads) but that the spec's clients send: any object, or none. */
export const AnyBodySchema = z
  .object({})
  .loose()
  .optional()
  .meta({ description: 'Ignored: the call itself names what it answers.' });

/** The fields of a multipart form, for the document; the handler reads the parts itself. */
export const multipartBody = (fields: z.ZodRawShape) =>
  z.object(fields).optional().meta({ description: 'multipart/form-data; read part by part by the handler.' });

/** A page's routing name in a call's address (`/api/master/edit/:routing`). */
export const RoutingParamsSchema = z.strictObject({ routing: z.string().min(1).max(100) });

/** Where a call names the page it edits: in its own address, a path parameter, a body field or a query field. */
export type PageNamedBy = { fixed: string } | { param: string } | { body: string } | { query: string };

/** Who may call a route; the server's access layer decides it (src/server/access/access.ts says what each means). */
export type RouteAccess =
  | { public: true }
  | { screen: string }
  | { screens: readonly string[] }
  | { signedIn: true }
  | { editsPage: PageNamedBy }
  | { account: true }
  | { contentApi: true };

/** What a body is sent as: JSON unless said otherwise (a multipart form, a file's text as it is). */
export type BodyType = 'json' | 'multipart/form-data' | 'text/csv' | 'application/xliff+xml';

/** What a route answers: JSON unless said otherwise (a file to download, an HTML page). */
export type ReplyType =
  'json' | 'text/csv' | 'application/gzip' | 'application/xliff+xml' | 'text/html' | 'application/octet-stream';

/** One operation of the API. */
export interface RouteEntry {
  readonly method: 'GET' | 'POST' | 'DELETE';
  /** Fastify's form: `/api/master/media/:id`. */
  readonly path: string;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  readonly bodyType?: BodyType;
  /** The 200 answer. */
  readonly reply: z.ZodType;
  readonly replyType?: ReplyType;
  /** The error statuses it can answer, each `{message, field?}` (or the `refusal` shape for 400, 404 and 409). */
  readonly errors?: readonly ErrorStatus[];
  readonly refusal?: RefusalShape;
  /** Answers of a status in a shape of their own (a 409 listing where an image is used, a 304). */
  readonly answers?: Readonly<Partial<Record<ErrorStatus, z.ZodType>>>;
  readonly access: RouteAccess;
  /**
   * The API token scope that lets a token make this call (docs/design.md §33); a call without one is refused to every
   * token. A session of the staff app needs none: its menu alone decides.
   */
  readonly scope?: TokenScope;
}

/** Declares an entry, keeping its exact type (the handler's and the client's types come from it). */
export const route = <const R extends RouteEntry>(entry: R): R => entry;

/** The errors of a route behind a screen: 400 bad input, 401 no session, 403 not in the caller's menu, and `more`. */
export const screenErrors = <const M extends readonly ErrorStatus[]>(...more: M) => [400, 401, 403, ...more] as const;

/** The 200 answer of a download: a file's bytes, described for the document. */
export const fileReply = (description: string) => z.string().meta({ description });

/** A call of sign-in and the own account (under /api/auth/): its 401 is a refusal (a wrong password), not an ended session. */
export const isAuthCall = (entry: RouteEntry) => entry.path.startsWith('/api/auth/');

/** Every entry of a (nested) table of routes, in the table's order: its plain objects and modules are walked, schemas are not. */
export function entriesOf(table: object): RouteEntry[] {
  const found: RouteEntry[] = [];
  for (const value of Object.values(table)) {
    if (value === null || typeof value !== 'object') continue;
    const prototype = Object.getPrototypeOf(value);
    if (prototype !== Object.prototype && prototype !== null) continue;
    if ('method' in value && 'path' in value && 'reply' in value) found.push(value as RouteEntry);
    else found.push(...entriesOf(value));
  }
  return found;
}
