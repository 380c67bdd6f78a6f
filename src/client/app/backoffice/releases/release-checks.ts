import { useEffect, useRef, useState } from 'react';
import type { ReleaseItem } from '../../../../core/schemas/release';
import { frameMessageOf, PREVIEW_CHANNEL, type CheckFinding } from '../../../preview/protocol';
import { pageKey } from './release-words';

/**
 * The checks of docs/design.md §26 on each page of a release as it will be published (its revision), before Publish
 * (§32). Each page's staff preview (`/preview/<routing>?revision=N`, `&locale=de` for a translation, `&checks=1` for the
 * bridge that runs the checks) is fetched, put in one hidden frame sandboxed without `allow-same-origin` (as the
 * editor's preview pane does), and asked to run the checks once its bridge says it is ready; one page after another.
 * The frame talks to the screen by postMessage only, checked by window, origin and shape (preview/protocol.ts).
 */

export type PageCheck =
  | { kind: 'waiting' }
  | { kind: 'running' }
  | { kind: 'done'; findings: CheckFinding[] }
  | { kind: 'failed'; reason: string };

/** How long one page's checks may take (axe-core on a long page takes a few seconds) before they are given up. */
export const CHECK_TIMEOUT_MS = 30_000;

/** Why a page's checks did not run: its preview carries no bridge, could not be read, or never answered. */
export const CHECK_FAILURES = {
  noBridge: 'The checks could not run on this page: its preview does not carry them.',
  unreadable: (status: number) => `The checks could not run on this page: its preview could not be read (${status}).`,
  unreachable: 'The checks could not run on this page: the server could not be reached.',
  timeout: 'The checks could not run on this page: they took too long.',
} as const;

/** The staff preview of a page at a revision, with the checks' bridge. */
export function previewAddress(item: Pick<ReleaseItem, 'routing' | 'locale' | 'revision'>): string {
  const query = new URLSearchParams({ revision: String(item.revision) });
  if (item.locale !== null) query.set('locale', item.locale);
  query.set('checks', '1');
  return `/preview/${encodeURIComponent(item.routing)}?${query.toString()}`;
}

/** The findings visitors trip on: each page with any needs its own acknowledgement. */
export const problemsOf = (findings: readonly CheckFinding[]) =>
  findings.filter((finding) => finding.severity === 'problem');

/** Everything worth a look (problems, then advice); the figures (words, reading time) are left out. */
export const findingsToShow = (findings: readonly CheckFinding[]) =>
  [...findings]
    .filter((finding) => finding.severity !== 'info')
    .sort((a, b) => (a.severity === b.severity ? 0 : a.severity === 'problem' ? -1 : 1));

/** A page needs its own "Publish anyway": its checks found problems, or could not run. */
export const needsAcknowledgement = (check: PageCheck | undefined) =>
  check?.kind === 'failed' || (check?.kind === 'done' && problemsOf(check.findings).length > 0);

/** The frame being checked: its document, and the page it is of. */
export interface CheckFrame {
  key: string;
  html: string;
  serial: number;
}

let runs = 0;

/** Waits for the frame's bridge to be ready, asks it to run the checks, and gives their findings. */
function findingsFrom(frame: () => HTMLIFrameElement | null, signal: AbortSignal): Promise<CheckFinding[]> {
  runs += 1;
  const id = runs;
  return new Promise((resolve, reject) => {
    const timer = window.setTimeout(() => finish(() => reject(new Error(CHECK_FAILURES.timeout))), CHECK_TIMEOUT_MS);
    const listener = (event: MessageEvent) => {
      const target = frame()?.contentWindow;
      if (!target || event.source !== target || event.origin !== 'null') return;
      const message = frameMessageOf(event.data);
      // The frame has no origin of its own: '*' is the only target that reaches it; it gets a number, nothing else.
      if (message?.type === 'ready') target.postMessage({ channel: PREVIEW_CHANNEL, type: 'run-checks', id }, '*');
      else if (message?.type === 'checks' && message.id === id) finish(() => resolve(message.findings));
    };
    const abort = () => finish(() => reject(new Error('aborted')));
    function finish(then: () => void) {
      window.clearTimeout(timer);
      window.removeEventListener('message', listener);
      signal.removeEventListener('abort', abort);
      then();
    }
    window.addEventListener('message', listener);
    signal.addEventListener('abort', abort);
  });
}

/** The page's preview with the bridge, or why it cannot be checked. */
async function previewOf(item: ReleaseItem, signal: AbortSignal): Promise<{ html: string } | { reason: string }> {
  let response: Response;
  try {
    response = await fetch(previewAddress(item), {
      credentials: 'same-origin',
      signal,
      headers: { accept: 'text/html' },
    });
  } catch (error) {
    if (signal.aborted) throw error;
    return { reason: CHECK_FAILURES.unreachable };
  }
  if (!response.ok) return { reason: CHECK_FAILURES.unreadable(response.status) };
  const html = await response.text();
  return html.includes('id="folio-pane"') ? { html } : { reason: CHECK_FAILURES.noBridge };
}

/**
 * Runs the checks on each page in turn while `enabled`; gives each page's state by its key (pageKey) and the frame to
 * render (hidden, one at a time, gone once all are checked).
 */
export function useReleaseChecks(items: readonly ReleaseItem[], enabled: boolean) {
  const [checks, setChecks] = useState<ReadonlyMap<string, PageCheck>>(new Map());
  const [frame, setFrame] = useState<CheckFrame | null>(null);
  const frameRef = useRef<HTMLIFrameElement>(null);
  const itemsRef = useRef(items);
  itemsRef.current = items;

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    const { signal } = controller;
    const set = (key: string, check: PageCheck) => setChecks((current) => new Map(current).set(key, check));
    void (async () => {
      const list = itemsRef.current;
      setChecks(new Map(list.map((item) => [pageKey(item), { kind: 'waiting' } as PageCheck])));
      for (const [index, item] of list.entries()) {
        const key = pageKey(item);
        set(key, { kind: 'running' });
        try {
          const preview = await previewOf(item, signal);
          if ('reason' in preview) {
            set(key, { kind: 'failed', reason: preview.reason });
            continue;
          }
          const findings = findingsFrom(() => frameRef.current, signal);
          setFrame({ key, html: preview.html, serial: index + 1 });
          set(key, { kind: 'done', findings: await findings });
        } catch (error) {
          if (signal.aborted) return;
          set(key, { kind: 'failed', reason: error instanceof Error ? error.message : CHECK_FAILURES.timeout });
        }
      }
      setFrame(null);
    })();
    return () => {
      controller.abort();
      setFrame(null);
    };
  }, [enabled]);

  return { checks, frame, frameRef };
}
