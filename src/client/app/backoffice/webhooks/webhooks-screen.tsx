import { useCallback, useRef, useState } from 'react';
import { createColumnHelper } from '@tanstack/react-table';
import { KeyRound, Pencil, Plus, Power, PowerOff, ScrollText, Trash2 } from 'lucide-react';
import type { Webhook, WebhookSecret } from '../../../../core/schemas/webhook';
import { errorMessage } from '../../lib/api';
import { formatDateTime } from '../../lib/date-time';
import { useConfirm } from '../../components/confirm-dialog';
import { DataTable, type DataColumn } from '../../components/data-table';
import { IconButton } from '../../components/icon-button';
import { useDetailDialog } from '../../components/modal-dialog';
import { BackToHomeLink, Screen } from '../../components/screen';
import { notify } from '../../toasts';
import { useDeleteWebhook, useRenewSecret, useSwitchWebhook, useWebhooks } from './api';
import { DeliveryLog } from './delivery-log';
import { EndpointForm } from './endpoint-form';
import { SecretDialog } from './secret-view';
import { endpointState, NO_ENDPOINTS, STATUS_WORDS } from './webhook-words';
import '../../../styles/webhooks.css';

const column = createColumnHelper<Webhook>();
const COLUMNS: DataColumn<Webhook>[] = [
  column.accessor('url', {
    header: 'Address',
    cell: ({ getValue }) => <code className="webhook-url">{getValue()}</code>,
  }),
  column.accessor('events', {
    header: 'Events',
    cell: ({ row }) => (
      <ul className="webhook-events">
        {row.original.events.map((event) => (
          <li key={event}>
            <code>{event}</code>
          </li>
        ))}
      </ul>
    ),
  }),
  column.accessor('active', {
    header: 'State',
    cell: ({ row }) => (
      <span className="webhook-status">
        <span className={row.original.active ? 'status-badge status-badge--on' : 'status-badge'}>
          {row.original.active ? 'On' : 'Off'}
        </span>
        {row.original.active && !row.original.failingSince ? null : (
          <span className="webhook-status__why">{endpointState(row.original)}</span>
        )}
      </span>
    ),
  }),
  column.accessor('lastStatus', {
    header: 'Last delivery',
    cell: ({ row }) =>
      row.original.lastStatus === null ? (
        'None yet'
      ) : (
        <span className="webhook-status">
          <span className={`status-badge webhook-badge webhook-badge--${row.original.lastStatus}`}>
            {STATUS_WORDS[row.original.lastStatus]}
          </span>
          {row.original.lastDeliveryAt ? (
            <time className="webhook-status__why" dateTime={row.original.lastDeliveryAt}>
              {formatDateTime(row.original.lastDeliveryAt)}
            </time>
          ) : null}
        </span>
      ),
  }),
];

type Dialog = { kind: 'form'; endpoint: Webhook | null } | { kind: 'secret'; secret: WebhookSecret; url: string };

/** Switch on or off, New secret and Delete (the last two ask first: one voids the secret, the other the endpoint). */
function useEndpointActions(onSecret: (secret: WebhookSecret, url: string) => void, onDeleted: (id: number) => void) {
  const { confirm, dialog } = useConfirm();
  const switchOne = useSwitchWebhook();
  const renew = useRenewSecret();
  const remove = useDeleteWebhook();
  const run = async (call: () => Promise<void>) => {
    try {
      await call();
    } catch (error) {
      notify.error(errorMessage(error, 'The endpoint could not be changed.'));
    }
  };
  const toggle = (endpoint: Webhook) =>
    run(async () =>
      notify.success((await switchOne.mutateAsync({ id: endpoint.id, active: !endpoint.active })).message),
    );
  const newSecret = async (endpoint: Webhook) => {
    const yes = await confirm(
      `Give ${endpoint.url} a new secret? The old one stops signing at once: deliveries fail the receiver’s check until it has the new one.`,
      { title: 'New secret?', confirmLabel: 'New secret', danger: true },
    );
    if (yes) await run(async () => onSecret(await renew.mutateAsync(endpoint.id), endpoint.url));
  };
  const deleteOne = async (endpoint: Webhook) => {
    const yes = await confirm(
      `Delete the endpoint ${endpoint.url}? It hears of no more events, and its delivery log goes with it.`,
      { title: 'Delete the endpoint?', confirmLabel: 'Delete', danger: true },
    );
    if (!yes) return;
    await run(async () => {
      notify.success((await remove.mutateAsync(endpoint.id)).message);
      onDeleted(endpoint.id);
    });
  };
  return { toggle, newSecret, deleteOne, dialog };
}

/**
 * webhooks (Administrators, docs/design.md §33): the endpoints that hear of what happens on the site, each with its
 * events, whether it is on (and since when it fails, or why it was switched off) and its last delivery; Add endpoint
 * (its secret shown once), Edit, switch on and off, New secret, Delete, and per endpoint the delivery log.
 */
export default function WebhooksScreen() {
  const endpoints = useWebhooks();
  const [logOf, setLogOf] = useState<number | null>(null);
  const summary = useRef<HTMLParagraphElement>(null);
  const focusSummary = useCallback(() => summary.current?.focus(), []);
  const { detail: dialog, openDetail, setDetail, closeDetail } = useDetailDialog<Dialog>(focusSummary);
  const showSecret = (secret: WebhookSecret, url: string) => setDetail({ kind: 'secret', secret, url });
  const actions = useEndpointActions(showSecret, (id) => {
    if (logOf === id) setLogOf(null);
    focusSummary();
  });
  const items = endpoints.data ?? [];
  const shown = items.find((endpoint) => endpoint.id === logOf);

  const rowActions = (endpoint: Webhook) => (
    <>
      <IconButton
        icon={ScrollText}
        label={`Deliveries to ${endpoint.url}`}
        tooltipAlign="end"
        onClick={() => setLogOf(endpoint.id)}
      />
      <IconButton
        icon={Pencil}
        label={`Edit ${endpoint.url}`}
        tooltipAlign="end"
        onClick={() => openDetail({ kind: 'form', endpoint })}
      />
      <IconButton
        icon={endpoint.active ? PowerOff : Power}
        label={`${endpoint.active ? 'Switch off' : 'Switch on'} ${endpoint.url}`}
        tooltipAlign="end"
        onClick={() => void actions.toggle(endpoint)}
      />
      <IconButton
        icon={KeyRound}
        label={`New secret for ${endpoint.url}`}
        tooltipAlign="end"
        onClick={() => void actions.newSecret(endpoint)}
      />
      <IconButton
        icon={Trash2}
        label={`Delete ${endpoint.url}`}
        tone="danger"
        tooltipAlign="end"
        onClick={() => void actions.deleteOne(endpoint)}
      />
    </>
  );

  return (
    <Screen
      title="Webhooks"
      lead="Tell other systems what happens on the site: each event goes, signed, to the endpoints that take it, and is tried again when they do not answer."
      actions={
        <div className="screen-actions">
          <button type="button" className="button" onClick={() => openDetail({ kind: 'form', endpoint: null })}>
            <Plus className="button__icon" aria-hidden="true" focusable="false" />
            Add endpoint
          </button>
          <BackToHomeLink />
        </div>
      }
    >
      <p ref={summary} className="webhooks-summary" tabIndex={-1}>
        {endpoints.data === undefined
          ? ''
          : items.length === 0
            ? NO_ENDPOINTS
            : `${items.length} ${items.length === 1 ? 'endpoint' : 'endpoints'}, ${items.filter((e) => e.active).length} on.`}
      </p>
      {/* None: the sentence above says so (an empty table's columns would be wider than a phone, a scroll box with
          nothing in it to reach by keyboard). */}
      {endpoints.data?.length === 0 ? null : (
        <DataTable
          caption="Endpoints"
          columns={COLUMNS}
          rows={items}
          getRowId={(row) => String(row.id)}
          status={endpoints.status}
          errorMessage={endpoints.isError ? errorMessage(endpoints.error) : undefined}
          onRetry={() => void endpoints.refetch()}
          loadingLabel="Loading the endpoints…"
          emptyMessage={NO_ENDPOINTS}
          rowActions={rowActions}
        />
      )}
      {shown ? <DeliveryLog key={shown.id} endpoint={shown} onClose={() => setLogOf(null)} /> : null}
      {dialog?.kind === 'form' ? (
        <EndpointForm
          endpoint={dialog.endpoint}
          onClose={() => closeDetail()}
          onCreated={showSecret}
          onSaved={() => closeDetail()}
        />
      ) : null}
      {dialog?.kind === 'secret' ? (
        <SecretDialog secret={dialog.secret} url={dialog.url} onDone={() => closeDetail()} />
      ) : null}
      {actions.dialog}
    </Screen>
  );
}
