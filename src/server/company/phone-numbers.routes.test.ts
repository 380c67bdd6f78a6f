import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE_MESSAGE } from '../../core/phone';
import { COMPANY_MESSAGES } from '../../core/schemas/company';
import { CONTACT_MESSAGES } from '../../core/schemas/contact-enquiry';
import { USER_MESSAGES } from '../../core/schemas/user';
import { ADMIN_PASSWORD, logIn, type LoggedIn } from '../test-support/sessions';
import { createTestApp, testDialects, type TestApp } from '../test-support/test-app';

const company = {
  companyCode: 'ACME01',
  companyName: 'Acme Systems',
  address: '12 FC Road, Pune',
  city: 'Pune',
  state: 'Maharashtra',
  pincode: '411004',
  country: 'India',
  websiteUrl: 'https://acme.example.in',
  contact: '2045678900',
  email: 'office@acme.example.in',
};

const enquiry = { name: 'Jonas Weber', email: 'jonas@example.de', requirements: 'A shop for our bakery.' };

/** Phone numbers of any country (docs/design.md §34): the contact form, the company details and the users' mobiles. */
describe.each(testDialects())("phone numbers read in the company's country on %s", (dialect) => {
  let t: TestApp;
  let admin: LoggedIn;
  let address = 0;
  beforeAll(async () => {
    t = await createTestApp(dialect, { ADMIN_PASSWORD, CONTACT_MIN_FILL_SECONDS: '0' });
    admin = await logIn(t.app, 'admin', ADMIN_PASSWORD);
  });
  afterAll(async () => t?.close());

  const call = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/master/${url}`, headers: admin.headers, payload });
  const saveCompany = (over: object) => call('saveCompanyDetails', { ...company, ...over });
  // Each enquiry from its own address: the form's rate limit does not mix them up.
  const send = (mobile: string) => {
    address += 1;
    return t.app.inject({
      method: 'POST',
      url: '/api/master/savecont2',
      remoteAddress: `10.9.0.${address}`,
      payload: { ...enquiry, mobile },
    });
  };
  const storedMobile = async () =>
    (
      await t.app.tenants.default.db
        .selectFrom('enquiries')
        .select('mobile')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirstOrThrow()
    ).mobile;

  it('takes a visitor abroad on an Indian company: +49 151 23456789 is stored as E.164', async () => {
    expect((await saveCompany({ countryCode: 'IN' })).statusCode).toBe(200);
    const response = await send('+49 151 23456789');
    expect([response.statusCode, response.json()]).toEqual([200, { message: 'Success' }]);
    expect(await storedMobile()).toBe('+4915123456789');
  });

  it("keeps the spec's ten digits on an Indian company, as typed, and refuses others with its sentence", async () => {
    expect((await send('9876543210')).json()).toEqual({ message: 'Success' });
    expect(await storedMobile()).toBe('9876543210');
    const refused = await send('98765 4321');
    expect([refused.statusCode, refused.json()]).toEqual([400, { message: CONTACT_MESSAGES.mobile, field: 'mobile' }]);
    const foreign = await send('+49 151');
    expect([foreign.statusCode, foreign.json()]).toEqual([400, { message: PHONE_MESSAGE, field: 'mobile' }]);
  });

  it("reads a number without + as a German one on a German company, and shows the company's number formatted", async () => {
    expect((await saveCompany({ countryCode: 'DE', contact: '+49 30 1234567' })).statusCode).toBe(200);
    const row = await t.app.tenants.default.db
      .selectFrom('company')
      .select(['contact', 'country_code'])
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ contact: '+49301234567', country_code: 'DE' });
    expect((await call('getCompanyDetails', {})).json()).toMatchObject({
      countryCode: 'DE',
      contact: '+49 30 1234567',
    });
    // The public footer shows it formatted too.
    expect((await t.app.inject({ method: 'GET', url: '/Home1' })).body).toContain('+49 30 1234567');

    expect((await send('030 1234567')).json()).toEqual({ message: 'Success' });
    expect(await storedMobile()).toBe('+49301234567');
    // Ten digits are no rule in Germany.
    const refused = await send('0000000000');
    expect([refused.statusCode, refused.json()]).toEqual([400, { message: PHONE_MESSAGE, field: 'mobile' }]);
  });

  it('refuses the form posted without JavaScript with the sentence at the field, and takes a foreign number', async () => {
    const post = (mobile: string) => {
      address += 1;
      return t.app.inject({
        method: 'POST',
        url: '/Contact1',
        remoteAddress: `10.9.0.${address}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ ...enquiry, mobile }).toString(),
      });
    };
    const refused = await post('12');
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain(PHONE_MESSAGE);
    expect((await post('+44 20 7946 0958')).statusCode).toBe(200);
    expect(await storedMobile()).toBe('+442079460958');
  });

  it('refuses a country code that is not one of ISO 3166-1, and a contact number invalid in the country', async () => {
    for (const countryCode of ['XX', 'UK', 'India', '']) {
      const response = await saveCompany({ countryCode });
      expect([response.statusCode, response.json().field]).toEqual([400, 'countryCode']);
      expect(response.json().message).toContain(COMPANY_MESSAGES.countryCode);
    }
    // The sentence names the field, as every refusal of the company form does.
    const invalid = await saveCompany({ countryCode: 'IN', contact: '030 1234567' });
    expect([invalid.statusCode, invalid.json().field]).toEqual([400, 'contact']);
    expect(invalid.json().message).toContain(COMPANY_MESSAGES.contact);
    const german = await saveCompany({ countryCode: 'DE', contact: '12' });
    expect([german.statusCode, german.json().field]).toEqual([400, 'contact']);
    expect(german.json().message).toContain(PHONE_MESSAGE);
  });

  it("reads users' mobiles by the same rule: E.164 with + or abroad, the spec's mobile rule in India", async () => {
    const person = (over: object) => ({
      firstname: 'Asha',
      selfaccessforuser: `asha${address++}`,
      password: 'a-long-enough-password',
      usergroupid: 3,
      ...over,
    });
    expect((await saveCompany({ countryCode: 'IN' })).statusCode).toBe(200);
    const saved = await call('saveemployeemaster', person({ mobile: '+49 151 23456789', mobile1: '9876543210' }));
    expect(saved.json()).toMatchObject({ status: 'Success' });
    const row = await t.app.tenants.default.db
      .selectFrom('users')
      .select(['mobile', 'mobile2'])
      .where('id', '=', saved.json().userID)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ mobile: '+4915123456789', mobile2: '9876543210' });
    expect((await call('getEmployeedByid', { id: saved.json().userID })).json()).toMatchObject({
      mobile: '+49 1512 3456789',
      mobile1: '9876543210',
    });
    const landline = await call('saveemployeemaster', person({ mobile: '2045678900' }));
    expect([landline.statusCode, landline.json().message]).toEqual([400, USER_MESSAGES.mobile]);

    expect((await saveCompany({ countryCode: 'DE', contact: '+49 30 1234567' })).statusCode).toBe(200);
    const german = await call('saveemployeemaster', person({ mobile: '0151 23456789' }));
    expect(german.json()).toMatchObject({ status: 'Success' });
    const refused = await call('saveemployeemaster', person({ mobile: '0000000000' }));
    expect([refused.statusCode, refused.json().message]).toEqual([400, PHONE_MESSAGE]);
    expect((await saveCompany({ countryCode: 'IN', contact: '2045678900' })).statusCode).toBe(200);
  });
});
