import { describedBy, fieldErrorId, fieldHintId } from '../../components/field-ids';

/**
 * Shows `message` under a control in the server-rendered field frame (`components/field.tsx`), or removes the
 * error: the same markup the frame renders for an error — the `field__error` paragraph at the end of the frame,
 * aria-invalid, and the error in aria-describedby after the hint.
 */
export function showFieldError(control: HTMLInputElement | HTMLTextAreaElement, message: string | undefined): void {
  const frame = control.closest('.field');
  if (!frame) return;
  const errorId = fieldErrorId(control.id);
  let error = frame.querySelector<HTMLElement>(`[id="${errorId}"]`);
  if (message) {
    if (!error) {
      error = document.createElement('p');
      error.className = 'field__error';
      error.id = errorId;
      frame.append(error);
    }
    if (error.textContent !== message) error.textContent = message;
    control.setAttribute('aria-invalid', 'true');
  } else {
    error?.remove();
    control.removeAttribute('aria-invalid');
  }
  const hintId = fieldHintId(control.id);
  const described = describedBy(
    frame.querySelector(`[id="${hintId}"]`) ? hintId : undefined,
    message ? errorId : undefined,
  );
  if (described) control.setAttribute('aria-describedby', described);
  else control.removeAttribute('aria-describedby');
}
