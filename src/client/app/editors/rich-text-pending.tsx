import { RichTextField, type RichTextFieldProps } from './rich-text-field';

/** The words of rich text, without its markup (never rendered as HTML here). */
function plainText(html: string): string {
  return new DOMParser().parseFromString(html, 'text/html').body.textContent?.replace(/\s+/g, ' ').trim() ?? '';
}

/**
 * A rich-text field while its editor's chunk loads (a moment after the editor opens): the same label and frame,
 * its text shown read-only, as plain words (an accented heading's on its one line). Nothing can be typed yet; the editor takes its place as it arrives.
 */
export function RichTextPending({
  value,
  oneLine = false,
  ...field
}: RichTextFieldProps & { value: string; oneLine?: boolean }) {
  return (
    <RichTextField {...field}>
      <div className="rte__frame" aria-busy="true">
        {/* Not a textbox yet (no role, no id): nothing, a test or a screen reader, takes it for the editor. */}
        <div className={`rte__content rte__content--pending ${oneLine ? 'accent-text__content' : 'prose'}`}>
          <p>{plainText(value)}</p>
        </div>
      </div>
    </RichTextField>
  );
}
