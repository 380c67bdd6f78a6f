import { useCallback, useEffect, useId, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { FileText, RotateCw, X } from 'lucide-react';
import type { Delivery, Webhook } from '../../../../core/schemas/webhook';
import { errorMessage } from '../../lib/api';
import { formatDateTime } from '../../lib/date-time';
import { DataTable, type DataColumn } from '../../components/data-table';
import { IconButton } from '../../components/icon-button';
import { useDetailDialog, useModalDialog } from '../../components/modal-dialog';
import { LoadFailure, LoadingStatus } from '../../components/screen';
import { notify } from '../../toasts';
import { deliveryDetail, useDeliveries, useRedeliver } from './api';
import { NO_DELIVERIES, STATUS_WORDS, timeTaken } from './webhook-words';

/** A delivery's status as a badge, and under it why its last attempt failed. */
function DeliveryStatusCell({ delivery }: { delivery: Delivery }) {
  return (
    <span className="webhook-status">
      <span className={`status-badge webhook-badge webhook-badge--${delivery.status}`}>
        {STATUS_WORDS[delivery.status]}
      </span>
      {delivery.error ? <span className="webhook-status__why">{delivery.error}</span> : null}
    </span>
  );
}

const column = createColumnHelper<Delivery>();
const COLUMNS: DataColumn<Delivery>[] = [
  column.accessor('event', {
    header: 'Event',
    cell: ({ row }) => (
      <>
        <code>{row.original.event}</code>
        {row.original.redeliveryOf !== null ? (
          <span className="webhook-status__why">Redelivery of {row.original.redeliveryOf}</span>
        ) : null}
      </>
    ),
  }),
  column.accessor('status', { header: 'Status', cell: ({ row }) => <DeliveryStatusCell delivery={row.original} /> }),
  column.accessor('attempts', { header: 'Attempts', meta: { align: 'end' } }),
  column.accessor('responseCode', {
    header: 'Code',
    meta: { align: 'end' },
    cell: ({ getValue }) => getValue() ?? '—',
  }),
  column.accessor('ms', {
    header: 'Time taken',
    meta: { align: 'end' },
    cell: ({ getValue }) => timeTaken(getValue()),
  }),
  column.accessor('at', {
    header: 'When',
    cell: ({ getValue }) => <time dateTime={getValue()}>{formatDateTime(getValue())}</time>,
  }),
];

/** A body sent as JSON, laid out to be read (as sent, should it be no JSON). */
function readable(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

/** One delivery in full, loaded when opened: the first KB of the answer, and the body sent with its message id. */
function DeliveryDialog({ delivery, onClose }: { delivery: Delivery; onClose: () => void }) {
  const titleId = useId();
  const { firstFocus, dialogProps } = useModalDialog(onClose);
  const detail = useQuery({ queryKey: ['webhook-delivery', delivery.id], queryFn: () => deliveryDetail(delivery.id) });
  return (
    <dialog {...dialogProps} className="staff-dialog webhook-dialog webhook-dialog--wide" aria-labelledby={titleId}>
      <h2 className="confirm-dialog__title" id={titleId}>
        Delivery {delivery.id}: {delivery.event}
      </h2>
      {detail.data ? (
        <dl className="webhook-detail">
          <dt>Status</dt>
          <dd>
            <DeliveryStatusCell delivery={detail.data} />
          </dd>
          <dt>Message id</dt>
          <dd>
            <code>{detail.data.messageId}</code>
          </dd>
          <dt>The answer (its first KB)</dt>
          <dd>
            {detail.data.answer === null ? (
              'No answer came.'
            ) : (
              <pre className="webhook-detail__text" tabIndex={0}>
                {detail.data.answer || '(empty)'}
              </pre>
            )}
          </dd>
          <dt>What was sent</dt>
          <dd>
            <pre className="webhook-detail__text" tabIndex={0}>
              {readable(detail.data.body)}
            </pre>
          </dd>
        </dl>
      ) : detail.isError ? (
        <LoadFailure inline message={errorMessage(detail.error)} onRetry={() => void detail.refetch()} />
      ) : (
        <LoadingStatus inline label="Loading the delivery…" />
      )}
      <div className="confirm-dialog__actions">
        <button
          ref={firstFocus}
          type="button"
          className="button button--outline confirm-dialog__button"
          onClick={onClose}
        >
          Close
        </button>
      </div>
    </dialog>
  );
}

/**
 * An endpoint's delivery log (docs/design.md §33): event, status, attempts, status code, time taken and when, newest
 * first, asked again while one is pending; per delivery its detail (the answer's first KB) and Redeliver, which sends the same
 * message again now as a delivery of its own at the top.
 */
export function DeliveryLog({ endpoint, onClose }: { endpoint: Webhook; onClose: () => void }) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const deliveries = useDeliveries(endpoint.id);
  const redeliver = useRedeliver();
  const focusHeading = useCallback(() => heading.current?.focus(), []);
  const { detail, openDetail, closeDetail } = useDetailDialog<Delivery>(focusHeading);
  // Opened from its endpoint's row: the focus comes to the log.
  useEffect(focusHeading, [focusHeading]);

  const again = async (delivery: Delivery) => {
    try {
      notify.success((await redeliver.mutateAsync(delivery.id)).message);
    } catch (error) {
      notify.error(errorMessage(error, 'The delivery could not be queued again.'));
    }
  };

  const actions = (delivery: Delivery) => (
    <>
      <IconButton
        icon={FileText}
        label={`Details of delivery ${delivery.id}`}
        tooltipAlign="end"
        onClick={() => openDetail(delivery)}
      />
      <IconButton
        icon={RotateCw}
        label={`Redeliver delivery ${delivery.id}`}
        tooltipAlign="end"
        disabled={!endpoint.active}
        onClick={() => void again(delivery)}
      />
    </>
  );

  return (
    <section className="app-panel webhook-log" aria-labelledby={headingId}>
      <div className="webhook-log__head">
        <h2 id={headingId} ref={heading} tabIndex={-1}>
          Deliveries to <code>{endpoint.url}</code>
        </h2>
        <IconButton icon={X} label="Close the delivery log" tooltipAlign="end" onClick={onClose} />
      </div>
      {!endpoint.active ? <p>The endpoint is off: switch it on to redeliver.</p> : null}
      {deliveries.data?.length === 0 ? (
        <p>{NO_DELIVERIES}</p>
      ) : (
        <DataTable
          caption={`Deliveries to ${endpoint.url}`}
          columns={COLUMNS}
          rows={deliveries.data ?? []}
          getRowId={(row) => String(row.id)}
          status={deliveries.status}
          errorMessage={deliveries.isError ? errorMessage(deliveries.error) : undefined}
          onRetry={() => void deliveries.refetch()}
          loadingLabel="Loading the deliveries…"
          emptyMessage={NO_DELIVERIES}
          rowActions={actions}
        />
      )}
      {detail ? <DeliveryDialog delivery={detail} onClose={() => closeDetail()} /> : null}
    </section>
  );
}
