import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { z } from 'zod';
import type { Db } from '../db/database';
import { listenOnChannel, notifyChannel } from '../db/dialect';
import type { CacheStore, Tag } from '../cache/cached';

/** The PostgreSQL channel every Folio instance on one database listens on (decision 013). */
export const CACHE_CHANNEL = 'folio_cache';

const FIRST_RETRY_MS = 1_000;
const LAST_RETRY_MS = 30_000;

/** An invalidation as it travels between instances: who made it, for which tenant, and the tags it invalidated. */
const CacheNoticeSchema = z.object({ origin: z.string(), tenant: z.string(), tags: z.array(z.string()).min(1) });

/**
 * Tells the other instances on the same PostgreSQL database of each invalidation made here, by its tags (cache/cached.ts,
 * docs/design.md §29), and applies theirs (docs/design.md §6, decision 013): `NOTIFY` through the tenant's pool, `LISTEN`
 * on one connection of its own. While
 * that connection is down, notices are missed: it reconnects (1 s, doubling to 30 s) and then drops every
 * cache, since anything may have changed meanwhile.
 */
export class CacheSync {
  /** This process's name on the channel: its own notices come back to it and are skipped. */
  readonly origin = randomUUID();
  private listener: { client: pg.Client; pid: number } | undefined;
  private connecting: Promise<void> | undefined;
  private retry: NodeJS.Timeout | undefined;
  private retryMs = FIRST_RETRY_MS;
  /** Set while not listening after a failure: notices may have been missed until the connection is back. */
  private missed = false;
  private closed = false;

  /** @param tenants The registry's tenants by name (filled after construction; read when a notice comes). */
  constructor(
    private readonly databaseUrl: string,
    private readonly tenants: ReadonlyMap<string, { readonly cache: CacheStore }>,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Starts listening. Resolves once listening, or once a failed first attempt has scheduled the next. */
  start(): Promise<void> {
    this.connecting = this.listen().finally(() => (this.connecting = undefined));
    return this.connecting;
  }

  /** The server process id of the listening connection, while there is one (tests end it to see a reconnect). */
  get listenerPid(): number | undefined {
    return this.listener?.pid;
  }

  /**
   * Tells the other instances of a change, once it committed. Never throws and is not awaited: a save must not
   * fail, nor wait, because the others could not be told.
   */
  publish(tenant: string, db: Db, tags: readonly Tag[]): void {
    const payload = JSON.stringify({ origin: this.origin, tenant, tags });
    notifyChannel(db, CACHE_CHANNEL, payload).catch((error: unknown) => {
      this.log.warn(
        { err: error, tenant, tags },
        'The other instances could not be told of a cache change; they show the old content until their next change or restart.',
      );
    });
  }

  /** Stops listening and reconnecting. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    await this.connecting;
    const listener = this.listener;
    this.listener = undefined;
    await listener?.client.end();
  }

  private async listen(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({ connectionString: this.databaseUrl, keepAlive: true });
    let lost = false;
    const lose = (error: unknown, message: string) => {
      if (lost) return;
      lost = true;
      if (this.listener?.client === client) this.listener = undefined;
      // The client is broken either way; ending it releases its socket (its own 'end' may have come already).
      client.end().catch(() => undefined);
      if (this.closed) return;
      this.missed = true;
      this.log.warn({ err: error, retryInMs: this.retryMs }, message);
      this.retry = setTimeout(() => void this.start(), this.retryMs);
      this.retry.unref();
      this.retryMs = Math.min(this.retryMs * 2, LAST_RETRY_MS);
    };
    // A pg client emits 'error' when its connection breaks: without a listener it would end the process.
    client.on('error', (error) =>
      lose(error, "The connection listening for other instances' cache changes failed; reconnecting."),
    );
    client.on('end', () =>
      lose(undefined, "The connection listening for other instances' cache changes ended; reconnecting."),
    );
    client.on('notification', (message) => this.receive(message.payload));
    let pid: number;
    try {
      await client.connect();
      pid = await listenOnChannel(client, CACHE_CHANNEL);
    } catch (error) {
      lose(error, "Could not listen for other instances' cache changes; trying again.");
      return;
    }
    if (lost) return;
    if (this.closed) {
      lost = true;
      await client.end().catch(() => undefined);
      return;
    }
    this.listener = { client, pid };
    this.retryMs = FIRST_RETRY_MS;
    if (this.missed) {
      this.missed = false;
      // Back after a break: whatever the others changed meanwhile was not heard, so nothing cached can be trusted.
      for (const tenant of this.tenants.values()) tenant.cache.clear();
      this.log.info("Listening for other instances' cache changes again; every cache was dropped.");
    }
  }

  private receive(payload: string | undefined): void {
    let notice: z.infer<typeof CacheNoticeSchema>;
    try {
      notice = CacheNoticeSchema.parse(JSON.parse(payload ?? ''));
    } catch {
      this.log.warn({ payload }, `A notice on channel ${CACHE_CHANNEL} is not a Folio cache change; it was ignored.`);
      return;
    }
    if (notice.origin === this.origin) return;
    this.tenants.get(notice.tenant)?.cache.applyRemote(notice.tags);
  }
}
