import type { FormField, FormInput } from '../schemas/forms';

/**
 * The job application of docs/design.md §30 as the form editor sends it (a test fixture): a position to choose, a CV
 * as PDF only, "How did you hear of us?" whose "Other" shows a text field, and a consent box.
 */
export const JOB_APPLICATION = {
  name: 'Job application',
  fields: [
    { key: 'name', label: 'Your name', kind: 'text', required: true },
    { key: 'email', label: 'Email', kind: 'email', required: true },
    { key: 'phone', label: 'Phone', kind: 'phone', required: false },
    {
      key: 'position',
      label: 'Position',
      kind: 'choice',
      required: true,
      options: [
        { value: 'dev', label: 'Developer' },
        { value: 'qa', label: 'Tester' },
      ],
    },
    { key: 'cv', label: 'CV', kind: 'file', required: true, accept: ['pdf'], maxMb: 5 },
    {
      key: 'heard',
      label: 'How did you hear of us?',
      kind: 'choice',
      required: false,
      options: [
        { value: 'friend', label: 'A friend' },
        { value: 'other', label: 'Other' },
      ],
    },
    {
      key: 'heard_other',
      label: 'Where?',
      kind: 'text',
      required: true,
      showWhen: { field: 'heard', equals: 'other' },
    },
    { key: 'consent', label: 'I agree to the privacy notice', kind: 'consent', required: true },
  ] satisfies FormField[] as FormField[],
  recipients: ['jobs@example.com'],
  confirmation: { enabled: true, subject: 'Thank you, {{name}}', body: 'We read every application.' },
  successMessage: 'Thank you: we will write within a week.',
  retentionDays: 365,
} satisfies FormInput;
