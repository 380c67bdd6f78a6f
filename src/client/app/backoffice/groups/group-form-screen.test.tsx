// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import {
  buttonNamed as button,
  byLabel as labelled,
  click,
  type,
  until,
  withFakeMasterApi,
  withTestRoot,
} from '../../test-support/dom';
import { GroupFormScreen } from './group-form-screen';

/** The group form's "require two-step sign-in" (docs/design.md §21), on a new group and on an edited one. */

vi.mock('../../toasts', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn() } }));

const dom = withTestRoot();
// The group calls live under /api/menu/: the stand-in sees their whole path.
const calls = withFakeMasterApi((call) => {
  if (call === '/api/menu/getAllgroup') {
    return {
      status: 200,
      data: [
        {
          srno: 1,
          id: 4,
          groupname: 'Writers',
          builtin: false,
          users: 2,
          requireTwoFactor: true,
          publishing: 'direct',
        },
      ],
    };
  }
  if (call === '/api/menu/SaveUserGroup') return { status: 200, data: { status: 'OK', message: 'Group saved.' } };
  return undefined;
});

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  dom.render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/newGroup" element={<GroupFormScreen />} />
          <Route path="/newGrouphome" element={<p>Group list</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const requirement = () => labelled<HTMLInputElement>(dom.container, "Require two-step sign-in for this group's users");
const saved = () => calls.filter((c) => c.call === '/api/menu/SaveUserGroup').map((c) => c.body);

describe('the group form', () => {
  it('creates a group that requires two-step sign-in', async () => {
    renderAt('/newGroup');
    await type(labelled<HTMLInputElement>(dom.container, 'User Group')!, 'Auditors');
    expect(requirement()!.checked).toBe(false);
    await click(requirement()!);
    await click(button('Save')!);
    await until(() => dom.container.textContent?.includes('Group list'), 'the list');
    expect(saved()).toEqual([{ groupname: 'Auditors', requireTwoFactor: true }]);
  });

  it('edits a group: its name and requirement filled in, saved by id', async () => {
    renderAt('/newGroup?id=4');
    const name = await until(() => labelled<HTMLInputElement>(dom.container, 'User Group'), 'the form');
    expect(name.value).toBe('Writers');
    expect(requirement()!.checked).toBe(true);
    await click(requirement()!);
    await click(button('Save')!);
    await until(() => dom.container.textContent?.includes('Group list'), 'the list');
    expect(saved()).toEqual([{ id: 4, updategroupname: 'Writers', requireTwoFactor: false }]);
  });

  it('sets a group to publish through review (docs/design.md §32), sending the setting only when it changes', async () => {
    renderAt('/newGroup?id=4');
    const review = await until(
      () => labelled<HTMLInputElement>(dom.container, "Review this group's changes before they go live"),
      'the review setting',
    );
    expect(review.checked).toBe(false);
    await click(review);
    await click(button('Save')!);
    await until(() => dom.container.textContent?.includes('Group list'), 'the list');
    expect(saved()).toEqual([{ id: 4, updategroupname: 'Writers', requireTwoFactor: true, publishing: 'review' }]);
  });

  it('sets a group to require a passkey (docs/design.md §33), sending the setting only when it changes', async () => {
    renderAt('/newGroup?id=4');
    const passkey = await until(
      () => labelled<HTMLInputElement>(dom.container, "Require a passkey for this group's users"),
      'the passkey setting',
    );
    expect(passkey.checked).toBe(false);
    await click(passkey);
    await click(button('Save')!);
    await until(() => dom.container.textContent?.includes('Group list'), 'the list');
    expect(saved()).toEqual([{ id: 4, updategroupname: 'Writers', requireTwoFactor: true, requirePasskey: true }]);
  });

  it('says so for a group that is not there', async () => {
    renderAt('/newGroup?id=99');
    await until(() => dom.container.textContent?.includes('This group no longer exists.'), 'the sentence');
  });
});
