import { z } from 'zod';
import { list, pageFields, paragraph, richText, shortText } from '../schemas/fields';
import { defineContentPage, richtext, textarea } from './common/content-page';
import type { DefaultFieldRules, DemoDocument } from './common/content-page';

/** Relationware CRM – Pharma (prod2, page 10): description, modules and the service-management list. */
export const Prod2ContentSchema = z.strictObject({
  ...pageFields,
  description: richText(),
  modulehead: shortText(),
  moduleslst: list(z.strictObject({ moduledata: paragraph() })),
  section2head: shortText(),
  section2lst: list(z.strictObject({ data2: richText() })),
});
export type Prod2Content = z.infer<typeof Prod2ContentSchema>;

export const page = defineContentPage('prod2', Prod2ContentSchema, {
  description: 'Description',
  modulehead: 'Modules heading',
  moduleslst: { entry: 'module', fields: { moduledata: 'Module' } },
  section2head: 'Service Management heading',
  section2lst: { entry: 'service management entry', fields: { data2: 'Details' } },
});

export const demoDocument: DemoDocument<Prod2Content> = {
  menupageid: 10,
  commonrouting: 'RelationwareCRM-Pharma',
  description:
    '<p><strong>Relationware CRM – Pharma</strong> is built for Indian pharmaceutical companies with field forces that call on doctors, chemists and stockists every day. It replaces paper reports and spreadsheets with a simple Android app and a web console for managers and marketing.</p>',
  modulehead: 'Modules',
  moduleslst: [
    {
      moduledata:
        'Basic work reporting with expenses: daily call reports for doctors, chemists and stockists, with samples, inputs and travel and daily allowance claims.',
    },
    {
      moduledata:
        'Sales target and analysis: targets by representative, headquarters, region and product, compared with secondary sales every month.',
    },
    {
      moduledata:
        'Segmentation targeting: doctors classified by speciality, potential and prescribing behaviour, with visit frequencies planned for each segment.',
    },
  ],
  section2head: 'Who it serves',
  section2lst: [
    {
      data2:
        '<p><strong>For the sales force:</strong> a quick daily report from the phone, a clear tour plan, a doctor list with visit history and expense claims that no longer take a Sunday to fill in.</p>',
    },
    {
      data2:
        '<p><strong>For managers:</strong> real-time coverage and call-average reports, target achievement by territory and one-click approval of tour plans and expenses.</p>',
    },
    {
      data2:
        '<p><strong>For marketing:</strong> segment-wise coverage, campaign and sample tracking, and the data to see which brands and doctors respond to which activities.</p>',
    },
  ],
};

export const fieldRules: DefaultFieldRules<Prod2Content> = [
  richtext('description', 10, 3000),
  textarea('modulehead', 2, 100),
  textarea('moduledata', 10, 500),
  textarea('section2head', 2, 100),
  richtext('data2', 10, 1500),
];

declare module '../schemas/page-content' {
  /** This file is the 'prod2' page's (CONTENT_PAGES in src/core/pages.ts names it). */
  interface BuiltInPages {
    prod2: typeof page;
  }
}
