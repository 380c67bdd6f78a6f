// @vitest-environment jsdom
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SSO_MESSAGES, SSO_REFUSALS, type SignInSettings } from '../../../../core/schemas/single-sign-on';
import { byLabel, click, type, until, withFakeMasterApi, withTestRoot } from '../../test-support/dom';
import { notify } from '../../toasts';
import { SingleSignOnChoice } from '../../pages/single-sign-on-choice';
import SignInSettingsScreen from './signin-settings-screen';

/**
 * The sign-in settings screen (docs/design.md §33) against a stand-in for its two calls that keeps the settings as the
 * server does (the secret only as set or not), and the login page's part: the button and the sentence of a refusal.
 */

vi.mock('../../toasts', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn() } }));

const dom = withTestRoot();
const calls = withFakeMasterApi(answer);

const CALLBACK = 'https://www.firm.example/api/auth/sso/callback';
let stored: SignInSettings;
let refusal: { status: number; data: { message: string; field?: string } } | null;
let button: string | null;

beforeEach(() => {
  stored = {
    enabled: true,
    label: '',
    issuer: 'https://accounts.google.com',
    clientId: 'folio.apps.example',
    secret: 'set',
    joinDomain: 'firm.example',
    joinGroupId: 3,
    passwordSignIn: true,
    callbackUrl: CALLBACK,
    groups: [
      { id: 3, name: 'Editors' },
      { id: 7, name: 'Front desk' },
    ],
  };
  refusal = null;
  button = 'Sign in with Google';
  vi.mocked(notify.success).mockClear();
});

function answer(call: string, body: Record<string, unknown>, { method }: { method: string }) {
  if (call === 'signin-settings' && method === 'GET') return { status: 200, data: stored };
  if (call === 'signin-settings' && method === 'POST') {
    if (refusal) return refusal;
    const { clientSecret, ...rest } = body as Record<string, unknown> & { clientSecret: string };
    stored = {
      ...stored,
      ...(rest as Partial<SignInSettings>),
      secret: clientSecret || stored.secret !== 'none' ? 'set' : 'none',
    };
    return { status: 200, data: stored };
  }
  if (call === '/api/auth/sso') return { status: 200, data: { label: button } };
  return undefined;
}

const field = (label: string) => byLabel<HTMLInputElement>(dom.container, label)!;
const hintOf = (input: HTMLElement) => document.getElementById(`${input.id}-hint`)?.textContent;
const errorOf = (input: HTMLElement) => document.getElementById(`${input.id}-error`)?.textContent;
const saves = () =>
  calls.filter((c) => c.call === 'signin-settings' && Object.keys(c.body).length > 0).map((c) => c.body);
const submit = async () => {
  await act(async () => {
    field('Issuer').closest('form')!.requestSubmit();
  });
};

describe('the sign-in settings screen', () => {
  it('shows the stored settings, the callback address to copy, and the secret only as set', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    dom.renderScreen(<SignInSettingsScreen />);
    await until(() => byLabel(dom.container, 'Issuer'), 'the form');
    expect(document.title).toBe('Sign-in settings – Folio');
    expect(field('Issuer').value).toBe('https://accounts.google.com');
    expect(field('Client id').value).toBe('folio.apps.example');
    expect(field('Client secret').value).toBe('');
    expect(field('Client secret').type).toBe('password');
    expect(hintOf(field('Client secret'))).toBe('Set. Leave empty to keep it; type a new one to replace it.');
    expect(hintOf(field('Button words'))).toBe('Leave empty for “Sign in with Google”.');
    expect(field('Show the sign-in button on the login page').checked).toBe(true);
    const group = byLabel<HTMLSelectElement>(dom.container, 'Join the group')!;
    expect([...group.options].map((o) => o.textContent)).toEqual(['No group', 'Editors', 'Front desk']);
    expect(group.value).toBe('3');
    expect(field('Callback address').value).toBe(CALLBACK);
    expect(field('Callback address').readOnly).toBe(true);
    const copy = [...dom.container.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Copy')!;
    await click(copy);
    expect(writeText).toHaveBeenCalledWith(CALLBACK);
  });

  it('saves what is typed, keeping the stored secret when none is typed', async () => {
    dom.renderScreen(<SignInSettingsScreen />);
    await until(() => byLabel(dom.container, 'Issuer'), 'the form');
    await type(field('Button words'), 'Sign in with the firm');
    await act(async () => {
      const select = byLabel<HTMLSelectElement>(dom.container, 'Join the group')!;
      select.value = '7';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await click(field('People other than administrators may still sign in with a password'));
    await submit();
    await until(() => saves().length === 1, 'the save');
    expect(saves()[0]).toEqual({
      enabled: true,
      label: 'Sign in with the firm',
      issuer: 'https://accounts.google.com',
      clientId: 'folio.apps.example',
      clientSecret: '',
      joinDomain: 'firm.example',
      joinGroupId: 7,
      passwordSignIn: false,
    });
    await until(() => vi.mocked(notify.success).mock.calls.length === 1, 'the toast');
    expect(notify.success).toHaveBeenCalledWith(SSO_MESSAGES.saved, 'Saved');
  });

  it('says at its field what the screen checks, and what the server refuses', async () => {
    dom.renderScreen(<SignInSettingsScreen />);
    await until(() => byLabel(dom.container, 'Issuer'), 'the form');
    await type(field('Issuer'), 'http://accounts.firm.example');
    await submit();
    await until(() => errorOf(field('Issuer')), 'the issuer’s rule');
    expect(errorOf(field('Issuer'))).toBe(SSO_MESSAGES.issuer);
    expect(saves()).toEqual([]);

    refusal = { status: 400, data: { message: SSO_MESSAGES.unreachable, field: 'issuer' } };
    await type(field('Issuer'), 'https://sso.firm.example');
    await type(field('Client secret'), 'a-new-secret');
    await submit();
    await until(() => errorOf(field('Issuer')) === SSO_MESSAGES.unreachable, 'the refusal at the issuer');
    expect(saves()[0]).toMatchObject({ issuer: 'https://sso.firm.example', clientSecret: 'a-new-secret' });
    expect(document.activeElement).toBe(field('Issuer'));
  });
});

describe('the login page’s single sign-on', () => {
  it('offers the button as a link to the start, and says why the last sign-in ended there', async () => {
    dom.renderScreen(<SingleSignOnChoice />, '/login?sso=unverified');
    const link = await until(
      () => [...dom.container.querySelectorAll('a')].find((a) => a.textContent === 'Sign in with Google'),
      'the button',
    );
    expect(link.getAttribute('href')).toBe('/api/auth/sso/start');
    expect(dom.container.querySelector('[role="alert"]')?.textContent).toBe(SSO_REFUSALS.unverified);
  });

  it('shows nothing while single sign-on is off, and no sentence for a reason it does not know', async () => {
    button = null;
    dom.renderScreen(<SingleSignOnChoice />, '/login?sso=whatever');
    await until(() => calls.some((c) => c.call === '/api/auth/sso') && dom.queries.isFetching() === 0, 'the answer');
    expect(dom.container.textContent).toBe('');
  });
});
