// @vitest-environment jsdom
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { expectFocus, withModalDialogs, withTestRoot } from '../test-support/dom';
import type { EntryField } from './entry-fields';
import { ListEditor } from './list-editor';
import type { SaveRefusal } from './save-messages';

vi.mock('../toasts', () => ({ notify: { error: vi.fn(), success: vi.fn(), warning: vi.fn() } }));

withModalDialogs();
const dom = withTestRoot();

type Skill = { skillName: string; skillValue: number };
const FIELDS: EntryField<Skill>[] = [
  { name: 'skillName', label: 'Skill Name', kind: 'text' },
  { name: 'skillValue', label: 'Skill Value', kind: 'number' },
];
const SKILLS: Skill[] = [
  { skillName: 'Web Design', skillValue: 90 },
  { skillName: 'Hosting', skillValue: 80 },
  { skillName: 'Tally', skillValue: 70 },
];

function render(refusal: SaveRefusal | null) {
  dom.render(
    <ListEditor<Skill>
      idPrefix="home-skillList"
      entryName="skill"
      fields={FIELDS}
      entries={SKILLS}
      onChange={() => {}}
      rules={[]}
      onClear={() => {}}
      path="skillList"
      refusal={refusal}
    />,
  );
}

const nextFrame = () => act(async () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));

describe('a save refused about a field of a list entry ({message, field}, docs/design.md §25)', () => {
  it('opens that entry for editing, with the sentence at its field, which takes the focus', async () => {
    render(null);
    const refusal = {
      path: 'skillList.2.skillName',
      message: 'Skill 3: the skill name must be at most 300 characters.',
      at: 1,
    };
    render(refusal);
    await nextFrame();
    expect(dom.container.querySelector('legend')?.textContent).toBe('Edit skill 3');
    const input = dom.container.querySelector<HTMLInputElement>('#home-skillList-skillName')!;
    expect(input.value).toBe('Tally');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(dom.container.textContent).toContain(refusal.message);
    await expectFocus(() => input);
  });

  it('leaves the form alone for a field of another list, or an entry that is not there', async () => {
    render(null);
    render({ path: 'newsList.2.skillName', message: 'Not this list.', at: 2 });
    render({ path: 'skillList.9.skillName', message: 'No such entry.', at: 3 });
    await nextFrame();
    expect(dom.container.querySelector('legend')?.textContent).toBe('New skill');
    expect(dom.container.textContent).not.toContain('No such entry.');
  });
});
