import { describe, expect, it } from 'vitest';
import { renderedPage } from '../test-support/rendered-page';
import { RenderedPages, type RenderedPage } from './rendered-pages';

const page = renderedPage;

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

/** A cache whose Home page has rendered once ('v1'), and the controlled render for what comes next. */
async function homeRenderedOnce(busy?: { changes: number; intervalMs: number }) {
  const pages = new RenderedPages(busy);
  const { state, render } = controlledRender();
  const first = pages.get('home', render);
  state.finish('v1');
  await first;
  return { pages, state, render };
}

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
    const { pages, state, render } = await homeRenderedOnce();

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

  it('a member of staff after a change never gets the previous copy: they wait for the render visitors share', async () => {
    const { pages, state, render } = await homeRenderedOnce();

    pages.invalidate('home');
    const visitor = pages.get('home', render);
    const staff = pages.get('home', render, { fresh: true });
    const otherVisitor = pages.get('home', render);
    expect(staff).toBeInstanceOf(Promise);
    expect(await text(otherVisitor)).toBe('v1');
    state.finish('v2');
    expect(await text(staff)).toBe('v2');
    expect(await text(visitor)).toBe('v2');
    expect(state.started).toBe(2);
  });

  it('a member of staff waits past a render of data older than their save, for one render of the data as it is', async () => {
    const { pages, state, render } = await homeRenderedOnce();

    pages.invalidate('home');
    const visitor = pages.get('home', render); // reads the data before the save below
    pages.invalidate('home'); // the save
    const staff = pages.get('home', render, { fresh: true });
    const moreStaff = pages.get('home', render, { fresh: true });
    state.finish('read before the save');
    expect(await text(visitor)).toBe('read before the save');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(state.started).toBe(3);
    state.finish('with the save');
    expect(await text(staff)).toBe('with the save');
    expect(await text(moreStaff)).toBe('with the save');
    expect(state.started).toBe(3);
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

describe('RenderedPages: a busy page', () => {
  it('renders at once after one or two changes, and at most once per interval while it keeps changing', async () => {
    const pages = new RenderedPages({ changes: 3, intervalMs: 200 });
    const { state, render } = controlledRender();
    const first = pages.get('home', render, { now: 1_000 });
    state.finish('v1');
    await first;
    const renderedAt = Date.now();

    pages.invalidate('home');
    pages.invalidate('home');
    const soon = pages.get('home', render, { now: renderedAt + 10 });
    expect(soon).toBeInstanceOf(Promise);
    expect(state.started).toBe(2);
    state.finish('v2');
    expect(await text(soon)).toBe('v2');

    // Three changes within the interval: the previous copy now, the next render at the interval's end.
    const v2At = Date.now();
    for (let i = 0; i < 3; i += 1) pages.invalidate('home');
    const busy = pages.get('home', render, { now: v2At + 10 });
    expect(busy).not.toBeInstanceOf(Promise);
    expect(await text(busy)).toBe('v2');
    expect(state.started).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(state.started).toBe(3);
    state.finish('v3');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await text(pages.get('home', render))).toBe('v3');
  });

  it('a member of staff waits for the next render of a busy page instead of getting the previous copy', async () => {
    const { pages, state, render } = await homeRenderedOnce({ changes: 3, intervalMs: 100 });
    for (let i = 0; i < 3; i += 1) pages.invalidate('home');
    const visitor = pages.get('home', render);
    const staff = pages.get('home', render, { fresh: true });
    expect(await text(visitor)).toBe('v1');
    expect(staff).toBeInstanceOf(Promise);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(state.started).toBe(2);
    state.finish('v2');
    expect(await text(staff)).toBe('v2');
  });

  it('counts changes in time, not per render: a page saved in a loop renders at most once per interval however quick its renders', async () => {
    const pages = new RenderedPages({ changes: 3, intervalMs: 300 });
    let renders = 0;
    const render = async () => {
      renders += 1;
      return page(`v${renders}`);
    };
    await pages.get('home', render);
    // A save and a visit every 5 ms for about 150 ms; each render is done before the next change.
    for (let i = 0; i < 30; i += 1) {
      pages.invalidate('home');
      await pages.get('home', render);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    // The first render, one for each of the first two changes, then none until the interval ends.
    expect(renders).toBeLessThanOrEqual(4);
  });

  it('keeps the previous copy when a delayed render fails, without an unhandled rejection', async () => {
    const pages = new RenderedPages({ changes: 3, intervalMs: 50 });
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      await pages.get('home', async () => page('v1'));
      for (let i = 0; i < 3; i += 1) pages.invalidate('home');
      let failures = 0;
      const failing = async () => {
        failures += 1;
        throw new Error('database closed');
      };
      expect(await text(pages.get('home', failing))).toBe('v1');
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(failures).toBe(1);
      expect(unhandled).toEqual([]);
      // The next visitor after the interval tries again, and waits for it.
      await expect(pages.get('home', failing, { now: Date.now() + 1000 })).rejects.toThrow('database closed');
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('keeps a change made during a render: the copy it produced is not current', async () => {
    const pages = new RenderedPages();
    const { state, render } = controlledRender();
    const first = pages.get('news', render);
    pages.invalidate('news');
    state.finish('before');
    await first;
    const next = pages.get('news', render);
    expect(next).toBeInstanceOf(Promise);
    state.finish('after');
    expect(await text(next)).toBe('after');
  });

  it("a publication may be a language's first: its pages that redirected render again, and nothing else does (docs/design.md §34)", async () => {
    const pages = new RenderedPages();
    const redirect = { ...page('302'), status: 302 };
    let renders = 0;
    const answer = (rendered: RenderedPage) => async () => ((renders += 1), rendered);
    await pages.get('about@de', answer(redirect));
    await pages.get('home@de', answer(page('German home')));
    await pages.get('about', answer(page('About')));
    renders = 0;
    for (let i = 0; i < 5; i += 1) pages.invalidateRedirectsInLanguages();
    expect(pages.get('home@de', answer(page('again')))).not.toBeInstanceOf(Promise);
    expect(pages.get('about', answer(page('again')))).not.toBeInstanceOf(Promise);
    expect(renders).toBe(0);
    // Never busy for it: the next visitor waits for the page as it is now, however often other pages were published.
    expect(await text(pages.get('about@de', answer(page('About, in German chrome'))))).toBe('About, in German chrome');
    expect(renders).toBe(1);
  });
});
