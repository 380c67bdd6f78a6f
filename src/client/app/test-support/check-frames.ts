import { act } from 'react';
import { expect } from 'vitest';
import { PREVIEW_CHANNEL, type CheckFinding } from '../../preview/protocol';
import { until } from './dom';

/** A staff preview with the checks' bridge, as `/preview/<Page>1?revision=N&checks=1` answers (its data left out). */
export const PREVIEW_WITH_BRIDGE =
  '<!doctype html><html><body><main>Page</main><script type="application/json" id="folio-pane">{}</script></body></html>';

/**
 * Plays the frames the checks of docs/design.md §26 run in (releases/release-checks.ts), one page after another: each
 * says it is ready, then answers the checks it is asked for with the findings of its page (by the frame's `data-page`).
 */
export async function answerChecks(findings: Record<string, CheckFinding[]>, pages: number): Promise<void> {
  const done = new Set<Element>();
  for (let n = 0; n < pages; n += 1) {
    const frame = await until(
      () => [...document.querySelectorAll<HTMLIFrameElement>('iframe[data-page]')].find((f) => !done.has(f)),
      `the frame of page ${n + 1}`,
    );
    done.add(frame);
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts');
    const frameWindow = frame.contentWindow!;
    const asked = new Promise<number>((resolve) =>
      frameWindow.addEventListener('message', (event) => resolve((event.data as { id: number }).id), { once: true }),
    );
    const say = (data: object) =>
      act(async () => {
        window.dispatchEvent(new MessageEvent('message', { source: frameWindow, origin: 'null', data }));
      });
    await say({ channel: PREVIEW_CHANNEL, type: 'ready', fields: [], scrollY: 0 });
    const id = await asked;
    await say({ channel: PREVIEW_CHANNEL, type: 'checks', id, findings: findings[frame.dataset.page!] ?? [] });
  }
}
