import { describe, expect, it } from 'vitest';
import type { MenuItemRow } from './menus.repository';
import { buildMenuTree } from './menus.service';

const row = (id: number, parent: number | null, label: string, routing: string | null, sequence = id): MenuItemRow => ({
  id,
  parent_id: parent,
  label,
  sequence,
  land_page: 0,
  page_id: routing ? id : null,
  routing,
  public_path: routing ? `/${routing}1` : null,
});

describe('buildMenuTree', () => {
  const rows = [
    row(1, null, 'Home', 'Home'),
    row(2, null, 'Products', null),
    row(3, 2, 'CRM', null),
    row(4, 3, 'Pharma', 'Pharma'),
    row(5, 2, 'Clinic', 'Clinic'),
  ];

  it('nests main menus, sub menus and child menus in the spec shape, in the order given', () => {
    expect(buildMenuTree(rows, 'public')).toEqual([
      { id: 1, mainmenulabel: 'Home', mainmenulink: '/Home1', lstsubmenu: [] },
      {
        id: 2,
        mainmenulabel: 'Products',
        mainmenulink: '',
        lstsubmenu: [
          {
            id: 3,
            submenulabel: 'CRM',
            submenulink: '',
            lstchildmenu: [{ id: 4, submenulabel: 'Pharma', submenulink: '/Pharma1' }],
          },
          { id: 5, submenulabel: 'Clinic', submenulink: '/Clinic1', lstchildmenu: [] },
        ],
      },
    ]);
  });

  it('links staff to the editing twins instead of the public pages', () => {
    const [home] = buildMenuTree(rows, 'staff');
    expect(home?.mainmenulink).toBe('/Home');
  });
});
