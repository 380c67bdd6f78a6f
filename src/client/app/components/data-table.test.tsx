// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createColumnHelper } from '@tanstack/react-table';
import { Pencil } from 'lucide-react';
import { DataTable, type DataTablePaging, type DataTableProps } from './data-table';
import { IconButton } from './icon-button';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

interface Group {
  srno: number;
  id: number;
  groupname: string;
}

const column = createColumnHelper<Group>();
const columns = [
  column.accessor('srno', { header: 'Sr.No', meta: { align: 'end' } }),
  column.accessor('groupname', { header: 'Group' }),
];
const rows: Group[] = [
  { srno: 1, id: 11, groupname: 'Administrators' },
  { srno: 2, id: 12, groupname: 'Editors' },
];

let container: HTMLDivElement;
let root: Root;

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

function render(props: Partial<DataTableProps<Group>> = {}) {
  act(() =>
    root.render(
      <DataTable<Group>
        caption="User groups"
        columns={columns}
        rows={rows}
        getRowId={(group) => String(group.id)}
        status="success"
        emptyMessage="No groups yet"
        rowActions={(group) => <IconButton icon={Pencil} label={`Edit ${group.groupname}`} />}
        {...props}
      />,
    ),
  );
}

const texts = (elements: Iterable<Element>) => [...elements].map((element) => element.textContent?.trim());
const button = (name: string) => container.querySelector<HTMLButtonElement>(`button[aria-label="${name}"]`);

describe('DataTable', () => {
  it('is a real table with a caption, column headers and cells in the same order', () => {
    render();
    expect(container.querySelector('table > caption')?.textContent).toBe('User groups');
    const headers = container.querySelectorAll('thead th');
    expect(texts(headers)).toEqual(['Sr.No', 'Group', 'Action']);
    expect([...headers].every((th) => th.getAttribute('scope') === 'col')).toBe(true);
    const bodyRows = container.querySelectorAll('tbody tr');
    expect(bodyRows).toHaveLength(2);
    expect(texts(bodyRows[0]!.querySelectorAll('td')).slice(0, 2)).toEqual(['1', 'Administrators']);
    expect(texts(bodyRows[1]!.querySelectorAll('td')).slice(0, 2)).toEqual(['2', 'Editors']);
    // Every row has exactly one cell under each header.
    for (const row of bodyRows) expect(row.querySelectorAll('td')).toHaveLength(headers.length);
  });

  it('aligns a numeric column the same way in its header and its cells', () => {
    render();
    const header = container.querySelectorAll('thead th')[0]!;
    const cells = [...container.querySelectorAll('tbody tr')].map((row) => row.querySelectorAll('td')[0]!);
    expect(header.className).toContain('staff-table__cell--end');
    for (const cell of cells) expect(cell.className).toBe(header.className);
    const nameHeader = container.querySelectorAll('thead th')[1]!;
    expect(nameHeader.className).not.toContain('--end');
  });

  it('renders row actions as icon buttons with an accessible name, an svg and no text', () => {
    render();
    const edit = button('Edit Editors');
    expect(edit).not.toBeNull();
    expect(edit!.getAttribute('data-tooltip')).toBe('Edit Editors');
    expect(edit!.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
    expect(edit!.textContent).toBe('');
  });

  it('keeps the same action buttons across renders, so a focused one keeps the focus', () => {
    render({ rowActions: (group) => <IconButton icon={Pencil} label={`Edit ${group.groupname}`} /> });
    const before = button('Edit Editors');
    before!.focus();
    render({ rowActions: (group) => <IconButton icon={Pencil} label={`Edit ${group.groupname}`} /> });
    expect(button('Edit Editors')).toBe(before);
    expect(document.activeElement).toBe(before);
  });

  it('says what was searched when nothing is found, under the headers', () => {
    render({ rows: [], emptyMessage: "No users match 'zz'" });
    expect(texts(container.querySelectorAll('thead th'))).toEqual(['Sr.No', 'Group', 'Action']);
    const cell = container.querySelector('tbody td');
    expect(cell?.textContent).toBe("No users match 'zz'");
    expect(cell?.getAttribute('colspan')).toBe('3');
    expect(container.querySelector('nav')).toBeNull();
  });

  it('shows loading as a status and an error with Try again', () => {
    render({ rows: [], status: 'pending', loadingLabel: 'Loading groups…' });
    expect(container.querySelector('[role="status"]')?.textContent).toBe('Loading groups…');
    // Not aria-busy while loading: that would keep screen readers from announcing the status inside.
    expect(container.querySelector('table')?.hasAttribute('aria-busy')).toBe(false);
    render({ refreshing: true });
    expect(container.querySelector('table')?.getAttribute('aria-busy')).toBe('true');

    const onRetry = vi.fn();
    render({ rows: [], status: 'error', errorMessage: 'The server could not be reached.', onRetry });
    const alert = container.querySelector('[role="alert"]');
    expect(alert?.textContent).toContain('The server could not be reached.');
    act(() => alert?.querySelector('button')?.click());
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('pages on the server: Page x of y, Previous and Next disabled at the ends', () => {
    const onPageChange = vi.fn();
    const paging = (page: number): DataTablePaging => ({ page, pageSize: 10, totalItems: 23, onPageChange });

    render({ paging: paging(1) });
    expect(container.querySelector('nav')?.getAttribute('aria-label')).toBe('User groups: pages');
    expect(container.querySelector('.staff-table__page')?.textContent).toBe('Page 1 of 3');
    expect(button('Previous page')?.getAttribute('aria-disabled')).toBe('true');
    expect(button('Next page')?.hasAttribute('aria-disabled')).toBe(false);
    act(() => button('Previous page')?.click());
    expect(onPageChange).not.toHaveBeenCalled();
    act(() => button('Next page')?.click());
    expect(onPageChange).toHaveBeenLastCalledWith(2);

    render({ paging: paging(3) });
    expect(container.querySelector('.staff-table__page')?.textContent).toBe('Page 3 of 3');
    expect(container.querySelector('.staff-table__range')?.textContent).toBe('21–23 of 23');
    expect(button('Next page')?.getAttribute('aria-disabled')).toBe('true');
    onPageChange.mockClear();
    act(() => button('Next page')?.click());
    expect(onPageChange).not.toHaveBeenCalled();
    act(() => button('Previous page')?.click());
    expect(onPageChange).toHaveBeenLastCalledWith(2);
  });

  it('says "more than" a capped count: no "of M", Next while the server has a next page', () => {
    const onPageChange = vi.fn();
    const paging = (page: number, hasNext: boolean): DataTablePaging => ({
      page,
      pageSize: 10,
      totalItems: 10_000,
      totalCapped: true,
      hasNext,
      onPageChange,
    });

    render({ paging: paging(1, true) });
    expect(container.querySelector('.staff-table__range')?.textContent).toBe('1–2 of more than 10,000');
    expect(container.querySelector('.staff-table__page')?.textContent).toBe('Page 1');
    expect(button('Next page')?.hasAttribute('aria-disabled')).toBe(false);
    act(() => button('Next page')?.click());
    expect(onPageChange).toHaveBeenLastCalledWith(2);

    // Deep in the list, past the counted rows.
    render({ paging: paging(1500, true) });
    expect(container.querySelector('.staff-table__range')?.textContent).toBe('14,991–14,992 of more than 10,000');
    expect(container.querySelector('.staff-table__page')?.textContent).toBe('Page 1500');
    act(() => button('Next page')?.click());
    expect(onPageChange).toHaveBeenLastCalledWith(1501);

    // The last page: the server has no next.
    render({ paging: paging(1501, false) });
    expect(button('Next page')?.getAttribute('aria-disabled')).toBe('true');
    onPageChange.mockClear();
    act(() => button('Next page')?.click());
    expect(onPageChange).not.toHaveBeenCalled();
    act(() => button('Previous page')?.click());
    expect(onPageChange).toHaveBeenLastCalledWith(1500);
  });

  it("follows the server's next over the count when it is given", () => {
    const onPageChange = vi.fn();
    // Counted 20, but rows came in since: the server says a third page follows.
    render({ paging: { page: 2, pageSize: 10, totalItems: 20, hasNext: true, onPageChange } });
    expect(container.querySelector('.staff-table__page')?.textContent).toBe('Page 2 of 2');
    act(() => button('Next page')?.click());
    expect(onPageChange).toHaveBeenLastCalledWith(3);
    render({ paging: { page: 1, pageSize: 10, totalItems: 20, hasNext: false, onPageChange } });
    expect(button('Next page')?.getAttribute('aria-disabled')).toBe('true');
  });
});
