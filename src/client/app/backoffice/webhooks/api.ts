import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DeliveryDetailSchema,
  DeliveryListSchema,
  RedeliveredSchema,
  WebhookListSchema,
  WebhookMessageSchema,
  WebhookSecretSchema,
  type WebhookInput,
} from '../../../../core/schemas/webhook';
import { api } from '../../lib/api';
import * as webhooks from '../../../../core/api/webhooks';

/**
 * The Webhooks screen's calls (docs/design.md §33): the endpoints, one added (its secret in the answer only), changed,
 * switched on or off, given a new secret, deleted; an endpoint's delivery log, one delivery in full, Redeliver. Each
 * answer is read through its core schema; a change asks again for the list and the logs.
 */

const WEBHOOKS_KEY = ['webhooks'] as const;
const deliveriesKey = (id: number) => [...WEBHOOKS_KEY, 'deliveries', id] as const;

/** How often a list is asked again while a delivery in it is pending (it is sent in the background), and else. */
const WHILE_PENDING_MS = 5_000;
const LOG_AT_REST_MS = 30_000;

/** The endpoints; asked again every 5 s while one's last delivery is pending. */
export function useWebhooks() {
  return useQuery({
    queryKey: [...WEBHOOKS_KEY, 'list'],
    queryFn: async () => WebhookListSchema.parse(await api(webhooks.listWebhooks)).items,
    refetchInterval: (query) =>
      query.state.data?.some((endpoint) => endpoint.lastStatus === 'pending') ? WHILE_PENDING_MS : false,
  });
}

/** An endpoint's log, newest first; asked again every 5 s while a delivery is pending, else every 30 s. */
export function useDeliveries(id: number) {
  return useQuery({
    queryKey: deliveriesKey(id),
    queryFn: async () => DeliveryListSchema.parse(await api(webhooks.listDeliveries, { params: { id } })).items,
    refetchInterval: (query) =>
      query.state.data?.some((delivery) => delivery.status === 'pending') ? WHILE_PENDING_MS : LOG_AT_REST_MS,
  });
}

/** One delivery in full, when asked for (the body sent and the first KB of the answer). */
export async function deliveryDetail(id: number) {
  return DeliveryDetailSchema.parse(await api(webhooks.getDelivery, { params: { id } }));
}

function useWebhooksChange<I, A>(change: (input: I) => Promise<A>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY }),
  });
}

/** A new endpoint → its id and secret (shown once). */
export function useCreateWebhook() {
  return useWebhooksChange(async (body: WebhookInput) =>
    WebhookSecretSchema.parse(await api(webhooks.createWebhook, { body })),
  );
}

export function useUpdateWebhook() {
  return useWebhooksChange(async ({ id, ...body }: WebhookInput & { id: number }) =>
    WebhookMessageSchema.parse(await api(webhooks.updateWebhook, { params: { id }, body })),
  );
}

export function useSwitchWebhook() {
  return useWebhooksChange(async ({ id, active }: { id: number; active: boolean }) =>
    WebhookMessageSchema.parse(await api(webhooks.switchWebhook, { params: { id }, body: { active } })),
  );
}

export function useRenewSecret() {
  return useWebhooksChange(async (id: number) =>
    WebhookSecretSchema.parse(await api(webhooks.renewWebhookSecret, { params: { id }, body: {} })),
  );
}

export function useDeleteWebhook() {
  return useWebhooksChange(async (id: number) =>
    WebhookMessageSchema.parse(await api(webhooks.deleteWebhook, { params: { id }, body: {} })),
  );
}

export function useRedeliver() {
  return useWebhooksChange(async (id: number) =>
    RedeliveredSchema.parse(await api(webhooks.redeliver, { params: { id }, body: {} })),
  );
}
