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
          // Deleting the entry deletes its uploaded image too (unless another entry shows it).
          confirmDelete: DELETE_WITH_IMAGE,
          fields: [
            { name: 'mngimg', label: 'Image', kind: 'image-url', upload: 'about', required: false, hint: 'Upload a PNG or JPEG photo, or give its address. Without one, the default logo shows.' },
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
