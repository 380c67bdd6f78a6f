// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LabelTree } from '../../../core/content/common/content-page';
import type { Comparison } from '../../../core/schemas/revision';
import { CompareView, entryFieldLabel, richTextToPlain, wordChanges } from './compare-view';
import { revisionStatusText } from './history-panel';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const LABELS: LabelTree = {
  skillList: { entry: 'skill', fields: { skillName: 'Skill Name', skillValue: 'Skill Value' } },
  exprtshead: 'Expertise title',
};

let container: HTMLDivElement;
let root: Root;

function render(comparison: Comparison) {
  act(() => root.render(<CompareView comparison={comparison} labels={LABELS} />));
}

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  delete (window as { __compared?: number }).__compared;
});

const rows = () => [...container.querySelectorAll('.compare-change')];
const side = (row: Element, which: 'before' | 'after') => row.querySelector(`.compare-change__side--${which}`)!;

describe('richTextToPlain', () => {
  it('keeps the words of rich text, parted where blocks end, without running or loading anything', () => {
    (window as { __compared?: number }).__compared = 0;
    const plain = richTextToPlain(
      '<p>One <b>bold</b>&nbsp;word</p><p>Two<br>lines</p><script>window.__compared = 1</script><img src=x onerror="window.__compared = 2">',
    );
    expect(plain).toBe('One bold word Two lines');
    expect((window as { __compared?: number }).__compared).toBe(0);
  });
});

describe('wordChanges', () => {
  it('finds the words inserted and removed between two rich texts', () => {
    const parts = wordChanges('<p>We build fast software</p>', '<p>We build reliable software</p>');
    expect(parts.filter((p) => p.kind === 'removed').map((p) => p.text.trim())).toEqual(['fast']);
    expect(parts.filter((p) => p.kind === 'inserted').map((p) => p.text.trim())).toEqual(['reliable']);
    expect(
      parts
        .filter((p) => p.kind !== 'inserted')
        .map((p) => p.text)
        .join(''),
    ).toBe('We build fast software');
  });
});

describe('entryFieldLabel', () => {
  it('names a field of a list entry in the editor’s words, or by its own name when the labels lack it', () => {
    expect(entryFieldLabel(LABELS, 'skillList[2]', 'skillName')).toBe('Skill Name');
    expect(entryFieldLabel(LABELS, 'rows[0]', 'jobTitle')).toBe('jobTitle');
    expect(entryFieldLabel(undefined, 'skillList[2]', 'skillName')).toBe('skillName');
  });
});

describe('revisionStatusText', () => {
  it('says which revision is live, which is a draft and when a scheduled one goes live', () => {
    expect(revisionStatusText({ revision: 4, status: 'published', publishAt: null }, 4)).toBe('Published, live now');
    expect(revisionStatusText({ revision: 3, status: 'published', publishAt: null }, 4)).toBe('Published');
    expect(revisionStatusText({ revision: 5, status: 'draft', publishAt: null }, 4)).toBe('Draft');
    expect(revisionStatusText({ revision: 6, status: 'scheduled', publishAt: '2031-01-02T03:04:00Z' }, 4)).toMatch(
      /^Scheduled for .*2031/,
    );
  });
});

describe('CompareView', () => {
  it('says so when two revisions do not differ', () => {
    render({ from: 2, to: 3, changes: [] });
    expect(container.textContent).toContain('No differences');
    expect(rows()).toHaveLength(0);
  });

  it('shows a changed field with its label, before beside after', () => {
    render({
      from: 2,
      to: 5,
      changes: [
        {
          path: 'seo.title',
          label: 'Search title',
          kind: 'changed',
          before: '',
          after: 'Widgets that last',
          richText: false,
        },
      ],
    });
    const [row] = rows();
    expect(row!.querySelector('h4')?.textContent).toBe('Search title Changed');
    expect(side(row!, 'before').textContent).toBe('Before (revision 2)(empty)');
    expect(side(row!, 'after').textContent).toBe('After (revision 5)Widgets that last');
  });

  it('says in words that a list entry was added or removed, and shows its fields by their labels', () => {
    render({
      from: 2,
      to: 3,
      changes: [
        {
          path: 'skillList[3]',
          label: 'Skill 4',
          kind: 'added',
          before: null,
          after: { skillName: 'Testing', skillValue: '80' },
          richText: false,
        },
        {
          path: 'skillList[4]',
          label: 'Skill 5',
          kind: 'removed',
          before: { skillName: 'Support', skillValue: '70' },
          after: null,
          richText: false,
        },
      ],
    });
    const [added, removed] = rows();
    expect(added!.querySelector('h4')?.textContent).toBe('Skill 4 Added');
    expect(side(added!, 'before').textContent).toContain('Not in revision 2');
    const fields = [...side(added!, 'after').querySelectorAll('dt')].map(
      (dt) => `${dt.textContent}=${dt.nextElementSibling?.textContent}`,
    );
    expect(fields).toEqual(['Skill Name=Testing', 'Skill Value=80']);
    expect(removed!.querySelector('h4')?.textContent).toBe('Skill 5 Removed');
    expect(side(removed!, 'before').textContent).toContain('Support');
    expect(side(removed!, 'after').textContent).toContain('Not in revision 3');
  });

  it('shows rich text as words removed (before) and inserted (after), said in words too, never as markup', () => {
    render({
      from: 1,
      to: 2,
      changes: [
        {
          path: 'exprtshead',
          label: 'The expertise title',
          kind: 'changed',
          before: '<p>We build <em>fast</em> software</p>',
          after: '<p>We build reliable software<img src=x onerror="window.__compared = 3"></p>',
          richText: true,
        },
      ],
    });
    const [row] = rows();
    const removed = side(row!, 'before').querySelectorAll('del');
    const inserted = side(row!, 'after').querySelectorAll('ins');
    expect([...removed].map((d) => d.textContent?.trim())).toEqual(['removed: fast']);
    expect([...inserted].map((i) => i.textContent?.trim())).toEqual(['inserted: reliable']);
    expect(removed[0]!.querySelector('.visually-hidden')?.textContent).toBe('removed: ');
    expect(side(row!, 'before').querySelector('ins')).toBeNull();
    expect(side(row!, 'after').querySelector('del')).toBeNull();
    expect(side(row!, 'after').textContent).toBe('After (revision 2)We build inserted: reliable software');
    expect(container.querySelector('img, em')).toBeNull();
    expect((window as { __compared?: number }).__compared).toBeUndefined();
  });
});
