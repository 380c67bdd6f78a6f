import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { previewForm } from '../../../../core/api/forms';
import type { FormInput, StoredForm } from '../../../../core/schemas/forms';
import { ApiError, api, errorMessage } from '../../lib/api';
import { formInput, type EditedForm } from './edited-form';
import { PREVIEW_WIDTHS, PreviewWidths, type PreviewWidth } from '../../editors/preview/preview-widths';
import '../../../styles/preview-pane.css';

/** The widths the form is shown at: a phone's and a desktop's, the page scaled down to fit the pane. */
const WIDTHS: readonly PreviewWidth[] = ['phone', 'desktop'];

/** How long typing must pause before the preview asks for a new render. */
const TYPING_PAUSE_MS = 300;

type Shown =
  | { kind: 'loading' }
  | { kind: 'shown'; html: string }
  | { kind: 'refused'; message: string; html: string | null }
  | { kind: 'failed'; message: string; html: string | null };

/**
 * The form as visitors will see it (docs/design.md §30), beside its editor: the unsaved working copy rendered by the
 * server in the site's page (`POST /api/master/forms/preview`), 300 ms after typing stops, at a phone's or a
 * desktop's width. The frame is sandboxed with nothing allowed: no script runs in it and it cannot send the form
 * (a field shown only when another has a value is shown, with its note, as it is without JavaScript). A copy the
 * save would refuse keeps the last render on show and says why.
 */
export function FormPreview({ saved }: { saved: StoredForm | null }) {
  const values = useWatch<EditedForm>() as EditedForm;
  const [width, setWidth] = useState<PreviewWidth>('phone');
  const [shown, setShown] = useState<Shown>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const body = JSON.stringify(formInput(values, saved));

  useEffect(() => {
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      api(previewForm, { body: JSON.parse(body) as FormInput, signal: controller.signal })
        .then((html) => setShown({ kind: 'shown', html }))
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          setShown((last) => {
            const html = last.kind === 'loading' ? null : last.html;
            return error instanceof ApiError && error.status === 400
              ? { kind: 'refused', message: error.message, html }
              : { kind: 'failed', message: errorMessage(error), html };
          });
        });
    }, TYPING_PAUSE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [body, attempt]);

  const html = shown.kind === 'loading' ? null : shown.html;
  return (
    <aside className="form-editor__preview preview-pane" aria-label="Preview of the form">
      <div className="preview-pane__bar">
        <h3 className="form-editor__preview-title">As visitors will see it</h3>
        <PreviewWidths widths={WIDTHS} width={width} onChange={setWidth} />
      </div>
      <PreviewNote shown={shown} onRetry={() => setAttempt((n) => n + 1)} />
      <Stage html={html} width={PREVIEW_WIDTHS[width]} />
    </aside>
  );
}

function PreviewNote({ shown, onRetry }: { shown: Shown; onRetry: () => void }) {
  if (shown.kind === 'loading')
    return (
      <p className="preview-pane__note" role="status">
        Rendering the preview…
      </p>
    );
  if (shown.kind === 'refused')
    return (
      <p className="preview-pane__note preview-pane__note--problem" role="status">
        {shown.html
          ? 'The preview shows your last edit that could be saved.'
          : 'The form shows here once it could be saved.'}{' '}
        {shown.message}
      </p>
    );
  if (shown.kind === 'failed')
    return (
      <p className="preview-pane__note preview-pane__note--problem" role="status">
        The preview could not be updated: {shown.message}{' '}
        <button type="button" className="link-button" onClick={onRetry}>
          Try again
        </button>
      </p>
    );
  return null;
}

/** The rendered page in a frame as wide as the chosen width, scaled down to the pane's width. */
function Stage({ html, width }: { html: string | null; width: number }) {
  const stage = useRef<HTMLDivElement>(null);
  const [stageWidth, setStageWidth] = useState(0);
  useLayoutEffect(() => {
    const element = stage.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setStageWidth(entry?.contentRect.width ?? 0));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const scale = stageWidth > 0 ? Math.min(1, stageWidth / width) : 1;
  return (
    <div className="preview-pane__stage form-editor__stage" ref={stage}>
      <div className="preview-pane__viewport" style={{ width: width * scale }}>
        {html === null ? null : (
          <iframe
            className="preview-pane__frame"
            title="Preview of the form"
            sandbox=""
            srcDoc={html}
            style={{ width, transform: `scale(${scale})`, height: `calc(100% / ${scale})` }}
          />
        )}
      </div>
    </div>
  );
}
