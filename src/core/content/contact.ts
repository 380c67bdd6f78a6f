import { z } from 'zod';
import { pageFields, paragraph, shortText, urlText } from '../schemas/fields';
import { untranslated } from '../schemas/translatable';
import { defineContentPage, textarea } from './common/content-page';
import type { DefaultFieldRules, DemoDocument } from './common/content-page';
import { LEAD_LABEL, LEAD_RULE, leadField } from './common/lead';

/** Contact (page 11): the lead and the 'Reach Us' settings (spec 000 §2). */
export const ContactContentSchema = z.strictObject({
  ...pageFields,
  lead: leadField(),
  address: paragraph().min(1, { message: 'is required' }),
  // The same in every language (docs/design.md §28): the address is a text, these are not.
  email: untranslated(z.email({ message: 'must be a valid e-mail address' }).max(254)),
  phone: untranslated(shortText().min(1, { message: 'is required' })),
  maplink: untranslated(urlText().refine((value) => value !== '', { message: 'is required' })),
});
export type ContactContent = z.infer<typeof ContactContentSchema>;

/**
 * The Contact page's address, e-mail and phone: what the company's details fill, in the first-run setup while
 * they are still the demo's, and in the editor with "Use the company's details" (docs/design.md §24).
 */
export const CONTACT_DETAIL_FIELDS = ['address', 'email', 'phone'] as const;
export type ContactDetails = Pick<ContactContent, (typeof CONTACT_DETAIL_FIELDS)[number]>;
/** getCompanyContact's answer: the company's details as the Contact page shows them. */
export const ContactDetailsSchema = z.object({ address: z.string(), email: z.string(), phone: z.string() });

export const page = defineContentPage('contact', ContactContentSchema, {
  lead: LEAD_LABEL,
  address: 'Address',
  email: 'Email',
  phone: 'Phone',
  maplink: 'Map link',
});

export const demoDocument: DemoDocument<ContactContent> = {
  menupageid: 11,
  commonrouting: 'Contact',
  lead: 'Tell us about your requirements, or visit our office in Pune. We reply within one working day.',
  address:
    'Innovo Software Pvt. Ltd.\n402, Sahyog Chambers\nJangli Maharaj Road, Shivajinagar\nPune 411005\nMaharashtra, India',
  email: 'info@innovosoftware.in',
  phone: '+91 20 4567 8900',
  maplink: 'https://www.openstreetmap.org/?mlat=18.5204&mlon=73.8567#map=15/18.5204/73.8567',
};

export const fieldRules: DefaultFieldRules<ContactContent> = [
  LEAD_RULE,
  textarea('address', 10, 500),
  textarea('email', 6, 254),
  textarea('phone', 8, 20),
  textarea('maplink', 10, 2000),
];

declare module '../schemas/page-content' {
  /** This file is the 'contact' page's (CONTENT_PAGES in src/core/pages.ts names it). */
  interface BuiltInPages {
    contact: typeof page;
  }
}
