import type { FormField } from '../schemas/forms';
import type { SiteTextUnit } from '../site-texts';
import { FORM_WORD_TEXTS, type FormWordKey } from './form-words';

/**
 * What a form made without code says that translates (docs/design.md §30): each field's label, its help and the labels
 * of the choices typed in (a choice's value stays, so what is stored is the same in every language; a master data
 * type's values are master data's), the success message, and the confirmation's subject and text. Each is one of the
 * site's own words, translated per language beside the menu and the frame's words (core/site-texts.ts), by a key that
 * names the form by its id and the field by its key, never by their places, so that reordering a form keeps its
 * translations: `form.<id>.field.<key>.label`, `….help`, `….option.<value>`, `form.<id>.successMessage`,
 * `form.<id>.confirmation.subject`, `form.<id>.confirmation.body`.
 */

/** What of a form translates. */
export interface TranslatableForm {
  id: number;
  name: string;
  fields: readonly FormField[];
  successMessage: string;
  confirmation: { enabled: boolean; subject: string; body: string };
}

const formKey = (id: number) => `form.${id}`;
const fieldKey = (id: number, field: string) => `${formKey(id)}.field.${field}`;

/** The longest translation of each kind of a form's text: as long as the form's own (core/schemas/forms.ts). */
const LONGEST = { label: 200, help: 500, successMessage: 1000, subject: 200, body: 5000 } as const;

/** A form's texts to translate, in the form's order: each field's label, help and choices, then its messages. */
export function formTextUnits(form: TranslatableForm): SiteTextUnit[] {
  const units: SiteTextUnit[] = [];
  const of = `Form “${form.name}”`;
  for (const field of form.fields) {
    const key = fieldKey(form.id, field.key);
    units.push({
      key: `${key}.label`,
      label: `${of}: the label of ${field.label}`,
      source: field.label,
      max: LONGEST.label,
    });
    if (field.help?.trim())
      units.push({
        key: `${key}.help`,
        label: `${of}: the help under ${field.label}`,
        source: field.help,
        max: LONGEST.help,
        kind: 'textarea',
      });
    // A master data type's values are master data: only choices typed in translate.
    if (field.masterType === undefined)
      for (const option of field.options ?? [])
        units.push({
          key: `${key}.option.${option.value}`,
          label: `${of}: a choice of ${field.label} (its value “${option.value}” stays)`,
          source: option.label,
          max: LONGEST.label,
        });
  }
  units.push({
    key: `${formKey(form.id)}.successMessage`,
    label: `${of}: the message once sent`,
    source: form.successMessage,
    max: LONGEST.successMessage,
    kind: 'textarea',
  });
  if (form.confirmation.enabled) {
    units.push({
      key: `${formKey(form.id)}.confirmation.subject`,
      label: `${of}: the subject of the confirmation mailed to the sender ({{key}} is a field’s value)`,
      source: form.confirmation.subject,
      max: LONGEST.subject,
    });
    if (form.confirmation.body.trim())
      units.push({
        key: `${formKey(form.id)}.confirmation.body`,
        label: `${of}: the text of the confirmation mailed to the sender ({{key}} is a field’s value)`,
        source: form.confirmation.body,
        max: LONGEST.body,
        kind: 'textarea',
      });
  }
  return units.filter((unit) => unit.source.trim() !== '');
}

/**
 * A form in a language: each text translated where the language has a translation (`texts`, the language's site texts
 * by key), else the default language's. Values, keys, kinds and rules stay the form's own.
 */
export function formIn<T extends TranslatableForm>(form: T, texts: Readonly<Record<string, string>>): T {
  const say = (key: string, text: string) => (texts[key] ?? '').trim() || text;
  return {
    ...form,
    fields: form.fields.map((field) => {
      const key = fieldKey(form.id, field.key);
      return {
        ...field,
        label: say(`${key}.label`, field.label),
        ...(field.help === undefined ? {} : { help: say(`${key}.help`, field.help) }),
        ...(field.options === undefined || field.masterType !== undefined
          ? {}
          : {
              options: field.options.map((option) => ({
                ...option,
                label: say(`${key}.option.${option.value}`, option.label),
              })),
            }),
      };
    }),
    successMessage: say(`${formKey(form.id)}.successMessage`, form.successMessage),
    confirmation: {
      ...form.confirmation,
      subject: say(`${formKey(form.id)}.confirmation.subject`, form.confirmation.subject),
      body: say(`${formKey(form.id)}.confirmation.body`, form.confirmation.body),
    },
  };
}

/**
 * What translators read beside each of the fixed words of every form (core/forms/form-words.ts): where visitors meet
 * it. Kept apart from the words themselves, which the form's island and every public page carry.
 */
const FORM_WORD_LABELS: Record<FormWordKey, string> = {
  'form.send': 'Forms: the button that sends a form',
  'form.choose': 'Forms: the first line of a list to choose from',
  'form.honeypot': 'Forms: the label of the field left empty (hidden from people; read by bots)',
  'form.shownWhen': 'Forms: the note under a field shown by an answer ({answer} and {field} are filled in)',
  'form.fileRule': 'Forms: the note under a file field ({kinds} of file, {mb} its limit)',
  'form.or': 'Forms: the word between the last two kinds of file in that note',
  'form.file.pdf': 'Forms: a kind of file (PDF)',
  'form.file.docx': 'Forms: a kind of file (Word, DOCX)',
  'form.file.odt': 'Forms: a kind of file (OpenDocument text, ODT)',
  'form.file.txt': 'Forms: a kind of file (plain text, TXT)',
  'form.file.png': 'Forms: a kind of file (PNG image)',
  'form.file.jpeg': 'Forms: a kind of file (JPEG image)',
  'form.required': 'Forms: a required field left empty ({label} is the field’s label)',
  'form.chooseOne': 'Forms: no choice made ({label} is the field’s label)',
  'form.chooseSome': 'Forms: no box ticked among several choices ({label})',
  'form.fromList': 'Forms: a choice that is not on the list ({label})',
  'form.chooseFile': 'Forms: a required file not chosen ({label})',
  'form.fileKind': 'Forms: a file of a kind the field does not take ({label}; {rule}, the kinds and the limit)',
  'form.fileTooLarge': 'Forms: a file over the field’s limit ({label}; {mb}, the limit)',
  'form.consent': 'Forms: the consent box not ticked ({label})',
  'form.oneLine': 'Forms: a short text on several lines ({label})',
  'form.tooLong': 'Forms: a text too long ({label}; {max}, the most characters)',
  'form.email': 'Forms: no valid email address',
  'form.phone': 'Forms: no valid phone number (a company in India)',
  'form.phoneAbroad': 'Forms: no valid phone number (with + or outside India)',
  'form.number': 'Forms: not a number ({label})',
  'form.date': 'Forms: not a date ({label})',
  'form.failed': 'Forms: the message when sending failed',
  'form.offline': 'Forms: the message when the connection failed',
  'form.tooMany': 'Forms: the message after too many posts from one address in a minute',
};

/** The fixed words of every form as site words the firm may put in its own words, and translate: Folio's texts. */
export function formWordUnits(): SiteTextUnit[] {
  return (Object.keys(FORM_WORD_TEXTS) as FormWordKey[]).map((key) => ({
    key,
    label: FORM_WORD_LABELS[key],
    source: FORM_WORD_TEXTS[key],
  }));
}
