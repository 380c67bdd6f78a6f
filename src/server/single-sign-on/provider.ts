import type * as Oidc from 'openid-client';
import { isLoopbackIssuer } from '../../core/schemas/single-sign-on';

/**
 * The firm's OpenID Connect provider as Folio talks to it, through openid-client (docs/design.md §33, decision 038):
 * its discovery document, read at each use (a sign-in is rare; a changed key or endpoint is then never stale, and
 * several instances need nothing in common). Plain http only for a provider on the machine itself.
 */

export interface ProviderClient {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** How long Folio waits for the provider, per request. */
const PROVIDER_TIMEOUT_SECONDS = 10;

/** The provider could not be reached (down, a wrong host, a timeout). */
export class ProviderUnreachableError extends Error {}
/** Something answered, but not as an OpenID Connect provider of that issuer. */
export class NotAProviderError extends Error {}

/**
 * openid-client, loaded at the first single sign-on rather than at the start: most sites never use it, and it is
 * memory every instance would hold at idle (docs/design.md §10).
 */
export const loadOpenIdClient = (): Promise<typeof Oidc> => import('openid-client');

export async function discoverProvider(client: ProviderClient): Promise<Oidc.Configuration> {
  const oidc = await loadOpenIdClient();
  try {
    return await oidc.discovery(new URL(client.issuer), client.clientId, client.clientSecret, undefined, {
      timeout: PROVIDER_TIMEOUT_SECONDS,
      ...(isLoopbackIssuer(client.issuer) ? { execute: [oidc.allowInsecureRequests] } : {}),
    });
  } catch (error) {
    if (isUnreachable(error)) throw new ProviderUnreachableError(describe(error), { cause: error });
    throw new NotAProviderError(describe(error), { cause: error });
  }
}

/** A failure to reach the provider at all: fetch's TypeError, a refused connection, a timeout, somewhere in the causes. */
export function isUnreachable(error: unknown): boolean {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth += 1) {
    if (cause instanceof TypeError && /fetch failed/i.test(cause.message)) return true;
    if (cause.name === 'TimeoutError' || cause.name === 'AbortError') return true;
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && /^(ECONN|ENOTFOUND|EAI_|ETIMEDOUT|EHOSTUNREACH|OAUTH_TIMEOUT)/.test(code))
      return true;
  }
  return false;
}

/** The error and its causes in one line, for the server's log (never shown to a visitor). */
export function describe(error: unknown): string {
  const parts: string[] = [];
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth += 1)
    parts.push(cause.message);
  return parts.join(': ') || String(error);
}
