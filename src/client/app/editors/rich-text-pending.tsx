import { RichTextField, type RichTextFieldProps } from './rich-text-field';

/** The words of rich text, without its markup (never rendered as HTML here). */
function plainText(html: string): string {
  return new DOMParser().parseFromString(html, 'text/html').body.textContent?.replace(/\s+/g, ' ').trim() ?? '';
}

/**
 * A rich-text field while its editor's chunk loads (a moment after the editor opens): the same label and frame,
 * its text shown read-only, as plain words. Nothing can be typed yet; the editor takes its place as it arrives.
 */
export function RichTextPending({ value, ...field }: RichTextFieldProps & { value: string }) {
  return (
    <RichTextField {...field}>
      <div className="rte__frame" aria-busy="true">
        {/* Not a textbox yet (no role, no id): nothing, a test or a screen reader, takes it for the editor. */}
        <div className="rte__content prose rte__content--pending">
          <p>{plainText(value)}</p>
        </div>
      </div>
    </RichTextField>
  );
}
