/**
 * The kinds of field and of file a form made without code has, and its limits (docs/design.md §30), without zod: the
 * public form's island reads them beside the rules (form-rules.ts) and stays within its 10 KB.
 */

export const FORM_FIELD_KINDS = [
  'text',
  'email',
  'phone',
  'textarea',
  'number',
  'date',
  'choice',
  'checkboxes',
  'consent',
  'file',
] as const;
export type FormFieldKind = (typeof FORM_FIELD_KINDS)[number];

/** What a field of each kind is called in the form editor. */
export const FORM_FIELD_KIND_LABELS: Record<FormFieldKind, string> = {
  text: 'Short text',
  email: 'Email address',
  phone: 'Phone number',
  textarea: 'Long text',
  number: 'Number',
  date: 'Date',
  choice: 'One choice',
  checkboxes: 'Several choices',
  consent: 'Consent box',
  file: 'File',
};

/** The kinds of file a file field can take, each told by its content (the server sniffs it), never by its name. */
export const FORM_FILE_TYPES = ['pdf', 'docx', 'odt', 'txt', 'png', 'jpeg'] as const;
export type FormFileType = (typeof FORM_FILE_TYPES)[number];

/** Each kind of file: what people call it, its media types, and the name endings a file picker offers. */
export const FORM_FILE_TYPE_INFO: Record<FormFileType, { label: string; mime: readonly string[]; extensions: string }> =
  {
    pdf: { label: 'PDF', mime: ['application/pdf'], extensions: '.pdf' },
    docx: {
      label: 'Word (DOCX)',
      mime: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
      extensions: '.docx',
    },
    odt: { label: 'OpenDocument text (ODT)', mime: ['application/vnd.oasis.opendocument.text'], extensions: '.odt' },
    txt: { label: 'Plain text (TXT)', mime: ['text/plain'], extensions: '.txt' },
    png: { label: 'PNG image', mime: ['image/png'], extensions: '.png' },
    jpeg: { label: 'JPEG image', mime: ['image/jpeg'], extensions: '.jpg,.jpeg' },
  };

/** Limits of a form (docs/design.md §30): a field's file at most 10 MB; the rest keeps a form one a person can fill in. */
export const FORM_LIMITS = {
  fields: 40,
  options: 50,
  recipients: 10,
  fileMaxMb: 10,
  retentionDaysMax: 3650,
  retentionDaysDefault: 365,
} as const;

/** How many choices a field shows as radio buttons; with more, a select (docs/design.md §30). */
export const RADIOS_UP_TO = 5;
