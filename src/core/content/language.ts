import { z } from 'zod';
import { list, pageFields, richText, shortText } from '../schemas/fields';
import { defineContentPage, richtext, textarea } from './common/content-page';
import type { DefaultFieldRules, DemoDocument } from './common/content-page';
import { LEAD_LABEL, LEAD_RULE, leadField } from './common/lead';

/** Language services (page 5): the lead, sections of heading and paragraph (spec 000 §2). */
export const LanguageContentSchema = z.strictObject({
  ...pageFields,
  lead: leadField(),
  sectionlst: list(z.strictObject({ title: shortText(), data: richText() })),
});
export type LanguageContent = z.infer<typeof LanguageContentSchema>;

export const page = defineContentPage('language', LanguageContentSchema, {
  lead: LEAD_LABEL,
  sectionlst: { entry: 'section', fields: { title: 'Heading', data: 'Paragraph' } },
});

export const demoDocument: DemoDocument<LanguageContent> = {
  menupageid: 5,
  commonrouting: 'Language',
  lead: 'Technical and business translation from English to German by translators who understand software and manufacturing.',
  sectionlst: [
    {
      title: 'English to German',
      data: '<p>We translate technical and business documents from <strong>English to German</strong>. Our translators are native German speakers who work alongside our engineers, so software, manufacturing and medical terminology is rendered accurately and consistently.</p>',
    },
    {
      title: 'What we translate',
      data: '<ul><li>Software user interfaces, help text and release notes</li><li>Product catalogues, datasheets and operating manuals</li><li>Websites, brochures and tender documents</li><li>Business correspondence and contracts for review by your legal adviser</li></ul>',
    },
    {
      title: 'How we ensure quality',
      data: '<p>Every job is translated by one linguist and reviewed by a second. We build a glossary for each customer and reuse it on every project, so your product names and technical terms read the same way in every document.</p>',
    },
    {
      title: 'For exporters and software firms',
      data: '<p>Indian manufacturers selling into Germany, Austria and Switzerland, and software companies localising their products for those markets, use our service to reach customers in their own language. Send us a sample and we will return a quote within one working day.</p>',
    },
  ],
};

export const fieldRules: DefaultFieldRules<LanguageContent> = [
  LEAD_RULE,
  textarea('title', 3, 100),
  richtext('data', 10, 3000),
];

declare module '../schemas/page-content' {
  /** This file is the 'language' page's (CONTENT_PAGES in src/core/pages.ts names it). */
  interface BuiltInPages {
    language: typeof page;
  }
}
