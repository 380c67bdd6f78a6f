import type { Tenant } from '../tenants/tenants';

/**
 * What happened that another part may act on (docs/design.md §32, §33): told once, after the change committed, on the
 * instance that made it. The webhooks (webhooks/webhook-deliveries.ts) deliver these to other systems; a change that
 * commits while the process dies before it is told is not delivered (decision 039).
 */
export type DomainEvent =
  | {
      type: 'release.published';
      /** When it went live, ISO 8601. */
      at: string;
      release: { id: number; name: string };
      /** Every page that went live with it: `locale` null for the default language. */
      pages: ReadonlyArray<{ routing: string; locale: string | null; revision: number }>;
    }
  | {
      /** A page or one of its translations went live: a save or restore that publishes, a review approved, the
       * scheduled-publishing job, a page activated again (its default language). A release's pages are told by
       * `release.published` instead. */
      type: 'page.published';
      at: string;
      page: PageInEvent & { revision: number };
    }
  | {
      /** A page was deactivated: visitors get 404, its content is kept. */
      type: 'page.unpublished';
      at: string;
      page: PageInEvent;
    }
  | {
      /** A visitor sent a form made without code, kept in the inbox (not spam). */
      type: 'form.submitted';
      at: string;
      form: { id: number; name: string };
      submission: {
        id: number;
        /** What the visitor sent, by the fields' keys (a hidden field is not there). */
        values: Readonly<Record<string, unknown>>;
        /** The files sent, described (their bytes stay in the inbox). */
        files: ReadonlyArray<{ field: string; name: string; type: string; bytes: number }>;
        /** The language the form was shown in; null for the default. */
        locale: string | null;
      };
    }
  | {
      /** A visitor sent the contact form, kept as an enquiry (not spam). */
      type: 'enquiry.received';
      at: string;
      enquiry: {
        id: number;
        organization: string;
        name: string;
        email: string;
        mobile: string;
        requirements: string;
      };
    };

/** A page as events name it: its routing name and the language (`locale` null for the default). */
export interface PageInEvent {
  routing: string;
  locale: string | null;
}

/** The names of the events. */
export type DomainEventType = DomainEvent['type'];

/** Hears an event; what it returns is waited for by the change that told it (a webhook's deliveries are written). */
type Listener = (tenant: Tenant, event: DomainEvent) => void | Promise<void>;

const listeners = new Set<Listener>();

/** Listens to every event of every tenant of this process; returns what stops it. */
export function onDomainEvent(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Tells every listener and waits for them, so what they write is written when the change answers; a listener that
 * fails does not keep the others from hearing it, nor fail the change (which committed).
 */
export async function emitDomainEvent(tenant: Tenant, event: DomainEvent): Promise<void> {
  await Promise.all(
    [...listeners].map(async (listener) => {
      try {
        await listener(tenant, event);
      } catch {
        // A listener's own failure is its own (it logs what it needs): the change it hears of has committed.
      }
    }),
  );
}

/**
 * Tells that a page went live in a language as stored ('' for the default) at a revision (`page.published`), or that
 * visitors no longer see it (`page.unpublished`).
 */
export async function emitPageChange(
  tenant: Tenant,
  page: { routing: string; locale: string },
  revision: number | 'unpublished',
  at: Date,
): Promise<void> {
  const named = { routing: page.routing, locale: page.locale === '' ? null : page.locale };
  await emitDomainEvent(
    tenant,
    revision === 'unpublished'
      ? { type: 'page.unpublished', at: at.toISOString(), page: named }
      : { type: 'page.published', at: at.toISOString(), page: { ...named, revision } },
  );
}
