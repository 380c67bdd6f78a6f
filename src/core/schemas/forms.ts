import { z } from 'zod';
import { databaseId } from './ids';
import { FORM_FIELD_KINDS, FORM_FILE_TYPES, FORM_LIMITS } from '../forms/form-kinds';

/**
 * Forms made without code (docs/design.md §30, decision 032): a form is a name and fields, who is mailed, what the
 * sender is told and how long its submissions are kept. The staff app's form editor and the server check a form with
 * these schemas; what a visitor sends is checked by `src/core/forms/form-rules.ts`, which the public island shares
 * with the server (it stays without zod, within the island's 10 KB).
 */

export {
  FORM_FIELD_KINDS,
  FORM_FIELD_KIND_LABELS,
  FORM_FILE_TYPES,
  FORM_FILE_TYPE_INFO,
  FORM_LIMITS,
  RADIOS_UP_TO,
  type FormFieldKind,
  type FormFileType,
} from '../forms/form-kinds';

const KEY_MESSAGE = "A field's key is 1 to 40 lower-case letters, digits and _, starting with a letter.";
export const FormFieldKeySchema = z.string().regex(/^[a-z][a-z0-9_]{0,39}$/, { message: KEY_MESSAGE });

/** Text of one line: a label, a name, a mail's subject (a line break in a mail header is refused, not stripped). */
const line = (name: string, max: number, min = 1) =>
  z
    .string()
    .trim()
    .regex(/^[^\r\n]*$/, { message: `${name} must be on one line.` })
    .min(min, { message: `${name} is required.` })
    .max(max, { message: `${name} must be at most ${max} characters.` });

export const FormOptionSchema = z.strictObject({
  value: line('A choice’s value', 100),
  label: line('A choice’s label', 200),
});
export type FormOption = z.infer<typeof FormOptionSchema>;

export const FormShowWhenSchema = z.strictObject({
  field: FormFieldKeySchema,
  equals: line('The value that shows the field', 100),
});

export const FormFieldSchema = z
  .strictObject({
    key: FormFieldKeySchema,
    label: line('A field’s label', 200),
    help: z.string().trim().max(500, { message: 'A field’s help must be at most 500 characters.' }).optional(),
    kind: z.enum(FORM_FIELD_KINDS, { message: `A field’s kind is one of ${FORM_FIELD_KINDS.join(', ')}.` }),
    required: z.boolean(),
    showWhen: FormShowWhenSchema.optional(),
    options: z
      .array(FormOptionSchema)
      .min(1, { message: 'Give the field at least one choice.' })
      .max(FORM_LIMITS.options, { message: `A field has at most ${FORM_LIMITS.options} choices.` })
      .optional(),
    masterType: databaseId({ coerce: false, message: 'Choose a master data type.' }).optional(),
    accept: z
      .array(z.enum(FORM_FILE_TYPES, { message: `A file field takes ${FORM_FILE_TYPES.join(', ')}.` }))
      .min(1, { message: 'Choose at least one kind of file.' })
      .optional(),
    maxMb: z
      .number({ message: 'A file’s limit is a number of MB.' })
      .min(0.1, { message: 'A file’s limit is at least 0.1 MB.' })
      .max(FORM_LIMITS.fileMaxMb, { message: `A file’s limit is at most ${FORM_LIMITS.fileMaxMb} MB.` })
      .optional(),
  })
  .superRefine((field, context) => {
    const refuse = (message: string, path: PropertyKey[]) => context.addIssue({ code: 'custom', message, path });
    const choosing = field.kind === 'choice' || field.kind === 'checkboxes';
    if (choosing && (field.options === undefined) === (field.masterType === undefined))
      refuse('Type the choices in, or take them from a master data type (one of the two).', ['options']);
    if (!choosing && (field.options !== undefined || field.masterType !== undefined))
      refuse('Only a choice field has choices.', ['options']);
    if (field.kind === 'file' && field.accept === undefined) refuse('Choose at least one kind of file.', ['accept']);
    if (field.kind !== 'file' && (field.accept !== undefined || field.maxMb !== undefined))
      refuse('Only a file field takes kinds of file and a limit.', ['accept']);
    if (field.kind === 'consent' && !field.required) refuse('A consent box is always required.', ['required']);
    if (field.options && new Set(field.options.map((o) => o.value)).size !== field.options.length)
      refuse('Two choices have the same value.', ['options']);
  });
export type FormField = z.infer<typeof FormFieldSchema>;

export const FormConfirmationSchema = z.strictObject({
  enabled: z.boolean(),
  subject: line('The confirmation’s subject', 200, 0),
  body: z.string().max(5000, { message: 'The confirmation’s text must be at most 5000 characters.' }),
});

/** What the form editor sends (`POST /api/master/forms`): a new form without `id`, a saved one with its `revision`. */
export const FormInputSchema = z
  .strictObject({
    id: databaseId({ coerce: false }).optional(),
    revision: databaseId({ coerce: false }).optional(),
    name: line('The form’s name', 100),
    fields: z
      .array(FormFieldSchema)
      .min(1, { message: 'Give the form at least one field.' })
      .max(FORM_LIMITS.fields, { message: `A form has at most ${FORM_LIMITS.fields} fields.` }),
    recipients: z
      .array(
        z
          .string()
          .trim()
          .pipe(z.email({ message: 'Each recipient is an email address.' })),
      )
      .max(FORM_LIMITS.recipients, { message: `A form mails at most ${FORM_LIMITS.recipients} people.` }),
    confirmation: FormConfirmationSchema,
    successMessage: z
      .string()
      .trim()
      .min(1, { message: 'The success message is required.' })
      .max(1000, { message: 'The success message must be at most 1000 characters.' }),
    retentionDays: z
      .number({ message: 'Keep submissions for a number of days.' })
      .int({ message: 'Keep submissions for a whole number of days.' })
      .min(1, { message: 'Keep submissions for at least 1 day.' })
      .max(FORM_LIMITS.retentionDaysMax, {
        message: `Keep submissions for at most ${FORM_LIMITS.retentionDaysMax} days.`,
      }),
  })
  .superRefine((form, context) => {
    const refuse = (message: string, path: PropertyKey[]) => context.addIssue({ code: 'custom', message, path });
    const seen = new Map<string, FormField>();
    form.fields.forEach((field, index) => {
      if (seen.has(field.key)) refuse(`Two fields have the key “${field.key}”.`, ['fields', index, 'key']);
      const on = field.showWhen && seen.get(field.showWhen.field);
      if (field.showWhen && !on)
        refuse('A field is shown by a field above it: choose one of those.', ['fields', index, 'showWhen', 'field']);
      if (on?.kind === 'file')
        refuse('A file field cannot show another field.', ['fields', index, 'showWhen', 'field']);
      seen.set(field.key, field);
    });
    if (form.confirmation.enabled && !form.fields.some((field) => field.kind === 'email'))
      refuse('A confirmation is mailed to the sender: give the form an email field first.', [
        'confirmation',
        'enabled',
      ]);
    if (form.confirmation.enabled && form.confirmation.subject === '')
      refuse('The confirmation’s subject is required.', ['confirmation', 'subject']);
  });
export type FormInput = z.input<typeof FormInputSchema>;
export type FormDefinition = z.output<typeof FormInputSchema>;

/** A stored form as the editor reads it. */
export const FormSchema = z.object({
  id: z.number(),
  revision: z.number(),
  /** The built-in form's key (`contact`): its fields are the spec's, and it cannot be deleted. */
  builtIn: z.string().nullable(),
  name: z.string(),
  fields: z.array(FormFieldSchema),
  recipients: z.array(z.string()),
  confirmation: FormConfirmationSchema,
  successMessage: z.string(),
  retentionDays: z.number(),
});
export type StoredForm = z.infer<typeof FormSchema>;

export const FormUseSchema = z.object({ routing: z.string(), name: z.string() });

export const FormListSchema = z.object({
  items: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      builtIn: z.string().nullable(),
      fields: z.array(FormFieldSchema),
      submissions: z.number(),
      usedOn: z.array(FormUseSchema),
    }),
  ),
});

export const FormIdParamsSchema = z.strictObject({ id: databaseId() });

export const FormSavedSchema = z.object({ id: z.number(), revision: z.number() });

/** Delete refused while a page shows the form (409). */
export const FormInUseSchema = z.object({ message: z.string(), usedOn: z.array(FormUseSchema) });
