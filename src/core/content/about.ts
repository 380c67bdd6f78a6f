import { z } from 'zod';
import { list, pageFields, richText, shortText, urlText } from '../schemas/fields';
import { defineContentPage, richtext, textarea } from './common/content-page';
import type { DefaultFieldRules, DemoDocument } from './common/content-page';

/** About (page 2): main paragraphs, content blocks and the management team (spec 000 §2). */
export const AboutContentSchema = z.strictObject({
  ...pageFields,
  abtmainlst: list(z.strictObject({ mainpara: richText() })),
  abtcontentlst: list(z.strictObject({ contenttitle: shortText(), contentpara: richText() })),
  managementlst: list(
    z.strictObject({
      mngimg: urlText(),
      mngprofname: shortText(),
      mngdesignation: shortText(),
      /** HTML paragraphs: blank lines separate paragraphs, single newlines are <br> (spec 000 §3). */
      mngdetails: richText(),
    }),
  ),
});
export type AboutContent = z.infer<typeof AboutContentSchema>;

export const page = defineContentPage('about', AboutContentSchema, {
  abtmainlst: { entry: 'paragraph', fields: { mainpara: 'Paragraph' } },
  abtcontentlst: { entry: 'content block', fields: { contenttitle: 'Title', contentpara: 'Paragraph' } },
  managementlst: {
    entry: 'team member',
    fields: { mngimg: 'Image', mngprofname: 'Name', mngdesignation: 'Designation', mngdetails: 'Details' },
  },
});

export const demoDocument: DemoDocument<AboutContent> = {
  menupageid: 2,
  commonrouting: 'About',
  abtmainlst: [
    {
      mainpara:
        '<p>Innovo Software Pvt. Ltd. was founded in Pune in 2002 and has spent over two decades writing software for Indian businesses. What began as a three-person consultancy is today a team of engineers, analysts and support staff who design, build, host and maintain systems that our customers run every working day.</p>',
    },
    {
      mainpara:
        '<p>The company is led by its founder, <strong>Dr. Anil Deshpande</strong>, a doctor of information management who has spent his career at the point where business process meets software. Our focus has always been on <strong>Indian customers</strong>: manufacturers with dealer networks across the states, pharma companies with large field forces, clinics in cities and small towns, co-operatives and ambitious start-ups. We understand GST, multilingual users, patchy connectivity and the budgets of growing firms.</p>',
    },
    {
      mainpara:
        '<p>We take an <strong>open-source approach</strong>. Our products and bespoke systems are built on proven open-source foundations such as Linux, PostgreSQL and Node.js, which keeps licence costs out of your budget, avoids lock-in and leaves you free to take your code and data wherever you choose.</p>',
    },
  ],
  abtcontentlst: [
    {
      contenttitle: 'Our Mission',
      contentpara:
        '<p>To give Indian businesses of every size software that fits their process, pays for itself quickly and keeps working for years.</p>',
    },
    {
      contenttitle: 'Our Approach',
      contentpara:
        '<p>We start with your people and your paperwork, not with a product demo. Requirements are written in plain language, agreed with you, and delivered in short, visible steps.</p>',
    },
    {
      contenttitle: 'Open Source',
      contentpara:
        '<p>Every system we build stands on mature open-source software. You pay for the work done for you, never for seats or licences, and you own what we build.</p>',
    },
    {
      contenttitle: 'Quality',
      contentpara:
        '<p>Code reviews, automated tests and a staging copy of every customer system mean changes reach production only after they have been checked twice.</p>',
    },
  ],
  managementlst: [
    {
      mngimg: '/demo/team/anil-deshpande.svg',
      mngprofname: 'Dr. Anil Deshpande',
      mngdesignation: 'Founder and Managing Director',
      mngdetails:
        '<p>Dr. Anil Deshpande founded Innovo in 2002 after a decade of running IT for manufacturing companies in the Pune industrial belt. He holds a doctorate in information management and has guided more than two hundred software projects from first meeting to go-live.</p><p>Areas of focus: CRM strategy, enterprise architecture, product direction.<br>Writes and speaks on open-source adoption in Indian small and medium enterprises.</p>',
    },
    {
      mngimg: '/demo/team/meera-kulkarni.svg',
      mngprofname: 'Meera Kulkarni',
      mngdesignation: 'Director, Delivery',
      mngdetails:
        '<p>Meera Kulkarni leads project delivery, hosting and support. She joined Innovo in 2006 as a developer and has since run implementations of Relationware CRM for manufacturers and pharma companies across India.</p><p>Areas of focus: project management, service quality, customer success.<br>Holds an engineering degree in computer science from Pune.</p>',
    },
    {
      mngimg: '/demo/team/rohan-joshi.svg',
      mngprofname: 'Rohan Joshi',
      mngdesignation: 'Head of Products',
      mngdetails:
        '<p>Rohan Joshi is responsible for Relationware CRM and InnovoCare. He designed the offline synchronisation behind our Android apps and leads the team that adds a new prescription language to InnovoCare every few months.</p><p>Areas of focus: product design, mobility, healthcare software.<br>Works closely with doctors and field sales teams to set the product roadmap.</p>',
    },
  ],
};

// No Image rule for mngimg: see DEFAULT_FIELD_RULES (src/core/schemas/page-content.ts).
export const fieldRules: DefaultFieldRules<AboutContent> = [
  richtext('mainpara', 10, 2000),
  textarea('contenttitle', 3, 80),
  richtext('contentpara', 10, 1500),
  textarea('mngprofname', 3, 80),
  textarea('mngdesignation', 2, 80),
  richtext('mngdetails', 10, 3000),
];

declare module '../schemas/page-content' {
  /** This file is the 'about' page's (CONTENT_PAGES in src/core/pages.ts names it). */
  interface BuiltInPages {
    about: typeof page;
  }
}
