import { z } from 'zod';
import { list, pageFields, richText, shortText } from '../schemas/fields';
import { defineContentPage, number, richtext } from './common/content-page';
import type { DefaultFieldRules, DemoDocument } from './common/content-page';
import { LEAD_LABEL, LEAD_RULE, leadField } from './common/lead';

/** News (page 7): the lead, the timeline entries, Year and Details (spec 000 §2). */
export const NewsContentSchema = z.strictObject({
  ...pageFields,
  lead: leadField(),
  tablelst: list(z.strictObject({ newsYear: shortText(), newsDetails: richText() })),
});
export type NewsContent = z.infer<typeof NewsContentSchema>;

export const page = defineContentPage('news', NewsContentSchema, {
  lead: LEAD_LABEL,
  tablelst: { entry: 'news entry', fields: { newsYear: 'Year', newsDetails: 'Details' } },
});

export const demoDocument: DemoDocument<NewsContent> = {
  menupageid: 7,
  commonrouting: 'News',
  lead: 'Projects delivered, products launched and milestones reached, year by year.',
  tablelst: [
    {
      newsYear: '2024',
      newsDetails:
        '<p>InnovoCare now prints prescription instructions in <strong>20 Indian languages</strong>, with Odia and Assamese added this year at the request of clinics in the east.</p>',
    },
    {
      newsYear: '2023',
      newsDetails:
        '<p>We built a <strong>searchable database for an agriculture start-up</strong>, bringing together crop, soil and market-price records so that field advisers can answer farmers’ questions in seconds from the web or an Android phone.</p>',
    },
    {
      newsYear: '2022',
      newsDetails:
        '<p>A Pune engineering manufacturer <strong>went live on a bespoke CRM and ERP</strong> built by Innovo, replacing four separate systems with one covering enquiries, orders, production planning and after-sales service.</p>',
    },
    {
      newsYear: '2020',
      newsDetails:
        '<p>We released the offline-capable InnovoCare mobile app, letting doctors keep seeing patients and writing prescriptions through network outages, with records synchronising automatically once they are back online.</p>',
    },
    {
      newsYear: '2018',
      newsDetails:
        '<p>Relationware CRM – Pharma added segmentation targeting, helping marketing teams plan doctor coverage by speciality, potential and prescribing behaviour.</p>',
    },
    {
      newsYear: '2017',
      newsDetails:
        '<p>Our hosting moved to Tier I data centres in India with 99.5% uptime, and every customer system gained nightly encrypted backups.</p>',
    },
  ],
};

// A year: four digits, no decimals.
export const fieldRules: DefaultFieldRules<NewsContent> = [
  LEAD_RULE,
  number('newsYear', 4, 0),
  richtext('newsDetails', 10, 1500),
];

declare module '../schemas/page-content' {
  /** This file is the 'news' page's (CONTENT_PAGES in src/core/pages.ts names it). */
  interface BuiltInPages {
    news: typeof page;
  }
}
