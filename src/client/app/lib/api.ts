import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { session } from '../../../core/api/session';
import { userMenu } from '../../../core/api/menus';
import { isAuthCall, type RouteEntry } from '../../../core/api/route';
import { readCookie, readJson } from '../../lib/http';
import type { JsonResponse } from '../../lib/http';
import { inPlainWords } from './screen-words';
import { setStaffCountry } from './staff-locale';

/**
 * A call that got no 2xx answer. `status` 0 means no answer at all (network down, server unreachable). `field`
 * is the field a refusal is about, as the server names it (a dotted path into the body sent: `password`,
 * `skillList.2.skillName`), so that a form marks it without comparing sentences (docs/design.md §25).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly field: string | undefined;
  /** The answer's whole JSON, for a refusal that says more than a sentence (a 409 listing where an image is used). */
  readonly data: unknown;

  constructor(status: number, message: string, field?: string, data?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.field = field;
    this.data = data;
  }
}

export const FALLBACK_MESSAGE = 'Something went wrong';
export const UNREACHABLE_MESSAGE = 'The server could not be reached. Check your connection and try again.';

let onUnauthorized: (() => void) | null = null;

/**
 * Registers what to do when a call answers 401 (the session ended: expired, logged out elsewhere, user
 * deactivated). The app refreshes its session, and the route guard then sends the user to the public site.
 */
export function setUnauthorizedHandler(handler: (() => void) | null): void {
  onUnauthorized = handler;
}

function messageOf(data: unknown): string | null {
  if (data && typeof data === 'object' && 'message' in data) {
    const { message } = data as { message: unknown };
    // The spec's wording made plain for the screen (docs/design.md §34); the API keeps it word for word.
    if (typeof message === 'string' && message.trim() !== '') return inPlainWords(message);
  }
  return null;
}

function fieldOf(data: unknown): string | undefined {
  const field = data && typeof data === 'object' && 'field' in data ? (data as { field: unknown }).field : undefined;
  return typeof field === 'string' && field !== '' ? field : undefined;
}

/** The field a failed call's refusal is about (a dotted path into the body sent), or null. */
export function refusedField(error: unknown): string | null {
  return error instanceof ApiError && (error.status === 400 || error.status === 409) ? (error.field ?? null) : null;
}

type Field<R, K extends string> = K extends keyof R ? R[K] : undefined;

/** `Empty extends T`: nothing in T is required. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the type every object with optional keys only accepts
type Empty = {};

/** What a route's body is given as: a FormData for a multipart form, the text of a file sent as it is, else its JSON. */
type BodyOf<R extends RouteEntry> =
  Field<R, 'bodyType'> extends 'multipart/form-data'
    ? FormData
    : Field<R, 'bodyType'> extends 'text/csv' | 'application/xliff+xml'
      ? string
      : Field<R, 'body'> extends z.ZodType
        ? z.input<Field<R, 'body'>>
        : never;

/** A part of the input, required when its schema requires something (`{}` would not pass it). */
type Part<K extends string, S> = S extends z.ZodType
  ? Empty extends z.input<S>
    ? { [P in K]?: z.input<S> }
    : { [P in K]: z.input<S> }
  : { [P in K]?: never };

/** Where a call's address is filled from: its path parameters and its query (a GET's filters). */
export type RouteAddress<R extends RouteEntry> = Part<'params', Field<R, 'params'>> & Part<'query', Field<R, 'query'>>;

/** What `api(route, input)` takes for a route: its address, its body, headers of its own and an abort signal. */
export type RouteInput<R extends RouteEntry> = RouteAddress<R> &
  (Field<R, 'body'> extends z.ZodType
    ? undefined extends BodyOf<R>
      ? { body?: BodyOf<R> }
      : { body: BodyOf<R> }
    : { body?: never }) & {
    headers?: Record<string, string>;
    signal?: AbortSignal;
  };

/** What a route answers: the page's HTML for a `text/html` route, else its JSON. */
export type RouteAnswer<R extends RouteEntry> =
  Field<R, 'replyType'> extends 'text/html' ? string : z.output<R['reply']>;

/** The input as an argument: optional when nothing in it is required. */
type InputArgument<T> = Empty extends T ? [input?: T] : [input: T];

/**
 * A route's address (docs/design.md §29): its path with the parameters filled in and its query encoded. A download
 * (a CSV file, a backup) is a link to it.
 */
export function apiUrl<R extends RouteEntry>(route: R, ...[input]: InputArgument<RouteAddress<R>>): string {
  const { params, query } = (input ?? {}) as { params?: Record<string, unknown>; query?: Record<string, unknown> };
  const path = route.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params?.[name] ?? '')));
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {}))
    if (value !== undefined && value !== null) search.set(name, String(value));
  const text = search.toString();
  return text === '' ? path : `${path}?${text}`;
}

/** What a call's fetch sends: the body in the route's type, and the CSRF header on anything but a GET (docs/design.md §5). */
function requestOf(
  route: RouteEntry,
  input: { body?: unknown; headers?: Record<string, string>; signal?: AbortSignal },
): RequestInit {
  const headers: Record<string, string> = {
    ...input.headers,
    accept: route.replyType === 'text/html' ? 'text/html, application/json' : 'application/json',
  };
  let body: BodyInit | null = null;
  // A DELETE has no body, so no content type: the server refuses an empty body that claims to be JSON. A form's
  // type (with its boundary) is the browser's to write.
  if (route.method === 'POST') {
    if (route.bodyType === 'multipart/form-data') body = input.body as FormData;
    else if (route.bodyType === 'text/csv' || route.bodyType === 'application/xliff+xml') {
      headers['content-type'] = route.bodyType;
      body = input.body as string;
    } else {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(input.body ?? {});
    }
  }
  if (route.method !== 'GET') {
    const xsrf = readCookie('XSRF-TOKEN');
    if (xsrf) headers['x-xsrf-token'] = xsrf;
  }
  return { method: route.method, credentials: 'same-origin', headers, body, signal: input.signal ?? null };
}

/**
 * Calls an operation of the route table (src/core/api/, docs/design.md §29): one fetch, its address from `params` and
 * `query`, its `body` as the route takes it (JSON, a form, a file's text), with the CSRF header. Resolves with the
 * answer's JSON (a `text/html` route's HTML); any other status throws an ApiError carrying the server's
 * `{message, field}`, no answer at all an ApiError of status 0 (an aborted call throws the abort).
 */
export async function api<R extends RouteEntry>(
  route: R,
  ...[input]: InputArgument<RouteInput<R>>
): Promise<RouteAnswer<R>> {
  const given = (input ?? {}) as { body?: unknown; headers?: Record<string, string>; signal?: AbortSignal };
  let response: Response;
  let answer: JsonResponse<unknown> | null = null;
  try {
    response = await fetch(apiUrl(route, ...([input] as InputArgument<RouteAddress<R>>)), requestOf(route, given));
    if (!(response.ok && route.replyType === 'text/html')) answer = await readJson<unknown>(response);
  } catch (error) {
    if (given.signal?.aborted) throw error;
    throw new ApiError(0, UNREACHABLE_MESSAGE);
  }
  if (!answer) return (await response.text()) as RouteAnswer<R>;
  if (!answer.ok) {
    // Sign-in answers 401 for a wrong password: that is no ended session.
    if (answer.status === 401 && !isAuthCall(route)) onUnauthorized?.();
    throw new ApiError(answer.status, messageOf(answer.data) ?? FALLBACK_MESSAGE, fieldOf(answer.data), answer.data);
  }
  return answer.data as RouteAnswer<R>;
}

/** The message to show for a failed call. */
export function errorMessage(error: unknown, fallback = FALLBACK_MESSAGE): string {
  return error instanceof ApiError ? error.message : fallback;
}

export const SESSION_KEY = ['session'] as const;

/** Who is logged in (or not), whether setup is pending, and which screens the user's menu grants. */
export function useSession() {
  return useQuery({
    queryKey: SESSION_KEY,
    queryFn: async () => {
      const info = await api(session);
      // Dates and numbers follow the firm's country from here on (lib/staff-locale.ts).
      setStaffCountry(info.countryCode);
      return info;
    },
    staleTime: 30_000,
  });
}

/** The header menu: the logged-in user's menu tree, or the public one. */
export function useMenu() {
  const session = useSession();
  const userId = session.data?.user?.id ?? 0;
  return useQuery({
    queryKey: ['menu', userId],
    queryFn: async () => {
      const menu = await api(userMenu, { body: {} });
      return Array.isArray(menu) ? menu : [];
    },
    enabled: session.data !== undefined,
    staleTime: 5 * 60_000,
  });
}
