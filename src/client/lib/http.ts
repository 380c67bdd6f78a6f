/** The answer of a JSON call: HTTP errors are answers too (ok false), only a network failure throws. */
export interface JsonResponse<T> {
  ok: boolean;
  status: number;
  data: T | null;
}

export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

/**
 * POSTs a JSON body to this site. Sends the CSRF token (cookie XSRF-TOKEN → header X-XSRF-TOKEN, docs/design.md §5)
 * on relative URLs only, so it never leaks to another origin.
 */
export async function postJson<T>(
  url: string,
  body: unknown,
  extraHeaders: Record<string, string> = {},
): Promise<JsonResponse<T>> {
  const headers: Record<string, string> = {
    ...extraHeaders,
    'content-type': 'application/json',
    accept: 'application/json',
  };
  const xsrf = /^\/(?!\/)/.test(url) ? readCookie('XSRF-TOKEN') : null;
  if (xsrf) headers['x-xsrf-token'] = xsrf;
  const response = await fetch(url, {
    method: 'POST',
    credentials: 'same-origin',
    headers,
    body: JSON.stringify(body),
  });
  return readJson<T>(response);
}

/** Reads a response as JSON; an empty or non-JSON body gives data null. */
export async function readJson<T>(response: Response): Promise<JsonResponse<T>> {
  let data: T | null;
  try {
    const text = await response.text();
    data = text ? (JSON.parse(text) as T) : null;
  } catch {
    data = null;
  }
  return { ok: response.ok, status: response.status, data };
}
