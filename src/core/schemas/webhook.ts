import { z } from 'zod';
import { databaseId } from './ids';

/**
 * Webhooks (docs/design.md §33, decision 039): endpoints of other systems that hear of what happens on the site, each
 * event delivered as a signed POST (Standard Webhooks) through the job queue, with a log of the deliveries per
 * endpoint. The calls' bodies and answers, for the server's routes and the webhooks screen alike.
 */

/** The events an endpoint may take, in the order the screen offers them. */
export const WEBHOOK_EVENTS = [
  'page.published',
  'page.unpublished',
  'release.published',
  'form.submitted',
  'enquiry.received',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** What each event means, as the screen says it beside its box. */
export const WEBHOOK_EVENT_HINTS: Record<WebhookEvent, string> = {
  'page.published': 'A page or a translation goes live (saved with Publish, approved, or at its scheduled time).',
  'page.unpublished': 'A page is deactivated: visitors no longer see it.',
  'release.published': 'A release goes live, with every page in it.',
  'form.submitted': 'A visitor sends a form made on the Forms screen (spam is left out).',
  'enquiry.received': 'A visitor sends the contact form (spam is left out).',
};

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** The longest endpoint address. */
export const LONGEST_WEBHOOK_URL = 2000;
/** How much of an answer a delivery keeps: its first KB. */
export const ANSWER_EXCERPT_BYTES = 1024;
/** The most deliveries the log of one endpoint shows, newest first. */
export const DELIVERY_LOG_SIZE = 100;

/** What a refused address is, in words, by ipaddr.js's name of its range. */
const RANGE_WORDS: Readonly<Record<string, string>> = {
  loopback: 'an address of the server itself (loopback)',
  private: 'an address of a private network',
  uniqueLocal: 'an address of a private network (unique local)',
  linkLocal: 'a link-local address',
  unspecified: 'the unspecified address',
  multicast: 'a multicast address',
  broadcast: 'the broadcast address',
  carrierGradeNat: 'an address of a provider’s private network (carrier-grade NAT)',
};

export const WEBHOOK_MESSAGES = {
  url: `Enter the endpoint’s address: https:// with a host name and a path, at most ${LONGEST_WEBHOOK_URL} characters, without spaces.`,
  credentials:
    'Leave the user name and password out of the address: every delivery is signed, so the receiver knows it comes from this site.',
  httpsOnly:
    'The address must start with https://: deliveries carry what visitors sent, and plain http would show it to anyone on the way. (The server’s operator may allow http with WEBHOOKS_ALLOW_HTTP=1.)',
  privateTarget: (host: string, address: string, range: string) =>
    `${host} leads to ${address}, ${RANGE_WORDS[range] ?? `an address kept for special uses (${range})`}: webhooks go only to addresses on the internet, never into the server’s own network. (The server’s operator may allow it with WEBHOOKS_ALLOW_PRIVATE=1.)`,
  unknownHost: (host: string) =>
    `${host} could not be found: check the address (its host name must be known to the internet’s DNS).`,
  events: 'Choose at least one event to send.',
  eventsTwice: 'An event is chosen twice: keep one.',
  notFound: 'There is no such endpoint: it may have been deleted. Reload to see the endpoints as they are now.',
  deliveryNotFound: 'There is no such delivery: it may have been deleted with its endpoint. Reload the log.',
  switchedOff: 'The endpoint is switched off: switch it on first, then redeliver.',
  created: 'Endpoint added. Copy its secret now: it is shown only once.',
  saved: 'Endpoint saved.',
  switchedOn: 'Endpoint switched on: events are delivered to it again.',
  switchedOffByHand: 'Endpoint switched off: no events are delivered to it until it is switched on again.',
  deleted: 'Endpoint deleted, with its delivery log.',
  newSecret: 'The endpoint has a new secret: copy it now, it is shown only once. The old one no longer signs.',
  redelivered: 'Redelivery queued: it is sent now and shows at the top of the log.',
} as const;

/** Characters no address may hold: spaces and the control characters. */
// eslint-disable-next-line no-control-regex
const WHITESPACE_OR_CONTROL = /[\s\u0000-\u001f\u007f]/;

/**
 * An endpoint's address as written: http(s), a host, no user name or password, no fragment. Whether http is allowed
 * and where the host leads the server decides (WEBHOOKS_ALLOW_HTTP, WEBHOOKS_ALLOW_PRIVATE).
 */
export const WebhookUrlSchema = z
  .string({ message: WEBHOOK_MESSAGES.url })
  .trim()
  .superRefine((value, context) => {
    const url = parsedUrl(value);
    if (!url || value.length > LONGEST_WEBHOOK_URL || WHITESPACE_OR_CONTROL.test(value) || url.hash !== '')
      context.addIssue({ code: 'custom', message: WEBHOOK_MESSAGES.url });
    else if (url.username !== '' || url.password !== '')
      context.addIssue({ code: 'custom', message: WEBHOOK_MESSAGES.credentials });
  });

function parsedUrl(value: string): URL | null {
  if (!/^https?:\/\//i.test(value)) return null;
  try {
    const url = new URL(value);
    return url.hostname === '' ? null : url;
  } catch {
    return null;
  }
}

export const WebhookEventsSchema = z
  .array(z.enum(WEBHOOK_EVENTS, { message: WEBHOOK_MESSAGES.events }), { message: WEBHOOK_MESSAGES.events })
  .min(1, { message: WEBHOOK_MESSAGES.events })
  .max(WEBHOOK_EVENTS.length, { message: WEBHOOK_MESSAGES.eventsTwice })
  .refine((events) => new Set(events).size === events.length, { message: WEBHOOK_MESSAGES.eventsTwice });

/** `POST /api/master/webhooks` (a new endpoint) and `POST /api/master/webhooks/:id` (a change of one). */
export const WebhookInputSchema = z.strictObject({ url: WebhookUrlSchema, events: WebhookEventsSchema });
export type WebhookInput = z.infer<typeof WebhookInputSchema>;

export const WebhookParamsSchema = z.strictObject({
  id: databaseId({ message: 'The endpoint must be named by its number.' }),
});
export const DeliveryParamsSchema = z.strictObject({
  id: databaseId({ message: 'The delivery must be named by its number.' }),
});

/** Switch an endpoint on or off. */
export const WebhookActiveSchema = z.strictObject({ active: z.boolean({ message: 'active must be true or false.' }) });

/** A new endpoint, or a new secret: the secret (`whsec_…`) is in this answer only. */
export const WebhookSecretSchema = z.object({ id: z.number().int(), secret: z.string(), message: z.string() });
export type WebhookSecret = z.infer<typeof WebhookSecretSchema>;

export const WebhookMessageSchema = z.object({ message: z.string() });

/** An endpoint as the screen lists it. */
export const WebhookSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  active: z.boolean(),
  /** The newest delivery's status; null before the first. */
  lastStatus: z.enum(DELIVERY_STATUSES).nullable(),
  lastDeliveryAt: z.string().nullable(),
  /** Since when every delivery failed (ISO 8601); null while the last went through. */
  failingSince: z.string().nullable(),
  switchedOffAt: z.string().nullable(),
  switchedOffWhy: z.string().nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
});
export type Webhook = z.infer<typeof WebhookSchema>;

export const WebhookListSchema = z.object({ items: z.array(WebhookSchema) });

/** A delivery as the log lists it: `at` is its last attempt (or when it was queued, before the first). */
export const DeliverySchema = z.object({
  id: z.number().int(),
  event: z.enum(WEBHOOK_EVENTS),
  attempts: z.number().int(),
  status: z.enum(DELIVERY_STATUSES),
  responseCode: z.number().int().nullable(),
  ms: z.number().int().nullable(),
  at: z.string(),
  /** Why the last attempt failed, in a sentence (no answer, a refused address, a status code); null after a success. */
  error: z.string().nullable(),
  /** The delivery this one sends again (Redeliver). */
  redeliveryOf: z.number().int().nullable(),
});
export type Delivery = z.infer<typeof DeliverySchema>;

export const DeliveryListSchema = z.object({ items: z.array(DeliverySchema) });

/** One delivery in full: what was sent (its message id and body) and the first KB of the last answer. */
export const DeliveryDetailSchema = DeliverySchema.extend({
  webhookId: z.number().int(),
  messageId: z.string(),
  body: z.string(),
  answer: z.string().nullable(),
});
export type DeliveryDetail = z.infer<typeof DeliveryDetailSchema>;

/** A redelivery queued: the new delivery's id. */
export const RedeliveredSchema = z.object({ id: z.number().int(), message: z.string() });
