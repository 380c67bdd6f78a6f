import { z } from 'zod';
import { databaseId } from './ids';
import { phoneField, readPhoneLater, type PhoneReader } from '../phone';

/**
 * The public contact form (spec 000 §2 Contact, §5). One schema for the form and for POST
 * /api/master/savecont2; the messages are the spec's, word for word.
 */
export const CONTACT_MESSAGES = {
  name: 'Contact Person is required.',
  email: 'Valid email is required.',
  mobile: 'Enter a valid 10-digit mobile number.',
  requirements: 'Requirements are required.',
} as const;

/** Values that reach a mail header (subject, Reply-To) never hold a line break: refused, not stripped (docs/design.md §15). */
const ONE_LINE = /^[^\r\n]*$/;

/** The contact form's mobile in India without + (spec 000 §5): ten digits. */
const INDIAN_MOBILE = /^\d{10}$/;

/**
 * The contact form's schema in a company's country (docs/design.md §34): its mobile is read by the phone rule, with
 * `read` (the server's libphonenumber-js, the island's lenient reading).
 */
export const contactEnquirySchema = ({ country, read }: { country: string; read: PhoneReader }) =>
  z.strictObject({
    organization: z
      .string()
      .regex(ONE_LINE, { message: 'Organization must be on one line.' })
      .trim()
      .max(150, { message: 'Organization must be at most 150 characters.' })
      .default(''),
    name: z
      .string({ message: CONTACT_MESSAGES.name })
      .regex(ONE_LINE, { message: 'Contact Person must be on one line.' })
      .trim()
      .min(1, { message: CONTACT_MESSAGES.name })
      .max(100, { message: 'Contact Person must be at most 100 characters.' }),
    email: z
      .string({ message: CONTACT_MESSAGES.email })
      .regex(ONE_LINE, { message: CONTACT_MESSAGES.email })
      .trim()
      .max(254, { message: CONTACT_MESSAGES.email })
      .pipe(z.email({ message: CONTACT_MESSAGES.email })),
    mobile: phoneField({ country, indian: INDIAN_MOBILE, indianMessage: CONTACT_MESSAGES.mobile, read }),
    requirements: z
      .string({ message: CONTACT_MESSAGES.requirements })
      .trim()
      .min(1, { message: CONTACT_MESSAGES.requirements })
      .max(5000, { message: 'Requirements must be at most 5000 characters.' }),
    /** Sent by the spec's client; accepted for compatibility, never trusted (the server decides). */
    menupageid: databaseId({ coerce: false }).optional(),
    commonrouting: z.string().max(100).optional(),
    /** The spec's client may name a recipient; Folio ignores it so the form cannot be used to send mail anywhere. */
    recepientmail: z.string().max(254).optional(),
    /**
     * The honeypot (docs/design.md §15): a field hidden from people and screen readers; anything in it marks the
     * enquiry as spam (stored, not mailed, answered like any other).
     */
    website: z.string().max(2000).optional(),
  });

/**
 * The body savecont2 takes before the company's country is known (the mobile as typed); the route then reads
 * the enquiry in the company's country.
 */
export const ContactEnquirySchema = contactEnquirySchema({ country: '', read: readPhoneLater });
export type ContactEnquiryInput = z.input<typeof ContactEnquirySchema>;
export type ContactEnquiry = z.output<typeof ContactEnquirySchema>;
