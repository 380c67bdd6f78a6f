import { z } from 'zod';
import { siteRelativeImageAddress } from '../media/image-names';
import { DEFAULT_COUNTRY, isCountryCode } from '../countries';
import { phoneNumberOf, phoneRefusal, readPhoneLeniently, type PhoneReader } from '../phone';

/** The longest tagline: one line under the company's name in the footer. */
export const TAGLINE_MAX = 160;

/** Company details (spec 001 §3) with the company form's rules and messages (spec 001 §5), word for word. */
export const COMPANY_MESSAGES = {
  companyCode: 'Required (4–20 chars)',
  companyName: 'Required (4–30 chars)',
  address: 'Required (min 4 chars)',
  optional20: 'Optional (4–20 chars)',
  websiteUrl: 'Valid URL (4–100 chars)',
  pincode: 'Numbers only (5–7 digits)',
  contact: 'Must be exactly 10 digits',
  countryCode: 'Choose the country from the list.',
  email: 'Valid email required (max 50 chars)',
  tagline: `Optional (max ${TAGLINE_MAX} chars)`,
  logo: 'Optional: an uploaded image, or an address starting with https:// or http://',
  invalidForm: 'Please fix the errors before submitting the form',
} as const;

const between = (min: number, max: number, message: string) =>
  z.string({ message }).trim().min(min, { message }).max(max, { message });
/** Optional text: empty, or within the bounds. */
const optionalBetween = (min: number, max: number, message: string) =>
  z
    .string({ message })
    .trim()
    .refine((v) => v === '' || (v.length >= min && v.length <= max), { message })
    .default('');

/** The company's contact number in India without + (spec 001 §5): ten digits. */
const INDIAN_CONTACT = /^\d{10}$/;

/**
 * The company details with its contact number read in its own country (docs/design.md §34): by `read` (the server's
 * libphonenumber-js; the staff app's lenient reading, whose refusals the server's answer completes).
 */
export const companySchema = (read: PhoneReader) =>
  z
    .strictObject({
      companyCode: between(4, 20, COMPANY_MESSAGES.companyCode),
      companyName: between(4, 30, COMPANY_MESSAGES.companyName),
      address: between(4, 500, COMPANY_MESSAGES.address),
      city: optionalBetween(4, 20, COMPANY_MESSAGES.optional20),
      state: optionalBetween(4, 20, COMPANY_MESSAGES.optional20),
      pincode: z
        .string({ message: COMPANY_MESSAGES.pincode })
        .trim()
        .refine((v) => v === '' || /^\d{5,7}$/.test(v), { message: COMPANY_MESSAGES.pincode })
        .default(''),
      country: optionalBetween(4, 20, COMPANY_MESSAGES.optional20),
      websiteUrl: z
        .string({ message: COMPANY_MESSAGES.websiteUrl })
        .trim()
        .refine((v) => v === '' || (v.length >= 4 && v.length <= 100 && /^https?:\/\/[^\s/$.?#].[^\s]*$/i.test(v)), {
          message: COMPANY_MESSAGES.websiteUrl,
        })
        .default(''),
      /** The company's country (ISO 3166-1 alpha-2, docs/design.md §34): how its phone numbers are read. */
      countryCode: z
        .string({ message: COMPANY_MESSAGES.countryCode })
        .trim()
        .toUpperCase()
        .refine(isCountryCode, { message: COMPANY_MESSAGES.countryCode })
        .default(DEFAULT_COUNTRY),
      /** Checked below, in the company's country; stored as the phone rule gives it (E.164 with +). */
      contact: z.string({ message: COMPANY_MESSAGES.contact }).trim(),
      email: z
        .string({ message: COMPANY_MESSAGES.email })
        .trim()
        .min(4, { message: COMPANY_MESSAGES.email })
        .max(50, { message: COMPANY_MESSAGES.email })
        .pipe(z.email({ message: COMPANY_MESSAGES.email })),
      // The site's own words and image (docs/design.md §20), beyond spec 001's form. Optional without a default: a save
      // that leaves them out (a client of the spec) keeps the stored ones; '' clears them.
      /** The line under the company's name in the public footer. */
      tagline: z
        .string({ message: COMPANY_MESSAGES.tagline })
        .trim()
        .max(TAGLINE_MAX, { message: COMPANY_MESSAGES.tagline })
        .optional(),
      /**
       * The company's logo: an uploaded image (a path on this site, whatever host it was sent with: docs/design.md §24) or
       * an address elsewhere; the default sharing image.
       */
      logo: z
        .string({ message: COMPANY_MESSAGES.logo })
        .trim()
        .overwrite(siteRelativeImageAddress)
        .max(2_000, { message: COMPANY_MESSAGES.logo })
        .refine((v) => v === '' || /^(https?:\/\/[^\s]+|\/(?!\/)[^\s]*)$/i.test(v), { message: COMPANY_MESSAGES.logo })
        .optional(),
    })
    // Checked even while other fields are still wrong, so the form marks the number as soon as it is left.
    .superRefine(
      (company, context) => {
        const { contact, countryCode } = company as { contact?: unknown; countryCode?: unknown };
        if (typeof contact !== 'string' || typeof countryCode !== 'string' || !isCountryCode(countryCode)) return;
        if (phoneNumberOf(contact, countryCode, INDIAN_CONTACT, read) !== null) return;
        context.addIssue({
          code: 'custom',
          path: ['contact'],
          message: phoneRefusal(contact, countryCode, COMPANY_MESSAGES.contact),
        });
      },
      { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
    )
    .overwrite((company) =>
      isCountryCode(company.countryCode)
        ? {
            ...company,
            contact: phoneNumberOf(company.contact, company.countryCode, INDIAN_CONTACT, read) ?? company.contact,
          }
        : company,
    );

/** The company details as the staff app checks them (leniently: no phone metadata in the browser). */
export const CompanySchema = companySchema(readPhoneLeniently);
export type CompanyInput = z.input<typeof CompanySchema>;
export type Company = z.output<typeof CompanySchema>;

/** User names: letters, digits, dot, dash, underscore; 3–30 characters. */
export const UsernameSchema = z
  .string({ message: 'User name is required.' })
  .trim()
  .min(3, { message: 'User name must be 3 to 30 characters.' })
  .max(30, { message: 'User name must be 3 to 30 characters.' })
  .regex(/^[A-Za-z0-9._-]+$/, { message: 'User name may contain letters, digits, dot, dash and underscore only.' });

/** A new password: long enough to resist guessing, short enough to hash cheaply. */
export const NewPasswordSchema = z
  .string({ message: 'Please Enter Password!' })
  .min(12, { message: 'The password must be at least 12 characters.' })
  .max(200, { message: 'The password must be at most 200 characters.' });

/** First-run setup (docs/design.md §7): company details, the first administrator, and the code the server logged. */
export const setupSchema = (read: PhoneReader) =>
  z.strictObject({
    company: companySchema(read),
    username: UsernameSchema,
    password: NewPasswordSchema,
    setupCode: z
      .string({ message: 'Enter the setup code from the server log.' })
      .trim()
      .min(1, { message: 'Enter the setup code from the server log.' })
      .max(100),
  });
export const SetupSchema = setupSchema(readPhoneLeniently);
export type SetupInput = z.input<typeof SetupSchema>;
export type SetupData = z.output<typeof SetupSchema>;
