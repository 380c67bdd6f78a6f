// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_MESSAGES } from '../../../core/schemas/api-token';
import { notify } from '../toasts';
import {
  buttonNamed,
  byLabel,
  click,
  expectFocus,
  type,
  until,
  withFakeMasterApi,
  withModalDialogs,
  withTestRoot,
} from '../test-support/dom';
import { ApiTokens } from './api-tokens';

/**
 * The account page's API tokens (docs/design.md §33) against a stand-in for the server's calls in the contract's shapes:
 * what the form sends, the token shown once, Revoke asking first. tokens.test.ts runs the real calls.
 */

vi.mock('../toasts', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn() } }));

const dom = withTestRoot();
withModalDialogs();

const LISTED = {
  id: 4,
  name: 'CRM sync',
  scopes: ['content:read', 'enquiries:read'],
  expiresAt: '2027-03-01T23:59:59.999Z',
  lastUsedAt: null,
};
let tokens: Array<typeof LISTED>;
const calls = withFakeMasterApi((call, body, { method }) => {
  if (call === '/api/account/tokens' && method === 'GET') return { status: 200, data: { items: tokens } };
  if (call === '/api/account/tokens' && method === 'POST') {
    if (body.name === 'Taken') return { status: 400, data: { message: TOKEN_MESSAGES.name, field: 'name' } };
    tokens = [{ ...LISTED, id: 5, name: String(body.name) }, ...tokens];
    return { status: 200, data: { id: 5, token: 'folio_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG' } };
  }
  if (call === '/api/account/tokens/4/revoke') {
    tokens = tokens.filter((token) => token.id !== 4);
    return { status: 200, data: { message: TOKEN_MESSAGES.revoked } };
  }
  return undefined;
});

beforeEach(() => {
  tokens = [LISTED];
  vi.mocked(notify.success).mockClear();
});
afterEach(() => vi.useRealTimers());

const text = () => dom.container.textContent ?? '';

describe('the API tokens of the account page', () => {
  it('lists the tokens with what they may do, and never shows a listed token', async () => {
    dom.renderScreen(<ApiTokens />);
    await until(() => text().includes('CRM sync'), 'the token listed');
    expect(text()).toContain('Read published pages (the content API); Read enquiries from the contact form');
    expect(text()).toContain('Never');
  });

  it('sends the name, the ticked scopes and the day it expires, then shows the token once with Copy', async () => {
    dom.renderScreen(<ApiTokens />);
    const name = await until(() => byLabel<HTMLInputElement>(dom.container, 'Name'), 'the name field');
    await type(name, 'Website build');
    const expires = byLabel<HTMLInputElement>(dom.container, 'Expires on')!;
    expect(expires.type).toBe('date');
    const inThirty = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    await type(expires, inThirty);
    await click(byLabel<HTMLInputElement>(dom.container, 'Save pages, as drafts or published')!);
    await click(buttonNamed('Make the token')!);
    const heading = await until(
      () => dom.container.querySelector<HTMLElement>('#account-token-made'),
      'the token made',
    );
    const sent = calls.filter((c) => c.call === '/api/account/tokens' && Object.keys(c.body).length > 0);
    expect(sent.at(-1)!.body).toEqual({
      name: 'Website build',
      scopes: ['content:read', 'content:write'],
      expiresAt: new Date(`${inThirty}T23:59:59.999Z`).toISOString(),
    });
    expect(heading.textContent).toBe('Your new token Website build');
    await expectFocus(() => heading);
    expect(text()).toContain('folio_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG');
    expect(text()).toContain('shown only this once');
    await click(buttonNamed('Done')!);
    expect(text()).not.toContain('folio_abcdefghijklmnopqrstuvwxyz');
    await until(() => text().includes('Website build'), 'the new token listed');
  });

  it('says at the field what the server refuses, and needs a scope', async () => {
    dom.renderScreen(<ApiTokens />);
    const name = await until(() => byLabel<HTMLInputElement>(dom.container, 'Name'), 'the name field');
    await type(name, 'Taken');
    await click(buttonNamed('Make the token')!);
    await until(() => name.getAttribute('aria-invalid') === 'true', 'the name marked');
    expect(document.getElementById(name.getAttribute('aria-describedby')!.split(' ').at(-1)!)?.textContent).toBe(
      TOKEN_MESSAGES.name,
    );
    await click(byLabel<HTMLInputElement>(dom.container, 'Read published pages (the content API)')!);
    await click(buttonNamed('Make the token')!);
    await until(() => text().includes(TOKEN_MESSAGES.scopes), 'the scopes refused');
  });

  it('asks before revoking, then says so and drops the token', async () => {
    dom.renderScreen(<ApiTokens />);
    await until(() => text().includes('CRM sync'), 'the token listed');
    await click(buttonNamed('Revoke CRM sync')!);
    const dialog = await until(() => document.querySelector('dialog[open]'), 'the question');
    expect(dialog.textContent).toContain('Revoke the API token CRM sync?');
    expect(calls.some((c) => c.call.endsWith('/revoke'))).toBe(false);
    await click([...dialog.querySelectorAll('button')].find((b) => b.textContent === 'Revoke')!);
    await until(() => vi.mocked(notify.success).mock.calls.length > 0, 'the toast');
    expect(notify.success).toHaveBeenCalledWith(TOKEN_MESSAGES.revoked);
    await until(() => !text().includes('CRM sync'), 'the token gone');
  });
});
