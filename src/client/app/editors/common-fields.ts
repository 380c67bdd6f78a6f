import type { Slide } from '../../../core/content/common/slide';
import type { FieldLayout, FieldSettings } from './entry-fields';

/** The carousel slides of Home and Bespoke (the spec shows the carousels, not their model); labels: SLIDE_LABELS. */
export const SLIDE_FIELDS: FieldLayout<Slide> = {
  // Uploads go to the one folder of both carousels' images (docs/design.md §27).
  image: {
    kind: 'image-url',
    upload: 'slides',
    hint: 'Upload a wide image (1600 × 700 pixels suits the carousel), choose one from the library, or give its address: a path on this site (/demo/slides/…) or https://…',
  },
  alt: { kind: 'text', hint: 'What the image shows, for people who cannot see it.' },
  heading: { kind: 'text' },
  caption: { kind: 'textarea' },
};

/** Icons are named from the site's icon set (public Icon component). */
export const ICON_HINT =
  'An icon of the site: factory, pill, stethoscope, cpu, code, rocket, compass, layers, workflow, shield, chart, users, gauge, cloud, languages, prescription, file-medical, wifi-off…';

/** A block heading with words in the accent colour, marked with the toolbar's button (docs/design.md §34: nobody types HTML). */
export const ACCENT_HEADING: FieldSettings = {
  kind: 'accent',
  hint: 'Select words and press Accent colour to show them in the site’s accent colour; press it again to show them plain.',
};

/** Spec 000 §5: deleting a customer or management entry, which has an image. */
export const DELETE_WITH_IMAGE = 'Are you sure you want to delete this item and its image permanantly?';

/** A page's lead (docs/design.md §20): the sentence under its title, optional; label: LEAD_LABEL. */
export const LEAD_FIELD: FieldSettings = {
  kind: 'textarea',
  required: false,
  hint: 'Shown under the page title, and the page’s search description while its own is empty. Leave it empty to show none.',
};
