import { z } from 'zod';
import { list, pageFields, paragraph, richText, shortText } from '../schemas/fields';
import { defineContentPage, richtext, textarea } from './common/content-page';
import type { DefaultFieldRules, DemoDocument } from './common/content-page';
import { LEAD_LABEL, LEAD_RULE, leadField } from './common/lead';

/** Expertise (page 4): the lead, description, dynamic sections and the segment/product table (spec 000 §2). */
export const ExpertiseContentSchema = z.strictObject({
  ...pageFields,
  lead: leadField(),
  description: richText(),
  sectionlst: list(
    z.strictObject({
      heading: shortText(),
      list: list(z.strictObject({ data: paragraph() })),
    }),
  ),
  tablelst: list(z.strictObject({ segment: shortText(), product: paragraph() })),
});
export type ExpertiseContent = z.infer<typeof ExpertiseContentSchema>;

export const page = defineContentPage('expertise', ExpertiseContentSchema, {
  lead: LEAD_LABEL,
  description: 'Description',
  sectionlst: {
    entry: 'section',
    fields: { heading: 'Heading', list: { entry: 'list item', fields: { data: 'List item' } } },
  },
  tablelst: { entry: 'table row', fields: { segment: 'Segment', product: 'Product' } },
});

export const demoDocument: DemoDocument<ExpertiseContent> = {
  menupageid: 4,
  commonrouting: 'Expertise',
  lead: 'Open source, cloud, COTS, mobility, middleware, e-commerce and architecture: what we know and the industries we have built software for.',
  description:
    '<p>Over two decades of projects have given us deep, practical knowledge of the technologies Indian businesses rely on. We prefer <strong>open source</strong>, host in the <strong>cloud</strong> and build for <strong>mobile</strong> first, and we know when a commercial package is the better answer. The table below lists the industry segments we have built bespoke software for.</p>',
  sectionlst: [
    {
      heading: 'Open Source',
      list: [
        { data: 'Linux servers (Ubuntu, Debian and Rocky Linux) administered in-house' },
        { data: 'PostgreSQL and MariaDB for transactional systems' },
        { data: 'Node.js, TypeScript and Java on the server; Angular and React in the browser' },
        { data: 'Nginx, Apache and Tomcat for hosting and reverse proxying' },
        { data: 'Fixes and translations contributed back to the projects we depend on' },
      ],
    },
    {
      heading: 'Cloud',
      list: [
        { data: 'Hosting in Tier I data centres in India with 99.5% uptime' },
        { data: 'Deployments on the Mumbai and Hyderabad regions of the major public clouds' },
        { data: 'Containerised applications with Docker and automated builds' },
        { data: 'Nightly encrypted backups with restores tested every quarter' },
        { data: 'Data kept in India for customers with data-residency obligations' },
      ],
    },
    {
      heading: 'COTS',
      list: [
        { data: 'Evaluation and selection of commercial ERP, HRMS and accounting packages' },
        { data: 'Integration of Tally and SAP Business One with CRM systems and portals' },
        { data: 'Customisation within vendor-supported extension points, so upgrades stay painless' },
        { data: 'Migration of data from legacy systems and spreadsheets' },
      ],
    },
    {
      heading: 'Mobility',
      list: [
        { data: 'Native Android apps in Kotlin for field sales and service teams' },
        { data: 'Cross-platform apps with Flutter and React Native' },
        { data: 'Offline-first design with background synchronisation for low-connectivity areas' },
        { data: 'GPS-tagged visits, photo capture and digital signatures' },
        { data: 'Publishing and managed distribution through Google Play' },
      ],
    },
    {
      heading: 'Middleware',
      list: [
        { data: 'REST and SOAP web services linking CRM, ERP and accounting systems' },
        { data: 'Message queues for reliable asynchronous processing' },
        { data: 'SMS, WhatsApp Business and e-mail gateway integration' },
        { data: 'Scheduled data exchange with dealers and distributors over SFTP' },
        { data: 'Single sign-on with LDAP and OAuth 2.0' },
      ],
    },
    {
      heading: 'E-commerce',
      list: [
        { data: 'B2B ordering portals for dealers and distributors, with credit limits and schemes' },
        { data: 'B2C storefronts with catalogue, cart and GST-compliant invoicing' },
        { data: 'Payment gateway and UPI integration' },
        { data: 'Inventory and order synchronisation with ERP and courier partners' },
      ],
    },
    {
      heading: 'Architecture Experience',
      list: [
        { data: 'Multi-tenant SaaS design for products serving hundreds of clinics' },
        { data: 'Modular monoliths that can be split into services when scale demands it' },
        { data: 'Role-based access control and audit trails for regulated industries' },
        { data: 'Performance tuning of databases holding tens of millions of rows' },
        { data: 'Security reviews against the OWASP Top 10' },
      ],
    },
  ],
  tablelst: [
    { segment: 'Manufacturing', product: 'Dealer management portal with order booking, schemes and claims' },
    { segment: 'Pharma', product: 'Field force reporting and doctor-call planning system' },
    { segment: 'Agriculture', product: 'Searchable crop and soil database with a farmer advisory app' },
    { segment: 'Education', product: 'Admissions, fee collection and examination results portal' },
    { segment: 'Healthcare', product: 'Multi-clinic appointment and EMR system' },
    { segment: 'Logistics', product: 'Trip sheets, proof of delivery and freight billing for a fleet operator' },
    { segment: 'Retail', product: 'Multi-store point of sale with central stock replenishment' },
    { segment: 'BFSI', product: 'Loan origination workflow and collection tracking for a co-operative credit society' },
    { segment: 'Real estate', product: 'Site sales CRM with bookings, payment schedules and broker commissions' },
    { segment: 'Hospitality', product: 'Banquet and event booking with kitchen production planning' },
    { segment: 'Textiles', product: 'Loom production tracking and yarn inventory for a co-operative mill' },
    { segment: 'Automotive', product: 'Warranty claims and service-camp management for a component supplier' },
    { segment: 'Chemicals', product: 'Batch records, safety data sheets and dispatch compliance' },
    { segment: 'NGO', product: 'Donor management, 80G receipts and fund utilisation reports' },
    { segment: 'Government', product: 'Citizen grievance registration and tracking portal for a municipal body' },
    { segment: 'Media', product: 'Advertisement booking and release-order management for a regional publisher' },
    { segment: 'Engineering services', product: 'Project costing, timesheets and milestone billing' },
    {
      segment: 'Start-ups',
      product: 'Minimum viable products on a lean open-source stack, from idea to first customers',
    },
  ],
};

export const fieldRules: DefaultFieldRules<ExpertiseContent> = [
  LEAD_RULE,
  richtext('description', 10, 3000),
  textarea('heading', 2, 80),
  // Spec 000 §5: a list item must be non-blank after trimming.
  textarea('data', 1, 300),
  textarea('segment', 2, 80),
  textarea('product', 3, 300),
];

declare module '../schemas/page-content' {
  /** This file is the 'expertise' page's (CONTENT_PAGES in src/core/pages.ts names it). */
  interface BuiltInPages {
    expertise: typeof page;
  }
}
