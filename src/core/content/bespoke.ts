import { z } from 'zod';
import { list, pageFields, richText } from '../schemas/fields';
import { defineContentPage, richtext } from './common/content-page';
import type { DefaultFieldRules, DemoDocument } from './common/content-page';
import { LEAD_LABEL, LEAD_RULE, leadField } from './common/lead';
import { SLIDE_LABELS, SLIDE_RULES, SlideSchema } from './common/slide';

/** Bespoke development (page 3): the lead, the carousel and the rich-text paragraphs (spec 000 §2). */
export const BespokeContentSchema = z.strictObject({
  ...pageFields,
  lead: leadField(),
  slidelst: list(SlideSchema),
  bespokelst: list(z.strictObject({ bespokepara: richText() })),
});
export type BespokeContent = z.infer<typeof BespokeContentSchema>;

export const page = defineContentPage('bespoke', BespokeContentSchema, {
  lead: LEAD_LABEL,
  slidelst: { entry: 'slide', fields: SLIDE_LABELS },
  bespokelst: { entry: 'paragraph', fields: { bespokepara: 'Paragraph' } },
});

export const demoDocument: DemoDocument<BespokeContent> = {
  menupageid: 3,
  commonrouting: 'Bespoke',
  lead: 'Mobile and web applications built to your process, hosted in Tier I data centres at 99.5% uptime and looked after under an annual maintenance plan.',
  slidelst: [
    {
      image: '/demo/slides/bespoke-1.svg',
      alt: 'Abstract illustration of three mobile phones showing app screens',
      heading: 'Mobile apps',
      caption:
        'Android and cross-platform apps for field sales, service engineers and customers, built to keep working when the network does not.',
    },
    {
      image: '/demo/slides/bespoke-2.svg',
      alt: 'Abstract illustration of web application windows with code',
      heading: 'Web apps',
      caption: 'Portals, workflows and back-office systems that run in any browser and grow with your business.',
    },
  ],
  bespokelst: [
    {
      bespokepara:
        '<p>Off-the-shelf software asks you to change the way you work. <strong>Bespoke software</strong> does the opposite: we study your process, your documents and your people, and build a system that fits them. For over two decades Innovo has done exactly this for manufacturers, pharma companies, clinics, co-operatives and start-ups across India.</p>',
    },
    {
      bespokepara:
        '<p><strong>Mobile applications.</strong> We build native Android and cross-platform apps for field sales teams, service engineers, delivery staff and customers.</p><ul><li>Offline-first design with automatic synchronisation</li><li>GPS-tagged visits, photographs and digital signatures</li><li>Interfaces in English and Indian languages</li></ul>',
    },
    {
      bespokepara:
        '<p><strong>Web applications.</strong> Dealer portals, order management, approval workflows, reporting dashboards and complete CRM and ERP systems, built on open-source technology with no licence fees for you to pay.</p><ul><li>Responsive screens that work on desktop, tablet and phone</li><li>Role-based access and a full audit trail</li><li>Integration with Tally, SAP Business One, SMS and payment gateways</li></ul>',
    },
    {
      bespokepara:
        '<p><strong>How we work.</strong> Every project starts with a written requirement agreed with you, followed by fortnightly releases you can try on a staging copy. You see progress early, change your mind cheaply and go live with a system your staff already know.</p>',
    },
    {
      bespokepara:
        '<p><strong>Hosting.</strong> We host the applications we build in <strong>Tier I data centres</strong> in India with <strong>99.5% uptime</strong>, nightly encrypted backups and monitoring around the clock. Your data stays in the country and you can take a full copy whenever you ask.</p>',
    },
    {
      bespokepara:
        '<p><strong>Annual maintenance plan.</strong> Our annual maintenance plan keeps your software healthy after go-live:</p><ul><li>Bug fixes and security updates at no extra charge</li><li>Telephone, e-mail and remote support on working days</li><li>A bank of hours each year for small enhancements</li><li>A yearly review of performance, backups and usage</li></ul>',
    },
  ],
};

export const fieldRules: DefaultFieldRules<BespokeContent> = [
  LEAD_RULE,
  ...SLIDE_RULES,
  richtext('bespokepara', 10, 3000),
];

declare module '../schemas/page-content' {
  /** This file is the 'bespoke' page's (CONTENT_PAGES in src/core/pages.ts names it). */
  interface BuiltInPages {
    bespoke: typeof page;
  }
}
