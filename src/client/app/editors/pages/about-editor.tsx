import { DELETE_WITH_IMAGE } from '../common-fields';
import { detailsToHtml, htmlToDetails } from '../management-details';
import { pageEditor } from '../page-editor';

/** About (page 2): main paragraphs, content blocks and the management team (spec 000 §2). */
export default pageEditor({
  page: 'about',
  blocks: (p) => [
    { title: 'Main paragraphs', parts: [p.list('abtmainlst', { entryName: 'paragraph', fields: [{ name: 'mainpara', label: 'Paragraph', kind: 'richtext' }] })] },
    {
      title: 'Content',
      parts: [
        p.list('abtcontentlst', {
          entryName: 'content block',
          fields: [
            { name: 'contenttitle', label: 'Title', kind: 'text' },
            { name: 'contentpara', label: 'Paragraph', kind: 'richtext' },
          ],
        }),
      ],
    },
    {
      title: 'Management Team',
      parts: [
        p.list('managementlst', {
          entryName: 'team member',
          // The image is deleted with the entry once image upload exists (a later issue).
          confirmDelete: DELETE_WITH_IMAGE,
          fields: [
            // Image upload (.png, .jpg, .jpeg) comes in a later issue: until then the image is given by its address.
            { name: 'mngimg', label: 'Image', kind: 'image-url', required: false, hint: 'Address of the photo (/uploads/photos/about/… or https://…). Without one, the default logo shows.' },
            { name: 'mngprofname', label: 'Name', kind: 'text' },
            { name: 'mngdesignation', label: 'Designation', kind: 'text' },
            {
              name: 'mngdetails',
              label: 'Details',
              kind: 'textarea',
              hint: 'A blank line starts a new paragraph; a single line break stays a line break.',
              toInput: (value) => htmlToDetails(typeof value === 'string' ? value : ''),
              fromInput: detailsToHtml,
            },
          ],
        }),
      ],
    },
  ],
});
