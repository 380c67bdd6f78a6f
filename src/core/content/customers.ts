import { z } from 'zod';
import { list, pageFields, shortText, urlText } from '../schemas/fields';
import { defineContentPage, textarea } from './common/content-page';
import type { DefaultFieldRules, DemoDocument } from './common/content-page';
import { LEAD_LABEL, LEAD_RULE, leadField } from './common/lead';

/** Customers (page 8): the lead, customer names and logos (spec 000 §2). */
export const CustomersContentSchema = z.strictObject({
  ...pageFields,
  lead: leadField(),
  tablelst: list(z.strictObject({ custname: shortText(), custImage: urlText() })),
});
export type CustomersContent = z.infer<typeof CustomersContentSchema>;

export const page = defineContentPage('customers', CustomersContentSchema, {
  lead: LEAD_LABEL,
  tablelst: { entry: 'customer', fields: { custname: 'Customer', custImage: 'Image' } },
});

export const demoDocument: DemoDocument<CustomersContent> = {
  menupageid: 8,
  commonrouting: 'Customers',
  lead: 'Manufacturers, pharma companies, clinics and start-ups that run their business on our software.',
  tablelst: [
    { custname: 'Sahyadri Precision Castings', custImage: '/demo/customers/sahyadri-precision.svg' },
    { custname: 'Deccan Pharma Labs', custImage: '/demo/customers/deccan-pharma.svg' },
    { custname: 'Indrayani Co-operative Dairy', custImage: '/demo/customers/indrayani-dairy.svg' },
    { custname: 'Krishna Valley Agro Producers', custImage: '/demo/customers/krishna-agro.svg' },
    { custname: 'Shreeram Auto Components', custImage: '/demo/customers/shreeram-auto.svg' },
    { custname: 'Pavana Hydraulics', custImage: '/demo/customers/pavana-hydraulics.svg' },
    { custname: 'Medhavi Multispeciality Clinics', custImage: '/demo/customers/medhavi-clinics.svg' },
    { custname: 'Nirmal Life Sciences', custImage: '/demo/customers/nirmal-life.svg' },
    { custname: 'Godavari Textile Co-operative Mills', custImage: '/demo/customers/godavari-textiles.svg' },
    { custname: 'AgriGrid Technologies', custImage: '/demo/customers/agrigrid.svg' },
    { custname: 'Vidarbha Seeds Co-operative', custImage: '/demo/customers/vidarbha-seeds.svg' },
    { custname: 'Konkan Coastal Logistics', custImage: '/demo/customers/konkan-logistics.svg' },
    { custname: 'Tanmay Children’s Hospital', custImage: '/demo/customers/tanmay-hospital.svg' },
    { custname: 'Swasthya Diagnostics', custImage: '/demo/customers/swasthya-diagnostics.svg' },
    { custname: 'Bhima Engineering Works', custImage: '/demo/customers/bhima-engineering.svg' },
    { custname: 'Saptashrungi Chemicals', custImage: '/demo/customers/saptashrungi-chemicals.svg' },
    { custname: 'Ankur Education Trust', custImage: '/demo/customers/ankur-education.svg' },
    { custname: 'Trimurti Electricals', custImage: '/demo/customers/trimurti-electricals.svg' },
    { custname: 'Mulshi Valley Realty', custImage: '/demo/customers/mulshi-realty.svg' },
    { custname: 'Kavach Finserv', custImage: '/demo/customers/kavach-finserv.svg' },
  ],
};

// No Image rule for custImage: see DEFAULT_FIELD_RULES (src/core/schemas/page-content.ts).
export const fieldRules: DefaultFieldRules<CustomersContent> = [LEAD_RULE, textarea('custname', 2, 100)];

declare module '../schemas/page-content' {
  /** This file is the 'customers' page's (CONTENT_PAGES in src/core/pages.ts names it). */
  interface BuiltInPages {
    customers: typeof page;
  }
}
