import { describe, expect, it } from 'vitest';
import { RenderedPages, type RenderedPage } from './tenant-cache';

const page = (text: string): RenderedPage => ({
  status: 200,
  html: Buffer.from(text),
  gzip: Buffer.from(text),
  brotli: Buffer.from(text),
  etag: `"${text}"`,
  headers: { br: {}, gzip: {}, identity: {}, notModified: {} },
});

/** A render the test finishes by hand, counting how often it was started. */
function controlledRender() {
  const state: { started: number; finish: (text: string) => void } = { started: 0, finish: () => {} };
  const render = () => {
    state.started += 1;
    return new Promise<RenderedPage>((resolve) => {
      state.finish = (text) => resolve(page(text));
    });
  };
  return { state, render };
}

const text = async (got: RenderedPage | Promise<RenderedPage>) => (await got).html.toString();

describe('RenderedPages', () => {
  it('renders a page once however many visitors ask at the same time (single flight)', async () => {
    const pages = new RenderedPages();
    const { state, render } = controlledRender();
    const asked = Array.from({ length: 50 }, () => pages.get('home', render));
    expect(state.started).toBe(1);
    state.finish('v1');
    expect(await Promise.all(asked.map(text))).toEqual(Array(50).fill('v1'));
    // Then it is served from memory, without a promise.
    const again = pages.get('home', render);
    expect(again).not.toBeInstanceOf(Promise);
    expect(state.started).toBe(1);
  });

  it('after a change: the first visitor waits for the new page, everyone during its render gets the previous one', async () => {
    const pages = new RenderedPages();
    const { state, render } = controlledRender();
    const first = pages.get('home', render);
    state.finish('v1');
    await first;

    pages.invalidateAll();
    const waiting = pages.get('home', render);
    expect(waiting).toBeInstanceOf(Promise);
    const during = Array.from({ length: 20 }, () => pages.get('home', render));
    expect(state.started).toBe(2);
    expect(await Promise.all(during.map(text))).toEqual(Array(20).fill('v1'));
    state.finish('v2');
    expect(await text(waiting)).toBe('v2');
    expect(await text(pages.get('home', render))).toBe('v2');
    expect(state.started).toBe(2);
  });

  it('renders again when the content changed while the page was rendering', async () => {
    const pages = new RenderedPages();
    const { state, render } = controlledRender();
    const first = pages.get('news', render);
    pages.invalidate('news');
    pages.invalidateAll();
    state.finish('read before the change');
    expect(await text(first)).toBe('read before the change');
    const next = pages.get('news', render);
    expect(state.started).toBe(2);
    state.finish('after the change');
    expect(await text(next)).toBe('after the change');
  });

  it('forgets a failed render, so the next visitor tries again', async () => {
    const pages = new RenderedPages();
    let calls = 0;
    const failing = () => {
      calls += 1;
      return Promise.reject(new Error('database down'));
    };
    await expect(pages.get('home', failing)).rejects.toThrow('database down');
    await expect(pages.get('home', failing)).rejects.toThrow('database down');
    expect(calls).toBe(2);
  });
});
