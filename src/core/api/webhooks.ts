import {
  DeliveryDetailSchema,
  DeliveryListSchema,
  DeliveryParamsSchema,
  RedeliveredSchema,
  WebhookActiveSchema,
  WebhookInputSchema,
  WebhookListSchema,
  WebhookMessageSchema,
  WebhookParamsSchema,
  WebhookSecretSchema,
} from '../schemas/webhook';
import { AnyBodySchema, route, screenErrors } from './route';

/**
 * Webhooks (docs/design.md §33): staff whose menu holds the screen `webhooks`. Every change is audited; the secret of
 * an endpoint is in the answer that makes it (or a new one) and nowhere else.
 */
const screen = { screen: 'webhooks' } as const;

/** The endpoints: address, events, on or off, the newest delivery's status, since when they fail. */
export const listWebhooks = route({
  method: 'GET',
  path: '/api/master/webhooks',
  reply: WebhookListSchema,
  errors: screenErrors(),
  access: screen,
});

/** A new endpoint `{url, events}` → `{id, secret}`: https only, and never an address of a private network (400). */
export const createWebhook = route({
  method: 'POST',
  path: '/api/master/webhooks',
  body: WebhookInputSchema,
  reply: WebhookSecretSchema,
  errors: screenErrors(),
  access: screen,
});

/** Changes an endpoint's address and events (its secret stays). */
export const updateWebhook = route({
  method: 'POST',
  path: '/api/master/webhooks/:id',
  params: WebhookParamsSchema,
  body: WebhookInputSchema,
  reply: WebhookMessageSchema,
  errors: screenErrors(404),
  access: screen,
});

/** Switches an endpoint on (which clears an automatic switch-off) or off. */
export const switchWebhook = route({
  method: 'POST',
  path: '/api/master/webhooks/:id/active',
  params: WebhookParamsSchema,
  body: WebhookActiveSchema,
  reply: WebhookMessageSchema,
  errors: screenErrors(404),
  access: screen,
});

/** A new secret for an endpoint (shown once; the old one stops signing at once). */
export const renewWebhookSecret = route({
  method: 'POST',
  path: '/api/master/webhooks/:id/secret',
  params: WebhookParamsSchema,
  body: AnyBodySchema,
  reply: WebhookSecretSchema,
  errors: screenErrors(404),
  access: screen,
});

/** Deletes an endpoint and its delivery log. */
export const deleteWebhook = route({
  method: 'POST',
  path: '/api/master/webhooks/:id/delete',
  params: WebhookParamsSchema,
  body: AnyBodySchema,
  reply: WebhookMessageSchema,
  errors: screenErrors(404),
  access: screen,
});

/** An endpoint's delivery log, newest first (the newest 100). */
export const listDeliveries = route({
  method: 'GET',
  path: '/api/master/webhooks/:id/deliveries',
  params: WebhookParamsSchema,
  reply: DeliveryListSchema,
  errors: screenErrors(404),
  access: screen,
});

/** One delivery in full: the body sent and the first KB of the answer. */
export const getDelivery = route({
  method: 'GET',
  path: '/api/master/webhooks/deliveries/:id',
  params: DeliveryParamsSchema,
  reply: DeliveryDetailSchema,
  errors: screenErrors(404),
  access: screen,
});

/** Sends a delivery again now: a new delivery of the same message (same `webhook-id`), at the top of the log. */
export const redeliver = route({
  method: 'POST',
  path: '/api/master/webhooks/deliveries/:id/redeliver',
  params: DeliveryParamsSchema,
  body: AnyBodySchema,
  reply: RedeliveredSchema,
  errors: screenErrors(404, 409),
  access: screen,
});
