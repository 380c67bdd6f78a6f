import { lookup } from 'node:dns/promises';
import { WEBHOOK_MESSAGES } from '../../core/schemas/webhook';

/**
 * Where a webhook may be sent (docs/design.md §33, decision 039): https (http only with WEBHOOKS_ALLOW_HTTP=1), and
 * only to addresses of the public internet, unless WEBHOOKS_ALLOW_PRIVATE=1. A host name is resolved and every address
 * it has is checked; the delivery then connects to a checked address (webhook-sender.ts), never to what a second
 * lookup says, so a DNS answer that changes between the check and the connection (DNS rebinding) cannot lead inside.
 * Checked when an endpoint is saved and again at each delivery.
 */

export interface TargetRules {
  allowHttp: boolean;
  allowPrivate: boolean;
}

/** An address a host name resolved to (or the host itself, an IP address). */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** A target that passed: the address as parsed, its host (no brackets), and the checked addresses to connect to. */
export interface CheckedTarget {
  url: URL;
  host: string;
  addresses: readonly ResolvedAddress[];
}

/** The target is refused: the message is the sentence for staff (a 400 at save, a failed attempt at delivery). */
export class TargetRefusedError extends Error {}

/** How a host name is resolved (every address it has): the system's resolver, as connections use it. */
export type Resolve = (host: string) => Promise<ResolvedAddress[]>;

/** A lookup that takes longer than this is taken as a host that cannot be found. */
const LOOKUP_TIMEOUT_MS = 5_000;

export const systemResolve: Resolve = async (host) => {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('lookup timed out')), LOOKUP_TIMEOUT_MS);
  });
  try {
    const found = await Promise.race([lookup(host, { all: true, verbatim: true }), timeout]);
    return found.map((entry) => ({ address: entry.address, family: entry.family === 6 ? 6 : 4 }));
  } finally {
    clearTimeout(timer);
  }
};

/**
 * Checks an endpoint's address against the rules; resolves with the addresses to connect to, or throws
 * TargetRefusedError with a sentence. ipaddr.js names each address's range: anything but `unicast` (a public
 * address) is refused — loopback, private, link-local, unique-local, unspecified, multicast, and the other ranges
 * kept for special uses (carrier-grade NAT, NAT64 prefixes that can wrap a private IPv4 address, …). An IPv4 address
 * written as IPv6 (`::ffff:127.0.0.1`) is judged as the IPv4 address it is.
 */
export async function checkTarget(
  raw: string,
  rules: TargetRules,
  resolve: Resolve = systemResolve,
): Promise<CheckedTarget> {
  // Loaded at the first check rather than at the start: memory a site without webhooks never needs.
  const { default: ipaddr } = await import('ipaddr.js');
  const url = new URL(raw);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && rules.allowHttp))
    throw new TargetRefusedError(WEBHOOK_MESSAGES.httpsOnly);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: ResolvedAddress[];
  if (ipaddr.isValid(host)) {
    addresses = [{ address: host, family: ipaddr.parse(host).kind() === 'ipv6' ? 6 : 4 }];
  } else {
    try {
      addresses = await resolve(host);
    } catch {
      addresses = [];
    }
    if (addresses.length === 0) throw new TargetRefusedError(WEBHOOK_MESSAGES.unknownHost(host));
  }
  if (!rules.allowPrivate) {
    for (const { address } of addresses) {
      const range = ipaddr.process(address).range();
      if (range !== 'unicast') throw new TargetRefusedError(WEBHOOK_MESSAGES.privateTarget(host, address, range));
    }
  }
  return { url, host, addresses };
}
