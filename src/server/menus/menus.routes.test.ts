import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MenuEntry } from '../../core/schemas/menu';
import { createTestApp, testDialects, type TestApp } from '../test-support/test-app';

describe.each(testDialects())('public menu on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t?.close());

  const fetchMenu = async (payload: object) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/menu/menuofUserforjosn', payload });
    expect(response.statusCode).toBe(200);
    return response.json() as MenuEntry[];
  };

  it('serves the Public group menu with Services and Products sub-menus, one nested a level deeper', async () => {
    const menu = await fetchMenu({ username: 'Public', userid: 1, usergroupid: 2 });
    expect(menu.map((m) => m.mainmenulabel)).toEqual([
      'Home',
      'About',
      'Services',
      'Products',
      'News',
      'Customers',
      'Contact',
    ]);
    expect(menu[0]).toMatchObject({ mainmenulabel: 'Home', mainmenulink: '/Home1', lstsubmenu: [] });
    const services = menu.find((m) => m.mainmenulabel === 'Services');
    expect(services?.lstsubmenu.map((s) => s.submenulink)).toEqual([
      '/Bespoke1',
      '/Expertise1',
      '/Language1',
      '/Consulting1',
    ]);
    const products = menu.find((m) => m.mainmenulabel === 'Products');
    const crm = products?.lstsubmenu.find((s) => s.submenulabel === 'Relationware CRM');
    expect(crm?.lstchildmenu.map((c) => c.submenulink)).toEqual([
      '/RelationwareCRM-Manufacturing1',
      '/RelationwareCRM-Pharma1',
    ]);
    expect(products?.lstsubmenu.find((s) => s.submenulink === '/InnovoCare1')).toBeTruthy();
  });

  it('ignores identity claimed in the body: claiming to be an administrator still gets the public menu', async () => {
    const claimed = await fetchMenu({ username: 'admin', userid: 2, usergroupid: 1, accessToken: 'forged' });
    expect(claimed).toEqual(await fetchMenu({}));
  });

  it('leaves out pages that were deactivated', async () => {
    await t.app.tenants.default.db.updateTable('pages').set({ active: 0 }).where('id', '=', 7).execute();
    t.app.tenants.default.cache.clear();
    const menu = await fetchMenu({});
    expect(menu.map((m) => m.mainmenulabel)).not.toContain('News');
    await t.app.tenants.default.db.updateTable('pages').set({ active: 1 }).where('id', '=', 7).execute();
    t.app.tenants.default.cache.clear();
  });
});
