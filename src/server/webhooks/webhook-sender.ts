import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { ANSWER_EXCERPT_BYTES } from '../../core/schemas/webhook';
import type { CheckedTarget, ResolvedAddress } from './webhook-targets';

/**
 * One attempt of a delivery (docs/design.md §33): a POST of the body, signed as Standard Webhooks say (`webhook-id`,
 * `webhook-timestamp`, `webhook-signature: v1,<base64 HMAC-SHA256 of id.timestamp.body>`, signed at the attempt, so a
 * retry hours later carries a fresh timestamp), to a checked address only (webhook-targets.ts): the connection's
 * lookup answers with the addresses that were checked, the Host header and the TLS server name stay the endpoint's
 * host. No redirect is followed; an attempt ends after 10 seconds; the first KB of the answer is kept.
 */

/** How long an attempt waits for its answer, from the start of the connection. */
export const ATTEMPT_TIMEOUT_MS = 10_000;

/** What one attempt found. */
export interface AttemptResult {
  /** A 2xx answer. */
  delivered: boolean;
  responseCode: number | null;
  ms: number;
  /** The answer's first KB as text; null when no answer came. */
  answer: string | null;
  /** Why it failed, in a sentence; null when delivered. */
  error: string | null;
}

/** What is sent: the message id (the same for every attempt and a redelivery), the body, the endpoint's secret. */
export interface SignedMessage {
  messageId: string;
  body: string;
  secret: string;
  at: Date;
}

/** standardwebhooks, loaded at the first delivery rather than at the start: memory a site without webhooks never needs. */
const standardWebhooks = () => import('standardwebhooks');

/** The three headers of a Standard Webhooks message. */
export async function signatureHeaders(message: SignedMessage): Promise<Record<string, string>> {
  const { Webhook } = await standardWebhooks();
  return {
    'webhook-id': message.messageId,
    'webhook-timestamp': String(Math.floor(message.at.getTime() / 1000)),
    'webhook-signature': new Webhook(message.secret).sign(message.messageId, message.at, message.body),
  };
}

/** A lookup that answers with the checked addresses whatever it is asked (the connection goes nowhere else). */
function pinnedLookup(addresses: readonly ResolvedAddress[]): LookupFunction {
  return ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all)
      callback(
        null,
        addresses.map((entry) => ({ ...entry })),
      );
    else callback(null, addresses[0]!.address, addresses[0]!.family);
  }) as LookupFunction;
}

/** Text for staff: no NUL (PostgreSQL text holds none), at most the excerpt's size. */
const excerptOf = (bytes: Buffer) =>
  bytes.subarray(0, ANSWER_EXCERPT_BYTES).toString('utf8').replaceAll('\u0000', '\uFFFD');

/** Sends one attempt; never throws: a failure is a result with its reason. */
export async function sendAttempt(target: CheckedTarget, message: SignedMessage): Promise<AttemptResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const { url, host } = target;
  const client = url.protocol === 'https:' ? https : http;
  const signature = await signatureHeaders(message);
  return new Promise<AttemptResult>((resolve) => {
    let settled = false;
    const finish = (result: Omit<AttemptResult, 'ms'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      resolve({ ...result, ms: elapsed() });
    };
    const request = client.request(
      {
        method: 'POST',
        protocol: url.protocol,
        hostname: host,
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(message.body),
          'user-agent': 'Folio-Webhooks',
          ...signature,
        },
        lookup: pinnedLookup(target.addresses),
        // Each attempt on a connection of its own: a pooled one might lead to an address checked for another endpoint.
        agent: false,
        ...(url.protocol === 'https:' && isIP(host) === 0 ? { servername: host } : {}),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () => finish(answered(response.statusCode ?? 0, response.headers.location, Buffer.concat(chunks)));
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          if (size >= ANSWER_EXCERPT_BYTES) done();
        });
        response.on('end', done);
        response.on('error', done);
      },
    );
    const timer = setTimeout(
      () => finish({ delivered: false, responseCode: null, answer: null, error: NO_ANSWER }),
      ATTEMPT_TIMEOUT_MS,
    );
    request.on('error', (error) =>
      finish({ delivered: false, responseCode: null, answer: null, error: connectionProblem(error, url) }),
    );
    request.end(message.body);
  });
}

const NO_ANSWER = `No answer within ${ATTEMPT_TIMEOUT_MS / 1000} seconds.`;

/** An answer: delivered when 2xx; any other status is a failed attempt that says what came back. */
function answered(code: number, location: string | undefined, bytes: Buffer): Omit<AttemptResult, 'ms'> {
  const answer = excerptOf(bytes);
  if (code >= 200 && code < 300) return { delivered: true, responseCode: code, answer, error: null };
  const reason = http.STATUS_CODES[code];
  const status = reason ? `${code} (${reason})` : String(code);
  const error =
    code >= 300 && code < 400
      ? `The endpoint answered ${status}${location ? `, pointing to ${location.slice(0, 300)}` : ''}: redirects are not followed. Change the endpoint’s address to where it points.`
      : `The endpoint answered ${status}.`;
  return { delivered: false, responseCode: code, answer, error };
}

/** Why no answer came, in a sentence. */
function connectionProblem(error: NodeJS.ErrnoException, url: URL): string {
  const where = url.host;
  switch (error.code) {
    case 'ECONNREFUSED':
      return `${where} refused the connection: nothing listens there.`;
    case 'ECONNRESET':
      return `${where} closed the connection before answering.`;
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `${where} cannot be reached from the server.`;
    default:
      if (error.code?.startsWith('ERR_TLS') || /certificate|SSL|TLS/i.test(error.message))
        return `The secure connection to ${where} failed: ${error.message}`.slice(0, 500);
      return `Could not deliver to ${where}: ${error.message}`.slice(0, 500);
  }
}
