// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_MESSAGES } from '../../../../core/schemas/account';
import { notify } from '../../toasts';
import {
  buttonNamed as button,
  click,
  until,
  withFakeMasterApi,
  withModalDialogs,
  withTestRoot,
} from '../../test-support/dom';
import { UserFormScreen } from './user-form-screen';

/** The user form's two-step sign-in (docs/design.md §21) against a stand-in for the user calls. */

vi.mock('../../toasts', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn() } }));

withModalDialogs();
const dom = withTestRoot();
const calls = withFakeMasterApi(answer);

let twoFactor: boolean;

const record = () => ({
  userID: 5,
  employeecode: 'E5',
  salutation: 'Ms.',
  gender: 'Female',
  firstname: 'Asha',
  middlename: '',
  lastname: 'Rao',
  address: '',
  mobile: '',
  mobile1: '',
  email: 'asha@example.in',
  selfaccessforuser: 'asha',
  usergroupid: 3,
  selfactive: true,
  activeStatus: 'Y',
  twoFactor,
});

function answer(call: string, body: Record<string, unknown>) {
  switch (call) {
    case 'getEmployeedByid':
      return { status: 200, data: record() };
    case 'getusergroup':
      return { status: 200, data: [{ id: 3, groupname: 'Editors' }] };
    case 'resetTwoFactor':
      if (body.id !== 5) return { status: 404, data: { message: ACCOUNT_MESSAGES.userNotFound } };
      twoFactor = false;
      return { status: 200, data: { status: 'OK', message: ACCOUNT_MESSAGES.adminReset } };
    default:
      return undefined;
  }
}

function renderUser(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  dom.render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/user" element={<UserFormScreen />} />
          <Route path="/user/:id" element={<UserFormScreen />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const twoStep = () => dom.container.querySelector('section[aria-labelledby="user-two-step"]');

beforeEach(() => {
  twoFactor = true;
});

describe('the two-step sign-in of a user', () => {
  it('shows it on, and an administrator turns it off after confirming; the user is read again', async () => {
    renderUser('/user/5');
    await until(() => twoStep()?.textContent?.includes('Two-step sign-in: On'), 'On');
    await click(button('Turn off two-step sign-in')!);
    const dialog = await until(() => document.querySelector('dialog[open]'), 'the confirmation');
    expect(dialog.textContent).toContain('asha will sign in with their password alone');
    // Cancel changes nothing.
    await click(button('Cancel')!);
    expect(calls.filter((c) => c.call === 'resetTwoFactor')).toHaveLength(0);

    await click(button('Turn off two-step sign-in')!);
    await until(() => document.querySelector('dialog[open]'), 'the confirmation');
    await click(button('Turn off')!);
    await until(() => twoStep()?.textContent?.includes('Two-step sign-in: Off'), 'Off');
    expect(calls.filter((c) => c.call === 'resetTwoFactor').map((c) => c.body)).toEqual([{ id: 5 }]);
    expect(calls.filter((c) => c.call === 'getEmployeedByid')).toHaveLength(2);
    expect(notify.success).toHaveBeenCalledWith(ACCOUNT_MESSAGES.adminReset);
    expect(button('Turn off two-step sign-in')).toBeNull();
  });

  it('offers nothing to turn off when it is off', async () => {
    twoFactor = false;
    renderUser('/user/5');
    await until(() => twoStep()?.textContent?.includes('Two-step sign-in: Off'), 'Off');
    expect(button('Turn off two-step sign-in')).toBeNull();
  });

  it('is not shown on a new user', async () => {
    renderUser('/user');
    await until(() => button('Save'), 'the form');
    expect(twoStep()).toBeNull();
  });
});
