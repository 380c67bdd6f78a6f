import type { Tenant } from '../tenants/tenants';

/**
 * What happened that another part may act on (docs/design.md §32, §33): told once, after the change committed, on the
 * instance that made it. Today a release going live is one; the webhooks of §33 will deliver these to other systems.
 */
export type DomainEvent = {
  type: 'release.published';
  /** When it went live, ISO 8601. */
  at: string;
  release: { id: number; name: string };
  /** Every page that went live with it: `locale` null for the default language. */
  pages: ReadonlyArray<{ routing: string; locale: string | null; revision: number }>;
};

type Listener = (tenant: Tenant, event: DomainEvent) => void;

const listeners = new Set<Listener>();

/** Listens to every event of every tenant of this process; returns what stops it. */
export function onDomainEvent(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tells every listener; a listener that throws does not keep the others from hearing it. */
export function emitDomainEvent(tenant: Tenant, event: DomainEvent): void {
  for (const listener of listeners) {
    try {
      listener(tenant, event);
    } catch {
      // A listener's own failure is its own (it logs what it needs): the change it hears of has committed.
    }
  }
}
