import { z } from 'zod';
import { fixedText, list, pageFields, richText, shortText } from '../schemas/fields';
import { defineContentPage, richtext, textarea } from './common/content-page';
import type { DefaultFieldRules, DemoDocument } from './common/content-page';
import { LEAD_LABEL, LEAD_RULE, leadField } from './common/lead';

/** Consulting services (page 6): the lead, sections with an icon, two titles and a paragraph (spec 000 §2). */
export const ConsultingContentSchema = z.strictObject({
  ...pageFields,
  lead: leadField(),
  sectionlst: list(z.strictObject({ icon: fixedText(), title1: shortText(), title2: shortText(), data: richText() })),
});
export type ConsultingContent = z.infer<typeof ConsultingContentSchema>;

export const page = defineContentPage('consulting', ConsultingContentSchema, {
  lead: LEAD_LABEL,
  sectionlst: { entry: 'section', fields: { icon: 'Icon', title1: 'Title', title2: 'Subtitle', data: 'Paragraph' } },
});

export const demoDocument: DemoDocument<ConsultingContent> = {
  menupageid: 6,
  commonrouting: 'Consulting',
  lead: 'Independent advice on software selection, architecture, process automation and digital transformation for growing Indian firms.',
  sectionlst: [
    {
      icon: 'compass',
      title1: 'Strategy',
      title2: 'IT strategy and roadmaps',
      data: '<p>We look at where your business is heading and set out, in plain language, which systems you need, in what order and at what cost over the next three years.</p>',
    },
    {
      icon: 'layers',
      title1: 'Selection',
      title2: 'Software selection',
      data: '<p>Build or buy? We compare commercial packages and bespoke options against your requirements and budget, and give an independent recommendation. We have no reseller commissions to protect.</p>',
    },
    {
      icon: 'workflow',
      title1: 'Process',
      title2: 'Process automation',
      data: '<p>We map how work really flows through your sales, service and accounts teams and show where paperwork, re-keying and approvals by e-mail can be replaced by a workflow.</p>',
    },
    {
      icon: 'shield',
      title1: 'Security',
      title2: 'Security and data protection',
      data: '<p>A practical review of access control, backups, hosting and data handling, with a prioritised list of fixes and guidance on your obligations under Indian data protection law.</p>',
    },
    {
      icon: 'chart',
      title1: 'Insight',
      title2: 'Reporting and analytics',
      data: '<p>We bring data from CRM, ERP and spreadsheets together into dashboards that managers actually open, built around the handful of numbers that drive your business.</p>',
    },
    {
      icon: 'users',
      title1: 'Adoption',
      title2: 'Training and change management',
      data: '<p>New software succeeds only when people use it. We train users in their own language, set up champions in each team and track adoption until the new way of working sticks.</p>',
    },
  ],
};

export const fieldRules: DefaultFieldRules<ConsultingContent> = [
  LEAD_RULE,
  textarea('icon', 2, 40),
  textarea('title1', 2, 60),
  textarea('title2', 3, 100),
  richtext('data', 10, 1500),
];

declare module '../schemas/page-content' {
  /** This file is the 'consulting' page's (CONTENT_PAGES in src/core/pages.ts names it). */
  interface BuiltInPages {
    consulting: typeof page;
  }
}
