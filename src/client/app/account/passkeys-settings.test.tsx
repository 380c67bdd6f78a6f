// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { PASSKEY_MESSAGES } from '../../../core/schemas/passkey';
import { notify } from '../toasts';
import {
  buttonNamed as button,
  byLabel as labelled,
  click,
  fakeSession,
  type,
  until,
  withFakeMasterApi,
  withModalDialogs,
  withTestRoot,
} from '../test-support/dom';
import AccountPage from './account-page';
import { PasskeyCeremonyError, createPasskey } from './passkey-ceremony';
import { PASSKEY_REQUIRED_NOTICE, PasskeySettings } from './passkeys-settings';

/**
 * The own account's passkeys (docs/design.md §33) against a stand-in server: the list, Add (a name, then the browser's
 * part, here a stand-in too: jsdom has no WebAuthn), and Remove, asked first. tests/e2e/passkeys.spec.ts runs it with
 * Chromium's virtual authenticator against the real server.
 */

vi.mock('../toasts', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn() } }));
vi.mock('./passkey-ceremony', async (original) => ({
  ...(await original<typeof import('./passkey-ceremony')>()),
  passkeysSupported: () => true,
  createPasskey: vi.fn(),
}));

withModalDialogs();
const dom = withTestRoot();

const REGISTRATION = {
  id: 'A'.repeat(43),
  rawId: 'A'.repeat(43),
  response: { clientDataJSON: 'e30', attestationObject: 'oA' },
  clientExtensionResults: {},
  type: 'public-key' as const,
};

let passkeys: Array<{ id: number; name: string; createdAt: string; lastUsedAt: string | null }> = [];
let passkeyRequired = false;
const calls = withFakeMasterApi((call, body, request) => {
  if (call === '/api/account/passkeys' && request.method === 'GET') return { status: 200, data: { items: passkeys } };
  if (call === '/api/account/passkeys/options')
    return {
      status: 200,
      data: {
        challenge: 'c',
        rp: { name: 'Firm' },
        user: { id: 'u', name: 'asha', displayName: 'Asha' },
        pubKeyCredParams: [],
      },
    };
  if (call === '/api/account/passkeys' && request.method === 'POST') {
    passkeys = [...passkeys, { id: 9, name: String(body.name), createdAt: '2026-12-01T10:00:00Z', lastUsedAt: null }];
    return { status: 200, data: { ...passkeys.at(-1), message: PASSKEY_MESSAGES.added } };
  }
  if (call.startsWith('/api/account/passkeys/') && request.method === 'DELETE') {
    passkeys = passkeys.filter((p) => `/api/account/passkeys/${p.id}` !== call);
    return { status: 200, data: { message: PASSKEY_MESSAGES.removed } };
  }
  if (call === '/api/auth/session')
    return { status: 200, data: fakeSession([], { twoFactorRequired: passkeyRequired, passkeyRequired }) };
  return undefined;
});

const text = () => dom.container.textContent ?? '';
const sent = (call: string) => calls.filter((c) => c.call === call);

describe('the passkeys of the own account', () => {
  it('lists each passkey with its name, when it was added and when it was last used', async () => {
    passkeys = [
      { id: 3, name: 'Work laptop', createdAt: '2026-11-20T09:00:00Z', lastUsedAt: '2026-11-30T15:05:00Z' },
      { id: 4, name: 'Phone', createdAt: '2026-11-21T09:00:00Z', lastUsedAt: null },
    ];
    dom.renderScreen(<PasskeySettings />);
    const list = await until(() => dom.container.querySelector('ul[aria-label="Your passkeys"]'), 'the list');
    const items = [...list.querySelectorAll('li')].map((li) => li.textContent);
    expect(items[0]).toMatch(/^Work laptop.*Added .*2026.*Last used .*2026/);
    expect(items[1]).toMatch(/^Phone.*Last used never/);
    expect(button('Remove the passkey Phone')).not.toBeNull();
  });

  it('adds a passkey: a name, the browser makes it, the server keeps it', async () => {
    passkeys = [];
    vi.mocked(createPasskey).mockResolvedValueOnce(REGISTRATION);
    dom.renderScreen(<PasskeySettings />);
    await until(() => text().includes('You have no passkey yet.'), 'the empty list');
    await type(labelled<HTMLInputElement>(dom.container, 'Name of the passkey')!, 'Work laptop');
    await click(button('Add a passkey')!);
    await until(() => text().includes('Work laptop'), 'the new passkey in the list');
    expect(vi.mocked(createPasskey)).toHaveBeenCalledWith(expect.objectContaining({ challenge: 'c' }));
    const added = calls.filter((c) => c.call === '/api/account/passkeys' && c.body.name);
    expect(added.map((c) => c.body)).toEqual([{ name: 'Work laptop', response: REGISTRATION }]);
    expect(notify.success).toHaveBeenCalledWith(PASSKEY_MESSAGES.added);
    expect(labelled<HTMLInputElement>(dom.container, 'Name of the passkey')!.value).toBe('');
  });

  it('says a taken name at the field before the browser is asked, and a cancelled request in the box', async () => {
    passkeys = [{ id: 3, name: 'Phone', createdAt: '2026-11-20T09:00:00Z', lastUsedAt: null }];
    dom.renderScreen(<PasskeySettings />);
    await until(() => button('Remove the passkey Phone'), 'the list');
    const name = labelled<HTMLInputElement>(dom.container, 'Name of the passkey')!;
    await type(name, 'PHONE');
    await click(button('Add a passkey')!);
    await until(() => text().includes(PASSKEY_MESSAGES.nameTaken), 'the sentence at the field');
    expect(sent('/api/account/passkeys/options')).toEqual([]);

    vi.mocked(createPasskey).mockRejectedValueOnce(new PasskeyCeremonyError(PASSKEY_MESSAGES.cancelled));
    await type(name, 'Tablet');
    await click(button('Add a passkey')!);
    await until(() => text().includes(PASSKEY_MESSAGES.cancelled), 'the sentence in the box');
    expect(calls.filter((c) => c.call === '/api/account/passkeys' && c.body.name)).toEqual([]);
    // An empty name is said at the field, as the server would.
    await type(name, '  ');
    await click(button('Add a passkey')!);
    await until(() => text().includes(PASSKEY_MESSAGES.name), 'the rule of names');
  });

  it('removes a passkey only once the user says so', async () => {
    passkeys = [{ id: 3, name: 'Old phone', createdAt: '2026-11-20T09:00:00Z', lastUsedAt: null }];
    dom.renderScreen(<PasskeySettings />);
    await click(await until(() => button('Remove the passkey Old phone'), 'the Remove button'));
    const dialog = await until(() => document.querySelector('dialog[open]'), 'the question');
    expect(dialog.textContent).toContain('You can no longer sign in with the passkey Old phone.');
    await click(button('Cancel')!);
    expect(calls.filter((c) => c.call === '/api/account/passkeys/3')).toEqual([]);

    await click(button('Remove the passkey Old phone')!);
    await until(() => document.querySelector('dialog[open]'), 'the question again');
    await click(button('Remove')!);
    await until(() => text().includes('You have no passkey yet.'), 'the empty list');
    expect(calls.filter((c) => c.call === '/api/account/passkeys/3')).toHaveLength(1);
    expect(notify.success).toHaveBeenCalledWith(PASSKEY_MESSAGES.removed);
  });

  it("says on /account that the user's group requires a passkey, while they have none", async () => {
    passkeys = [];
    passkeyRequired = true;
    dom.renderScreen(<AccountPage />, '/account');
    await until(() => text().includes(PASSKEY_REQUIRED_NOTICE), 'the notice');
    expect(dom.container.querySelector('#account-passkeys')?.textContent).toBe('Passkeys');
    passkeyRequired = false;
  });
});
