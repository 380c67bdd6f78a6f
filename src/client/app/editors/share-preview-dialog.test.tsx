// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import {
  buttonNamed,
  byLabel,
  choose,
  click,
  expectFocus,
  until,
  withFakeMasterApi,
  withModalDialogs,
  withTestRoot,
} from '../test-support/dom';
import SharePreviewDialog from './share-preview-dialog';

withModalDialogs();
const dom = withTestRoot();

/** What the stand-in for the server answers Create link with (a link made, unless a test sets a refusal). */
let createAnswer: { status: number; data: unknown };
const MADE = { id: 7, url: 'http://localhost/preview/share/abc', expiresAt: '2026-11-25T11:00:00.000Z' };
const calls = withFakeMasterApi((call) => {
  if (call === 'previewshares/Test') return { status: 200, data: [] };
  if (call === 'previewshare/Test') return createAnswer;
  return undefined;
});

function openDialog() {
  createAnswer = { status: 200, data: MADE };
  dom.renderScreen(<SharePreviewDialog routing="Test" onClose={() => {}} />);
}

const lifetime = () => byLabel<HTMLSelectElement>(document, 'The link works for')!;
const creates = () => calls.filter((c) => c.call === 'previewshare/Test');

/** Share preview… (docs/design.md §34): how long a new link works and Create link, on the staff app's one form model. */
describe('the share preview dialog', () => {
  it('starts on how long the link works, sends the hours chosen, and shows the link made', async () => {
    openDialog();
    await until(() => document.querySelector('.share-dialog__none'), 'the live links');
    await expectFocus(() => lifetime());
    expect(lifetime().value).toBe('24');

    await choose(lifetime(), '1');
    await click(buttonNamed('Create link')!);
    const link = await until(() => byLabel<HTMLInputElement>(document, 'Link'), 'the link made');
    expect(creates().map((c) => c.body)).toEqual([{ hours: 1 }]);
    expect(link.value).toBe(MADE.url);
    expect(document.querySelector('.share-dialog__said')?.textContent).toBe(
      'The link is made. Copy it now: it is shown only this once.',
    );
    expect(buttonNamed('Create link')!.disabled).toBe(false);
  });

  it('says a refusal under the link, and one about how long at that choice, which takes the focus', async () => {
    openDialog();
    await until(() => document.querySelector('.share-dialog__none'), 'the live links');
    createAnswer = { status: 429, data: { message: 'Too many links at once: wait a minute and try again.' } };
    await click(buttonNamed('Create link')!);
    const problem = await until(() => document.querySelector('.share-dialog__problem'), 'the refusal');
    expect(problem.textContent).toBe('Too many links at once: wait a minute and try again.');
    expect(problem.getAttribute('role')).toBe('alert');
    expect(byLabel(document, 'Link')).toBeNull();

    createAnswer = { status: 400, data: { message: 'Choose how long the link works.', field: 'hours' } };
    await click(buttonNamed('Create link')!);
    await until(() => document.getElementById(`${lifetime().id}-error`), 'the refusal at the choice');
    expect(document.getElementById(`${lifetime().id}-error`)?.textContent).toBe('Choose how long the link works.');
    expect(document.querySelector('.share-dialog__problem')).toBeNull();
    await expectFocus(() => lifetime());
  });
});
