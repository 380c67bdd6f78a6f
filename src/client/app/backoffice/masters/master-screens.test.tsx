// @vitest-environment jsdom
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MASTER_MESSAGES } from '../../../../core/masters/master-data';
import { notify } from '../../toasts';
import {
  buttonNamed as button,
  byLabel as labelled,
  choose,
  click,
  expectFocus,
  type,
  until,
  withFakeMasterApi,
  withModalDialogs,
  withTestRoot,
} from '../../test-support/dom';
import { MasterTypeScreen } from './master-type-screen';
import { MasterValueScreen } from './master-value-screen';

/**
 * The two screens against a small in-memory stand-in for the server of issue 12, answering the contract's
 * calls with the contract's shapes: enough to see the screens send the right bodies and show the answers.
 */

vi.mock('../../toasts', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn() } }));

withModalDialogs();
const dom = withTestRoot();
const calls = withFakeMasterApi(answer);

interface Type {
  id: number;
  code: string;
  name: string;
  dependsOn: number | null;
  activeStatus: 'Y' | 'N';
}
interface Value {
  id: number;
  typeId: number;
  code: string;
  name: string;
  sequence: number;
  parentId: number | null;
  activeStatus: 'Y' | 'N';
}

let types: Type[];
let values: Value[];

function seed() {
  types = [
    { id: 1, code: 'COUNTRY', name: 'Country', dependsOn: null, activeStatus: 'Y' },
    { id: 2, code: 'STATE', name: 'State', dependsOn: 1, activeStatus: 'Y' },
    { id: 3, code: 'CITY', name: 'City', dependsOn: 2, activeStatus: 'Y' },
    { id: 4, code: 'SEGMENT', name: 'Industry Segment', dependsOn: null, activeStatus: 'Y' },
  ];
  values = [
    { id: 10, typeId: 1, code: 'IN', name: 'India', sequence: 1, parentId: null, activeStatus: 'Y' },
    { id: 20, typeId: 2, code: 'MH', name: 'Maharashtra', sequence: 1, parentId: 10, activeStatus: 'Y' },
    { id: 21, typeId: 2, code: 'KA', name: 'Karnataka', sequence: 2, parentId: 10, activeStatus: 'Y' },
    { id: 30, typeId: 3, code: 'PUNE', name: 'Pune', sequence: 1, parentId: 20, activeStatus: 'Y' },
  ];
}

const typeOut = (type: Type) => ({ ...type, dependsOnName: types.find((t) => t.id === type.dependsOn)?.name ?? null });
const valueOut = (value: Value) => ({
  ...value,
  typeName: types.find((t) => t.id === value.typeId)!.name,
  parentName: values.find((v) => v.id === value.parentId)?.name ?? null,
});
const page = <T,>(items: T[], pageno: number) => ({
  items: items
    .slice((pageno - 1) * 10, pageno * 10)
    .map((item, index) => ({ ...item, srno: (pageno - 1) * 10 + index + 1 })),
  totalItems: items.length,
});
const refused = (message: string) => ({ status: 400, data: { status: 'error', message } });
const ok = (data: unknown) => ({ status: 200, data });

function answer(call: string, body: Record<string, unknown>): { status: number; data: unknown } | undefined {
  const pageno = Number(body.pageno ?? 1);
  const text = String(body.searchText ?? '').toLowerCase();
  switch (call) {
    case 'getCommasterType':
      return ok(page(types.filter((t) => `${t.code} ${t.name}`.toLowerCase().includes(text)).map(typeOut), pageno));
    case 'getcommasterTypeByID':
      return ok(typeOut(types.find((t) => t.id === body.id)!));
    case 'getCommasterTypefordependacy': {
      // Not itself, nor any type that depends on it (directly or further down).
      const dependsOnIt = (type: Type): boolean =>
        type.id === body.id || (type.dependsOn !== null && dependsOnIt(types.find((t) => t.id === type.dependsOn)!));
      return ok(
        types
          .filter((t) => t.activeStatus === 'Y' && (body.id === undefined || !dependsOnIt(t)))
          .map(({ id, code, name, dependsOn }) => ({ id, code, name, dependsOn })),
      );
    }
    case 'getCommasterTypefordropdown':
      return ok(
        types
          .filter((t) => t.activeStatus === 'Y')
          .map(({ id, code, name, dependsOn }) => ({ id, code, name, dependsOn })),
      );
    case 'savecommonmastertype': {
      const code = String(body.code);
      if (types.some((t) => t.code === code && t.id !== body.id))
        return refused(MASTER_MESSAGES.duplicateTypeCode(code));
      const id = Number(body.id ?? 100 + types.length);
      types = [
        ...types.filter((t) => t.id !== id),
        { id, code, name: String(body.name), dependsOn: (body.dependsOn as number | null) ?? null, activeStatus: 'Y' },
      ];
      return ok({ status: 'Success', message: MASTER_MESSAGES.saved, id });
    }
    case 'getCommonMaster':
    case 'getSearchForcommonMaster':
      return ok(
        page(
          values
            .filter(
              (v) =>
                (body.typeId === undefined || v.typeId === body.typeId) &&
                `${v.code} ${v.name}`.toLowerCase().includes(text),
            )
            .map(valueOut),
          pageno,
        ),
      );
    case 'getcommasterByID':
      return ok(valueOut(values.find((v) => v.id === body.id)!));
    case 'getCommonMasterfordependancy':
      return ok(
        values
          .filter((v) => v.typeId === body.typeId && v.activeStatus === 'Y')
          .map(({ id, code, name, parentId }) => ({ id, code, name, parentId })),
      );
    case 'savecommonmaster': {
      const type = types.find((t) => t.id === body.typeId)!;
      const code = String(body.code);
      if (values.some((v) => v.typeId === type.id && v.code === code && v.id !== body.id))
        return refused(MASTER_MESSAGES.duplicateValueCode(code, type.name));
      const id = Number(body.id ?? 100 + values.length);
      values = [
        ...values.filter((v) => v.id !== id),
        {
          id,
          typeId: type.id,
          code,
          name: String(body.name),
          sequence: Number(body.sequence ?? 0),
          parentId: (body.parentId as number | null) ?? null,
          activeStatus: 'Y',
        },
      ];
      return ok({ status: 'Success', message: MASTER_MESSAGES.saved, id });
    }
    case 'changeStatusForCommonMaster':
      values = values.map((v) => (v.id === body.id ? { ...v, activeStatus: body.activeStatus as 'Y' | 'N' } : v));
      return ok({ status: 'Success', message: 'Status changed.' });
    case 'changeStatusForCommonMasterType':
      types = types.map((t) => (t.id === body.id ? { ...t, activeStatus: body.activeStatus as 'Y' | 'N' } : t));
      return ok({ status: 'Success', message: 'Status changed.' });
    default:
      return undefined;
  }
}

beforeEach(() => {
  seed();
  vi.clearAllMocks();
});

const render = (screen: React.ReactNode, at?: string) => dom.renderScreen(screen, at);

const byLabel = <T extends HTMLElement>(text: string) => labelled<T>(dom.container, text);
const rowTexts = (caption: string) => {
  const table = [...dom.container.querySelectorAll('table')].find(
    (t) => t.querySelector('caption')?.textContent === caption,
  );
  return [...(table?.querySelectorAll('tbody tr') ?? [])].map((row) =>
    [...row.querySelectorAll('td')].map((cell) => cell.textContent?.trim() ?? ''),
  );
};
const optionLabels = (select: HTMLSelectElement) => [...select.options].map((option) => option.text);

describe('commonMasterType', () => {
  it('lists the types with what they depend on and their status', async () => {
    render(<MasterTypeScreen />);
    await until(() => rowTexts('Master types').length === 4, 'four types');
    expect(rowTexts('Master types').map((cells) => cells.slice(0, 5))).toEqual([
      ['1', 'COUNTRY', 'Country', '—None', 'Active'],
      ['2', 'STATE', 'State', 'Country', 'Active'],
      ['3', 'CITY', 'City', 'State', 'Active'],
      ['4', 'SEGMENT', 'Industry Segment', '—None', 'Active'],
    ]);
    expect(button('Edit Country')).not.toBeNull();
    expect(button('Deactivate Country')).not.toBeNull();
    expect(calls[0]).toEqual({ call: 'getCommasterType', body: { searchText: '', pageno: 1 } });
  });

  it('says what a search found nothing for', async () => {
    render(<MasterTypeScreen />);
    await until(() => rowTexts('Master types').length === 4, 'four types');
    await type(byLabel<HTMLInputElement>('Search text')!, 'zz');
    await click(button('Search')!);
    await until(() => dom.container.textContent?.includes("No master types match 'zz'"), 'the empty state');
  });

  it('creates a type in the panel: the contract body, its own toast, back to the list', async () => {
    render(<MasterTypeScreen />);
    await until(() => rowTexts('Master types').length === 4, 'four types');
    await click(button('Create New Type')!);
    const code = await until(() => byLabel<HTMLInputElement>('Code'), 'the Code field');
    // The panel moves the focus into its first field once it is shown (a frame later on a busy machine).
    await until(() => document.activeElement === code, 'the focus in the Code field');
    const dependsOn = byLabel<HTMLSelectElement>('Depends on')!;
    expect(optionLabels(dependsOn)).toEqual(['None', 'Country', 'State', 'City', 'Industry Segment']);
    await type(code, 'OFFICE');
    await type(byLabel<HTMLInputElement>('Name')!, 'Office');
    await choose(dependsOn, '3');
    await click(button('Save')!);
    await until(() => vi.mocked(notify.success).mock.calls.length > 0, 'the toast');
    expect(notify.success).toHaveBeenCalledWith('Master data type saved.');
    expect(calls.find((c) => c.call === 'savecommonmastertype')?.body).toEqual({
      code: 'OFFICE',
      name: 'Office',
      dependsOn: 3,
    });
    await until(() => rowTexts('Master types').some((cells) => cells[2] === 'Office'), 'the new type listed');
    expect(byLabel('Code')).toBeNull();
    // The focus is back on what opened the panel.
    await expectFocus(() => button('Create New Type'));
  });

  it("shows the server's sentence for a duplicate code and keeps the form", async () => {
    render(<MasterTypeScreen />);
    await until(() => rowTexts('Master types').length === 4, 'four types');
    await click(button('Create New Type')!);
    const code = await until(() => byLabel<HTMLInputElement>('Code'), 'the Code field');
    await type(code, 'CITY');
    await type(byLabel<HTMLInputElement>('Name')!, 'Another city');
    await click(button('Save')!);
    await until(() => vi.mocked(notify.error).mock.calls.length > 0, 'the refusal');
    expect(notify.error).toHaveBeenCalledWith(MASTER_MESSAGES.duplicateTypeCode('CITY'));
    expect(notify.success).not.toHaveBeenCalled();
    expect(byLabel<HTMLInputElement>('Code')?.value).toBe('CITY');
  });

  it('edits a type: Depends on offers only what the server allows, the saved one chosen; Cancel closes', async () => {
    render(<MasterTypeScreen />);
    await until(() => rowTexts('Master types').length === 4, 'four types');
    await click(button('Edit State')!);
    const dependsOn = await until(() => byLabel<HTMLSelectElement>('Depends on'), 'the form');
    // State cannot depend on itself nor on City (which depends on it).
    expect(optionLabels(dependsOn)).toEqual(['None', 'Country', 'Industry Segment']);
    expect(dependsOn.value).toBe('1');
    expect(byLabel<HTMLInputElement>('Code')?.value).toBe('STATE');
    expect(calls.find((c) => c.call === 'getCommasterTypefordependacy')?.body).toEqual({ id: 2 });
    await click(button('Cancel')!);
    expect(byLabel('Code')).toBeNull();
    await expectFocus(() => button('Edit State'));
  });

  it('asks before a status change; no changes nothing, yes deactivates', async () => {
    render(<MasterTypeScreen />);
    await until(() => rowTexts('Master types').length === 4, 'four types');
    await click(button('Deactivate Industry Segment')!);
    // The question says what happens, not the delete question (docs/design.md §24).
    expect(document.querySelector('.confirm-dialog__question')?.textContent).toBe(
      'Deactivate this master type? It is no longer offered for new parameters or new values; what uses it now keeps it.',
    );
    await click(button('Cancel')!);
    expect(calls.some((c) => c.call === 'changeStatusForCommonMasterType')).toBe(false);
    await click(button('Deactivate Industry Segment')!);
    await click(button('Deactivate')!);
    await until(() => button('Activate Industry Segment'), 'the activate action');
    expect(calls.find((c) => c.call === 'changeStatusForCommonMasterType')?.body).toEqual({ id: 4, activeStatus: 'N' });
    expect(rowTexts('Master types')[3]?.[4]).toBe('Inactive');
    // Activating asks too, in the same words.
    await click(button('Activate Industry Segment')!);
    expect(document.querySelector('.confirm-dialog__question')?.textContent).toBe(
      'Activate this master type? It is offered for new parameters and values again.',
    );
    await click(button('Cancel')!);
  });
});

describe('commonMaster', () => {
  it('filters by type and searches', async () => {
    render(<MasterValueScreen />);
    await until(() => rowTexts('Master values').length === 4, 'four values');
    const filter = await until(
      () =>
        byLabel<HTMLSelectElement>('Filter by type')?.options.length === 5 &&
        byLabel<HTMLSelectElement>('Filter by type'),
      'the types',
    );
    await choose(filter, '2');
    await until(() => rowTexts('Master values').length === 2, 'the states');
    expect(rowTexts('Master values').map((cells) => cells.slice(0, 7))).toEqual([
      ['1', 'State', 'MH', 'Maharashtra', '1', 'India', 'Active'],
      ['2', 'State', 'KA', 'Karnataka', '2', 'India', 'Active'],
    ]);
    expect(calls.filter((c) => c.call === 'getCommonMaster').at(-1)?.body).toEqual({ typeId: 2, pageno: 1 });
    await type(byLabel<HTMLInputElement>('Search text')!, 'kar');
    await click(button('Search')!);
    await until(() => rowTexts('Master values').length === 1, 'Karnataka alone');
    expect(calls.at(-1)).toEqual({
      call: 'getSearchForcommonMaster',
      body: { searchText: 'kar', typeId: 2, pageno: 1 },
    });
    await type(byLabel<HTMLInputElement>('Search text')!, 'zz');
    await click(button('Search')!);
    await until(() => dom.container.textContent?.includes("No values of State match 'zz'"), 'the empty state');
  });

  it('creates a City under Maharashtra: the Parent value appears with the States and is required', async () => {
    render(<MasterValueScreen />);
    await until(() => rowTexts('Master values').length === 4, 'four values');
    await click(button('Create New Value')!);
    const typeSelect = await until(() => byLabel<HTMLSelectElement>('Type'), 'the form');
    await expectFocus(() => typeSelect);
    expect(byLabel('Parent value')).toBeNull();

    // Industry Segment depends on nothing: no parent.
    await choose(typeSelect, '4');
    expect(byLabel('Parent value')).toBeNull();

    await choose(typeSelect, '3');
    const parent = await until(() => byLabel<HTMLSelectElement>('Parent value'), 'the Parent value select');
    expect(optionLabels(parent)).toEqual(['Select State', 'Maharashtra', 'Karnataka']);
    expect(calls.find((c) => c.call === 'getCommonMasterfordependancy')?.body).toEqual({ typeId: 2 });

    await type(byLabel<HTMLInputElement>('Code')!, 'NASHIK');
    await type(byLabel<HTMLInputElement>('Name')!, 'Nashik');
    await click(button('Save')!);
    await until(
      () => dom.container.textContent?.includes(MASTER_MESSAGES.parentNeeded('City', 'State')),
      'the parent error',
    );
    expect(calls.some((c) => c.call === 'savecommonmaster')).toBe(false);

    await choose(byLabel<HTMLSelectElement>('Parent value')!, '20');
    await type(byLabel<HTMLInputElement>('Sequence')!, '5');
    await click(button('Save')!);
    await until(() => vi.mocked(notify.success).mock.calls.length > 0, 'the toast');
    expect(notify.success).toHaveBeenCalledWith('Master data value saved.');
    expect(calls.find((c) => c.call === 'savecommonmaster')?.body).toEqual({
      typeId: 3,
      code: 'NASHIK',
      name: 'Nashik',
      sequence: 5,
      parentId: 20,
    });
    await until(
      () => rowTexts('Master values').some((cells) => cells[3] === 'Nashik' && cells[5] === 'Maharashtra'),
      'Nashik listed',
    );
  });

  it('starts a new value in the filtered type, and a changed type drops the parent', async () => {
    render(<MasterValueScreen />);
    const filter = await until(
      () =>
        byLabel<HTMLSelectElement>('Filter by type')?.options.length === 5 &&
        byLabel<HTMLSelectElement>('Filter by type'),
      'the types',
    );
    await choose(filter, '3');
    await click(button('Create New Value')!);
    const typeSelect = await until(() => byLabel<HTMLSelectElement>('Type'), 'the form');
    expect(typeSelect.value).toBe('3');
    const parent = await until(() => byLabel<HTMLSelectElement>('Parent value'), 'the Parent value select');
    await choose(parent, '21');
    await choose(typeSelect, '2');
    const countries = await until(
      () =>
        byLabel<HTMLSelectElement>('Parent value')?.options.length === 2 && byLabel<HTMLSelectElement>('Parent value'),
      'the countries',
    );
    expect(optionLabels(countries)).toEqual(['Select Country', 'India']);
    expect(countries.value).toBe('');
  });

  it("edits a value from its record and shows the server's sentence for a duplicate code", async () => {
    render(<MasterValueScreen />);
    await until(() => rowTexts('Master values').length === 4, 'four values');
    await click(button('Edit Karnataka')!);
    const code = await until(() => byLabel<HTMLInputElement>('Code'), 'the form');
    expect(code.value).toBe('KA');
    expect(byLabel<HTMLSelectElement>('Type')?.value).toBe('2');
    await until(() => byLabel<HTMLSelectElement>('Parent value')?.value === '10', 'India chosen');
    await type(code, 'MH');
    await click(button('Save')!);
    await until(() => vi.mocked(notify.error).mock.calls.length > 0, 'the refusal');
    expect(notify.error).toHaveBeenCalledWith(MASTER_MESSAGES.duplicateValueCode('MH', 'State'));
    expect(calls.find((c) => c.call === 'savecommonmaster')?.body).toEqual({
      id: 21,
      typeId: 2,
      code: 'MH',
      name: 'Karnataka',
      sequence: 2,
      parentId: 10,
    });
  });

  it('deactivates a value after the question', async () => {
    render(<MasterValueScreen />);
    await until(() => rowTexts('Master values').length === 4, 'four values');
    await click(button('Deactivate Pune')!);
    const dialog = document.querySelector('dialog')!;
    expect(dialog.querySelector('.confirm-dialog__question')?.textContent).toBe(
      'Deactivate this master value? It is no longer offered as a choice; content that chose it keeps showing it.',
    );
    await act(async () => dialog.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })));
    expect(document.querySelector('dialog')).toBeNull();
    expect(calls.some((c) => c.call === 'changeStatusForCommonMaster')).toBe(false);
    await click(button('Deactivate Pune')!);
    await click(button('Deactivate')!);
    await until(
      () => rowTexts('Master values').find((cells) => cells[3] === 'Pune')?.[6] === 'Inactive',
      'Pune inactive',
    );
    expect(calls.find((c) => c.call === 'changeStatusForCommonMaster')?.body).toEqual({ id: 30, activeStatus: 'N' });
  });
});

describe('a link to one master value (/commonMaster?edit=N, from the search)', () => {
  it("opens its edit panel, as its row's Edit does; closing takes edit out of the address", async () => {
    render(<MasterValueScreen />, '/commonMaster?edit=21');
    const code = await until(() => byLabel<HTMLInputElement>('Code'), 'the form');
    expect(calls.find((c) => c.call === 'getcommasterByID')?.body).toEqual({ id: 21 });
    expect(dom.container.textContent).toContain('Edit Master Value');
    expect(code.value).toBe('KA');
    expect(byLabel<HTMLSelectElement>('Type')?.value).toBe('2');
    await until(() => rowTexts('Master values').length === 4, 'the list behind');
    expect(dom.address).toBe('/commonMaster?edit=21');

    await click(button('Cancel')!);
    expect(byLabel('Code')).toBeNull();
    await until(() => dom.address === '/commonMaster', 'edit taken out of the address');
  });

  it('takes edit out of the address once the value is saved', async () => {
    render(<MasterValueScreen />, '/commonMaster?edit=30');
    const name = await until(() => byLabel<HTMLInputElement>('Name'), 'the form');
    await until(() => byLabel<HTMLSelectElement>('Parent value')?.value === '20', 'Maharashtra chosen');
    await type(name, 'Pune City');
    await click(button('Save')!);
    await until(() => byLabel('Code') === null, 'the panel closed');
    expect(calls.find((c) => c.call === 'savecommonmaster')?.body).toMatchObject({ id: 30, name: 'Pune City' });
    await until(() => dom.address === '/commonMaster', 'edit taken out of the address');
  });
});
