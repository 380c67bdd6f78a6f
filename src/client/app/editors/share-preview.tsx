import { lazy, Suspense, useRef, useState } from 'react';
import { flushSync } from 'react-dom';

// The dialog (its list of links, its forms) is a chunk of its own, loaded when the button is pressed.
const SharePreviewDialog = lazy(() => import('./share-preview-dialog'));

/**
 * Share preview…: a button of the editor's action bar that opens the dialog of the page's shared preview links
 * (docs/design.md §26), in the editor's language (a translation's `locale`, docs/design.md §28; none for the source).
 */
export function SharePreview({ routing, locale }: { routing: string; locale?: string | undefined }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const close = () => {
    // Closed at once: while the modal dialog is open the page behind it is inert and takes no focus.
    flushSync(() => setOpen(false));
    button.current?.focus();
  };
  return (
    <>
      <button
        ref={button}
        type="button"
        className="button button--outline"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        Share preview…
      </button>
      {open ? (
        <Suspense fallback={null}>
          <SharePreviewDialog routing={routing} locale={locale} onClose={close} />
        </Suspense>
      ) : null}
    </>
  );
}
