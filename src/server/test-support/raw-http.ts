import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** An answer as the tests compare them: status, headers (those the server sets itself left out) and body bytes. */
export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** Headers the HTTP server writes itself, which differ from one answer to the next (and are absent in inject). */
const SERVER_SET = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);
const comparable = (headers: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(headers)
      .filter(([name]) => !SERVER_SET.has(name))
      .map(([name, value]) => [name, String(value)]),
  );

/**
 * An app listening on 127.0.0.1 for real HTTP (the hot path of decision 010 answers there, before Fastify), with
 * what reaches Fastify recorded: `get` asks over HTTP, `throughFastify` through app.inject (Fastify's routes
 * only), and `fastifyCalls` counts the requests for a path that reached Fastify while `work` ran.
 */
export async function overRealHttp(app: FastifyInstance) {
  const reachedFastify: string[] = [];
  app.addHook('onRequest', (request, _reply, done) => {
    reachedFastify.push(`${request.method} ${request.url}`);
    done();
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
    new Promise<Answer>((resolve, reject) => {
      const request = http.request(`${base}${path}`, { method, headers, agent: false }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: comparable(response.headers),
            body: Buffer.concat(chunks),
          }),
        );
        response.on('error', reject);
      });
      request.on('error', reject).end();
    });
  const throughFastify = async (
    path: string,
    headers: Record<string, string> = {},
    method: 'GET' | 'HEAD' = 'GET',
  ): Promise<Answer> => {
    const response = await app.inject({ method, url: path, headers });
    return { status: response.statusCode, headers: comparable(response.headers), body: response.rawPayload };
  };
  const fastifyCalls = async (path: string, work: () => Promise<unknown>) => {
    const before = reachedFastify.length;
    await work();
    return reachedFastify.slice(before).filter((line) => line.endsWith(` ${path}`)).length;
  };
  return { base, get, throughFastify, fastifyCalls };
}
