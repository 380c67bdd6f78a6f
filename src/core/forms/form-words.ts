/**
 * The fixed words of every form made without code (docs/design.md §30, §34): its button, the select's first line, the
 * notes under fields, the rules' refusals and the sentences about the whole post. Each is one of the site's own words
 * (core/site-texts.ts; what translators read beside them is in core/forms/form-texts.ts): the firm may put its own
 * words in the default language and translate them into every other. Only the texts are here, without their labels:
 * the form's island reads them and stays within its 10 KB, and the staff app's first screen, which shows the public
 * header, does not carry them. `{name}` in a text is filled in where it is shown.
 */
export const FORM_WORD_TEXTS = {
  'form.send': 'Send',
  'form.choose': 'Choose…',
  'form.honeypot': 'Website (leave this empty)',
  'form.shownWhen': 'Only if you answered “{answer}” to “{field}”.',
  'form.fileRule': '{kinds}, at most {mb} MB',
  'form.or': 'or',
  'form.file.pdf': 'PDF',
  'form.file.docx': 'Word (DOCX)',
  'form.file.odt': 'OpenDocument text (ODT)',
  'form.file.txt': 'Plain text (TXT)',
  'form.file.png': 'PNG image',
  'form.file.jpeg': 'JPEG image',
  'form.required': '{label} is required.',
  'form.chooseOne': 'Choose one: {label}.',
  'form.chooseSome': 'Choose at least one: {label}.',
  'form.fromList': 'Choose from the list: {label}.',
  'form.chooseFile': 'Choose a file: {label}.',
  'form.fileKind': '{label} must be {rule}.',
  'form.fileTooLarge': '{label} is larger than {mb} MB: choose a smaller file.',
  'form.consent': 'Tick the box to send the form: {label}.',
  'form.oneLine': '{label} must be on one line.',
  'form.tooLong': '{label} must be at most {max} characters.',
  'form.email': 'Enter a valid email address, like name@example.com.',
  'form.phone': 'Enter a valid 10-digit phone number.',
  'form.phoneAbroad': 'Enter a valid phone number with its country code, like +49 151 23456789.',
  'form.number': '{label} must be a number, like 12 or 4.5.',
  'form.date': '{label} must be a date, like 2027-03-31.',
  'form.failed': 'The form could not be sent: try again in a moment.',
  'form.offline': 'The form could not be sent: check the connection and try again.',
  'form.tooMany': 'Too many requests. Please wait a few minutes and try again.',
} as const;

export type FormWordKey = keyof typeof FORM_WORD_TEXTS;

/** A form's fixed words as the shown page says them, by key: the firm's own or their translation; absent, Folio's. */
export type FormWords = Readonly<Partial<Record<string, string>>>;

/** A form's fixed word as shown: the firm's (or its translation) else Folio's, with `{name}` filled in from `values`. */
export function sayFormWord(
  words: FormWords | undefined,
  key: FormWordKey,
  values: Readonly<Record<string, string | number>> = {},
): string {
  const text = words?.[key]?.trim() || FORM_WORD_TEXTS[key];
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** Whether a site text's key is one of the forms' fixed words. */
export const isFormWordKey = (key: string): key is FormWordKey => Object.hasOwn(FORM_WORD_TEXTS, key);

/** Of a page's site words, the forms' (what a form's island is handed). */
export function formWordsOf(words: FormWords | undefined): FormWords {
  return Object.fromEntries(Object.entries(words ?? {}).filter(([key]) => isFormWordKey(key)));
}
