/** The widths a preview shows a page at, in CSS pixels: a phone's, a tablet's and a desktop's. */
export const PREVIEW_WIDTHS = { phone: 390, tablet: 768, desktop: 1280 } as const;
export type PreviewWidth = keyof typeof PREVIEW_WIDTHS;

const NAMES: Record<PreviewWidth, string> = { phone: 'Phone', tablet: 'Tablet', desktop: 'Desktop' };

/** A preview's width buttons (the page editor's pane, the forms editor's): one pressed, each saying its pixels. */
export function PreviewWidths({
  widths = Object.keys(PREVIEW_WIDTHS) as PreviewWidth[],
  width,
  onChange,
}: {
  widths?: readonly PreviewWidth[];
  width: PreviewWidth;
  onChange: (width: PreviewWidth) => void;
}) {
  return (
    <div className="preview-pane__widths" role="group" aria-label="Preview width">
      {widths.map((name) => (
        <button
          key={name}
          type="button"
          className="preview-pane__width"
          aria-pressed={width === name}
          onClick={() => onChange(name)}
        >
          {NAMES[name]}
          <span className="visually-hidden"> ({PREVIEW_WIDTHS[name]} pixels)</span>
        </button>
      ))}
    </div>
  );
}
