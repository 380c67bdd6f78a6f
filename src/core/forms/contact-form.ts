/**
 * The contact form as the built-in form `contact` (docs/design.md §30, decision 032): the spec's fields, which the
 * Contact page has always had. A fresh database gets it from the seed, an older one from its migration; its
 * enquiries stay where the spec's calls keep them.
 */
export const CONTACT_FORM_KEY = 'contact';

export const CONTACT_FORM = {
  name: 'Contact',
  definition: {
    fields: [
      { key: 'organization', label: 'Organization', kind: 'text', required: false },
      { key: 'name', label: 'Contact Person', kind: 'text', required: true },
      { key: 'email', label: 'Email', kind: 'email', required: true },
      { key: 'mobile', label: 'Mobile', kind: 'phone', required: true },
      { key: 'requirements', label: 'Requirements', kind: 'textarea', required: true },
    ],
    recipients: [],
    confirmation: { enabled: false, subject: '', body: '' },
    successMessage: 'Thank you. Your enquiry has reached us, and we will reply soon.',
    retentionDays: 365,
  },
} as const;
