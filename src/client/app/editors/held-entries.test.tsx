// @vitest-environment jsdom
import { act, useEffect, useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { buttonNamed, click, type, withModalDialogs, withTestRoot } from '../test-support/dom';
import { HeldEntries, heldEntriesKey } from './drafts';
import type { EntryField } from './entry-fields';
import { EntryFormsProvider } from './entry-forms';
import { ListEditor } from './list-editor';

/**
 * An entry typed into a list editor's form but not added (docs/design.md §34): kept in this browser beside the editor's
 * draft on every change, given back to the form when the editor opens again (after leaving or a reload), let go
 * once added or cleared.
 */

vi.mock('../toasts', () => ({ notify: { error: vi.fn(), success: vi.fn(), warning: vi.fn() } }));

withModalDialogs();
const dom = withTestRoot();

type Customer = { name: string; city: string };
const FIELDS: EntryField<Customer>[] = [
  { name: 'name', label: 'Customer name', kind: 'text' },
  { name: 'city', label: 'City', kind: 'text' },
];
const ROUTING = 'Customers';

/** An editor's frame around one list editor: the store of held entries lives as long as the editor (open while shown). */
function Editor({ held, initial = [] }: { held: HeldEntries; initial?: Customer[] }) {
  const [entries, setEntries] = useState<Customer[]>(initial);
  useEffect(() => {
    held.setOpen(true);
    return () => held.setOpen(false);
  }, [held]);
  return (
    <EntryFormsProvider held={held}>
      <ListEditor<Customer>
        idPrefix="customers-list"
        entryName="customer"
        fields={FIELDS}
        entries={entries}
        onChange={setEntries}
        rules={[]}
        onClear={() => {}}
      />
    </EntryFormsProvider>
  );
}

const input = (id: string) => dom.container.querySelector<HTMLInputElement>(`#customers-list-${id}`)!;
const stored = () => localStorage.getItem(heldEntriesKey(ROUTING));
const settle = () => act(async () => new Promise<void>((resolve) => queueMicrotask(resolve)));

beforeEach(() => localStorage.clear());

describe('an entry typed but not added', () => {
  it('is kept in this browser as it is typed, and survives the editor leaving the screen', async () => {
    dom.render(<Editor held={new HeldEntries(ROUTING)} />);
    await type(input('name'), 'Acme Tools');
    expect(JSON.parse(stored()!)).toEqual({
      'customers-list': { inputs: { name: 'Acme Tools', city: '' }, editing: null },
    });
    // Leaving: the editor goes, and the entry stays kept.
    dom.render(<p>Another screen</p>);
    await settle();
    expect(JSON.parse(stored()!)).toEqual({
      'customers-list': { inputs: { name: 'Acme Tools', city: '' }, editing: null },
    });
  });

  it('is back in its form when the editor opens again (a reload reads it from storage), and said to be restored', async () => {
    localStorage.setItem(
      heldEntriesKey(ROUTING),
      JSON.stringify({ 'customers-list': { inputs: { name: 'Acme Tools', city: 'Pune' }, editing: null } }),
    );
    const held = new HeldEntries(ROUTING);
    expect(held.restored).toBe(true);
    expect(held.holding()).toBe(true);
    dom.render(<Editor held={held} />);
    expect(input('name').value).toBe('Acme Tools');
    expect(input('city').value).toBe('Pune');
    // Added: it joins the list and is no longer kept.
    await click(buttonNamed('Add')!);
    expect(input('name').value).toBe('');
    expect(stored()).toBeNull();
    expect(held.holding()).toBe(false);
  });

  it('keeps changes to an entry being edited as that entry’s, and opens it again for editing', async () => {
    const entries = [{ name: 'Acme Tools', city: 'Pune' }];
    dom.render(<Editor held={new HeldEntries(ROUTING)} initial={entries} />);
    await click(buttonNamed('Show Content')!);
    await click(dom.container.querySelector<HTMLButtonElement>('[aria-label="Edit entry 1"]')!);
    expect(stored()).toBeNull();
    await type(input('city'), 'Berlin');
    expect(JSON.parse(stored()!)).toEqual({
      'customers-list': { inputs: { name: 'Acme Tools', city: 'Berlin' }, editing: 0 },
    });
    dom.render(<p>Another screen</p>);
    await settle();
    dom.render(<Editor held={new HeldEntries(ROUTING)} initial={entries} />);
    expect(dom.container.querySelector('legend')?.textContent).toBe('Edit customer 1');
    expect(input('city').value).toBe('Berlin');
  });

  it('is let go when its form leaves the screen for good while the editor stays (a removed section)', async () => {
    const held = new HeldEntries(ROUTING);
    const Sections = ({ shown }: { shown: boolean }) => {
      useEffect(() => {
        held.setOpen(true);
        return () => held.setOpen(false);
      }, []);
      return (
        <EntryFormsProvider held={held}>
          {shown ? (
            <ListEditor<Customer>
              idPrefix="customers-list"
              entryName="customer"
              fields={FIELDS}
              entries={[]}
              onChange={() => {}}
              rules={[]}
              onClear={() => {}}
            />
          ) : null}
        </EntryFormsProvider>
      );
    };
    dom.render(<Sections shown />);
    await type(input('name'), 'Acme Tools');
    expect(held.holding()).toBe(true);
    dom.render(<Sections shown={false} />);
    await settle();
    expect(held.holding()).toBe(false);
    expect(stored()).toBeNull();
  });

  it('ignores what it cannot read, and what is no longer a field of the form', () => {
    localStorage.setItem(
      heldEntriesKey(ROUTING),
      JSON.stringify({ a: { inputs: { name: 3 }, editing: null }, b: 'text', c: { inputs: {}, editing: -1 } }),
    );
    expect(new HeldEntries(ROUTING).holding()).toBe(false);
    localStorage.setItem(heldEntriesKey(ROUTING), '{not json');
    expect(new HeldEntries(ROUTING).holding()).toBe(false);
    localStorage.setItem(
      heldEntriesKey(ROUTING),
      JSON.stringify({ 'customers-list': { inputs: { name: 'Acme', gone: 'old field' }, editing: null } }),
    );
    dom.render(<Editor held={new HeldEntries(ROUTING)} />);
    expect(input('name').value).toBe('Acme');
    expect(JSON.parse(stored()!)).toEqual({ 'customers-list': { inputs: { name: 'Acme', city: '' }, editing: null } });
  });
});
