import { DELETE_WITH_IMAGE } from '../common-fields';
import { pageEditor } from '../page-editor';

/** Customers (page 8): customer names and logos; Save All (spec 000 §2). */
export default pageEditor({
  page: 'customers',
  saveLabel: 'Save All',
  blocks: (p) => [
    {
      title: 'Our Customers',
      parts: [
        p.list('tablelst', {
          entryName: 'customer',
          // The logo is deleted with the entry once image upload exists (a later issue).
          confirmDelete: DELETE_WITH_IMAGE,
          fields: [
            { name: 'custname', label: 'Customer', kind: 'text' },
            // Image upload (.png, .jpg, .jpeg) comes in a later issue: until then the logo is given by its address.
            { name: 'custImage', label: 'Image', kind: 'image-url', required: false, hint: 'Address of the logo (/uploads/photos/customer/… or https://…). Without one, the default image shows.' },
          ],
        }),
      ],
    },
  ],
});
