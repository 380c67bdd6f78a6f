import { useEffect, useId } from 'react';
import { useFormContext } from 'react-hook-form';
import {
  WEBHOOK_EVENT_HINTS,
  WEBHOOK_EVENTS,
  WebhookInputSchema,
  type Webhook,
  type WebhookInput,
  type WebhookSecret,
} from '../../../../core/schemas/webhook';
import { FormField, useFieldError } from '../../components/form-field';
import { useModalDialog } from '../../components/modal-dialog';
import { RefusalBox, StaffForm, SubmitButton, useStaffForm } from '../../components/staff-form';
import { notify } from '../../toasts';
import { useCreateWebhook, useUpdateWebhook } from './api';

/** The events as a group of boxes, each with what it means; the server's refusal (none chosen) under them. */
function EventChoices() {
  const hintId = useId();
  const { register } = useFormContext<WebhookInput>();
  const problem = useFieldError('events');
  return (
    <fieldset className="app-fieldset webhook-form__events" aria-describedby={problem ? `${hintId}-error` : hintId}>
      <legend className="app-fieldset__legend">Events</legend>
      <p className="field__hint" id={hintId}>
        Choose what this endpoint hears of. Spam is never sent.
      </p>
      <ul className="webhook-form__choices">
        {WEBHOOK_EVENTS.map((event) => (
          <li key={event}>
            <label className="webhook-form__check" htmlFor={`webhook-event-${event}`}>
              <input id={`webhook-event-${event}`} type="checkbox" value={event} {...register('events')} />
              <span>
                <code>{event}</code>
                <span className="webhook-form__meaning">{WEBHOOK_EVENT_HINTS[event]}</span>
              </span>
            </label>
          </li>
        ))}
      </ul>
      {problem ? (
        <p className="field__error" id={`${hintId}-error`}>
          {problem}
        </p>
      ) : null}
    </fieldset>
  );
}

/**
 * Add endpoint and Edit (docs/design.md §33): the address and the events, checked as the server checks them; a refusal
 * (plain http, an address of a private network) at the address with the server's sentence. A new endpoint's secret
 * goes to `onCreated`, which shows it once.
 */
export function EndpointForm({
  endpoint,
  onClose,
  onCreated,
  onSaved,
}: {
  /** The endpoint changed; null: a new one. */
  endpoint: Webhook | null;
  onClose: () => void;
  onCreated: (secret: WebhookSecret, url: string) => void;
  onSaved: () => void;
}) {
  const titleId = useId();
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const form = useStaffForm<WebhookInput>({
    schema: WebhookInputSchema,
    defaultValues: { url: endpoint?.url ?? '', events: endpoint?.events ?? [] },
    submit: async (input) => {
      if (!endpoint) {
        onCreated(await create.mutateAsync(input), input.url);
        return;
      }
      notify.success((await update.mutateAsync({ id: endpoint.id, ...input })).message);
      onSaved();
    },
  });
  const { dialogProps } = useModalDialog(() => {
    if (!form.busy) onClose();
  });
  const { setFocus } = form.methods;
  useEffect(() => setFocus('url'), [setFocus]);

  return (
    <dialog {...dialogProps} className="staff-dialog webhook-dialog" aria-labelledby={titleId}>
      <StaffForm form={form} className="webhook-form">
        <h2 className="confirm-dialog__title" id={titleId}>
          {endpoint ? 'Edit endpoint' : 'Add endpoint'}
        </h2>
        <FormField
          name="url"
          id="webhook-url"
          label="Address"
          type="url"
          required
          hint="Where the other system takes deliveries, starting with https://."
          maxLength={2000}
          spellCheck={false}
        />
        <EventChoices />
        <RefusalBox message={form.refusal} />
        <div className="confirm-dialog__actions">
          <button
            type="button"
            className="button button--outline confirm-dialog__button"
            onClick={() => !form.busy && onClose()}
          >
            Cancel
          </button>
          <SubmitButton busy={form.busy} className="button confirm-dialog__button">
            {endpoint ? 'Save' : 'Add endpoint'}
          </SubmitButton>
        </div>
      </StaffForm>
    </dialog>
  );
}
