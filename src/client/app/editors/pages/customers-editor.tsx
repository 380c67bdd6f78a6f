import { DELETE_WITH_IMAGE, LEAD_FIELD } from '../common-fields';
import { pageEditor } from '../page-editor';

/** Customers (page 8): the introduction, customer names and logos; Save All (spec 000 §2); words: src/core/content/customers.ts. */
export default pageEditor({
  page: 'customers',
  saveLabel: 'Save All',
  blocks: (p) => [
    {
      title: 'Our Customers',
      parts: [
        p.field('lead', LEAD_FIELD),
        p.list('tablelst', {
          // Deleting the entry deletes its uploaded image too (unless another entry shows it).
          confirmDelete: DELETE_WITH_IMAGE,
          fields: {
            custname: { kind: 'text' },
            custImage: {
              kind: 'image-url',
              upload: 'customer',
              required: false,
              hint: 'Upload a PNG or JPEG logo, or give its address. Without one, the default image shows.',
            },
          },
        }),
      ],
    },
  ],
});
