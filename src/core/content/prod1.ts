import { z } from 'zod';
import { list, pageFields, paragraph, richText, shortText } from '../schemas/fields';
import { defineContentPage, richtext, textarea } from './common/content-page';
import type { DefaultFieldRules, DemoDocument } from './common/content-page';

/** Relationware CRM – Manufacturing (prod1, page 9): description, modules, sections 1–2, architecture, benefits. */
export const Prod1ContentSchema = z.strictObject({
  ...pageFields,
  descriptionlst: list(z.strictObject({ descpara: richText() })),
  modulehead: shortText(),
  moduleslst: list(z.strictObject({ moduledata: paragraph() })),
  section1detail: richText(),
  section1lst: list(z.strictObject({ title1: shortText(), data1: richText() })),
  section2detail: richText(),
  section2lst: list(z.strictObject({ title2: shortText(), data2: richText() })),
  /** Architecture. */
  section3lst: list(z.strictObject({ data3: richText() })),
  /** Benefits. */
  section4lst: list(z.strictObject({ data4: richText() })),
});
export type Prod1Content = z.infer<typeof Prod1ContentSchema>;

export const page = defineContentPage('prod1', Prod1ContentSchema, {
  descriptionlst: { entry: 'paragraph', fields: { descpara: 'Paragraph' } },
  modulehead: 'Modules heading',
  moduleslst: { entry: 'module', fields: { moduledata: 'Module' } },
  section1detail: 'Section 1 introduction',
  section1lst: { entry: 'section 1 entry', fields: { title1: 'Title', data1: 'Details' } },
  section2detail: 'Section 2 introduction',
  section2lst: { entry: 'section 2 entry', fields: { title2: 'Title', data2: 'Details' } },
  section3lst: { entry: 'architecture point', fields: { data3: 'Architecture' } },
  section4lst: { entry: 'benefit', fields: { data4: 'Benefit' } },
});

export const demoDocument: DemoDocument<Prod1Content> = {
  menupageid: 9,
  commonrouting: 'RelationwareCRM-Manufacturing',
  descriptionlst: [
    {
      descpara:
        '<p><strong>Relationware CRM – Manufacturing</strong> brings your sales team, service engineers and dealers onto one system. From the first enquiry to the last AMC visit, every customer interaction is recorded, followed up and measured.</p>',
    },
    {
      descpara:
        '<p>Built for Indian manufacturers of capital equipment, components and consumables, it handles configurable products, multi-level approvals, GST-ready quotations and field teams who spend their days on the road rather than at a desk.</p>',
    },
  ],
  modulehead: 'Modules',
  moduleslst: [
    { moduledata: 'Sales Force Automation' },
    { moduledata: 'Service Management' },
    { moduledata: 'Dealer Portal' },
    { moduledata: 'Analytics and Dashboards' },
    { moduledata: 'Android Field App' },
  ],
  section1detail:
    '<p><strong>Sales Force Automation</strong> gives your sales team a single place to track every enquiry, configure the right product, send a correct quotation and see how they are doing against target.</p>',
  section1lst: [
    {
      title1: 'Opportunity Management',
      data1:
        '<p>Track enquiries from first contact to order, with stages, probabilities, follow-up reminders and a complete history of calls and visits.</p>',
    },
    {
      title1: 'Product Configurator',
      data1:
        '<p>Guide sales engineers through valid combinations of models, options and accessories, so every configuration can actually be built.</p>',
    },
    {
      title1: 'Quotation Generation and Approval Workflow',
      data1:
        '<p>Produce GST-ready quotations from the configuration in minutes; discounts beyond a salesperson’s limit are routed for approval automatically.</p>',
    },
    {
      title1: 'Target Management',
      data1:
        '<p>Set targets by person, territory, product line and period, and watch achievement update as orders are booked.</p>',
    },
    {
      title1: 'Expense Management',
      data1:
        '<p>Claim travel and daily allowances against visits, attach bills from the phone, and approve or query claims online.</p>',
    },
  ],
  section2detail:
    '<p><strong>Service Management</strong> looks after your customers once the machine is installed: warranty, service calls, spares and annual maintenance contracts, with engineers working from an Android phone.</p>',
  section2lst: [
    {
      title2: 'Installations and Warranty',
      data2:
        '<p>Register every installed unit with its serial number, site and warranty period, and know at a glance what is covered.</p>',
    },
    {
      title2: 'Product Specifications',
      data2: '<p>Keep specifications, drawings and manuals for each model where engineers can find them on site.</p>',
    },
    {
      title2: 'Service Calls',
      data2:
        '<p>Log complaints, assign engineers by territory and skill, and track each call to closure against your service levels.</p>',
    },
    {
      title2: 'Material Indenting',
      data2: '<p>Raise spare-part indents against a service call and follow them from approval to dispatch.</p>',
    },
    {
      title2: 'AMC Management',
      data2:
        '<p>Create annual maintenance contracts, schedule preventive visits and get reminders well before renewals fall due.</p>',
    },
    {
      title2: 'Android Mobility',
      data2:
        '<p>Engineers receive calls, record readings and photographs, and capture customer signatures on their phones, even without a network.</p>',
    },
    {
      title2: 'Expense Management',
      data2:
        '<p>Service engineers claim travel and site expenses against each call, with bills attached and approvals online.</p>',
    },
  ],
  section3lst: [
    { data3: '<p>Web application on an open-source stack: Linux, PostgreSQL and Node.js, with no licence fees.</p>' },
    {
      data3: '<p>Native Android app with offline storage and automatic synchronisation when a connection returns.</p>',
    },
    {
      data3: '<p>Hosted in Tier I data centres with 99.5% uptime, or installed on your own servers if you prefer.</p>',
    },
    { data3: '<p>REST APIs and ready connectors for Tally, SAP Business One, SMS and e-mail.</p>' },
  ],
  section4lst: [
    { data4: '<p>Faster quotations with fewer errors, because prices and configurations come from one source.</p>' },
    { data4: '<p>Complete visibility of the sales pipeline and service backlog for managers.</p>' },
    { data4: '<p>Higher AMC renewals through timely reminders and a full service history.</p>' },
    { data4: '<p>Less paperwork for field staff, who report from their phones.</p>' },
    { data4: '<p>Dealers and head office working from the same data.</p>' },
  ],
};

export const fieldRules: DefaultFieldRules<Prod1Content> = [
  richtext('descpara', 10, 2000),
  textarea('modulehead', 2, 100),
  textarea('moduledata', 2, 300),
  richtext('section1detail', 10, 2000),
  textarea('title1', 3, 100),
  richtext('data1', 10, 1500),
  richtext('section2detail', 10, 2000),
  textarea('title2', 3, 100),
  richtext('data2', 10, 1500),
  richtext('data3', 10, 1500),
  richtext('data4', 10, 1500),
];

declare module '../schemas/page-content' {
  /** This file is the 'prod1' page's (CONTENT_PAGES in src/core/pages.ts names it). */
  interface BuiltInPages {
    prod1: typeof page;
  }
}
