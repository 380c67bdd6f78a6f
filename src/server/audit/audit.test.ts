import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../db/database';
import { ADMIN_PASSWORD, logIn } from '../test-support/sessions';
import { createTestApp, testDialects, type TestApp } from '../test-support/test-app';
import { audit, cleanAuditDetails, runAs } from './audit';

describe('cleanAuditDetails', () => {
  it('drops passwords, tokens, secrets and codes at any depth, and keeps long texts by their length only', () => {
    const details = cleanAuditDetails({
      username: 'jdoe',
      password: 'hunter2-hunter2',
      newPassword: 'x',
      token: 't',
      totpSecret: 's',
      recoveryCodes: ['a'],
      setupCode: 'c',
      passwordHash: 'h',
      nested: { accessToken: 'a', firstName: { before: 'Ann', after: 'Anna' } },
      content: 'w'.repeat(5000),
      list: [{ csrfToken: 'x', name: 'kept' }],
    });
    expect(details).toEqual({
      username: 'jdoe',
      nested: { firstName: { before: 'Ann', after: 'Anna' } },
      content: '(5000 characters)',
      list: [{ name: 'kept' }],
    });
    expect(JSON.stringify(details)).not.toMatch(/hunter2|"t"|"s"/);
  });
});

/** docs/design.md §21: an entry per change, in the change's transaction, naming who made it and from where. */
describe.each(testDialects())('the audit log (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { ADMIN_PASSWORD });
  });
  afterAll(async () => t?.close());

  const entries = () => t.app.tenants.default.db.selectFrom('audit_log').selectAll().orderBy('id').execute();

  it('records a change of the company details with the user, the address and the changed fields only', async () => {
    const admin = await logIn(t.app, 'admin', ADMIN_PASSWORD, '10.6.0.7');
    const details = (
      await t.app.inject({ method: 'POST', url: '/api/master/getCompanyDetails', headers: admin.headers, payload: {} })
    ).json();
    const before = (await entries()).length;
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/master/saveCompanyDetails',
      headers: admin.headers,
      remoteAddress: '10.6.0.7',
      payload: { ...details, companyName: 'Renamed Systems' },
    });
    expect(saved.statusCode).toBe(200);
    const added = (await entries()).slice(before);
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({
      tenant: 'default',
      user_name: 'admin',
      ip: '10.6.0.7',
      action: 'company.update',
      target_type: 'company',
      target_id: details.companyCode,
      summary: 'Updated the company details of Renamed Systems',
    });
    expect(JSON.parse(added[0]!.details)).toEqual({
      companyName: { before: details.companyName, after: 'Renamed Systems' },
    });
    expect(Date.now() - Date.parse(added[0]!.at)).toBeLessThan(60_000);
  });

  it('writes nothing when the change is refused', async () => {
    const admin = await logIn(t.app, 'admin', ADMIN_PASSWORD);
    const details = (
      await t.app.inject({ method: 'POST', url: '/api/master/getCompanyDetails', headers: admin.headers, payload: {} })
    ).json();
    const before = (await entries()).length;
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/master/saveCompanyDetails',
      headers: admin.headers,
      payload: { ...details, email: 'not an address' },
    });
    expect(refused.statusCode).toBe(400);
    expect(await entries()).toHaveLength(before);
  });

  it('records groups created, renamed and deleted, and users created, updated and deactivated, never a password', async () => {
    const admin = await logIn(t.app, 'admin', ADMIN_PASSWORD);
    const post = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: admin.headers, payload });
    const before = (await entries()).length;
    expect((await post('/api/menu/SaveUserGroup', { groupname: 'Writers' })).statusCode).toBe(200);
    const groups = (await post('/api/menu/getAllgroup', {})).json() as Array<{ id: number; groupname: string }>;
    const writers = groups.find((g) => g.groupname === 'Writers')!;
    expect((await post('/api/menu/SaveUserGroup', { id: writers.id, updategroupname: 'Authors' })).statusCode).toBe(
      200,
    );
    expect((await post('/api/menu/deletegroup', { id: writers.id })).statusCode).toBe(200);
    const person = {
      employeecode: 'E007',
      salutation: 'Ms.',
      gender: 'Female',
      firstname: 'Asha',
      middlename: '',
      lastname: 'Kulkarni',
      address: 'Pune',
      mobile: '9876543210',
      mobile1: '',
      email: 'asha@example.com',
      selfaccessforuser: 'asha',
      password: 'a-long-secret-password-1',
      usergroupid: 3,
      selfactive: true,
    };
    const created = await post('/api/master/saveemployeemaster', person);
    expect(created.statusCode).toBe(200);
    const userID = created.json().userID as number;
    expect(
      (
        await post('/api/master/saveemployeemaster', {
          ...person,
          userID,
          lastname: 'Patil',
          password: 'another-secret-password-2',
        })
      ).statusCode,
    ).toBe(200);
    expect((await post('/api/master/Employeechangedeletstatus', { id: userID, activeStatus: 'N' })).statusCode).toBe(
      200,
    );
    const added = (await entries()).slice(before);
    expect(added.map((e) => [e.action, e.target_id, e.summary, e.user_name])).toEqual([
      ['group.create', 'Writers', 'Created group Writers', 'admin'],
      ['group.update', 'Authors', 'Renamed group Writers to Authors', 'admin'],
      ['group.delete', 'Authors', 'Deleted group Authors', 'admin'],
      ['user.create', 'asha', 'Created user asha', 'admin'],
      ['user.update', 'asha', 'Updated user asha and set a new password', 'admin'],
      ['user.status', 'asha', 'Deactivated user asha', 'admin'],
    ]);
    expect(JSON.parse(added[4]!.details)).toEqual({ lastName: { before: 'Kulkarni', after: 'Patil' } });
    expect(JSON.stringify(added)).not.toMatch(/secret-password|argon2/);
  });

  it('records enquiries marked, queued again and deleted, without the enquirer; a refused call writes nothing', async () => {
    const admin = await logIn(t.app, 'admin', ADMIN_PASSWORD);
    const post = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: admin.headers, payload });
    // Without the contact page's cookie the enquiry is kept as Spam, with no mail.
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/master/savecont2',
      remoteAddress: '10.6.1.1',
      payload: {
        organization: 'Deccan Tools',
        name: 'Priya Patil',
        email: 'priya@example.in',
        mobile: '9876543210',
        requirements: 'A CRM, please.',
        menupageid: 11,
        commonrouting: 'Contact',
      },
    });
    expect(sent.statusCode).toBe(200);
    const { id } = await t.app.tenants.default.db
      .selectFrom('enquiries')
      .select('id')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const before = (await entries()).length;
    expect((await post('/api/master/resendEnquiry', { id })).statusCode).toBe(409);
    expect((await post('/api/master/changeEnquiryStatus', { id, status: 'New' })).statusCode).toBe(200);
    expect((await post('/api/master/resendEnquiry', { id })).statusCode).toBe(200);
    expect((await post('/api/master/deleteEnquiry', { id })).statusCode).toBe(200);
    expect((await post('/api/master/deleteEnquiry', { id })).statusCode).toBe(404);
    const added = (await entries()).slice(before);
    expect(added.map((e) => [e.action, e.target_type, e.target_id, e.summary])).toEqual([
      ['enquiry.status', 'enquiry', String(id), `Marked enquiry ${id} New`],
      ['enquiry.resend', 'enquiry', String(id), `Queued the mail of enquiry ${id} again`],
      ['enquiry.delete', 'enquiry', String(id), `Deleted enquiry ${id}`],
    ]);
    expect(JSON.parse(added[0]!.details)).toEqual({ status: { before: 'Spam', after: 'New' } });
    expect(JSON.stringify(added)).not.toMatch(/Priya|priya@|Deccan/);
  });

  it('records sign-ins, failed sign-ins with the lockout they cause, and sign-outs, never a password', async () => {
    const before = (await entries()).length;
    const admin = await logIn(t.app, 'admin', ADMIN_PASSWORD, '10.6.2.1');
    for (let i = 0; i < 5; i += 1) {
      const failed = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        remoteAddress: `10.6.3.${i}`,
        payload: { username: 'Mallory', password: 'guess-number-one' },
      });
      expect(failed.statusCode).toBe(401);
    }
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signout',
      headers: admin.headers,
      remoteAddress: '10.6.2.1',
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    const added = (await entries()).slice(before);
    expect(added.map((e) => [e.action, e.target_id, e.user_name, e.ip])).toEqual([
      ['auth.signin', 'admin', 'admin', '10.6.2.1'],
      ...[0, 1, 2, 3, 4].map((i) => ['auth.signin_failed', 'Mallory', null, `10.6.3.${i}`]),
      ['auth.lockout', 'Mallory', null, '10.6.3.4'],
      ['auth.signout', 'admin', 'admin', '10.6.2.1'],
    ]);
    expect(JSON.stringify(added)).not.toMatch(/guess-number-one|correct-horse/);
  });

  it('records master types and values created, renamed and deactivated; a refused save writes nothing', async () => {
    const admin = await logIn(t.app, 'admin', ADMIN_PASSWORD);
    const call = (name: string, payload: object) =>
      t.app.inject({ method: 'POST', url: `/api/master/${name}`, headers: admin.headers, payload });
    const before = (await entries()).length;
    const created = (await call('savecommonmastertype', { code: 'OFFICE', name: 'Office' })).json();
    expect(created.status).toBe('Success');
    expect(
      (await call('savecommonmastertype', { id: created.id, code: 'OFFICE', name: 'Office Location' })).json().status,
    ).toBe('Success');
    expect((await call('savecommonmastertype', { code: 'office', name: 'Another office' })).statusCode).toBe(400);
    const value = (
      await call('savecommonmaster', { typeId: created.id, code: 'BANER', name: 'Baner', sequence: 1 })
    ).json();
    expect(value.status, JSON.stringify(value)).toBe('Success');
    expect((await call('changeStatusForCommonMaster', { id: value.id, activeStatus: 'N' })).json().status).toBe(
      'Success',
    );
    expect((await call('changeStatusForCommonMasterType', { id: created.id, activeStatus: 'N' })).json().status).toBe(
      'Success',
    );
    const added = (await entries()).slice(before);
    expect(added.map((e) => [e.action, e.target_type, e.target_id, e.summary])).toEqual([
      ['master.create', 'master_type', 'OFFICE', 'Created master type OFFICE (Office)'],
      ['master.update', 'master_type', 'OFFICE', 'Updated master type OFFICE (Office Location)'],
      ['master.create', 'master_value', 'OFFICE/BANER', 'Created Office Location Baner (BANER)'],
      ['master.update', 'master_value', 'OFFICE/BANER', 'Deactivated Office Location Baner (BANER)'],
      ['master.update', 'master_type', 'OFFICE', 'Deactivated master type OFFICE'],
    ]);
    expect(JSON.parse(added[1]!.details)).toEqual({ name: { before: 'Office', after: 'Office Location' } });
  });

  it('records a page save as published with the names of the changed fields, a restore, and nothing for a stale save', async () => {
    const admin = await logIn(t.app, 'admin', ADMIN_PASSWORD);
    const news = (await t.app.inject({ method: 'POST', url: '/api/master/getnews', payload: {} })).json();
    const before = (await entries()).length;
    news.tablelst[0].newsDetails = `<p>${'Fresh news. '.repeat(40)}</p>`;
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/master/savenews',
      headers: admin.headers,
      payload: news,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const { revision } = saved.json() as { revision: number };
    // The same base revision again: refused as stale, and nothing is recorded.
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/master/savenews', headers: admin.headers, payload: news }))
        .statusCode,
    ).toBe(409);
    const restored = await t.app.inject({
      method: 'POST',
      url: '/api/master/restore/News',
      headers: admin.headers,
      payload: { revision: revision - 1 },
    });
    expect(restored.statusCode, restored.body).toBe(200);
    const added = (await entries()).slice(before);
    expect(added.map((e) => [e.action, e.target_type, e.target_id, e.summary, e.user_name])).toEqual([
      ['page.publish', 'page', 'News', `Published News (revision ${revision})`, 'admin'],
      [
        'page.restore',
        'page',
        'News',
        `Restored News to revision ${revision - 1} (as revision ${revision + 1})`,
        'admin',
      ],
    ]);
    expect(JSON.parse(added[0]!.details)).toEqual({ revision, fields: ['tablelst'] });
    expect(JSON.parse(added[1]!.details)).toEqual({
      revision: revision + 1,
      fields: ['tablelst'],
      restoredFrom: revision - 1,
    });
    expect(added[0]!.details).not.toContain('Fresh news');
  });

  it('records menu items added, changed, renamed and deleted, a group menu applied and emptied, by the name of the tree', async () => {
    const admin = await logIn(t.app, 'admin', ADMIN_PASSWORD);
    const menu = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url: `/api/menu/${url}`, headers: admin.headers, payload });
    expect((await menu('SaveUserGroup', { groupname: 'Translators' })).statusCode).toBe(200);
    const group = ((await menu('getAllgroup', {})).json() as Array<{ id: number; groupname: string }>).find(
      (g) => g.groupname === 'Translators',
    )!;
    const before = (await entries()).length;
    expect(
      (
        await menu('savemenubyuserforjson', {
          jsonsavelist: { pageid: 0, pagename: 'Website', isSubMenu: true, sequence: 1, resourcegroupid: group.id },
        })
      ).statusCode,
    ).toBe(200);
    const [folder] = (await menu('getallmenudata', { userId: group.id, from: 'group' })).json() as Array<{
      id: number;
    }>;
    const added = await menu('savemenubyuserforjson', {
      jsonsavelist: { pageid: 1, pagename: 'Home page', sequence: 1, parentId: folder!.id, resourcegroupid: group.id },
    });
    expect(added.statusCode, added.body).toBe(200);
    const item = (
      (await menu('getallmenudata', { userId: group.id, from: 'group' })).json() as Array<{ id: number; name: string }>
    ).find((i) => i.name === 'Home page')!;
    expect(
      (
        await menu('savemenubyuserforjson', {
          jsonsavelist: {
            menuId: item.id,
            pageid: 1,
            pagename: 'Home page',
            sequence: 5,
            parentId: folder!.id,
            resourcegroupid: group.id,
          },
        })
      ).statusCode,
    ).toBe(200);
    expect((await menu('SaveItemname', { menuId: item.id, menuname: 'Start' })).statusCode).toBe(200);
    expect(
      (await menu('savemenubyuserforjson', { jsonsavelist: { pageid: 2, sequence: 2, resourcegroupid: group.id } }))
        .statusCode,
    ).toBe(200);
    expect((await menu('deletemenubyuser', { menuId: folder!.id })).statusCode).toBe(200);
    expect((await menu('updatemenubyuser', { groupId: group.id })).statusCode).toBe(200);
    expect((await menu('cleargroupall', { id: group.id })).statusCode).toBe(200);
    // Refused: an unknown item, a parent that is not a sub menu.
    expect((await menu('deletemenubyuser', { menuId: 999_999 })).statusCode).toBe(404);
    const recorded = (await entries()).slice(before);
    expect(recorded.map((e) => [e.action, e.target_type, e.target_id, e.summary])).toEqual([
      ['menu.create', 'group menu', 'Translators', 'Added item Website to the menu of group Translators'],
      ['menu.create', 'group menu', 'Translators', 'Added item Home page to the menu of group Translators'],
      ['menu.update', 'group menu', 'Translators', 'Changed item Home page of the menu of group Translators'],
      ['menu.update', 'group menu', 'Translators', 'Renamed item Home page of the menu of group Translators to Start'],
      ['menu.create', 'group menu', 'Translators', 'Added item About to the menu of group Translators'],
      [
        'menu.delete',
        'group menu',
        'Translators',
        'Deleted item Website and the 1 item under it from the menu of group Translators',
      ],
      ['menu.apply', 'group menu', 'Translators', 'Applied the menu of group Translators to its 0 users'],
      ['menu.clear', 'group menu', 'Translators', 'Emptied the menu of group Translators (1 item)'],
    ]);
    expect(JSON.parse(recorded[2]!.details)).toEqual({ item: item.id, sequence: { before: 1, after: 5 } });
    expect(JSON.parse(recorded[3]!.details)).toEqual({ item: item.id, label: { before: 'Home page', after: 'Start' } });
  });

  it('records page definitions created, changed and deactivated, and field rules changed by name', async () => {
    const admin = await logIn(t.app, 'admin', ADMIN_PASSWORD);
    const call = (name: string, payload: object) =>
      t.app.inject({ method: 'POST', url: `/api/master/${name}`, headers: admin.headers, payload });
    const before = (await entries()).length;
    const page = { filename: 'Vacancies', dspname: 'Vacancies', module: 1, type: 'Autowired', homepage: 'Y' };
    const created = await call('savePageCreation', page);
    expect(created.statusCode, created.body).toBe(200);
    const { id } = created.json() as { id: number };
    expect((await call('savePageCreation', { ...page, id, dspname: 'Open positions' })).statusCode).toBe(200);
    expect(
      (
        await call('savePageCreation', {
          id: 7,
          filename: 'News',
          dspname: 'Newsroom',
          module: 1,
          type: 'wired',
          homepage: 'Y',
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await call('savePageCreation', {
          id: 7,
          filename: 'Newsroom',
          dspname: 'News',
          module: 1,
          type: 'wired',
          homepage: 'Y',
        })
      ).statusCode,
    ).toBe(400);
    const jobTitle = {
      parameterName: 'jobTitle',
      sequence: 1,
      mandatory: 'Y',
      type: 'Textarea',
      unittype: 'Character',
      pagecreationtype: 'Detail',
      minlength: 3,
      maxlength: 80,
    };
    const salary = {
      parameterName: 'salary',
      sequence: 2,
      type: 'number',
      unittype: 'Float',
      pagecreationtype: 'Detail',
      decimalplaces: 2,
    };
    expect((await call('saveParameters', { id, parameters: [jobTitle, salary] })).statusCode).toBe(200);
    const closing = {
      parameterName: 'closingDate',
      sequence: 3,
      type: 'Date',
      unittype: 'Date',
      pagecreationtype: 'Detail',
      greatthncurrentdate: 'true',
    };
    expect(
      (await call('saveParameters', { id, parameters: [{ ...jobTitle, maxlength: 120 }, closing] })).statusCode,
    ).toBe(200);
    expect((await call('activitydelstatus', { id, activeStatus: 'N' })).statusCode).toBe(200);
    const recorded = (await entries()).slice(before);
    expect(recorded.map((e) => [e.action, e.target_id, e.summary])).toEqual([
      ['pagedef.create', 'Vacancies', 'Created page Vacancies'],
      ['pagedef.update', 'Vacancies', 'Changed the definition of page Vacancies'],
      ['pagedef.update', 'News', 'Changed the definition of page News'],
      ['param.update', 'Vacancies', 'Changed the field rules of page Vacancies (2 added, 0 removed, 0 changed)'],
      ['param.update', 'Vacancies', 'Changed the field rules of page Vacancies (1 added, 1 removed, 1 changed)'],
      ['pagedef.status', 'Vacancies', 'Deactivated page Vacancies'],
    ]);
    expect(JSON.parse(recorded[1]!.details)).toEqual({ displayName: { before: 'Vacancies', after: 'Open positions' } });
    expect(JSON.parse(recorded[2]!.details)).toEqual({ displayName: { before: 'News', after: 'Newsroom' } });
    expect(JSON.parse(recorded[4]!.details)).toEqual({
      added: ['closingDate'],
      removed: ['salary'],
      changed: { jobTitle: { maxlength: { before: 80, after: 120 } } },
    });
  });

  it('commits an entry with its transaction or not at all', async () => {
    const tenant = t.app.tenants.default;
    const before = (await entries()).length;
    await expect(
      inTransaction(tenant.db, async (trx) => {
        await audit(trx, tenant, {
          action: 'company.update',
          targetType: 'company',
          targetId: 'X',
          summary: 'Rolled back',
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await entries()).toHaveLength(before);
    await runAs({ userName: 'shell', ip: null }, () =>
      inTransaction(tenant.db, (trx) =>
        audit(trx, tenant, {
          action: 'cli.setup-code',
          targetType: 'setup',
          targetId: 'default',
          summary: 'Printed the setup code',
        }),
      ),
    );
    const [last] = (await entries()).slice(-1);
    expect(last).toMatchObject({ user_name: 'shell', ip: null, action: 'cli.setup-code', details: '{}' });
  });
});
