import { DELETE_WITH_IMAGE } from '../common-fields';
import { detailsToHtml, htmlToDetails } from '../management-details';
import { pageEditor } from '../page-editor';

/** About (page 2): main paragraphs, content blocks and the management team (spec 000 §2); words: src/core/content/about.ts. */
export default pageEditor({
  page: 'about',
  blocks: (p) => [
    { title: 'Main paragraphs', parts: [p.list('abtmainlst', { fields: { mainpara: { kind: 'richtext' } } })] },
    {
      title: 'Content',
      parts: [
        p.list('abtcontentlst', { fields: { contenttitle: { kind: 'text' }, contentpara: { kind: 'richtext' } } }),
      ],
    },
    {
      title: 'Management Team',
      parts: [
        p.list('managementlst', {
          // Deleting the entry deletes its uploaded image too (unless another entry shows it).
          confirmDelete: DELETE_WITH_IMAGE,
          fields: {
            mngimg: {
              kind: 'image-url',
              upload: 'about',
              required: false,
              hint: 'Upload a PNG or JPEG photo, or give its address. Without one, the default logo shows.',
            },
            mngprofname: { kind: 'text' },
            mngdesignation: { kind: 'text' },
            mngdetails: {
              kind: 'textarea',
              hint: 'A blank line starts a new paragraph; a single line break stays a line break.',
              toInput: (value) => htmlToDetails(typeof value === 'string' ? value : ''),
              fromInput: detailsToHtml,
            },
          },
        }),
      ],
    },
  ],
});
