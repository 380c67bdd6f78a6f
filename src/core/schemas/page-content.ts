import { z } from 'zod';
import type { ContentPageKey } from '../pages';
import { list, pageFields, paragraph, richText, shortText, urlText } from './fields';

/** A carousel slide (Home, Bespoke). The spec shows the carousels but not their model; Folio stores them with the page. */
export const SlideSchema = z.strictObject({
  image: urlText(),
  alt: shortText(),
  heading: shortText(),
  caption: paragraph(),
});
export type Slide = z.infer<typeof SlideSchema>;

export const HomeContentSchema = z.strictObject({
  ...pageFields,
  slideList: list(SlideSchema),
  exprtshead: richText(),
  skillhead: richText(),
  abouthead: richText(),
  newshead: richText(),
  expertiseList: list(
    z.strictObject({
      /** Name of an icon from the site's icon set (see the public Icon component). */
      exprtsIcon: shortText(),
      exprtsHeading: shortText(),
      exprtsParagraph: richText(),
    }),
  ),
  skillList: list(
    z.strictObject({
      skillName: shortText(),
      /** Percent, 0–100; the bar's width. */
      skillValue: z.number().min(0).max(100),
    }),
  ),
  abtLst: list(z.strictObject({ homeAbtPara: richText() })),
  newsList: list(z.strictObject({ newsTitle: shortText(), newsDescription: richText() })),
});
export type HomeContent = z.infer<typeof HomeContentSchema>;

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

export const BespokeContentSchema = z.strictObject({
  ...pageFields,
  slidelst: list(SlideSchema),
  bespokelst: list(z.strictObject({ bespokepara: richText() })),
});
export type BespokeContent = z.infer<typeof BespokeContentSchema>;

export const ExpertiseContentSchema = z.strictObject({
  ...pageFields,
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

export const LanguageContentSchema = z.strictObject({
  ...pageFields,
  sectionlst: list(z.strictObject({ title: shortText(), data: richText() })),
});
export type LanguageContent = z.infer<typeof LanguageContentSchema>;

export const ConsultingContentSchema = z.strictObject({
  ...pageFields,
  sectionlst: list(
    z.strictObject({ icon: shortText(), title1: shortText(), title2: shortText(), data: richText() }),
  ),
});
export type ConsultingContent = z.infer<typeof ConsultingContentSchema>;

export const NewsContentSchema = z.strictObject({
  ...pageFields,
  tablelst: list(z.strictObject({ newsYear: shortText(), newsDetails: richText() })),
});
export type NewsContent = z.infer<typeof NewsContentSchema>;

export const CustomersContentSchema = z.strictObject({
  ...pageFields,
  tablelst: list(z.strictObject({ custname: shortText(), custImage: urlText() })),
});
export type CustomersContent = z.infer<typeof CustomersContentSchema>;

/** Relationware CRM – Manufacturing (prod1). */
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

/** Relationware CRM – Pharma (prod2). */
export const Prod2ContentSchema = z.strictObject({
  ...pageFields,
  description: richText(),
  modulehead: shortText(),
  moduleslst: list(z.strictObject({ moduledata: paragraph() })),
  section2head: shortText(),
  section2lst: list(z.strictObject({ data2: richText() })),
});
export type Prod2Content = z.infer<typeof Prod2ContentSchema>;

/** InnovoCare (prod3). */
export const Prod3ContentSchema = z.strictObject({
  ...pageFields,
  descriptionlst: list(z.strictObject({ descpara: richText() })),
  benefitslst: list(z.strictObject({ icon: shortText(), title: shortText(), data: richText() })),
  /** Front office. */
  section1lst: list(z.strictObject({ data1: richText() })),
  /** Doctor. */
  section2lst: list(z.strictObject({ data2: richText() })),
});
export type Prod3Content = z.infer<typeof Prod3ContentSchema>;

export const ContactContentSchema = z.strictObject({
  ...pageFields,
  address: paragraph().min(1, { message: 'is required' }),
  email: z.email({ message: 'must be a valid e-mail address' }).max(254),
  phone: shortText().min(1, { message: 'is required' }),
  maplink: urlText().refine((value) => value !== '', { message: 'is required' }),
});
export type ContactContent = z.infer<typeof ContactContentSchema>;

/** The content document schema of each page, by page key. */
export const CONTENT_SCHEMAS = {
  home: HomeContentSchema,
  about: AboutContentSchema,
  bespoke: BespokeContentSchema,
  expertise: ExpertiseContentSchema,
  language: LanguageContentSchema,
  consulting: ConsultingContentSchema,
  news: NewsContentSchema,
  customers: CustomersContentSchema,
  prod1: Prod1ContentSchema,
  prod2: Prod2ContentSchema,
  contact: ContactContentSchema,
  prod3: Prod3ContentSchema,
} as const satisfies Record<ContentPageKey, z.ZodType>;

export type ContentByKey = { [K in ContentPageKey]: z.infer<(typeof CONTENT_SCHEMAS)[K]> };
export type AnyContent = ContentByKey[ContentPageKey];
