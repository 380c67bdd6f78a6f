import { z } from 'zod';
import { accentText, fixedText, list, pageFields, richText, shortText } from '../schemas/fields';
import { defineContentPage, number, richtext, textarea } from './common/content-page';
import type { DefaultFieldRules, DemoDocument } from './common/content-page';
import { SLIDE_LABELS, SLIDE_RULES, SlideSchema } from './common/slide';

/** Home (page 1): the carousel and four blocks, each a title and a list (spec 000 §2). */
export const HomeContentSchema = z.strictObject({
  ...pageFields,
  slideList: list(SlideSchema),
  /** An accented heading: its accented words in bare spans (docs/design.md §34). */
  exprtshead: accentText(),
  skillhead: accentText(),
  abouthead: accentText(),
  newshead: accentText(),
  expertiseList: list(
    z.strictObject({
      /** Name of an icon from the site's icon set (see the public Icon component). */
      exprtsIcon: fixedText(),
      exprtsHeading: shortText(),
      exprtsParagraph: richText(),
    }),
  ),
  skillList: list(
    z.strictObject({
      skillName: shortText(),
      /** Percent, 0 to 100; the bar's width. */
      skillValue: z.number().min(0).max(100),
    }),
  ),
  abtLst: list(z.strictObject({ homeAbtPara: richText() })),
  newsList: list(z.strictObject({ newsTitle: shortText(), newsDescription: richText() })),
});
export type HomeContent = z.infer<typeof HomeContentSchema>;

export const page = defineContentPage('home', HomeContentSchema, {
  slideList: { entry: 'slide', fields: SLIDE_LABELS },
  exprtshead: 'Expertise title',
  skillhead: 'Skills title',
  abouthead: 'About title',
  newshead: 'News title',
  expertiseList: {
    entry: 'expertise card',
    fields: { exprtsIcon: 'Icon', exprtsHeading: 'Heading', exprtsParagraph: 'Paragraph' },
  },
  skillList: { entry: 'skill', fields: { skillName: 'Skill Name', skillValue: 'Skill Value' } },
  abtLst: { entry: 'about paragraph', fields: { homeAbtPara: 'Paragraph' } },
  newsList: { entry: 'news item', fields: { newsTitle: 'News Title', newsDescription: 'News Description' } },
});

export const demoDocument: DemoDocument<HomeContent> = {
  menupageid: 1,
  commonrouting: 'Home',
  slideList: [
    {
      image: '/demo/slides/home-1.svg',
      alt: 'Abstract illustration of business dashboards with charts',
      heading: 'Software that fits the way you work',
      caption:
        'For over two decades we have built CRM, clinic and bespoke software for Indian manufacturers, pharma companies and healthcare providers.',
    },
    {
      image: '/demo/slides/home-2.svg',
      alt: 'Abstract illustration of a laptop, a tablet and a phone',
      heading: 'Relationware CRM for manufacturing and pharma',
      caption:
        'Sales force automation, service management and field reporting on the web and on Android, configured to your products, dealers and territories.',
    },
    {
      image: '/demo/slides/home-3.svg',
      alt: 'Abstract illustration of a cloud connected to servers',
      heading: 'InnovoCare for clinics, hosted and looked after',
      caption:
        'Appointments, prescriptions and medical records in the cloud, running in Tier I data centres with 99.5% uptime and supported by our own team in Pune.',
    },
  ],
  exprtshead: 'Our <span>Expertise</span>',
  skillhead: 'Our <span>Skill Set</span>',
  abouthead: 'About <span>Us</span>',
  newshead: '<span>News</span>',
  expertiseList: [
    {
      exprtsIcon: 'factory',
      exprtsHeading: 'Relationware CRM – Manufacturing',
      exprtsParagraph:
        '<p>Opportunities, product configuration, quotations, installations, warranty and AMC in one system for manufacturers and their dealers. <a href="/RelationwareCRM-Manufacturing1">Explore the product</a></p>',
    },
    {
      exprtsIcon: 'pill',
      exprtsHeading: 'Relationware CRM – Pharma',
      exprtsParagraph:
        '<p>Daily work reporting, expenses, sales targets and doctor segmentation for pharma field forces, their managers and marketing teams. <a href="/RelationwareCRM-Pharma1">Explore the product</a></p>',
    },
    {
      exprtsIcon: 'stethoscope',
      exprtsHeading: 'InnovoCare Clinic EMR',
      exprtsParagraph:
        '<p>Clinic management and an <strong>electronic medical record</strong> that works offline on mobile, with prescriptions in 20 Indian languages. <a href="/InnovoCare1">Explore InnovoCare</a></p>',
    },
    {
      exprtsIcon: 'cpu',
      exprtsHeading: 'Technology Expertise',
      exprtsParagraph:
        '<p>Open source, cloud, mobility, middleware and e-commerce, backed by architecture experience across eighteen industry segments. <a href="/Expertise1">See what we know</a></p>',
    },
    {
      exprtsIcon: 'code',
      exprtsHeading: 'Custom Development',
      exprtsParagraph:
        '<p>Mobile and web applications built around your process, not the other way round, then hosted and maintained by the team that wrote them. <a href="/Bespoke1">Bespoke development</a></p>',
    },
    {
      exprtsIcon: 'rocket',
      exprtsHeading: 'Startup Technology Stack',
      exprtsParagraph:
        '<p>A lean, <strong>open-source</strong> stack that takes a start-up from idea to first paying customers without licence costs or lock-in. <a href="/Consulting1">Talk to a consultant</a></p>',
    },
  ],
  skillList: [
    { skillName: 'Web Design', skillValue: 90 },
    { skillName: 'CRM Development', skillValue: 85 },
    { skillName: 'Custom Development', skillValue: 80 },
    { skillName: 'Middleware', skillValue: 75 },
    { skillName: 'E-commerce', skillValue: 70 },
    { skillName: 'Mobility', skillValue: 65 },
  ],
  abtLst: [
    {
      homeAbtPara:
        '<strong>Innovo Software Pvt. Ltd.</strong> has been building software in Pune for over two decades. Led by Dr. Anil Deshpande, a doctor of information management, we write CRM, clinic and bespoke software for Indian companies that want systems shaped around the way they actually work.',
    },
    {
      homeAbtPara:
        'We build on open source, host in Tier I data centres and stay with our customers long after go-live. <a href="/About1">Read more about us</a>',
    },
  ],
  newsList: [
    {
      newsTitle: '2023',
      newsDescription:
        'We delivered a searchable database of crop, soil and market-price records for an agriculture start-up, giving its field advisers answers in seconds on the web and on Android.',
    },
    {
      newsTitle: '2022',
      newsDescription:
        'A Pune engineering manufacturer went live on a bespoke CRM and ERP built by Innovo, bringing enquiries, orders, production and service into a single system.',
    },
  ],
};

export const fieldRules: DefaultFieldRules<HomeContent> = [
  ...SLIDE_RULES,
  richtext('exprtshead', 2, 100),
  textarea('exprtsIcon', 2, 40),
  textarea('exprtsHeading', 3, 60),
  richtext('exprtsParagraph', 10, 600),
  richtext('skillhead', 2, 100),
  textarea('skillName', 2, 40),
  number('skillValue', 3),
  richtext('abouthead', 2, 100),
  richtext('homeAbtPara', 10, 1000),
  richtext('newshead', 2, 100),
  textarea('newsTitle', 4, 10),
  richtext('newsDescription', 10, 600),
];

declare module '../schemas/page-content' {
  /** This file is the 'home' page's (CONTENT_PAGES in src/core/pages.ts names it). */
  interface BuiltInPages {
    home: typeof page;
  }
}
