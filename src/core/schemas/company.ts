import { z } from 'zod';
import { siteRelativeImageAddress } from '../media/image-names';

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
  email: 'Valid email required (max 50 chars)',
  tagline: `Optional (max ${TAGLINE_MAX} chars)`,
  logo: 'Optional: an uploaded image, or an address starting with https:// or http://',
  invalidForm: 'Please fix the errors before submitting the form',
} as const;

const between = (min: number, max: number, message: string) => z.string({ message }).trim().min(min, { message }).max(max, { message });
/** Optional text: empty, or within the bounds. */
const optionalBetween = (min: number, max: number, message: string) =>
  z
    .string({ message })
    .trim()
    .refine((v) => v === '' || (v.length >= min && v.length <= max), { message })
    .default('');

export const CompanySchema = z.strictObject({
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
  contact: z.string({ message: COMPANY_MESSAGES.contact }).trim().regex(/^\d{10}$/, { message: COMPANY_MESSAGES.contact }),
  email: z
    .string({ message: COMPANY_MESSAGES.email })
    .trim()
    .min(4, { message: COMPANY_MESSAGES.email })
    .max(50, { message: COMPANY_MESSAGES.email })
    .pipe(z.email({ message: COMPANY_MESSAGES.email })),
  // The site's own words and image (DESIGN §20), beyond spec 001's form. Optional without a default: a save
  // that leaves them out (a client of the spec) keeps the stored ones; '' clears them.
  /** The line under the company's name in the public footer. */
  tagline: z.string({ message: COMPANY_MESSAGES.tagline }).trim().max(TAGLINE_MAX, { message: COMPANY_MESSAGES.tagline }).optional(),
  /**
   * The company's logo: an uploaded image (a path on this site, whatever host it was sent with: DESIGN §24) or
   * an address elsewhere; the default sharing image.
   */
  logo: z
    .string({ message: COMPANY_MESSAGES.logo })
    .trim()
    .overwrite(siteRelativeImageAddress)
    .max(2_000, { message: COMPANY_MESSAGES.logo })
    .refine((v) => v === '' || /^(https?:\/\/[^\s]+|\/(?!\/)[^\s]*)$/i.test(v), { message: COMPANY_MESSAGES.logo })
    .optional(),
});
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

/** First-run setup (DESIGN §7): company details, the first administrator, and the code the server logged. */
export const SetupSchema = z.strictObject({
  company: CompanySchema,
  username: UsernameSchema,
  password: NewPasswordSchema,
  setupCode: z.string({ message: 'Enter the setup code from the server log.' }).trim().min(1, { message: 'Enter the setup code from the server log.' }).max(100),
});
export type SetupInput = z.input<typeof SetupSchema>;
export type SetupData = z.output<typeof SetupSchema>;
