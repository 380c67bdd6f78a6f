// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  buttonNamed as button,
  byLabel as labelled,
  choose,
  click,
  until,
  withFakeMasterApi,
  withModalDialogs,
  withTestRoot,
} from '../../test-support/dom';
import type { FakeRequest } from '../../test-support/dom';
import { EnquiriesScreen } from './enquiries-screen';

/**
 * The one inbox (docs/design.md §30) against a stand-in for its calls: the Form filter switches the enquiries screen to a
 * form's submissions, Spam shows each one's reason, a submission opens with its values by label and its files, and
 * "Not spam" moves it to the inbox.
 */

vi.mock('../../toasts', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn() } }));

withModalDialogs();
const dom = withTestRoot();
const calls = withFakeMasterApi(answer);

const FORMS = [
  { id: 1, name: 'Contact', builtIn: 'contact', fields: [], submissions: 0, usedOn: [] },
  { id: 7, name: 'Job application', builtIn: null, fields: [], submissions: 2, usedOn: [] },
];
let statuses: Record<number, 'inbox' | 'spam' | 'handled'>;

beforeEach(() => {
  statuses = { 11: 'inbox', 12: 'spam' };
});

const row = (id: number) => ({
  id,
  form: { id: 7, name: 'Job application' },
  createdAt: '2026-11-30T06:00:00.000Z',
  summary: id === 11 ? 'Asha Rao · asha@example.com' : 'Buy cheap · spam@example.com',
  status: statuses[id]!,
  spamReason: statuses[id] === 'spam' ? ('links' as const) : null,
  files: id === 11 ? 1 : 0,
});

function answer(call: string, body: Record<string, unknown>, { method }: FakeRequest) {
  if (call === 'forms' && method === 'GET') return { status: 200, data: { items: FORMS } };
  if (call.startsWith('submissions?') && method === 'GET') {
    const status = new URLSearchParams(call.split('?')[1]).get('status') ?? 'inbox';
    return { status: 200, data: { items: [11, 12].filter((id) => statuses[id] === status).map(row), next: null } };
  }
  const one = /^submissions\/(\d+)(\/status)?$/.exec(call);
  if (one) {
    const id = Number(one[1]);
    if (one[2]) statuses[id] = body.status as 'inbox';
    return {
      status: 200,
      data: {
        ...row(id),
        values: [{ key: 'name', label: 'Your name', value: id === 11 ? 'Asha Rao' : 'Buy cheap' }],
        files: id === 11 ? [{ id: 3, name: 'cv.pdf', type: 'application/pdf', bytes: 2048 }] : [],
      },
    };
  }
  if (call.startsWith('getenquiries'))
    return { status: 200, data: { items: [], totalItems: 0, mailConfigured: true, next: null } };
  return { status: 404, data: { message: `No stand-in for ${method} ${call}` } };
}

describe('the one inbox', () => {
  it('switches to a form’s submissions, shows why one is in Spam, opens one, and moves it with Not spam', async () => {
    dom.renderScreen(<EnquiriesScreen />, '/enquiries');
    const form = await until(() => labelled<HTMLSelectElement>(dom.container, 'Form'), 'the Form filter');
    expect([...form.options].map((option) => option.textContent)).toEqual(['Contact form', 'Job application']);
    await choose(form, '7');
    await until(() => dom.container.textContent?.includes('Asha Rao · asha@example.com'), 'the inbox');
    await choose(labelled<HTMLSelectElement>(dom.container, 'Status')!, 'spam');
    await until(() => dom.container.textContent?.includes('More than 3 links in one answer'), 'the reason');
    const open = () =>
      [...dom.container.querySelectorAll<HTMLButtonElement>('button')].find((b) =>
        (b.getAttribute('aria-label') ?? b.textContent ?? '').startsWith('Open the submission of'),
      );
    await click(await until(open, 'Open'));
    await until(() => dom.container.textContent?.includes('Your name'), 'the submission');
    await click(button('Not spam')!);
    await until(() => statuses[12] === 'inbox', 'the move');
    expect(calls.some((c) => c.call === 'submissions/12/status' && c.body.status === 'inbox')).toBe(true);
  });
});
