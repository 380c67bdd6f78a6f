import { useQuery } from '@tanstack/react-query';
import type { SessionInfo } from '../../../core/schemas/auth';
import type { MenuEntry } from '../../../core/schemas/menu';
import { postJson, readCookie, readJson } from '../../lib/http';
import type { JsonResponse } from '../../lib/http';
import { inPlainWords } from './screen-words';

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

async function getJson<T>(url: string): Promise<JsonResponse<T>> {
  return readJson<T>(await fetch(url, { credentials: 'same-origin', headers: { accept: 'application/json' } }));
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
  return error instanceof ApiError && error.status === 400 ? (error.field ?? null) : null;
}

/** The answer of a call as `api` and its kin give it: its JSON, or an ApiError carrying the server's `{message, field}`. */
async function answerOf<T>(path: string, send: () => Promise<JsonResponse<unknown>>): Promise<T> {
  let response: JsonResponse<unknown>;
  try {
    response = await send();
  } catch {
    throw new ApiError(0, UNREACHABLE_MESSAGE);
  }
  if (!response.ok) {
    // Sign-in answers 401 for a wrong password: that is no ended session.
    if (response.status === 401 && !path.startsWith('/api/auth/')) onUnauthorized?.();
    throw new ApiError(response.status, messageOf(response.data) ?? FALLBACK_MESSAGE, fieldOf(response.data), response.data);
  }
  return response.data as T;
}

/**
 * Calls the API: GET without a body, POST (JSON, with the CSRF header) with one; `headers` are added to a
 * POST. Resolves with the answer's JSON; any other status throws an ApiError carrying the server's `{message, field}`.
 */
export function api<T>(path: string, body?: unknown, headers?: Record<string, string>): Promise<T> {
  return answerOf<T>(path, () => (body === undefined ? getJson<unknown>(path) : postJson<unknown>(path, body, headers)));
}

/** A request to this site that is no JSON POST (a DELETE, a file's text), with the CSRF header. */
async function sendToSite(path: string, method: 'POST' | 'DELETE', content?: { type: string; text: string } | FormData): Promise<JsonResponse<unknown>> {
  const headers: Record<string, string> = { accept: 'application/json' };
  // A DELETE has no body, so no content type: the server refuses an empty body that claims to be JSON. A form's
  // type (with its boundary) is the browser's to write.
  if (content && !(content instanceof FormData)) headers['content-type'] = content.type;
  const xsrf = readCookie('XSRF-TOKEN');
  if (xsrf) headers['x-xsrf-token'] = xsrf;
  const body = content instanceof FormData ? content : (content?.text ?? null);
  return readJson<unknown>(await fetch(path, { method, credentials: 'same-origin', headers, body }));
}

/** DELETEs what `path` names; resolves with the answer's JSON (null when there is none) or throws as `api` does. */
export function apiDelete<T>(path: string): Promise<T> {
  return answerOf<T>(path, () => sendToSite(path, 'DELETE'));
}

/** POSTs a text of the given type (a CSV file to import) as it is; resolves and throws as `api` does. */
export function apiPostText<T>(path: string, text: string, contentType: string): Promise<T> {
  return answerOf<T>(path, () => sendToSite(path, 'POST', { type: contentType, text }));
}

/** POSTs a multipart form (a file and its fields) as it is; resolves and throws as `api` does. */
export function apiPostForm<T>(path: string, form: FormData): Promise<T> {
  return answerOf<T>(path, () => sendToSite(path, 'POST', form));
}

/**
 * POSTs a JSON body to a call that answers HTML (the editor's preview, docs/design.md §26) and resolves with the HTML;
 * a refusal throws an ApiError like `api`, an aborted call throws the abort.
 */
export async function apiHtml(path: string, body: unknown, signal?: AbortSignal): Promise<string> {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'text/html, application/json' };
  const xsrf = readCookie('XSRF-TOKEN');
  if (xsrf) headers['x-xsrf-token'] = xsrf;
  let response: Response;
  try {
    response = await fetch(path, { method: 'POST', credentials: 'same-origin', headers, body: JSON.stringify(body), signal: signal ?? null });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, UNREACHABLE_MESSAGE);
  }
  if (response.ok) return response.text();
  const { data } = await readJson<unknown>(response);
  if (response.status === 401) onUnauthorized?.();
  throw new ApiError(response.status, messageOf(data) ?? FALLBACK_MESSAGE, fieldOf(data));
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
    queryFn: () => api<SessionInfo>('/api/auth/session'),
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
      const menu = await api<MenuEntry[] | null>('/api/menu/menuofUserforjosn', {});
      return Array.isArray(menu) ? menu : [];
    },
    enabled: session.data !== undefined,
    staleTime: 5 * 60_000,
  });
}
