import { z } from 'zod';
import { paragraph, shortText, urlText } from '../../schemas/fields';
import { textarea } from './content-page';
import type { ContentLabels, DefaultFieldRules } from './content-page';

/** A carousel slide (Home, Bespoke). The spec shows the carousels but not their model; Folio stores them with the page. */
export const SlideSchema = z.strictObject({
  image: urlText(),
  alt: shortText(),
  heading: shortText(),
  caption: paragraph(),
});
export type Slide = z.infer<typeof SlideSchema>;

export const SLIDE_LABELS: ContentLabels<Slide> = {
  image: 'Image',
  alt: 'Image description',
  heading: 'Heading',
  caption: 'Caption',
};

/** Slides of the Home and Bespoke carousels. */
export const SLIDE_RULES: DefaultFieldRules<Slide> = [
  textarea('alt', 3, 150),
  textarea('heading', 3, 100),
  textarea('caption', 10, 400),
];
