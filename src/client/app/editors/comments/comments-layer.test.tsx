// @vitest-environment jsdom
import { act, useState } from 'react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Comment } from '../../../../core/schemas/comment';
import { notify } from '../../toasts';
import {
  buttonNamed,
  byLabel,
  choose,
  click,
  type,
  until,
  withFakeMasterApi,
  withModalDialogs,
  withTestRoot,
} from '../../test-support/dom';
import CommentsLayer from './comments-layer';

/**
 * Comments on a draft's fields in the editor (docs/design.md §32) against a stand-in for their calls, answering with the
 * contract's shapes (src/core/schemas/comment.ts): a marker with the count of open comments beside a field, the dialog
 * it opens with the thread, its reply and Resolve, resolved ones behind "Show resolved", and a refusal that keeps what
 * was typed.
 */

vi.mock('../../toasts', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn() } }));

const dom = withTestRoot();
withModalDialogs();
const calls = withFakeMasterApi(answer);

const OPEN: Comment = {
  id: 4,
  path: 'seo.title',
  text: 'Too long for search results.',
  author: 'asha',
  createdAt: '2026-11-30T09:00:00.000Z',
  mine: false,
  resolved: false,
  resolvedBy: null,
  resolvedAt: null,
  replies: [{ id: 5, text: 'I will shorten it.', author: 'ravi', createdAt: '2026-11-30T09:05:00.000Z', mine: true }],
};
const DONE: Comment = {
  ...OPEN,
  id: 6,
  text: 'Add the city.',
  resolved: true,
  resolvedBy: 'ravi',
  resolvedAt: '2026-11-30T10:00:00.000Z',
  replies: [],
};

let items: Comment[];
let refuseNext: string | null;

function answer(call: string, body: Record<string, unknown>, request: { method: string }) {
  if (call.startsWith('comments?') && request.method === 'GET') return { status: 200, data: { items } };
  if (call === 'comments' && request.method === 'POST') {
    if (refuseNext) return { status: 400, data: { message: refuseNext, field: 'text' } };
    const parent = items.find((item) => item.id === body.replyTo);
    const id = 100 + items.length;
    const said = { id, text: String(body.text), author: 'ravi', createdAt: '2026-11-30T11:00:00.000Z', mine: true };
    if (parent) parent.replies = [...parent.replies, said];
    else items = [...items, { ...OPEN, ...said, path: String(body.path), replies: [] }];
    return { status: 200, data: { id } };
  }
  const resolving = /^comments\/(\d+)\/resolve$/.exec(call);
  if (resolving && request.method === 'POST') {
    items = items.map((item) =>
      item.id === Number(resolving[1])
        ? { ...item, resolved: body.resolved === true, resolvedBy: body.resolved ? 'ravi' : null }
        : item,
    );
    return {
      status: 200,
      data: { id: Number(resolving[1]), resolved: body.resolved, resolvedBy: null, resolvedAt: null },
    };
  }
  return undefined;
}

const counted: Array<Record<string, number>> = [];

/** An editor's form with two fields and the layer over it, the dialog's state kept as the editor frame keeps it. */
function Form({ opened = null }: { opened?: { path: string | null } | null }) {
  const [open, setOpen] = useState<{ path: string | null } | null>(opened);
  return (
    <div className="editor-blocks">
      <div className="field-path" data-field-path="seo.title">
        <div className="field">
          <label htmlFor="title">Title</label>
          <input id="title" />
        </div>
      </div>
      <div className="field-path" data-field-path="lead">
        <div className="field">
          <label htmlFor="lead">Lead</label>
          <input id="lead" />
        </div>
      </div>
      <CommentsLayer
        routing="News"
        describeField={(path) => (path === 'seo.title' ? 'Page title' : 'Lead')}
        activeField={null}
        open={open}
        onOpen={setOpen}
        onCounts={(counts) => counted.push(counts)}
      />
    </div>
  );
}

// jsdom lays nothing out: every element gets a box, and the layer's observers are stand-ins.
const box = HTMLElement.prototype.getBoundingClientRect;
beforeAll(() => {
  HTMLElement.prototype.getBoundingClientRect = () => new DOMRect(0, 0, 300, 40);
});
afterAll(() => {
  HTMLElement.prototype.getBoundingClientRect = box;
});

beforeEach(() => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
  items = [structuredClone(OPEN), structuredClone(DONE)];
  refuseNext = null;
  counted.length = 0;
  vi.mocked(notify.error).mockClear();
});

const dialog = () => dom.container.querySelector<HTMLDialogElement>('dialog[open]');

describe('comments beside the fields', () => {
  it('marks a field with its open comments, tells the count, and opens the thread from the marker', async () => {
    dom.renderScreen(<Form />);
    const marker = await until(() => buttonNamed('1 open comment on Page title'), 'the marker of the title');
    expect(marker.textContent).toBe('1');
    expect(buttonNamed('1 open comment on Lead')).toBeNull();
    await until(
      () => counted.some((counts) => counts['seo.title'] === 1 && Object.keys(counts).length === 1),
      'counts',
    );
    expect(calls[0]!.call).toBe('comments?routing=News');

    await click(marker);
    const opened = await until(dialog, 'the comments dialog');
    expect(opened.getAttribute('aria-labelledby')).toBeTruthy();
    expect(opened.textContent).toContain('Comments on Page title');
    expect(opened.textContent).toContain('Too long for search results.');
    expect(opened.textContent).toContain('I will shorten it.');
    expect(opened.textContent).toContain('ravi (you)');
    // The focus starts in the new comment's box.
    expect(document.activeElement).toBe(byLabel(opened, 'New comment'));
    // The resolved thread is behind Show resolved.
    expect(opened.textContent).not.toContain('Add the city.');
    const toggle = opened.querySelector<HTMLInputElement>('input[type="checkbox"]')!;
    expect(toggle.closest('label')?.textContent).toBe('Show resolved (1)');
    await click(toggle);
    expect(opened.textContent).toContain('Add the city.');
    expect(opened.textContent).toContain('Resolved by ravi');
  });

  it('replies, resolves, and keeps what was typed when the server refuses it', async () => {
    dom.renderScreen(<Form />);
    await click(await until(() => buttonNamed('1 open comment on Page title'), 'the marker'));
    const opened = await until(dialog, 'the dialog');
    const reply = byLabel<HTMLTextAreaElement>(opened, 'Reply to asha')!;
    refuseNext = 'Write a comment of 1 to 2000 characters.';
    await type(reply, 'Done, 52 characters now.');
    await click(buttonNamed('Reply')!);
    await until(() => vi.mocked(notify.error).mock.calls.length > 0, 'the refusal');
    expect(notify.error).toHaveBeenCalledWith('Write a comment of 1 to 2000 characters.');
    expect(reply.value).toBe('Done, 52 characters now.');

    refuseNext = null;
    await click(buttonNamed('Reply')!);
    await until(() => opened.textContent?.includes('Done, 52 characters now.') && reply.value === '', 'the reply');
    expect(calls.find((call) => call.call === 'comments' && call.body.replyTo === 4)?.body).toEqual({
      routing: 'News',
      locale: null,
      path: 'seo.title',
      text: 'Done, 52 characters now.',
      replyTo: 4,
    });

    await click(buttonNamed('Resolve')!);
    await until(() => calls.some((call) => call.call === 'comments/4/resolve'), 'the resolve call');
    expect(calls.find((call) => call.call === 'comments/4/resolve')?.body).toEqual({ resolved: true });
    await until(() => buttonNamed('1 open comment on Page title') === null, 'the marker gone');
  });

  it('offers "Add a comment" beside the field under the pointer, and adds one there', async () => {
    dom.renderScreen(<Form />);
    await until(() => buttonNamed('1 open comment on Page title'), 'the marker');
    expect(buttonNamed('Add a comment on Lead')).toBeNull();
    const lead = dom.container.querySelector('#lead')!;
    await act(async () => {
      lead.dispatchEvent(new Event('pointerover', { bubbles: true }));
    });
    await click(await until(() => buttonNamed('Add a comment on Lead'), 'the Add a comment button'));
    const opened = await until(dialog, 'the dialog');
    expect(opened.textContent).toContain('Comments on Lead');
    expect(opened.textContent).toContain('No comments yet.');
    await type(byLabel<HTMLTextAreaElement>(opened, 'New comment')!, 'Name the clinic, @asha?');
    await click(buttonNamed('Comment')!);
    await until(() => buttonNamed('1 open comment on Lead'), 'the new marker');
    expect(calls.find((call) => call.call === 'comments')?.body).toEqual({
      routing: 'News',
      locale: null,
      path: 'lead',
      text: 'Name the clinic, @asha?',
    });
  });

  it('the Comments button’s dialog comments on the field chosen, the first until one is (the fields measured after it opened)', async () => {
    dom.renderScreen(<Form opened={{ path: null }} />);
    const opened = await until(dialog, 'the dialog');
    expect(opened.textContent).toContain('Comments on this page');
    const field = await until(() => byLabel<HTMLSelectElement>(opened, 'Field'), 'the choice of field');
    expect(field.value).toBe('seo.title');
    await type(byLabel<HTMLTextAreaElement>(opened, 'New comment')!, 'On the first field.');
    await click(buttonNamed('Comment')!);
    await until(
      () => calls.some((call) => call.call === 'comments' && call.body.text === 'On the first field.'),
      'the call',
    );
    expect(calls.find((call) => call.body.text === 'On the first field.')?.body).toMatchObject({ path: 'seo.title' });
    await choose(field, 'lead');
    await type(byLabel<HTMLTextAreaElement>(opened, 'New comment')!, 'On the lead.');
    await click(buttonNamed('Comment')!);
    await until(() => calls.some((call) => call.body.text === 'On the lead.'), 'the second call');
    expect(calls.find((call) => call.body.text === 'On the lead.')?.body).toMatchObject({ path: 'lead' });
  });
});
