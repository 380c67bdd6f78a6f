// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_MESSAGES } from '../../../core/schemas/account';
import type { SessionInfo } from '../../../core/schemas/auth';
import { RequireScreen } from '../guard';
import { notify } from '../toasts';
import {
  buttonNamed as button,
  byLabel as labelled,
  click,
  expectFocus,
  type,
  until,
  withTestRoot,
} from '../test-support/dom';
import AccountPage, { ONE_TIME_NOTICE, OWN_PASSWORD_SET } from './account-page';
import ForgotPasswordPage from './forgot-password-page';
import ResetPasswordPage, { LINK_INCOMPLETE } from './reset-password-page';
import TwoStepPage from './two-step-page';
import { groupedKey } from './two-step-settings';

/**
 * The account screens (docs/design.md §21) against a stand-in for the server's calls, answering with the contract's
 * shapes and sentences: enough to see each screen send the right body and show the server's answer where the
 * user looks for it. The browser tests (tests/e2e/accounts.spec.ts) run them against the real server.
 */

vi.mock('../toasts', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn() } }));

const dom = withTestRoot();

interface Call {
  path: string;
  body: Record<string, unknown> | undefined;
  headers: Record<string, string>;
}
type Answer = { status: number; data: unknown };

const calls: Call[] = [];
let answers: Record<string, (body: Record<string, unknown>) => Answer>;
let session: SessionInfo;

const ok = (data: unknown): Answer => ({ status: 200, data });
/** A refusal as the server words it: `{message}`, with the `field` it is about when it is about one (docs/design.md §25). */
const refused = (status: number, message: string, field?: string): Answer => ({
  status,
  data: field === undefined ? { message } : { message, field },
});

const SIGNED_IN: SessionInfo = {
  authenticated: true,
  setupPending: false,
  companyName: 'Innovo',
  companyCode: 'INN',
  companyLogo: '',
  iconVersion: 'v1',
  passwordResetByMail: true,
  twoFactor: false,
  user: {
    id: 7,
    username: 'asha',
    firstName: 'Asha',
    usergroupid: 3,
    landpage: '/Home',
    screens: ['News'],
    twoFactor: false,
    twoFactorRequired: false,
    passwordChangeRequired: false,
  },
};
const SIGN_IN_ANSWER = {
  message: 'SUCCESS',
  username: 'asha',
  firstName: 'Asha',
  id: 7,
  token: 't',
  accessToken: 't',
  dbName: 'default',
  usergroupid: 3,
  landpage: '/News',
  companyName: 'Innovo',
  companyCode: 'INN',
};

beforeEach(() => {
  calls.length = 0;
  session = { ...SIGNED_IN, authenticated: false, user: null };
  answers = {};
  vi.mocked(notify.success).mockClear();
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
    calls.push({ path: url, body, headers: { ...(init?.headers as Record<string, string>) } });
    const answer =
      url === '/api/auth/session' ? ok(session) : (answers[url]?.(body ?? {}) ?? refused(404, `No call ${url}`));
    return new Response(JSON.stringify(answer.data), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
});
afterEach(() => vi.unstubAllGlobals());

/** Where the router is: rendered beside the screen, so a test sees navigations and the address it keeps. */
function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}
const where = () => dom.container.querySelector('[data-testid="where"]')?.textContent;

function renderAt(path: string, routes: Record<string, ReactNode>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  dom.render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          {Object.entries(routes).map(([route, element]) => (
            <Route key={route} path={route} element={element} />
          ))}
          <Route path="*" element={<p>Elsewhere</p>} />
        </Routes>
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return client;
}

const text = () => dom.container.textContent ?? '';
const callsTo = (path: string) => calls.filter((call) => call.path === path);

describe('the second step of a sign-in', () => {
  it('refuses a wrong code beside the input, emptied and focused for the next try', async () => {
    answers['/api/auth/signin/verify'] = () => refused(401, ACCOUNT_MESSAGES.wrongCode);
    renderAt('/login/two-step', { '/login/two-step': <TwoStepPage /> });
    const code = await until(() => labelled<HTMLInputElement>(dom.container, 'Code'), 'the code input');
    expect(code.autocomplete).toBe('one-time-code');
    expect(code.inputMode).toBe('numeric');
    await type(code, '123 456');
    await click(button('Verify')!);
    await until(() => text().includes(ACCOUNT_MESSAGES.wrongCode), 'the sentence');
    expect(callsTo('/api/auth/signin/verify')[0]!.body).toEqual({ code: '123 456' });
    expect(code.value).toBe('');
    await expectFocus(() => code);
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(code.getAttribute('aria-describedby')!)?.textContent).toBe(
      ACCOUNT_MESSAGES.wrongCode,
    );
    // A recovery code needs letters: the keyboard changes, the input stays.
    await click(button('Type a recovery code')!);
    expect(code.inputMode).toBe('text');
  });

  it('says when the sign-in has timed out, with the way back to log in', async () => {
    answers['/api/auth/signin/verify'] = () => refused(401, ACCOUNT_MESSAGES.challengeExpired);
    renderAt('/login/two-step', { '/login/two-step': <TwoStepPage /> });
    await type(await until(() => labelled<HTMLInputElement>(dom.container, 'Code'), 'the code input'), '123456');
    await click(button('Verify')!);
    await until(() => text().includes(ACCOUNT_MESSAGES.challengeExpired), 'the sentence');
    expect(labelled(dom.container, 'Code')).toBeNull();
    expect(dom.container.querySelector('a[href="/login"]')?.textContent).toBe('Sign in again');
  });

  it('never signs out, and completes the sign-in as login does: the profile, the session, the landing page', async () => {
    answers['/api/auth/signin/verify'] = () => {
      session = SIGNED_IN;
      return ok(SIGN_IN_ANSWER);
    };
    renderAt('/login/two-step', { '/login/two-step': <TwoStepPage />, '/News': <p>News editor</p> });
    await type(
      await until(() => labelled<HTMLInputElement>(dom.container, 'Code'), 'the code input'),
      'abcd-efgh-ijkm-npqr',
    );
    await click(button('Verify')!);
    await until(() => where() === '/News', 'the landing page');
    expect(localStorage.getItem('username')).toBe('asha');
    expect(notify.success).toHaveBeenCalledWith('Signed in.');
    expect(calls.map((call) => call.path)).not.toContain('/api/auth/signout');
  });
});

describe('forgot password', () => {
  it('without mail, says to ask an administrator and offers no form', async () => {
    session = { ...session, passwordResetByMail: false };
    renderAt('/forgot-password', { '/forgot-password': <ForgotPasswordPage /> });
    await until(() => text().includes(ACCOUNT_MESSAGES.resetNoMail), 'the sentence');
    expect(labelled(dom.container, 'User name')).toBeNull();
    expect(dom.container.querySelector('a[href="/login"]')).not.toBeNull();
  });

  it("shows the server's sentence in place of the form", async () => {
    answers['/api/auth/forgot'] = () => ok({ message: ACCOUNT_MESSAGES.forgotSent });
    renderAt('/forgot-password', { '/forgot-password': <ForgotPasswordPage /> });
    await type(await until(() => labelled<HTMLInputElement>(dom.container, 'User name'), 'the form'), ' asha ');
    await click(button('Send the link')!);
    await until(() => text().includes(ACCOUNT_MESSAGES.forgotSent), 'the sentence');
    expect(callsTo('/api/auth/forgot')[0]!.body).toEqual({ username: 'asha' });
    expect(labelled(dom.container, 'User name')).toBeNull();
    expect(document.activeElement?.textContent).toContain(ACCOUNT_MESSAGES.forgotSent);
  });

  it('keeps the form and the name on too many requests', async () => {
    answers['/api/auth/forgot'] = () => refused(429, ACCOUNT_MESSAGES.tooMany);
    renderAt('/forgot-password', { '/forgot-password': <ForgotPasswordPage /> });
    const name = await until(() => labelled<HTMLInputElement>(dom.container, 'User name'), 'the form');
    await type(name, 'asha');
    await click(button('Send the link')!);
    await until(
      () => dom.container.querySelector('[role="alert"]')?.textContent === ACCOUNT_MESSAGES.tooMany,
      'the sentence',
    );
    expect(name.value).toBe('asha');
  });
});

describe('reset password', () => {
  it('takes the token out of the address, sends the tenant, and checks the password before sending', async () => {
    answers['/api/auth/reset'] = () => ok({ message: ACCOUNT_MESSAGES.resetDone });
    renderAt('/reset-password?token=tok-123&db=acme', { '/reset-password': <ResetPasswordPage /> });
    await until(() => where() === '/reset-password', 'the address without the token');
    const password = labelled<HTMLInputElement>(dom.container, 'New password')!;
    const repeat = labelled<HTMLInputElement>(dom.container, 'Repeat the new password')!;
    await type(password, 'short');
    await type(repeat, 'shorter');
    await click(button('Set password')!);
    await until(() => text().includes('The passwords do not match.'), 'the mismatch');
    expect(text()).toContain('The password must be at least 12 characters.');
    expect(callsTo('/api/auth/reset')).toHaveLength(0);

    await type(password, 'a-long-new-password');
    await type(repeat, 'a-long-new-password');
    await click(button('Set password')!);
    await until(() => text().includes(ACCOUNT_MESSAGES.resetDone), 'the sentence');
    const [call] = callsTo('/api/auth/reset');
    expect(call!.body).toEqual({ token: 'tok-123', password: 'a-long-new-password' });
    expect(call!.headers.dbname).toBe('acme');
    expect(dom.container.querySelector('a[href="/login"]')?.textContent).toBe('Log in');
  });

  it('sends no tenant for the default one, and offers a new link for a used one', async () => {
    answers['/api/auth/reset'] = () => refused(400, ACCOUNT_MESSAGES.resetInvalid, 'token');
    renderAt('/reset-password?token=used', { '/reset-password': <ResetPasswordPage /> });
    await type(
      await until(() => labelled<HTMLInputElement>(dom.container, 'New password'), 'the form'),
      'a-long-new-password',
    );
    await type(labelled<HTMLInputElement>(dom.container, 'Repeat the new password')!, 'a-long-new-password');
    await click(button('Set password')!);
    await until(() => text().includes(ACCOUNT_MESSAGES.resetInvalid), 'the sentence');
    expect(callsTo('/api/auth/reset')[0]!.headers.dbname).toBeUndefined();
    expect(dom.container.querySelector('a[href="/forgot-password"]')?.textContent).toBe('Ask for a new link');
  });

  it('says the link is incomplete without a token', async () => {
    renderAt('/reset-password', { '/reset-password': <ResetPasswordPage /> });
    await until(() => text().includes(LINK_INCOMPLETE), 'the sentence');
    expect(labelled(dom.container, 'New password')).toBeNull();
  });
});

describe('the own account', () => {
  beforeEach(() => {
    session = SIGNED_IN;
  });

  it('turns two-step sign-in on: QR code and key, the first code, ten recovery codes shown once', async () => {
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    const codes = Array.from({ length: 10 }, (_, i) => `code-${i}aaa-bbbb-cccc`);
    answers['/api/auth/2fa/setup'] = () =>
      ok({ secret, otpauthUrl: `otpauth://totp/Innovo:asha?secret=${secret}&issuer=Innovo` });
    answers['/api/auth/2fa/enable'] = (body) => {
      if (body.code !== '654321') return refused(400, ACCOUNT_MESSAGES.wrongSetupCode, 'code');
      session = { ...SIGNED_IN, user: { ...SIGNED_IN.user!, twoFactor: true } };
      return ok({ message: ACCOUNT_MESSAGES.turnedOn, recoveryCodes: codes });
    };
    renderAt('/account', { '/account': <AccountPage /> });
    await click(await until(() => button('Turn on'), 'Turn on'));

    const qr = await until(() => dom.container.querySelector<HTMLImageElement>('img.account-qr'), 'the QR code');
    expect(qr.alt).toBe('QR code for two-step sign-in of asha on Innovo');
    expect(qr.src).toMatch(/^data:image\/svg\+xml/);
    expect(dom.container.querySelector('.account-secret')?.textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');

    const code = labelled<HTMLInputElement>(dom.container, 'Code from the app')!;
    await type(code, '111111');
    await click(button('Verify and turn on')!);
    await until(() => text().includes(ACCOUNT_MESSAGES.wrongSetupCode), 'the refusal');
    // Nothing typed is lost on an error.
    expect(code.value).toBe('111111');

    const sessionReads = callsTo('/api/auth/session').length;
    await type(code, '654321');
    await click(button('Verify and turn on')!);
    const items = await until(() => {
      const found = dom.container.querySelectorAll('.account-codes__list li');
      return found.length > 0 && found;
    }, 'the recovery codes');
    expect([...items].map((item) => item.textContent)).toEqual(codes);
    expect(text()).toContain('they will not be shown again');
    // The session is read again, so that the menu and the screens of a group that requires it appear.
    await until(() => callsTo('/api/auth/session').length > sessionReads, 'the session read again');

    await click(button('Done')!);
    expect(dom.container.querySelectorAll('.account-codes__list li')).toHaveLength(0);
    await until(() => button('Turn off'), 'the turn-off form');
    expect(dom.container.querySelector('.account-badge')?.textContent).toBe('On');
  });

  it("keeps what was typed in the password form and puts the server's sentence on the field it is about", async () => {
    answers['/api/auth/password'] = () => refused(400, ACCOUNT_MESSAGES.wrongCurrent, 'current');
    renderAt('/account', { '/account': <AccountPage /> });
    const current = await until(() => labelled<HTMLInputElement>(dom.container, 'Current password'), 'the form');
    await type(current, 'not-my-password');
    await type(labelled<HTMLInputElement>(dom.container, 'New password')!, 'a-long-new-password');
    await type(labelled<HTMLInputElement>(dom.container, 'Repeat the new password')!, 'a-long-new-password');
    await click(button('Change password')!);
    await until(() => current.getAttribute('aria-invalid') === 'true', 'the refusal on the field');
    expect(text()).toContain(ACCOUNT_MESSAGES.wrongCurrent);
    expect(callsTo('/api/auth/password')[0]!.body).toEqual({
      current: 'not-my-password',
      password: 'a-long-new-password',
    });
    expect(current.value).toBe('not-my-password');
    expect(labelled<HTMLInputElement>(dom.container, 'New password')!.value).toBe('a-long-new-password');

    answers['/api/auth/password'] = () => ok({ message: ACCOUNT_MESSAGES.passwordChanged });
    await type(current, 'my-password-1234');
    await click(button('Change password')!);
    await until(() => vi.mocked(notify.success).mock.calls.length > 0, 'the toast');
    expect(notify.success).toHaveBeenCalledWith(ACCOUNT_MESSAGES.passwordChanged);
    await until(() => current.value === '', 'the form emptied');
  });

  it('says when the group requires two-step sign-in', async () => {
    session = { ...SIGNED_IN, user: { ...SIGNED_IN.user!, twoFactorRequired: true, screens: [] } };
    renderAt('/account', { '/account': <AccountPage /> });
    await until(() => text().includes('Your group requires two-step sign-in.'), 'the notice');
  });

  it('after a one-time password: says so, puts the password form first and focused, and opens the way on once it is changed', async () => {
    session = {
      ...SIGNED_IN,
      user: { ...SIGNED_IN.user!, passwordChangeRequired: true, screens: [], landpage: '/account' },
    };
    renderAt('/account', { '/account': <AccountPage /> });
    await until(() => text().includes(ONE_TIME_NOTICE), 'the notice');
    const current = await until(
      () => labelled<HTMLInputElement>(dom.container, 'One-time password'),
      'the one-time password input',
    );
    await until(() => document.activeElement === current, 'the focus on the one-time password');
    const headings = [...dom.container.querySelectorAll('h2')].map((h) => h.textContent);
    expect(headings).toEqual(['Choose your password', 'Your details', 'Two-step sign-in', 'Passkeys']);
    expect(current.closest('form')!.getAttribute('aria-describedby')).toBe('account-one-time');

    answers['/api/auth/password'] = () => {
      session = { ...SIGNED_IN, user: { ...SIGNED_IN.user!, passwordChangeRequired: false, landpage: '/News' } };
      return ok({ message: ACCOUNT_MESSAGES.passwordChanged });
    };
    await type(current, 'abcd-efgh-jkmn-pqrs');
    await type(labelled<HTMLInputElement>(dom.container, 'New password')!, 'my-own-password-now');
    await type(labelled<HTMLInputElement>(dom.container, 'Repeat the new password')!, 'my-own-password-now');
    const sessionCalls = callsTo('/api/auth/session').length;
    await click(button('Change password')!);
    await until(() => text().includes(OWN_PASSWORD_SET), 'the way on');
    expect(callsTo('/api/auth/password')[0]!.body).toEqual({
      current: 'abcd-efgh-jkmn-pqrs',
      password: 'my-own-password-now',
    });
    expect(callsTo('/api/auth/session').length).toBeGreaterThan(sessionCalls);
    expect(text()).not.toContain(ONE_TIME_NOTICE);
    const onward = [...dom.container.querySelectorAll('a')].find((a) => a.textContent === 'Go to your start page');
    expect(onward?.getAttribute('href')).toBe('/News');
    expect(document.activeElement?.textContent).toContain(OWN_PASSWORD_SET);
    // Nothing moved under the user's hand: the password form is still first.
    expect(dom.container.querySelector('h2')?.textContent).toBe('Choose your password');
  });
});

describe('the route guard', () => {
  it('keeps a user whose group requires two-step sign-in on /account', async () => {
    session = { ...SIGNED_IN, user: { ...SIGNED_IN.user!, twoFactorRequired: true, screens: [] } };
    const guarded = (name: string) => (
      <RequireScreen screen={name === 'account' ? undefined : name}>{<p>Screen {name}</p>}</RequireScreen>
    );
    renderAt('/News', { '/News': guarded('News'), '/account': guarded('account') });
    await until(() => where() === '/account', 'the account');
    expect(text()).toContain('Screen account');
  });

  it('keeps a user who signed in with a one-time password on /account', async () => {
    session = { ...SIGNED_IN, user: { ...SIGNED_IN.user!, passwordChangeRequired: true, screens: [] } };
    const guarded = (name: string) => (
      <RequireScreen screen={name === 'account' ? undefined : name}>{<p>Screen {name}</p>}</RequireScreen>
    );
    renderAt('/News', { '/News': guarded('News'), '/account': guarded('account') });
    await until(() => where() === '/account', 'the account');
    expect(text()).toContain('Screen account');
  });

  it('lets everyone else through', async () => {
    session = SIGNED_IN;
    renderAt('/News', { '/News': <RequireScreen screen="News">{<p>Screen News</p>}</RequireScreen> });
    await until(() => text().includes('Screen News'), 'the screen');
    expect(where()).toBe('/News');
  });
});

describe('groupedKey', () => {
  it('groups a key in fours', () => {
    expect(groupedKey('ABCDEFGHIJ')).toBe('ABCD EFGH IJ');
    expect(groupedKey('')).toBe('');
  });
});
