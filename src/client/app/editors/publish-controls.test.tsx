// @vitest-environment jsdom
import { act, useState } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Link, RouterProvider, createMemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../lib/date-time';
import { notify } from '../toasts';
import {
  buttonNamed,
  byLabel,
  fakeSession,
  click,
  expectFocus,
  type,
  until,
  withFakeMasterApi,
  withModalDialogs,
  withTestRoot,
} from '../test-support/dom';
import { EditorFrame } from './editor-frame';
import { LEAVE_QUESTION } from './leave-guard';
import { loadEdited, useEditableDocument } from './page-document';
import type { DocumentSource } from './page-document';
import { splitLoaded } from './publishing-state';
import { inputsOf } from './schedule-time';
import { api } from '../lib/api';
import type { HistoryCalls, PageRevision } from './history-panel';
import { z } from 'zod';
import { route } from '../../../core/api/route';
import { PageHistorySchema, SavedRevisionSchema } from '../../../core/schemas/revision';

/**
 * The publishing controls in the editor frame, against a stand-in for the server's edit, save, unschedule and
 * history calls (the contract of docs/design.md §19): what each button sends, what the bar then says, and the question
 * on leaving with unsaved changes.
 */

vi.mock('../toasts', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn() } }));

withModalDialogs();
const dom = withTestRoot();

interface TestDocument {
  revision: number;
  title: string;
}

const AT = '2026-12-01T03:30:00.000Z';
const SAVED_AT = '2026-11-20T08:15:00.000Z';

/** What the stand-in server holds. */
let server: {
  doc: TestDocument;
  status: 'published' | 'draft' | 'scheduled' | 'in_review';
  publishAt: string | null;
  published: number | null;
  scheduled: { revision: number; publishAt: string } | null;
  /** A refusal the next save gets instead. */
  refuse: { status: number; message: string } | null;
  /** The user's group publishes through review (docs/design.md §32): a publication is stored as in review. */
  review?: boolean;
};

const calls = withFakeMasterApi((call, body) => {
  if (call === '/api/auth/session') {
    const user = { username: 'ed', landpage: '/Test', publishesByReview: server.review === true };
    return { status: 200, data: fakeSession(['Test'], user) };
  }
  if (call === 'edit/Test') {
    const { doc, status, publishAt, published, scheduled } = server;
    const seoDefaults = { title: 'T', description: '', image: '', url: '/Test1' };
    return {
      status: 200,
      data: {
        ...doc,
        status,
        publishAt,
        savedAt: SAVED_AT,
        published,
        scheduled,
        nextRevision: doc.revision + 1,
        seoDefaults,
      },
    };
  }
  if (call === 'history/Test') {
    const revisions: PageRevision[] = [
      {
        revision: server.doc.revision,
        savedBy: 'ed',
        savedAt: SAVED_AT,
        status: server.status,
        publishAt: server.publishAt,
      },
    ];
    return { status: 200, data: { revisions, published: server.published } };
  }
  if (call === 'saveTest') {
    if (server.refuse) return { status: server.refuse.status, data: { message: server.refuse.message } };
    const revision = server.doc.revision + 1;
    const publish = String(body.publish ?? 'now');
    const asked = publish === 'now' ? 'published' : publish === 'draft' ? 'draft' : 'scheduled';
    const status = server.review && asked !== 'draft' ? 'in_review' : asked;
    const publishAt = status === 'scheduled' ? publish : null;
    const unscheduled = status === 'published' ? server.scheduled : null;
    server = { ...server, doc: { revision, title: String(body.title) }, status, publishAt };
    if (status === 'published') server = { ...server, published: revision, scheduled: null };
    if (status === 'scheduled') server = { ...server, scheduled: { revision, publishAt: publish } };
    return { status: 200, data: { message: 'Success', revision, status, publishAt, unscheduled } };
  }
  if (call === 'unschedule/Test') {
    server = { ...server, scheduled: null, status: 'draft', publishAt: null };
    return { status: 200, data: { message: 'Success', revision: body.revision, status: 'draft' } };
  }
  return undefined;
});

/** The test page's own calls, as the route table declares a built-in page's (src/core/api/pages.ts). */
const saveTest = route({
  method: 'POST',
  path: '/api/master/saveTest',
  body: z.looseObject({}),
  reply: SavedRevisionSchema,
  access: { editsPage: { fixed: 'Test' } },
});
const testHistory = route({
  method: 'GET',
  path: '/api/master/history/Test',
  reply: PageHistorySchema,
  access: { editsPage: { fixed: 'Test' } },
});

const source: DocumentSource<TestDocument> = {
  queryKey: ['page-document', 'test'],
  draftName: 'Test',
  routing: 'Test',
  load: async () => splitLoaded(await loadEdited<TestDocument>('Test')),
  save: (doc, publish) => api(saveTest, { body: { ...doc, publish } }),
};

const history: HistoryCalls = {
  key: ['page-history', 'Test'],
  list: () => api(testHistory),
  restore: async () => null,
  compare: () => Promise.reject(new Error('No comparison in these tests.')),
};

function TestEditor() {
  const editor = useEditableDocument(source);
  return (
    <EditorFrame<TestDocument>
      editor={editor}
      routing="Test"
      title="Test editor"
      viewPage={{ href: '/Test1' }}
      history={history}
    >
      {(doc) => (
        <>
          <label htmlFor="test-title">Title</label>
          <input
            id="test-title"
            value={doc.title}
            onChange={(event) => editor.update((current) => ({ ...current, title: event.target.value }))}
          />
          <Link to="/elsewhere">Elsewhere</Link>
        </>
      )}
    </EditorFrame>
  );
}

function App() {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  const [router] = useState(() =>
    createMemoryRouter(
      [
        { path: '/Test', element: <TestEditor /> },
        { path: '/elsewhere', element: <h1>Another screen</h1> },
      ],
      { initialEntries: ['/Test'] },
    ),
  );
  return (
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}

const stateText = () => document.querySelector('.publish-state')?.textContent ?? '';
const titleInput = () => byLabel<HTMLInputElement>(document, 'Title');
const question = () => document.querySelector('[role="alertdialog"]');
const dialogButton = (name: string) =>
  [...(document.querySelector('dialog[open]')?.querySelectorAll('button') ?? [])].find(
    (b) => b.textContent?.trim() === name,
  ) ?? null;
const saves = () => calls.filter((c) => c.call === 'saveTest');

async function openEditor() {
  dom.render(<App />);
  await until(() => titleInput(), 'the editor');
  await until(() => stateText() !== '', 'the publishing state');
}

beforeEach(() => {
  localStorage.clear();
  vi.mocked(notify.success).mockClear();
  vi.mocked(notify.error).mockClear();
  server = {
    doc: { revision: 7, title: 'Live title' },
    status: 'published',
    publishAt: null,
    published: 7,
    scheduled: null,
    refuse: null,
  };
});

describe('the state in the action bar', () => {
  it('loads from the edit call and says Published', async () => {
    await openEditor();
    expect(calls[0]?.call).toBe('edit/Test');
    expect(stateText()).toBe('PublishedVisitors see revision 7, the newest.');
    await type(titleInput()!, 'Changed');
    expect(stateText()).toBe('Unsaved changesSaved copy: published.Visitors see revision 7, the newest.');
  });

  it('says when a draft loaded from the server was saved (read from the history) and what visitors see', async () => {
    server = { ...server, doc: { revision: 8, title: 'Draft title' }, status: 'draft' };
    await openEditor();
    await until(() => stateText().startsWith('Draft saved at'), 'the draft’s time');
    expect(stateText()).toBe(`Draft saved at ${formatDateTime(SAVED_AT)}Visitors see revision 7.`);
  });

  it('says both when a schedule waits under a newer draft', async () => {
    server = {
      ...server,
      doc: { revision: 9, title: 'Draft title' },
      status: 'draft',
      scheduled: { revision: 8, publishAt: AT },
    };
    await openEditor();
    await until(() => stateText().includes('scheduled for'), 'the schedule');
    expect(stateText()).toContain(`Revision 8 is scheduled for ${formatDateTime(AT)}, without this draft.`);
    expect(stateText()).toContain('Until then, visitors see revision 7.');
    expect(buttonNamed('Unschedule')).not.toBeNull();
  });
});

describe('the buttons', () => {
  it('Save draft sends publish "draft" and the bar says the draft was saved', async () => {
    await openEditor();
    await type(titleInput()!, 'Draft words');
    await click(buttonNamed('Save draft')!);
    await until(() => stateText().startsWith('Draft saved at'), 'the saved draft');
    expect(saves().map((c) => c.body)).toEqual([{ revision: 7, title: 'Draft words', publish: 'draft' }]);
    expect(stateText()).toContain('Visitors see revision 7.');
    expect(notify.success).toHaveBeenCalledWith('Draft saved. Visitors still see revision 7.', 'Draft saved');
  });

  it('Save asks first, saying what happens, then publishes', async () => {
    await openEditor();
    await type(titleInput()!, 'New words');
    await click(buttonNamed('Save')!);
    expect(question()?.textContent).toContain(
      'Saves your changes as revision 8 and publishes it: visitors will see it at once.',
    );
    expect(saves()).toHaveLength(0);
    await click(dialogButton('Publish')!);
    await until(() => saves().length === 1 && stateText().startsWith('Published'), 'the publication');
    expect(saves()[0]!.body).toEqual({ revision: 7, title: 'New words', publish: 'now' });
    expect(stateText()).toBe('PublishedVisitors see revision 8, the newest.');
    expect(notify.success).toHaveBeenCalledWith('Saved and published: visitors see it now.');
  });

  it('for a member of a group that publishes through review, Save becomes Ask for review (docs/design.md §32)', async () => {
    server = { ...server, review: true };
    await openEditor();
    await until(() => buttonNamed('Ask for review'), 'Ask for review');
    expect(buttonNamed('Ask for review at a time…')).not.toBeNull();
    expect(buttonNamed('Save')).toBeNull();
    await type(titleInput()!, 'Words for a reviewer');
    await click(buttonNamed('Ask for review')!);
    expect(question()?.textContent).toContain(
      'Saves your changes as revision 8 and asks for review: it goes live once someone else approves it.',
    );
    await click(dialogButton('Ask for review')!);
    await until(() => stateText().startsWith('Waiting for review'), 'the revision in review');
    expect(saves()[0]!.body).toEqual({ revision: 7, title: 'Words for a reviewer', publish: 'now' });
    expect(stateText()).toBe('Waiting for reviewVisitors see revision 7.');
    expect(notify.success).toHaveBeenCalledWith('It goes live once someone else approves it.', 'Sent for review');
  });

  it('names the revision Publish really stores: a draft saved on this visit is published as the one after it (docs/design.md §34)', async () => {
    await openEditor();
    await type(titleInput()!, 'Draft words');
    await click(buttonNamed('Save draft')!);
    await until(() => stateText().startsWith('Draft saved at'), 'the saved draft');
    await click(buttonNamed('Save')!);
    expect(question()?.textContent).toContain(
      'Publishes the draft, revision 8, saved again as revision 9: visitors will see it at once.',
    );
    await click(dialogButton('Publish')!);
    await until(() => stateText().startsWith('Published'), 'the publication');
    // The revision the question named is the one visitors see.
    expect(server.published).toBe(9);
    expect(stateText()).toBe('PublishedVisitors see revision 9, the newest.');
    await type(titleInput()!, 'Newer words');
    await click(buttonNamed('Save')!);
    expect(question()?.textContent).toContain('Saves your changes as revision 10 and publishes it');
  });

  it('Cancel in the question publishes nothing', async () => {
    await openEditor();
    await type(titleInput()!, 'New words');
    await click(buttonNamed('Save')!);
    await click(dialogButton('Cancel')!);
    expect(question()).toBeNull();
    expect(saves()).toHaveLength(0);
    expect(stateText()).toMatch(/^Unsaved changes/);
  });

  it('with nothing new to publish, Save says so and sends nothing', async () => {
    await openEditor();
    await click(buttonNamed('Save')!);
    expect(question()).toBeNull();
    expect(saves()).toHaveLength(0);
    expect(notify.success).toHaveBeenCalledWith(
      'Nothing new to publish: visitors already see revision 7, the newest.',
      'Nothing to publish',
    );
  });

  it('publishes an unchanged draft, and says the schedule it cancelled', async () => {
    server = {
      ...server,
      doc: { revision: 9, title: 'Draft title' },
      status: 'draft',
      scheduled: { revision: 8, publishAt: AT },
    };
    await openEditor();
    await click(buttonNamed('Save')!);
    expect(question()?.textContent).toContain(
      `Publishes the draft, revision 9, saved again as revision 10: visitors will see it at once. The schedule of revision 8 for ${formatDateTime(AT)} will be cancelled.`,
    );
    await click(dialogButton('Publish')!);
    await until(() => stateText().startsWith('Published'), 'the publication');
    expect(saves()[0]!.body).toEqual({ revision: 9, title: 'Draft title', publish: 'now' });
    expect(notify.success).toHaveBeenCalledWith(
      `Saved and published: visitors see it now. The schedule of revision 8 for ${formatDateTime(AT)} was cancelled.`,
    );
    expect(buttonNamed('Unschedule')).toBeNull();
  });

  it('Preview with no unsaved changes opens the preview at once; with some, saves a draft first', async () => {
    const opened: {
      url: string | undefined;
      tab: { location: { href: string }; opener: unknown; close: () => void };
    }[] = [];
    vi.spyOn(window, 'open').mockImplementation((url) => {
      const tab = { location: { href: String(url ?? '') }, opener: window as unknown, close: vi.fn() };
      opened.push({ url: url === undefined ? undefined : String(url), tab });
      return tab as unknown as Window;
    });
    await openEditor();
    await click(buttonNamed('Preview (opens in a new tab)')!);
    expect(opened.map((o) => o.url)).toEqual(['/preview/Test1']);
    expect(saves()).toHaveLength(0);

    await type(titleInput()!, 'Preview me');
    await click(buttonNamed('Preview (opens in a new tab)')!);
    await until(() => opened[1]?.tab.location.href === '/preview/Test1', 'the preview tab');
    expect(saves().map((c) => c.body.publish)).toEqual(['draft']);
    expect(opened[1]!.tab.opener).toBeNull();
    vi.mocked(window.open).mockRestore();
  });

  it('Schedule… checks the moment before sending, sends it as UTC, and shows the server’s refusal', async () => {
    await openEditor();
    await type(titleInput()!, 'Later words');
    await click(buttonNamed('Schedule…')!);
    // The dialog is a chunk of its own (loaded when the button is pressed).
    await vi.waitFor(() => expect(byLabel(document, 'Date')).not.toBeNull());
    await act(async () => {});
    const date = byLabel<HTMLInputElement>(document, 'Date')!;
    const time = byLabel<HTMLInputElement>(document, 'Time')!;
    await expectFocus(() => date);

    // In the past: refused here, nothing sent.
    const past = inputsOf(new Date(Date.now() - 60 * 60_000));
    await type(date, past.date);
    await type(time, past.time);
    await click(dialogButton('Schedule')!);
    expect(document.querySelector('dialog[open]')?.textContent).toContain(
      'The publishing time has already passed: choose a time in the future.',
    );
    expect(time.getAttribute('aria-invalid')).toBe('true');
    expect(saves()).toHaveLength(0);

    // The server refuses (its 400 sentence is shown in the dialog).
    const moment = new Date(Date.now() + 2 * 24 * 60 * 60_000);
    moment.setSeconds(0, 0);
    const future = inputsOf(moment);
    await type(date, future.date);
    await type(time, future.time);
    expect(document.querySelector('.schedule-dialog__moment')?.textContent).toBe(
      `Visitors will see it from ${formatDateTime(moment.toISOString())}.`,
    );
    server.refuse = {
      status: 400,
      message: 'The publishing time is more than a year ahead: choose a time within a year.',
    };
    await click(dialogButton('Schedule')!);
    await until(() => document.querySelector('.schedule-dialog__refusal'), 'the refusal');
    expect(document.querySelector('.schedule-dialog__refusal')?.textContent).toBe(
      'The publishing time is more than a year ahead: choose a time within a year.',
    );

    server.refuse = null;
    await click(dialogButton('Schedule')!);
    await until(() => stateText().startsWith('Scheduled for'), 'the schedule');
    expect(saves().at(-1)!.body).toEqual({ revision: 7, title: 'Later words', publish: moment.toISOString() });
    expect(document.querySelector('dialog[open]')).toBeNull();
    expect(stateText()).toBe(
      `Scheduled for ${formatDateTime(moment.toISOString())}Until then, visitors see revision 7.`,
    );
    expect(notify.success).toHaveBeenCalledWith(
      `Scheduled: the page will be published on ${formatDateTime(moment.toISOString())}.`,
      'Scheduled',
    );
    await expectFocus(() => buttonNamed('Schedule…'));
  });

  it('Unschedule asks, then cancels the schedule: the revision stays as a draft', async () => {
    server = {
      ...server,
      doc: { revision: 8, title: 'Later' },
      status: 'scheduled',
      publishAt: AT,
      scheduled: { revision: 8, publishAt: AT },
    };
    await openEditor();
    expect(stateText()).toBe(`Scheduled for ${formatDateTime(AT)}Until then, visitors see revision 7.`);
    await click(buttonNamed('Unschedule')!);
    expect(question()?.textContent).toContain(
      `Revision 8 will not be published on ${formatDateTime(AT)}: it stays saved as a draft. Visitors keep seeing revision 7.`,
    );
    await click(dialogButton('Unschedule')!);
    await until(() => calls.some((c) => c.call === 'unschedule/Test'), 'the unschedule call');
    expect(calls.find((c) => c.call === 'unschedule/Test')!.body).toEqual({ revision: 8 });
    await until(() => buttonNamed('Unschedule') === null, 'the schedule gone');
    expect(stateText()).toMatch(/^Draft saved/);
    expect(notify.success).toHaveBeenCalledWith(
      `Schedule cancelled: revision 8 will not be published on ${formatDateTime(AT)}. It stays saved as a draft.`,
      'Schedule cancelled',
    );
  });

  it('a 409 on a draft keeps the edits and shows the conflict banner', async () => {
    await openEditor();
    await type(titleInput()!, 'Mine');
    server.refuse = { status: 409, message: 'Someone else saved this page in the meantime.' };
    await click(buttonNamed('Save draft')!);
    await until(() => document.querySelector('.editor-notice--conflict'), 'the conflict banner');
    expect(titleInput()!.value).toBe('Mine');
    expect(stateText()).toMatch(/^Unsaved changes/);
  });
});

describe('leaving with unsaved changes', () => {
  it('moves on at once while nothing is unsaved', async () => {
    await openEditor();
    await click([...document.querySelectorAll('a')].find((a) => a.textContent === 'Elsewhere')!);
    await until(() => document.querySelector('h1')?.textContent === 'Another screen', 'the other screen');
  });

  it('asks first: Stay keeps the editor, Leave goes', async () => {
    await openEditor();
    await type(titleInput()!, 'Unsaved');
    const elsewhere = () => [...document.querySelectorAll('a')].find((a) => a.textContent === 'Elsewhere')!;
    await click(elsewhere());
    await until(() => question(), 'the question');
    expect(question()?.textContent).toContain(LEAVE_QUESTION);
    await click(dialogButton('Stay')!);
    expect(question()).toBeNull();
    expect(titleInput()!.value).toBe('Unsaved');

    await click(elsewhere());
    await until(() => question(), 'the question again');
    await click(dialogButton('Leave')!);
    await until(() => document.querySelector('h1')?.textContent === 'Another screen', 'the other screen');
  });

  it('asks the browser before the tab closes, only while something is unsaved', async () => {
    await openEditor();
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      act(() => void window.dispatchEvent(event));
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    await type(titleInput()!, 'Unsaved');
    expect(unload()).toBe(true);
    await click(buttonNamed('Save draft')!);
    await until(() => stateText().startsWith('Draft saved'), 'the draft');
    expect(unload()).toBe(false);
  });
});
