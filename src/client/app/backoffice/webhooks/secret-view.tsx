import { useEffect, useId, useRef } from 'react';
import { Check, Copy, TriangleAlert } from 'lucide-react';
import type { WebhookSecret } from '../../../../core/schemas/webhook';
import { copyText } from '../../account/recovery-codes';
import { useModalDialog } from '../../components/modal-dialog';

/**
 * An endpoint's secret, shown once (docs/design.md §33): right after the endpoint was added, or given a new secret. Copy
 * it into the receiving system, which checks each delivery's signature with it; Done hides it for good (the server
 * keeps it sealed and never shows it again).
 */
export function SecretDialog({ secret, url, onDone }: { secret: WebhookSecret; url: string; onDone: () => void }) {
  const titleId = useId();
  const fieldId = useId();
  const { dialogProps } = useModalDialog(onDone);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, []);
  return (
    <dialog {...dialogProps} className="staff-dialog webhook-dialog" aria-labelledby={titleId}>
      <h2 className="confirm-dialog__title" id={titleId}>
        The endpoint’s secret
      </h2>
      <div className="webhook-warning">
        <TriangleAlert className="webhook-warning__icon" aria-hidden="true" focusable="false" />
        <p>
          <strong>Copy it now: it is shown only this once.</strong> The system at <code>{url}</code> needs it to check
          that each delivery comes from this site (the <code>webhook-signature</code> header).
        </p>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={fieldId}>
          Secret
        </label>
        <input
          ref={input}
          id={fieldId}
          className="field__input webhook-secret"
          value={secret.secret}
          readOnly
          spellCheck={false}
        />
      </div>
      <div className="confirm-dialog__actions">
        <button
          type="button"
          className="button button--outline confirm-dialog__button"
          onClick={() => void copyText(secret.secret, 'The secret')}
        >
          <Copy className="button__icon" aria-hidden="true" focusable="false" />
          Copy
        </button>
        <button type="button" className="button confirm-dialog__button" onClick={onDone}>
          <Check className="button__icon" aria-hidden="true" focusable="false" />
          Done
        </button>
      </div>
    </dialog>
  );
}
