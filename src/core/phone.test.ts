import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES, countryOptions, isCountryCode } from './countries';
import { PHONE_MESSAGE, phoneNumberOf, readPhoneLeniently } from './phone';
import { readPhone, showPhone } from './phone-numbers';
import { companySchema } from './schemas/company';
import { contactEnquirySchema } from './schemas/contact-enquiry';
import { userSchema } from './schemas/user';

const TEN_DIGITS = /^\d{10}$/;
const INDIAN_MOBILE = /^[6-9]\d{9}$/;

describe('the phone rule (docs/design.md §34)', () => {
  it("holds the spec's rule in India for a number typed without +, kept as typed", () => {
    expect(phoneNumberOf('9876543210', 'IN', INDIAN_MOBILE, readPhone)).toBe('9876543210');
    expect(phoneNumberOf(' 2045678900 ', 'IN', TEN_DIGITS, readPhone)).toBe('2045678900');
    // The spec's mobile rule: a landline's ten digits are no mobile, nine digits no number.
    expect(phoneNumberOf('2045678900', 'IN', INDIAN_MOBILE, readPhone)).toBeNull();
    expect(phoneNumberOf('987654321', 'IN', TEN_DIGITS, readPhone)).toBeNull();
    // Spaces are not the spec's ten digits.
    expect(phoneNumberOf('98765 43210', 'IN', TEN_DIGITS, readPhone)).toBeNull();
  });

  it('reads a number typed with + in any country, and stores it as E.164', () => {
    expect(phoneNumberOf('+49 151 23456789', 'IN', TEN_DIGITS, readPhone)).toBe('+4915123456789');
    expect(phoneNumberOf('+49 30 1234567', 'DE', TEN_DIGITS, readPhone)).toBe('+49301234567');
    expect(phoneNumberOf('+91 98220 12345', 'US', TEN_DIGITS, readPhone)).toBe('+919822012345');
    expect(phoneNumberOf('+49 12', 'IN', TEN_DIGITS, readPhone)).toBeNull();
    // Not a number libphonenumber-js's full metadata knows: +49 has no numbers starting 0 after the code.
    expect(phoneNumberOf('+49 0000 000000', 'DE', TEN_DIGITS, readPhone)).toBeNull();
  });

  it("reads a number without + outside India as a number of the company's country", () => {
    expect(phoneNumberOf('030 1234567', 'DE', TEN_DIGITS, readPhone)).toBe('+49301234567');
    expect(phoneNumberOf('(201) 555-0123', 'US', TEN_DIGITS, readPhone)).toBe('+12015550123');
    expect(phoneNumberOf('030 12', 'DE', TEN_DIGITS, readPhone)).toBeNull();
    // Ten digits are no rule outside India: a German number must be one.
    expect(phoneNumberOf('0000000000', 'DE', TEN_DIGITS, readPhone)).toBeNull();
  });

  it('refuses a number longer than any field takes', () => {
    expect(phoneNumberOf(`+49 30 1234567${' '.repeat(20)}8`, 'DE', TEN_DIGITS, readPhone)).toBeNull();
  });

  it('reads leniently in the browser: + then 8 to 15 digits, or 6 to 15 digits, as typed', () => {
    expect(readPhoneLeniently('+49 151 23456789', 'IN')).toBe('+49 151 23456789');
    expect(readPhoneLeniently('030-123 4567', 'DE')).toBe('030-123 4567');
    expect(readPhoneLeniently('+49 1234', 'DE')).toBeNull();
    expect(readPhoneLeniently('+1 2345 6789 0123 4567', 'DE')).toBeNull();
    expect(readPhoneLeniently('12345', 'DE')).toBeNull();
    expect(readPhoneLeniently('call me', 'DE')).toBeNull();
  });

  it('shows a stored number formatted; ten Indian digits as stored', () => {
    expect(showPhone('+49301234567')).toBe('+49 30 1234567');
    expect(showPhone('+4915123456789')).toBe('+49 1512 3456789');
    expect(showPhone('9876543210')).toBe('9876543210');
    expect(showPhone('')).toBe('');
  });
});

describe('the phone fields of the forms (docs/design.md §34)', () => {
  it("read the contact form's mobile in the company's country, refusing with the field's sentence", () => {
    const enquiry = { name: 'Asha', email: 'asha@example.com', requirements: 'A website' };
    const india = contactEnquirySchema({ country: 'IN', read: readPhone });
    const germany = contactEnquirySchema({ country: 'DE', read: readPhone });
    expect(india.parse({ ...enquiry, mobile: '+49 151 23456789' }).mobile).toBe('+4915123456789');
    expect(india.parse({ ...enquiry, mobile: '9876543210' }).mobile).toBe('9876543210');
    expect(germany.parse({ ...enquiry, mobile: '030 1234567' }).mobile).toBe('+49301234567');
    expect(india.safeParse({ ...enquiry, mobile: '98765' }).error?.issues.map((i) => [i.path, i.message])).toEqual([
      [['mobile'], 'Enter a valid 10-digit mobile number.'],
    ]);
    expect(india.safeParse({ ...enquiry, mobile: '+49 12' }).error?.issues.map((i) => [i.path, i.message])).toEqual([
      [['mobile'], PHONE_MESSAGE],
    ]);
    expect(germany.safeParse({ ...enquiry, mobile: '98765' }).error?.issues.map((i) => i.message)).toEqual([
      PHONE_MESSAGE,
    ]);
  });

  it("read the company's contact number in the country it names, and refuse an unknown country", () => {
    const company = { companyCode: 'ACME', companyName: 'Acme GmbH', address: 'Hauptstraße 1', email: 'info@acme.de' };
    const schema = companySchema(readPhone);
    expect(schema.parse({ ...company, countryCode: 'DE', contact: '+49 30 1234567' })).toMatchObject({
      countryCode: 'DE',
      contact: '+49301234567',
    });
    expect(schema.parse({ ...company, countryCode: 'de', contact: '030 1234567' })).toMatchObject({
      countryCode: 'DE',
      contact: '+49301234567',
    });
    // No country: India, and the spec's ten digits.
    expect(schema.parse({ ...company, contact: '2045678900' })).toMatchObject({
      countryCode: 'IN',
      contact: '2045678900',
    });
    expect(
      schema.safeParse({ ...company, contact: '030 1234567' }).error?.issues.map((i) => [i.path, i.message]),
    ).toEqual([[['contact'], 'Must be exactly 10 digits']]);
    expect(
      schema
        .safeParse({ ...company, countryCode: 'XX', contact: '+49 30 1234567' })
        .error?.issues.map((i) => [i.path, i.message]),
    ).toEqual([[['countryCode'], 'Choose the country from the list.']]);
    // The number is marked while another field is still wrong (the form shows it as soon as it is left).
    expect(
      schema
        .safeParse({ ...company, companyName: '', countryCode: 'DE', contact: '12' })
        .error?.issues.map((i) => i.path.join('.')),
    ).toEqual(['companyName', 'contact']);
  });

  it("read a user's mobiles in the company's country; empty stays allowed", () => {
    const user = { firstname: 'Asha', selfaccessforuser: 'asha', usergroupid: 2 };
    const india = userSchema({ country: 'IN', read: readPhone });
    expect(india.parse({ ...user, mobile: '+49 151 23456789', mobile1: '' })).toMatchObject({
      mobile: '+4915123456789',
      mobile1: '',
    });
    expect(india.safeParse({ ...user, mobile: '2045678900' }).error?.issues.map((i) => i.message)).toEqual([
      'Enter a 10-digit mobile number starting with 6, 7, 8 or 9.',
    ]);
    expect(userSchema({ country: 'DE', read: readPhone }).parse({ ...user, mobile: '0151 23456789' }).mobile).toBe(
      '+4915123456789',
    );
  });
});

describe('the countries (docs/design.md §34)', () => {
  it('are the 249 codes of ISO 3166-1 alpha-2, with their English names', () => {
    expect(COUNTRY_CODES).toHaveLength(249);
    expect([
      isCountryCode('IN'),
      isCountryCode('DE'),
      isCountryCode('XX'),
      isCountryCode('in'),
      isCountryCode('UK'),
    ]).toEqual([true, true, false, false, false]);
    const options = countryOptions();
    expect(options.find((o) => o.code === 'DE')?.name).toBe('Germany');
    expect(options.find((o) => o.code === 'IN')?.name).toBe('India');
    expect(options.map((o) => o.name)).toEqual(
      [...options.map((o) => o.name)].sort((a, b) => a.localeCompare(b, 'en')),
    );
  });
});
