import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { FocusEvent, KeyboardEvent, PointerEvent, ReactNode } from 'react';

/** Which side a narrow window shows: the form or the preview. */
export type PaneView = 'form' | 'preview';

/** From this width the form and the preview sit side by side (docs/design.md §26); below, a Form / Preview switch. */
const SIDE_BY_SIDE = '(min-width: 1280px)';
const SHARE_KEY = 'folio.preview-share';
const PANE_KEY = 'folio.preview-open';
/** The form's share of the width, side by side: kept between these, in this browser. */
const MIN_SHARE = 0.3;
const MAX_SHARE = 0.75;

/** The path of the field an element of the form edits (`data-field-path` on its wrapper), or null. */
export function fieldPathOf(target: EventTarget | null): string | null {
  return target instanceof Element
    ? (target.closest('[data-field-path]')?.getAttribute('data-field-path') ?? null)
    : null;
}

/** Whether a media query matches now, followed as it changes; false where the browser cannot say. */
function useMediaQuery(query: string): boolean {
  const [matches, setMatches] = useState(
    () => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(query).matches,
  );
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const list = window.matchMedia(query);
    const change = () => setMatches(list.matches);
    change();
    list.addEventListener('change', change);
    return () => list.removeEventListener('change', change);
  }, [query]);
  return matches;
}

const storedShare = () => {
  const share = Number(localStorage.getItem(SHARE_KEY));
  return share >= MIN_SHARE && share <= MAX_SHARE ? share : 0.5;
};

/**
 * An editor's form beside its preview (docs/design.md §26): side by side from 1280 px with a divider to drag (or move
 * with the arrow keys), and the preview can be hidden; below 1280 px a Form / Preview switch shows one at a time.
 * Tells which field of the form has the focus (for the preview's outline).
 */
export function EditorLayout({
  children,
  pane,
  view,
  onViewChange,
  onActiveField,
}: {
  children: ReactNode;
  /** The preview pane; `visible` false while it is hidden (it then asks for no renders). */
  pane: (visible: boolean) => ReactNode;
  view: PaneView;
  onViewChange: (view: PaneView) => void;
  onActiveField: (path: string | null) => void;
}) {
  const sideBySide = useMediaQuery(SIDE_BY_SIDE);
  const [share, setShare] = useState(storedShare);
  const [paneOpen, setPaneOpen] = useState(() => localStorage.getItem(PANE_KEY) !== 'closed');
  const layout = useRef<HTMLDivElement>(null);
  const ids = { form: useId(), preview: useId(), formTab: useId(), previewTab: useId() };

  const keepShare = useCallback((next: number) => {
    const bounded = Math.min(MAX_SHARE, Math.max(MIN_SHARE, next));
    setShare(bounded);
    localStorage.setItem(SHARE_KEY, bounded.toFixed(3));
  }, []);
  const togglePane = () => {
    localStorage.setItem(PANE_KEY, paneOpen ? 'closed' : 'open');
    setPaneOpen(!paneOpen);
  };

  const drag = (event: PointerEvent<HTMLDivElement>) => {
    const box = layout.current?.getBoundingClientRect();
    if (!box || event.buttons !== 1) return;
    keepShare((event.clientX - box.left) / box.width);
  };
  const nudge = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === 'ArrowLeft' ? -0.05 : event.key === 'ArrowRight' ? 0.05 : 0;
    if (step === 0) return;
    event.preventDefault();
    keepShare(share + step);
  };
  const focusIn = (event: FocusEvent<HTMLDivElement>) => onActiveField(fieldPathOf(event.target));
  const focusOut = (event: FocusEvent<HTMLDivElement>) => {
    if (!fieldPathOf(event.relatedTarget)) onActiveField(null);
  };

  const split = sideBySide && paneOpen;
  const showForm = sideBySide || view === 'form';
  const showPane = split || (!sideBySide && view === 'preview');
  return (
    <div className="editor-layout-frame">
      <div className="editor-layout__switch">
        {sideBySide ? (
          <button
            type="button"
            className="button button--outline button--small"
            aria-expanded={paneOpen}
            aria-controls={ids.preview}
            onClick={togglePane}
          >
            {paneOpen ? 'Hide preview' : 'Show preview'}
          </button>
        ) : (
          <div role="tablist" aria-label="Form or preview" className="editor-layout__tabs">
            {(['form', 'preview'] as const).map((name) => (
              <button
                key={name}
                type="button"
                role="tab"
                id={name === 'form' ? ids.formTab : ids.previewTab}
                aria-selected={view === name}
                aria-controls={name === 'form' ? ids.form : ids.preview}
                className="editor-layout__tab"
                onClick={() => onViewChange(name)}
              >
                {name === 'form' ? 'Form' : 'Preview'}
              </button>
            ))}
          </div>
        )}
      </div>
      <div
        ref={layout}
        className={split ? 'editor-layout editor-layout--split' : 'editor-layout'}
        style={split ? { gridTemplateColumns: `minmax(0, ${share}fr) auto minmax(0, ${1 - share}fr)` } : undefined}
      >
        <div
          id={ids.form}
          className="editor-layout__form"
          hidden={!showForm}
          role={sideBySide ? undefined : 'tabpanel'}
          aria-labelledby={sideBySide ? undefined : ids.formTab}
          onFocus={focusIn}
          onBlur={focusOut}
        >
          {children}
        </div>
        {split ? (
          <div
            className="editor-layout__divider"
            role="separator"
            aria-orientation="vertical"
            aria-label="Resize the form and the preview"
            aria-valuemin={MIN_SHARE * 100}
            aria-valuemax={MAX_SHARE * 100}
            aria-valuenow={Math.round(share * 100)}
            tabIndex={0}
            onPointerDown={(event) => event.currentTarget.setPointerCapture(event.pointerId)}
            onPointerMove={drag}
            onKeyDown={nudge}
          />
        ) : null}
        <div
          id={ids.preview}
          className="editor-layout__preview"
          hidden={!showPane}
          role={sideBySide ? undefined : 'tabpanel'}
          aria-labelledby={sideBySide ? undefined : ids.previewTab}
        >
          {pane(showPane)}
        </div>
      </div>
    </div>
  );
}
