// @vitest-environment jsdom
import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EntryInput } from './entry-input';
import type { EntryField } from './entry-fields';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

type Row = Record<string, unknown>;

let container: HTMLDivElement;
let root: Root;
let changes: string[];

function Controlled({ field, initial }: { field: EntryField<Row>; initial: string }) {
  const [value, setValue] = useState(initial);
  return (
    <EntryInput
      field={field}
      id={`f-${field.name}`}
      value={value}
      onChange={(text) => {
        changes.push(text);
        setValue(text);
      }}
    />
  );
}

function render(field: EntryField<Row>, initial = '') {
  act(() => root.render(<Controlled key={field.name} field={field} initial={initial} />));
}

beforeEach(() => {
  changes = [];
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

describe('EntryInput', () => {
  it('shows a checkbox labelled with the field’s name, with the word for its state, and gives true/false', () => {
    render(
      {
        name: 'fullTime',
        label: 'fullTime',
        kind: 'checkbox',
        required: false,
        booleanLabels: { yes: 'Full time', no: 'Part time' },
      },
      'false',
    );
    const box = container.querySelector<HTMLInputElement>('input[type="checkbox"]')!;
    expect(container.querySelector(`label[for="${box.id}"]`)?.textContent).toBe('fullTime');
    expect(container.querySelector('.checkbox-choice__state')?.textContent).toBe('Part time');
    expect(document.getElementById(box.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Ticked: Full time. Not ticked: Part time.',
    );
    act(() => box.click());
    expect(box.checked).toBe(true);
    expect(changes).toEqual(['true']);
    expect(container.querySelector('.checkbox-choice__state')?.textContent).toBe('Full time');
  });

  it('gives a date field a date input and a decimal field a text input for decimals', () => {
    render(
      { name: 'closingDate', label: 'closingDate', kind: 'date', required: true, hint: 'A date after today.' },
      '2031-01-31',
    );
    const date = container.querySelector<HTMLInputElement>('#f-closingDate')!;
    expect(date.type).toBe('date');
    expect(date.value).toBe('2031-01-31');
    expect(date.getAttribute('aria-required')).toBe('true');
    expect(container.querySelector('.field__required')).not.toBeNull();

    render({ name: 'salary', label: 'salary', kind: 'decimal', required: false }, '12.50');
    const salary = container.querySelector<HTMLInputElement>('#f-salary')!;
    expect(salary.type).toBe('text');
    expect(salary.inputMode).toBe('decimal');
    expect(salary.value).toBe('12.50');
  });
});
