import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { RefObject } from 'react';
import {
  frameMessageOf,
  PREVIEW_CHANNEL,
  type CheckFinding,
  type EditorMessage,
  type FrameMessage,
  type Unchannelled,
} from '../../../preview/protocol';
import { ApiError, api, errorMessage } from '../../lib/api';
import '../../../styles/preview-pane.css';
import { previewPane } from '../../../../core/api/preview';
import { PREVIEW_WIDTHS, PreviewWidths, type PreviewWidth } from './preview-widths';

// The checks are their own chunk, loaded when the panel first opens (docs/design.md §26).
const ChecksPanel = lazy(() => import('./checks-panel'));

// The widths a page is shown at (docs/design.md §26), the frame scaled down to fit the pane.
export { PREVIEW_WIDTHS, type PreviewWidth } from './preview-widths';

/** How long typing must pause before the pane asks for a new render. */
const TYPING_PAUSE_MS = 150;

export interface PreviewPaneProps {
  /** The page's routing name: the preview call's (src/core/api/preview.ts). */
  routing: string;
  /** A translation's language: its working copy is rendered in that language (`?locale=de`); none for the source. */
  locale?: string | undefined;
  /** What the page's save would send, from the unsaved working copy; null while there is none. */
  body: object | null;
  /** A field's name in the editor's words, for the outline's label and the checks. */
  describeField: (path: string) => string;
  /** The field being typed in, outlined in the preview. */
  activeField: string | null;
  /** A click in the preview (or on a check's finding) picks this field. */
  onSelectField: (path: string) => void;
  /** The open comments by field (docs/design.md §32): the preview marks each such field with their count. */
  comments?: Record<string, number>;
  /** A click on a comment marker in the preview opens that field's comments. */
  onOpenComments?: (path: string) => void;
}

const WIDTH_KEY = 'folio.preview-width';
const NO_COMMENTS: Record<string, number> = {};

/** The preview width the user chose last (kept in this browser), desktop at first. */
function storedWidth(): PreviewWidth {
  const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(WIDTH_KEY);
  return stored === 'phone' || stored === 'tablet' || stored === 'desktop' ? stored : 'desktop';
}

/** A render of the page from the server, numbered in the order they answered. */
interface Render {
  html: string;
  serial: number;
}

/** How long the page on show may take to put a render in place before a new document takes over. */
const IN_PLACE_TIMEOUT_MS = 3000;
/** How long a new document may take to load before the pane says it failed. */
const LOAD_TIMEOUT_MS = 15_000;

type PaneState =
  | { kind: 'loading' }
  | { kind: 'shown' }
  | { kind: 'refused'; message: string; field: string | null }
  | { kind: 'failed'; message: string };

/**
 * The preview pane beside an editor (docs/design.md §26): the page rendered by the server from the unsaved working copy,
 * 300 ms at most after typing stops, with no flicker: a render goes in place of the page on show, or, when it
 * needs a document of its own, loads in a second frame beneath the first, which takes its place (and scroll
 * position) once its bridge says it is ready. The frames are sandboxed without
 * `allow-same-origin`: they cannot reach the staff app, and talk to it only through postMessage, checked here by
 * window, origin and shape (preview/protocol.ts).
 */
export default function PreviewPane({
  routing,
  locale,
  body,
  describeField,
  activeField,
  onSelectField,
  comments = NO_COMMENTS,
  onOpenComments,
}: PreviewPaneProps) {
  // Kept here, in the pane's own chunk, not in the editor's first screen (docs/design.md §26's budget).
  const [width, setWidth] = useState<PreviewWidth>(storedWidth);
  const onWidthChange = useCallback((next: PreviewWidth) => {
    setWidth(next);
    localStorage.setItem(WIDTH_KEY, next);
  }, []);
  const [state, setState] = useState<PaneState>({ kind: 'loading' });
  const [checksOpen, setChecksOpen] = useState(false);
  /** A render is on its way (typed, asked for, or loading in the next frame): the pane says so (aria-busy). */
  const [busy, setBusy] = useState(false);
  const [findings, setFindings] = useState<CheckFinding[] | null>(null);
  /** The render on show, once it is (for tests and the bench: `data-render` on the pane). */
  const [shownSerial, setShownSerial] = useState(0);
  const checksRun = useRef(0);
  const fields = useRef<string[]>([]);
  const latest = useRef({ activeField, describeField, onSelectField, checksOpen, comments, onOpenComments });
  latest.current = { activeField, describeField, onSelectField, checksOpen, comments, onOpenComments };

  /** A new document never said it was ready: the pane stops waiting and says the render failed. */
  const loadTimedOut = useCallback(() => {
    setBusy(false);
    setState({ kind: 'failed', message: 'the page took too long to load in the pane.' });
  }, []);
  const { frames, shown, shownNow, frameRefs, serial, everShown, post, showNewRender, followFrame } =
    usePreviewFrames(loadTimedOut);

  const runChecks = useCallback(
    (index: 0 | 1) => {
      checksRun.current += 1;
      post(index, { type: 'run-checks', id: checksRun.current });
    },
    [post],
  );

  const retry = useRenderRequests({ routing, locale, body, onRender: showNewRender, setBusy, setState });

  /** The page on show is the latest render: the pane tells it what it needs and is at rest. */
  const atRest = useCallback(
    (from: 0 | 1, fieldsMarked: string[]) => {
      const { activeField: active, describeField: describe, checksOpen: checking } = latest.current;
      fields.current = fieldsMarked;
      post(from, { type: 'labels', labels: Object.fromEntries(fieldsMarked.map((field) => [field, describe(field)])) });
      post(from, { type: 'outline', field: active });
      post(from, { type: 'comments', counts: latest.current.comments });
      setState({ kind: 'shown' });
      setBusy(false);
      setShownSerial(serial.current);
      if (checking) runChecks(from);
    },
    [post, runChecks, serial],
  );

  /** A frame's message: a field picked and the checks' findings are the pane's own; the rest is about the frames. */
  const onFrameMessage = useCallback(
    (from: 0 | 1, message: FrameMessage) => {
      if (message.type === 'select') {
        latest.current.onSelectField(message.field);
      } else if (message.type === 'open-comments') {
        latest.current.onOpenComments?.(message.field);
      } else if (message.type === 'checks') {
        if (message.id === checksRun.current) setFindings(message.findings);
      } else {
        const fieldsMarked = followFrame(from, message);
        if (fieldsMarked) atRest(from, fieldsMarked);
      }
    },
    [followFrame, atRest],
  );
  useFrameMessages(frameRefs, onFrameMessage);

  useEffect(() => {
    post(shown, { type: 'outline', field: activeField });
  }, [activeField, shown, post]);

  useEffect(() => {
    post(shown, { type: 'comments', counts: comments });
  }, [comments, shown, post]);

  useEffect(() => {
    if (checksOpen) runChecks(shownNow.current);
    else setFindings(null);
  }, [checksOpen, runChecks, shownNow]);

  return (
    <section
      className="preview-pane"
      aria-label="Page preview"
      aria-busy={busy || undefined}
      data-render={shownSerial || undefined}
    >
      <PreviewBar
        width={width}
        onWidthChange={onWidthChange}
        checksOpen={checksOpen}
        onToggleChecks={() => setChecksOpen(!checksOpen)}
        findings={findings}
      />
      <PaneStatus state={state} onSelectField={onSelectField} anyShown={everShown.current} onRetry={retry} />
      {checksOpen ? (
        <Suspense fallback={<p className="preview-pane__note">Loading the checks…</p>}>
          <ChecksPanel
            findings={findings}
            describeField={describeField}
            onSelectField={onSelectField}
            onRerun={() => runChecks(shown)}
          />
        </Suspense>
      ) : null}
      <PreviewStage frames={frames} frameRefs={frameRefs} shown={shown} width={width} />
    </section>
  );
}

/** The two frames' elements, by index: 0 and 1 take turns being the one on show. */
type FrameRefs = readonly [RefObject<HTMLIFrameElement | null>, RefObject<HTMLIFrameElement | null>];

/**
 * The pane's two frames and the renders in them: each render goes in place of the page on show, or loads in the
 * frame beneath, which takes the other's place once its bridge is ready.
 */
function usePreviewFrames(onLoadTimeout: () => void) {
  const [frames, setFrames] = useState<[Render | null, Render | null]>([null, null]);
  /** The frame on show; the other one loads the next render. */
  const [shown, setShown] = useState<0 | 1>(0);
  /** The frame on show as messages and timers see it: it changes on a frame's ready, before the next render. */
  const shownNow = useRef(shown);
  shownNow.current = shown;
  const frameRefs: FrameRefs = [useRef<HTMLIFrameElement>(null), useRef<HTMLIFrameElement>(null)];
  const scrollY = useRef(0);
  const serial = useRef(0);
  /** The frame loading a document of its own, if one is. */
  const pending = useRef<0 | 1 | null>(null);
  const lastRender = useRef<Render | null>(null);
  /** The render each frame's document was loaded with. */
  const frameSerials = useRef<[number, number]>([0, 0]);
  const inPlaceTimer = useRef(0);
  const loadTimer = useRef(0);
  const everShown = useRef(false);

  const post = useCallback(
    (index: 0 | 1, message: Unchannelled<EditorMessage>) => {
      // The frame has no origin of its own (sandboxed without allow-same-origin): '*' is the only target that
      // reaches it; what it gets is the field being edited, its label, a scroll position, never anything of the user's.
      frameRefs[index].current?.contentWindow?.postMessage({ channel: PREVIEW_CHANNEL, ...message }, '*');
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );

  /** Puts a render in the next frame (beneath the one on show) as a document of its own; it takes the other's place once its bridge is ready. */
  const loadInNextFrame = useCallback(
    (render: Render) => {
      window.clearTimeout(inPlaceTimer.current);
      const next: 0 | 1 = shownNow.current === 0 ? 1 : 0;
      pending.current = next;
      frameSerials.current[next] = render.serial;
      setFrames((current) => (next === 0 ? [render, current[1]] : [current[0], render]));
      // A document that never says it is ready (it always should) does not leave the pane waiting for ever.
      window.clearTimeout(loadTimer.current);
      loadTimer.current = window.setTimeout(() => {
        if (pending.current !== next || frameSerials.current[next] !== render.serial) return;
        pending.current = null;
        onLoadTimeout();
      }, LOAD_TIMEOUT_MS);
    },
    [onLoadTimeout],
  );

  /** The next render: in place of the page on show when there is one (nothing loads again), else as a new document. */
  const show = useCallback(
    (render: Render) => {
      lastRender.current = render;
      if (pending.current !== null) return; // the frame loading takes it once it is ready
      if (!everShown.current) {
        loadInNextFrame(render);
        return;
      }
      post(shownNow.current, { type: 'render', serial: render.serial, html: render.html });
      // A frame whose bridge does not answer (it never should) is replaced by a new document.
      window.clearTimeout(inPlaceTimer.current);
      inPlaceTimer.current = window.setTimeout(() => loadInNextFrame(render), IN_PLACE_TIMEOUT_MS);
    },
    [loadInNextFrame, post],
  );

  /** A render the server answered with, numbered in the order they answered, then shown. */
  const showNewRender = useCallback(
    (html: string) => {
      serial.current += 1;
      show({ html, serial: serial.current });
    },
    [show],
  );

  /**
   * Follows a frame's message about its page (ready, rendered, reload, scroll): swaps the frames, loads anew, keeps
   * the scroll position. Gives the fields the page on show marks once it is the latest render, at rest; else null.
   */
  const followFrame = useCallback(
    (from: 0 | 1, message: FrameMessage): string[] | null => {
      if (message.type === 'ready') {
        if (pending.current !== from) return null;
        pending.current = null;
        window.clearTimeout(loadTimer.current);
        everShown.current = true;
        post(from, { type: 'scroll-to', y: scrollY.current });
        setShown(from);
        shownNow.current = from;
        // The frame it replaces is emptied: one page in the pane for assistive technology, one document in memory.
        setFrames((current) => (from === 0 ? [current[0], null] : [null, current[1]]));
        const loaded = frameSerials.current[from];
        // A render that answered while this one loaded goes in place now.
        if (lastRender.current && lastRender.current.serial !== loaded) show(lastRender.current);
        else return message.fields;
      } else if (message.type === 'rendered') {
        if (from !== shownNow.current || message.serial !== serial.current) return null;
        window.clearTimeout(inPlaceTimer.current);
        return message.fields;
      } else if (message.type === 'reload') {
        if (from === shownNow.current && message.serial === serial.current && lastRender.current)
          loadInNextFrame(lastRender.current);
      } else if (message.type === 'scroll') {
        if (from === shownNow.current && pending.current !== from) scrollY.current = message.y;
      }
      return null;
    },
    [loadInNextFrame, post, show],
  );

  useEffect(
    () => () => {
      window.clearTimeout(inPlaceTimer.current);
      window.clearTimeout(loadTimer.current);
    },
    [],
  );

  return {
    frames,
    shown,
    shownNow,
    frameRefs,
    serial,
    everShown,
    post,
    showNewRender,
    followFrame,
  };
}

/**
 * Hands the frames' messages to `onMessage`: only from one of the pane's two frames (their origin is 'null',
 * sandboxed), only of the protocol's shapes; anything else is ignored.
 */
function useFrameMessages(frameRefs: FrameRefs, onMessage: (from: 0 | 1, message: FrameMessage) => void) {
  useEffect(() => {
    const listener = (event: MessageEvent) => {
      const index = frameRefs.findIndex((ref) => ref.current?.contentWindow === event.source);
      if (index === -1 || event.origin !== 'null') return;
      const message = frameMessageOf(event.data);
      if (!message) return;
      onMessage(index as 0 | 1, message);
    };
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- frameRefs: a new array of the same two refs each render.
  }, [onMessage]);
}

/** What the pane's requests for renders need: the page, its working copy, and where answers and problems go. */
interface RenderRequests {
  routing: string;
  locale: string | undefined;
  body: object | null;
  /** Takes the server's render of the page. */
  onRender: (html: string) => void;
  setBusy: (busy: boolean) => void;
  setState: (state: PaneState) => void;
}

/**
 * The renders the pane asks the server for: one after each pause in typing, one on its way at a time, none once the
 * pane has gone. Gives back the pane's Try again, which asks for the latest working copy at once.
 */
function useRenderRequests({ routing, locale, body, onRender, setBusy, setState }: RenderRequests): () => void {
  // One render on its way at a time: what is typed while it is comes next, as the latest working copy (so steady
  // typing still shows its progress, and no answer is thrown away unseen).
  const inFlight = useRef(false);
  const queued = useRef<object | null>(null);
  /** Aborted when the pane goes: its answers are then dropped. */
  const mounted = useRef<AbortController | null>(null);
  const render = useCallback(
    (sent: object) => {
      const signal = mounted.current?.signal;
      if (!signal || signal.aborted) return;
      if (inFlight.current) {
        queued.current = sent;
        return;
      }
      inFlight.current = true;
      api(previewPane, {
        params: { routing },
        query: locale ? { locale } : {},
        body: sent as Record<string, unknown>,
        signal,
      })
        .then(onRender, (error: unknown) => {
          if (signal.aborted || queued.current) return; // gone, or a newer copy goes next
          setBusy(false);
          if (error instanceof ApiError && error.status === 400)
            setState({ kind: 'refused', message: error.message, field: error.field ?? null });
          else if (!(error instanceof ApiError && error.status === 429))
            setState({ kind: 'failed', message: errorMessage(error) });
        })
        .finally(() => {
          inFlight.current = false;
          const next = queued.current;
          queued.current = null;
          if (next && !signal.aborted) render(next);
        });
    },
    [routing, locale, onRender, setBusy, setState],
  );

  const latestBody = useRef(body);
  latestBody.current = body;
  const retry = useCallback(() => {
    if (!latestBody.current) return;
    setBusy(true);
    setState({ kind: 'loading' });
    render(latestBody.current);
  }, [render, setBusy, setState]);

  // A new render after each pause in typing.
  useEffect(() => {
    if (body === null) {
      queued.current = null;
      setBusy(false);
      return;
    }
    setBusy(true);
    const timer = window.setTimeout(() => render(body), TYPING_PAUSE_MS);
    return () => window.clearTimeout(timer);
  }, [body, render, setBusy]);

  useEffect(() => {
    const controller = new AbortController();
    mounted.current = controller;
    return () => controller.abort();
  }, []);

  return retry;
}

/** The pane's bar: the widths the page can be shown at, and the checks panel's toggle with its count of findings. */
function PreviewBar({
  width,
  onWidthChange,
  checksOpen,
  onToggleChecks,
  findings,
}: {
  width: PreviewWidth;
  onWidthChange: (width: PreviewWidth) => void;
  checksOpen: boolean;
  onToggleChecks: () => void;
  findings: CheckFinding[] | null;
}) {
  return (
    <div className="preview-pane__bar">
      <PreviewWidths width={width} onChange={onWidthChange} />
      <button
        type="button"
        className="button button--outline preview-pane__checks-toggle"
        aria-expanded={checksOpen}
        onClick={onToggleChecks}
      >
        Checks{findings ? ` (${findings.filter((finding) => finding.severity !== 'info').length})` : ''}
      </button>
    </div>
  );
}

/**
 * The stage the frames sit on, each frame as wide as the page at the chosen width and scaled down to fit the pane;
 * the one loading lies beneath the one on show.
 */
function PreviewStage({
  frames,
  frameRefs,
  shown,
  width,
}: {
  frames: [Render | null, Render | null];
  frameRefs: FrameRefs;
  shown: 0 | 1;
  width: PreviewWidth;
}) {
  const stage = useRef<HTMLDivElement>(null);
  const [stageWidth, setStageWidth] = useState(0);
  useLayoutEffect(() => {
    const element = stage.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setStageWidth(entry?.contentRect.width ?? 0));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const pageWidth = PREVIEW_WIDTHS[width];
  const scale = stageWidth > 0 ? Math.min(1, stageWidth / pageWidth) : 1;

  return (
    <div className="preview-pane__stage" ref={stage}>
      <div className="preview-pane__viewport" style={{ width: pageWidth * scale }}>
        {frames.map((frame, index) =>
          // Each document gets an element of its own, made with it and dropped after it: never a frame navigated
          // from one document to the next (Chromium runs these sandboxed frames in a process of their own, where a
          // frame navigated under load could stay blank). The one loading lies beneath the one on show.
          frame ? (
            <iframe
              key={`${index}-${frame.serial}`}
              ref={frameRefs[index]}
              className="preview-pane__frame"
              title={index === shown ? 'Preview of the page' : 'Next preview, loading'}
              sandbox="allow-scripts"
              // The render's number makes each render a new document, even one equal to the last (it loads, says ready).
              srcDoc={`${frame.html}<!-- render ${frame.serial} -->`}
              tabIndex={index === shown ? 0 : -1}
              aria-hidden={index === shown ? undefined : true}
              inert={index !== shown}
              style={{
                width: pageWidth,
                transform: `scale(${scale})`,
                height: `calc((100% / ${scale}))`,
                zIndex: index === shown ? 1 : 0,
                pointerEvents: index === shown ? undefined : 'none',
              }}
            />
          ) : null,
        )}
      </div>
    </div>
  );
}

function PaneStatus({
  state,
  onSelectField,
  anyShown,
  onRetry,
}: {
  state: PaneState;
  onSelectField: (path: string) => void;
  anyShown: boolean;
  onRetry: () => void;
}) {
  if (state.kind === 'loading')
    return (
      <p className="preview-pane__note" role="status">
        Rendering the preview…
      </p>
    );
  if (state.kind === 'failed') {
    return (
      <p className="preview-pane__note preview-pane__note--problem" role="status">
        The preview could not be updated: {state.message}{' '}
        <button type="button" className="link-button" onClick={onRetry}>
          Try again
        </button>
      </p>
    );
  }
  if (state.kind === 'refused') {
    const { field } = state;
    return (
      <p className="preview-pane__note preview-pane__note--problem" role="status">
        {anyShown
          ? 'The preview shows your last edit that could be saved.'
          : 'The page shows here once it could be saved.'}{' '}
        {state.message}{' '}
        {field ? (
          <button type="button" className="link-button" onClick={() => onSelectField(field)}>
            Go to the field
          </button>
        ) : null}
      </p>
    );
  }
  return null;
}
