// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import {
  buttonNamed,
  byLabel,
  choose,
  click,
  expectFocus,
  until,
  withModalDialogs,
  withTestRoot,
} from '../test-support/dom';
import { HistoryPanel, type HistoryCalls, type PageRevision } from './history-panel';

withModalDialogs();
const dom = withTestRoot();

const revision = (number: number): PageRevision => ({
  revision: number,
  savedBy: 'asha',
  savedAt: '2026-11-25T10:00:00.000Z',
  status: 'draft',
  publishAt: null,
});

/** The panel over three saved revisions, newest first; a comparison asked for never answers (it is not looked at). */
function openHistory() {
  const compare = vi.fn<HistoryCalls['compare']>(() => new Promise(() => {}));
  const calls: HistoryCalls = {
    key: ['history-panel-test'],
    list: async () => ({ revisions: [3, 2, 1].map(revision), published: null }),
    restore: vi.fn<HistoryCalls['restore']>(),
    compare,
  };
  dom.renderScreen(
    <HistoryPanel calls={calls} currentRevision={3} dirty={false} onRestored={async () => {}} onClose={() => {}} />,
  );
  return compare;
}

const select = (label: string) => byLabel<HTMLSelectElement>(document, label)!;

/** The history's picker of any two revisions (docs/design.md §19), on the staff app's one form model. */
describe('the history’s Compare two revisions', () => {
  it('offers the newest against the one before it, says at To why a pair cannot be compared, and compares a pair', async () => {
    const compare = openHistory();
    await until(() => byLabel(document, 'To revision'), 'the picker');
    expect(select('From revision').value).toBe('2');
    expect(select('To revision').value).toBe('3');

    // A revision against itself: said at To, nothing asked.
    await choose(select('To revision'), '2');
    await click(buttonNamed('Compare')!);
    const to = select('To revision');
    expect(document.getElementById(`${to.id}-error`)?.textContent).toBe(
      'Choose two different revisions: a revision has no changes from itself.',
    );
    expect(to.getAttribute('aria-invalid')).toBe('true');
    expect(compare).not.toHaveBeenCalled();

    // The sentence stays until the next Compare, which asks for the pair chosen then.
    await choose(select('From revision'), '1');
    expect(document.getElementById(`${to.id}-error`)?.textContent).toContain('Choose two different revisions');
    const button = buttonNamed('Compare')!;
    await click(button);
    await until(() => compare.mock.calls.length > 0, 'the comparison asked for');
    expect(compare).toHaveBeenCalledWith(1, 2);
    expect(document.getElementById(`${to.id}-error`)).toBeNull();
    expect(to.hasAttribute('aria-invalid')).toBe(false);
    const heading = await until(
      () => [...document.querySelectorAll('h3')].find((h) => h.textContent === 'Changes from revision 1 to revision 2'),
      'the comparison',
    );
    await expectFocus(() => heading);

    // Closing the comparison gives the focus back to Compare.
    await click(buttonNamed('Close comparison')!);
    await expectFocus(() => button);
  });
});
