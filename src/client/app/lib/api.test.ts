// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { signIn } from '../../../core/api/auth';
import { session } from '../../../core/api/session';
import { importRedirects } from '../../../core/api/redirects';
import { deleteMediaItem, replaceMediaImage } from '../../../core/api/media';
import { previewPane } from '../../../core/api/preview';
import { route } from '../../../core/api/route';
import { ApiError, api, apiUrl, setUnauthorizedHandler } from './api';

/** `api(route, input)` (docs/design.md §29): the address, the body and the headers each kind of entry is sent with. */
const probe = route({
  method: 'GET',
  path: '/api/master/probe/:routing',
  params: z.object({ routing: z.string() }),
  query: z.object({ locale: z.string().optional(), from: z.number().optional() }),
  reply: z.object({ ok: z.boolean() }),
  access: { signedIn: true },
});
const save = route({
  method: 'POST',
  path: '/api/master/probe',
  body: z.object({ name: z.string() }),
  reply: z.object({ ok: z.boolean() }),
  access: { signedIn: true },
});

let sent: Array<{ url: string; init: RequestInit }> = [];
let answer: () => Response = () => Response.json({ ok: true });

beforeEach(() => {
  sent = [];
  document.cookie = 'XSRF-TOKEN=token-1';
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    sent.push({ url, init });
    return answer();
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  setUnauthorizedHandler(null);
  answer = () => Response.json({ ok: true });
});

const headersOf = (index = 0) => sent[index]?.init.headers as Record<string, string>;

describe('api(route, input)', () => {
  it('fills the path parameters and encodes the query of a GET, without a body or the CSRF header', async () => {
    expect(await api(probe, { params: { routing: 'a b/c' }, query: { locale: 'de', from: 3 } })).toEqual({ ok: true });
    expect(sent[0]?.url).toBe('/api/master/probe/a%20b%2Fc?locale=de&from=3');
    expect(sent[0]?.init.method).toBe('GET');
    expect(sent[0]?.init.body).toBeNull();
    expect(headersOf()['x-xsrf-token']).toBeUndefined();
    expect(apiUrl(probe, { params: { routing: 'x' } })).toBe('/api/master/probe/x');
  });

  it('posts JSON with the CSRF header and the headers given', async () => {
    await api(save, { body: { name: 'Asha' }, headers: { dbname: 'second' } });
    expect(sent[0]?.init.method).toBe('POST');
    expect(sent[0]?.init.body).toBe('{"name":"Asha"}');
    expect(headersOf()).toMatchObject({
      'content-type': 'application/json',
      'x-xsrf-token': 'token-1',
      dbname: 'second',
    });
  });

  it('sends a file as it is, a form with the browser its type, and a DELETE without a body', async () => {
    await api(importRedirects, { body: 'from,to,status\n' });
    expect(headersOf(0)['content-type']).toBe('text/csv');
    expect(sent[0]?.init.body).toBe('from,to,status\n');
    const form = new FormData();
    await api(replaceMediaImage, { params: { id: 7 }, body: form });
    expect(sent[1]?.url).toBe('/api/master/media/7/replace');
    expect(sent[1]?.init.body).toBe(form);
    expect(headersOf(1)['content-type']).toBeUndefined();
    await api(deleteMediaItem, { params: { id: 7 } });
    expect(sent[2]?.init).toMatchObject({ method: 'DELETE', body: null });
    expect(headersOf(2)['x-xsrf-token']).toBe('token-1');
  });

  it("answers an HTML route's page as text", async () => {
    answer = () => new Response('<html>page</html>', { headers: { 'content-type': 'text/html' } });
    expect(await api(previewPane, { params: { routing: 'Home' }, query: { locale: 'de' }, body: { title: 'x' } })).toBe(
      '<html>page</html>',
    );
    expect(sent[0]?.url).toBe('/api/master/preview/Home?locale=de');
    expect(headersOf().accept).toContain('text/html');
  });

  it('throws an ApiError with the status, sentence and field; a 401 ends the session except on sign-in', async () => {
    const ended = vi.fn();
    setUnauthorizedHandler(ended);
    answer = () => Response.json({ message: 'Enter a name.', field: 'name' }, { status: 400 });
    const refused = await api(save, { body: { name: '' } }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 400, message: 'Enter a name.', field: 'name' });
    answer = () => Response.json({ message: 'Wrong password' }, { status: 401 });
    await expect(api(signIn, { body: { username: 'a', password: 'b' } })).rejects.toMatchObject({ status: 401 });
    expect(ended).not.toHaveBeenCalled();
    await expect(api(save, { body: { name: 'a' } })).rejects.toMatchObject({ status: 401 });
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it('throws an ApiError of status 0 when the server cannot be reached', async () => {
    vi.stubGlobal('fetch', async () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(api(session)).rejects.toMatchObject({ status: 0 });
  });
});
