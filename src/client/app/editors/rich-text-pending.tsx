import { fieldErrorId, fieldHintId } from '../../components/field-ids';

/** The words of rich text, without its markup (never rendered as HTML here). */
function plainText(html: string): string {
  return new DOMParser().parseFromString(html, 'text/html').body.textContent?.replace(/\s+/g, ' ').trim() ?? '';
}

/**
 * A rich-text field while its editor's chunk loads (a moment after the editor opens): the same label and frame,
 * its text shown read-only, as plain words. Nothing can be typed yet; the editor takes its place as it arrives.
 */
export function RichTextPending({ id, label, value, required = false, hint, error }: { id: string; label: string; value: string; required?: boolean; hint?: string | undefined; error?: string | undefined }) {
  const labelId = `${id}-label`;
  const hintId = hint ? fieldHintId(id) : undefined;
  const errorId = error ? fieldErrorId(id) : undefined;
  return (
    <div className="field rte">
      <div className="field__label-row">
        <span className="field__label" id={labelId}>
          {label}
        </span>
        {required ? (
          <span className="field__required" aria-hidden="true">
            *
          </span>
        ) : null}
      </div>
      <div className="rte__frame" aria-busy="true">
        {/* Not a textbox yet (no role, no id): nothing, a test or a screen reader, takes it for the editor. */}
        <div className="rte__content prose rte__content--pending">
          <p>{plainText(value)}</p>
        </div>
      </div>
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
