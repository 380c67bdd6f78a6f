/**
 * The WebAuthn relying party of a request (docs/design.md §33, decision 037): the site as passkeys know it. Its id is
 * PUBLIC_BASE_URL's host and its origin PUBLIC_BASE_URL's origin, so a passkey belongs to the site's public address
 * (changing the host makes the passkeys made before unusable: docs/operations.md). A request that comes to
 * `localhost` (any port) is the exception: browsers refuse an IP address as a relying party, so a site run on this
 * machine without PUBLIC_BASE_URL (or with http://127.0.0.1:…) works when opened at http://localhost:….
 */
export interface RelyingParty {
  /** The relying party id: a host name, never a port. */
  id: string;
  /** The one origin whose ceremonies are accepted. */
  origin: string;
}

export function relyingPartyOf(
  publicBaseUrl: string,
  request: { protocol: string; host: string; hostname: string },
): RelyingParty {
  if (request.hostname === 'localhost') {
    try {
      return { id: 'localhost', origin: new URL(`${request.protocol}://${request.host}`).origin };
    } catch {
      // A Host header that is no address: the configured site below.
    }
  }
  const base = new URL(publicBaseUrl);
  return { id: base.hostname, origin: base.origin };
}
