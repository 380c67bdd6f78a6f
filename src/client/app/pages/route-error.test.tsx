// @vitest-environment jsdom
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { until, withTestRoot } from '../test-support/dom';
import { RELOADED_KEY, RouteError, isChunkLoadFailure, mayReloadForNewCode } from './route-error';

/**
 * A screen whose code file is gone after an upgrade (docs/design.md §34): the tab reloads itself once, then says so in a
 * sentence with a Reload button; never React Router's "Unexpected Application Error".
 */

const dom = withTestRoot();
const reload = vi.fn();
const CHUNK_GONE = new TypeError(
  'Failed to fetch dynamically imported module: http://127.0.0.1/assets/media-screen-Ab12Cd.js',
);

beforeEach(() => {
  sessionStorage.clear();
  reload.mockReset();
  vi.stubGlobal('location', { ...window.location, reload });
  // React reports the error the route caught; the test reads the screen instead.
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The app's route shape: a screen under a pathless route whose error element is RouteError. */
function openFailingScreen(error: unknown) {
  const Failing = () => {
    throw error;
  };
  const router = createMemoryRouter(
    [{ errorElement: <RouteError />, children: [{ path: '/media', element: <Failing /> }] }],
    { initialEntries: ['/media'] },
  );
  dom.render(<RouterProvider router={router} />);
}

const heading = () => dom.container.querySelector('h1')?.textContent ?? '';

describe('a code file that no longer exists', () => {
  it('is told from other errors, in the words of each browser', () => {
    expect(isChunkLoadFailure(CHUNK_GONE)).toBe(true);
    expect(isChunkLoadFailure(new TypeError('error loading dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isChunkLoadFailure(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadFailure(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadFailure(null)).toBe(false);
  });

  it('reloads the tab once, marking it so that a second failure does not reload again', async () => {
    openFailingScreen(CHUNK_GONE);
    await until(() => reload.mock.calls.length === 1, 'the reload');
    expect(heading()).toBe('Loading the new version');
    expect(dom.container.textContent).toContain('Folio has been updated.');
    expect(dom.container.textContent).not.toContain('Unexpected Application Error');
    expect(Number(sessionStorage.getItem(RELOADED_KEY))).toBeGreaterThan(0);
    expect(mayReloadForNewCode()).toBe(false);
  });

  it('right after such a reload, says so in a sentence with a Reload button instead of reloading again', async () => {
    sessionStorage.setItem(RELOADED_KEY, String(Date.now() - 5_000));
    openFailingScreen(CHUNK_GONE);
    await until(() => heading() === 'This screen could not be shown', 'the sentence');
    expect(dom.container.textContent).toContain(
      'Folio has probably been updated since this tab was opened. Reload the page to use the new version.',
    );
    expect(reload).not.toHaveBeenCalled();
    const button = [...dom.container.querySelectorAll('button')].find(
      (candidate) => candidate.textContent === 'Reload',
    );
    button?.click();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads again for a later upgrade (the mark is old)', async () => {
    sessionStorage.setItem(RELOADED_KEY, String(Date.now() - 10 * 60_000));
    openFailingScreen(CHUNK_GONE);
    await until(() => reload.mock.calls.length === 1, 'the reload');
  });
});

describe('any other error of a screen', () => {
  it('is said in a sentence with a Reload button, and reloads nothing by itself', async () => {
    openFailingScreen(new Error('Cannot read properties of undefined'));
    await until(() => heading() === 'This screen could not be shown', 'the sentence');
    expect(dom.container.textContent).toContain(
      'Something went wrong while showing this screen. Reload the page to try again.',
    );
    expect(dom.container.textContent).not.toContain('Unexpected Application Error');
    expect(reload).not.toHaveBeenCalled();
  });
});
