import { act, useEffect, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, useLocation } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, expect, vi } from 'vitest';

/**
 * What the jsdom component tests of the staff app share: a React root in the document for each test, the
 * modal methods of `<dialog>` that jsdom lacks, and a user's moves (typing, choosing, clicking) inside act().
 * Test code only: imported by `*.test.tsx` files, never by the app.
 */

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** jsdom has the <dialog> element but not its modal methods: these behave as the browser's do for the tests. */
export function withModalDialogs(): void {
  beforeAll(() => {
    HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
      this.open = true;
    };
    HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement, value?: string) {
      if (!this.open) return;
      this.open = false;
      if (value !== undefined) this.returnValue = value;
      this.dispatchEvent(new Event('close'));
    };
  });
}

/** Writes the router's address (path, search) where a test can read it. */
function AddressProbe({ onAddress }: { onAddress: (address: string) => void }) {
  const { pathname, search } = useLocation();
  useEffect(() => onAddress(`${pathname}${search}`), [onAddress, pathname, search]);
  return null;
}

/**
 * A fresh container and React root for each test of the file (unmounted and removed after it). Read
 * `dom.container` inside a test; `dom.render(node)` renders into it; `dom.renderScreen(screen, at)` renders a
 * staff screen with what the app gives it (a query client that does not retry, a router at the address `at`,
 * '/' unless given); `dom.address` is that router's address as it is now.
 */
export function withTestRoot(): {
  readonly container: HTMLDivElement;
  readonly address: string;
  /** The query client of the screen rendered last (whether its calls have all been answered: `isFetching() === 0`). */
  readonly queries: QueryClient;
  render: (node: ReactNode) => void;
  renderScreen: (screen: ReactNode, at?: string) => void;
} {
  let container: HTMLDivElement | undefined;
  let root: Root | undefined;
  let address = '/';
  let queries: QueryClient | undefined;
  beforeEach(() => {
    address = '/';
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
  });
  afterEach(() => {
    act(() => root?.unmount());
    container?.remove();
  });
  return {
    get container() {
      if (!container) throw new Error('The test root exists only inside a test.');
      return container;
    },
    get address() {
      return address;
    },
    get queries() {
      if (!queries) throw new Error('No screen has been rendered yet.');
      return queries;
    },
    render: (node) => act(() => root?.render(node)),
    renderScreen: (screen, at = '/') => {
      const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      queries = client;
      act(() =>
        root?.render(
          <QueryClientProvider client={client}>
            <MemoryRouter initialEntries={[at]}>
              {screen}
              <AddressProbe
                onAddress={(now) => {
                  address = now;
                }}
              />
            </MemoryRouter>
          </QueryClientProvider>,
        ),
      );
    },
  };
}

/** Waits (letting React and the fake server run) until `probe` finds something. */
export async function until<T>(probe: () => T | null | undefined | false, what: string): Promise<T> {
  for (let tries = 0; tries < 200; tries += 1) {
    const found = probe();
    if (found) return found;
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
    });
  }
  throw new Error(`Never found: ${what}`);
}

/**
 * Waits for the focus to land on an element (found again at each look: a render may replace it), then holds it there:
 * the focus moves once what a click or a post started has been handled, which a test waits for, never assumes.
 */
export async function expectFocus(element: () => Element | null | undefined): Promise<void> {
  try {
    await until(() => {
      const target = element();
      return target != null && document.activeElement === target;
    }, 'the focus');
  } catch {
    expect(document.activeElement).toBe(element());
  }
}

/** The control a <label> with exactly this text names, inside `scope`. */
export function byLabel<T extends HTMLElement>(scope: ParentNode, text: string): T | null {
  const label = [...scope.querySelectorAll('label')].find((l) => l.textContent?.trim() === text);
  return label ? (document.getElementById(label.htmlFor) as T | null) : null;
}

/** The button of the document named `name` (its aria-label, else its text). */
export function buttonNamed(name: string): HTMLButtonElement | null {
  return (
    [...document.querySelectorAll<HTMLButtonElement>('button')].find(
      (b) => (b.getAttribute('aria-label') ?? b.textContent?.trim()) === name,
    ) ?? null
  );
}

/** Types into an input as a user does: the value set through the element's own setter, then an input event. */
export async function type(input: HTMLInputElement | HTMLTextAreaElement, text: string) {
  const prototype = input instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  await act(async () => {
    Object.getOwnPropertyDescriptor(prototype, 'value')!.set!.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/** Chooses an option of a select, with the change event a user's choice fires. */
export async function choose(select: HTMLSelectElement, value: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!.call(select, value);
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

/** Chooses files in a file input as a browser does: its files set, then the input and change events it fires. */
export async function chooseFiles(input: HTMLInputElement, files: File[]) {
  await act(async () => {
    Object.defineProperty(input, 'files', { configurable: true, value: files });
    input.dispatchEvent(new Event('input', { bubbles: true }));
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

/** As a browser does: the pressed button takes the focus, then clicks. */
export async function click(element: HTMLElement) {
  await act(async () => {
    element.focus();
    element.click();
  });
}

/** One call the fake API received. */
export interface FakeCall {
  call: string;
  body: Record<string, unknown>;
}

/** How a call was sent, for a stand-in that tells a GET from a POST or a DELETE of one address, or reads a CSV. */
export interface FakeRequest {
  method: string;
  /** The body as sent (a CSV file's text); '' for none. */
  text: string;
}

/**
 * What GET /api/auth/session answers for a signed-in member of staff whose menu holds `screens` (the contract of
 * src/core/schemas/auth.ts), for a stand-in server: `user` overrides fields of the user.
 */
export function fakeSession(screens: readonly string[], user: Record<string, unknown> = {}) {
  return {
    authenticated: true,
    setupPending: false,
    companyName: 'Firm',
    companyCode: 'FIRM',
    companyLogo: '',
    iconVersion: '1',
    passwordResetByMail: false,
    twoFactor: false,
    user: {
      id: 1,
      username: 'reviewer',
      firstName: 'Rita',
      usergroupid: 1,
      landpage: '/dashboard',
      screens,
      twoFactor: false,
      twoFactorRequired: false,
      passwordChangeRequired: false,
      ...user,
    },
  };
}

/**
 * Answers fetch for every test of the file with a stand-in for the server's `/api/master/…` calls: `answer`
 * gets the call's name, its JSON body ({} when it has none or it is no JSON) and how it was sent, and gives the
 * status and JSON to answer with (undefined: no such call, 404). Returns the calls made by the running test, in order.
 */
export function withFakeMasterApi(
  answer: (
    call: string,
    body: Record<string, unknown>,
    request: FakeRequest,
  ) => { status: number; data: unknown; type?: string } | undefined,
): FakeCall[] {
  const calls: FakeCall[] = [];
  beforeEach(() => {
    calls.length = 0;
    vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
      const call = url.replace('/api/master/', '');
      const text = typeof init.body === 'string' ? init.body : '';
      const body = jsonObjectOf(text);
      calls.push({ call, body });
      const { status, data, type } = answer(call, body, { method: init.method ?? 'GET', text }) ?? {
        status: 404,
        data: { message: `No call ${call}` },
      };
      // A 204 has no body; an answer of a `type` (text/html) is its text; any other answer is JSON.
      if (status === 204) return new Response(null, { status });
      if (type) return new Response(String(data), { status, headers: { 'content-type': type } });
      return new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json' } });
    });
  });
  afterEach(() => vi.unstubAllGlobals());
  return calls;
}

/** A body sent as JSON, as parsed; {} for none, or for a text that is no JSON (a CSV file). */
function jsonObjectOf(text: string): Record<string, unknown> {
  try {
    return JSON.parse(text || '{}') as Record<string, unknown>;
  } catch {
    return {};
  }
}

/** The viewer's time zone for the whole test file (`process.env.TZ`), put back after it: the screen's days are its. */
export function withTimeZone(zone: string): void {
  const before = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = zone;
  });
  afterAll(() => {
    if (before === undefined) delete process.env.TZ;
    else process.env.TZ = before;
  });
}
