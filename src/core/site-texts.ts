import { formTextUnits, formWordUnits, type TranslatableForm } from './forms/form-texts';
import type { MenuEntry } from './schemas/menu';
import { SITE_WORDS, type SiteWordKey } from './site-words';

/**
 * The site's own words beside its pages (docs/design.md §28, §34): the public menu's labels, the footer's tagline, the
 * contact form's labels and messages, the words of the site's frame (core/site-words.ts) and the texts of the forms
 * made without code (core/forms/form-texts.ts). Each translates per language like a page's texts, by key:
 * `menu.<id>` (a menu item's id), `footer.tagline`, `contact.<name>`, a frame word's key, `form.<id>.…`.
 * Browser-safe: the contact form reads its words from here.
 */

/**
 * The contact form's words in the default language, by name: its labels, its outcome and its refusals. The
 * outcome and refusals are also written where the form's island and its schema say them (contact-outcome.ts,
 * contact-enquiry.ts), so that neither loads the other's code; a test holds them equal.
 */
export const CONTACT_FORM_WORDS = {
  heading: 'Write to us',
  reachUs: 'Reach Us',
  note: 'Fields other than Organization are required.',
  organization: 'Organization',
  name: 'Contact Person',
  email: 'Email',
  mobile: 'Mobile',
  mobileHint: '10 digits, or with the country code, like +49 151 23456789',
  mobileHintAbroad: 'With the country code if you are abroad, like +91 98220 12345',
  requirements: 'Requirements',
  submit: 'Submit',
  sent: 'Thank you. Your enquiry has reached us, and we will reply soon.',
  failed: 'Your enquiry could not be sent. Please try again.',
  refused: 'Your enquiry could not be sent. Please check the form and try again.',
  nameRequired: 'Contact Person is required.',
  emailInvalid: 'Valid email is required.',
  mobileInvalid: 'Enter a valid 10-digit mobile number.',
  phoneInvalid: 'Enter a valid phone number with its country code, like +49 151 23456789.',
  requirementsRequired: 'Requirements are required.',
  organizationOneLine: 'Organization must be on one line.',
  organizationTooLong: 'Organization must be at most 150 characters.',
  nameOneLine: 'Contact Person must be on one line.',
  nameTooLong: 'Contact Person must be at most 100 characters.',
  requirementsTooLong: 'Requirements must be at most 5000 characters.',
} as const;
export type ContactFormWord = keyof typeof CONTACT_FORM_WORDS;

/**
 * The notice above a page not translated into the visitor's language yet (docs/design.md §34): the page is shown in the
 * default language under it, in the chrome of the visitor's.
 */
export const UNTRANSLATED_NOTICE = {
  key: 'page.untranslated',
  label: 'Any page not translated yet: the notice above its original',
  source: 'This page has not been translated into this language yet. You are reading the original.',
} as const;

/**
 * The notice in the languages a firm adds most, by their first subtag, until the firm translates it itself
 * (docs/design.md §34: the visitor reads it in their language). A language not here shows the default's words.
 */
export const UNTRANSLATED_NOTICE_IN: Readonly<Record<string, string>> = {
  de: 'Diese Seite ist noch nicht ins Deutsche übersetzt. Sie lesen das Original.',
  fr: 'Cette page n’est pas encore traduite en français. Vous lisez la version originale.',
  es: 'Esta página aún no está traducida al español. Está leyendo el original.',
  it: 'Questa pagina non è ancora tradotta in italiano. State leggendo l’originale.',
  nl: 'Deze pagina is nog niet in het Nederlands vertaald. U leest het origineel.',
  pt: 'Esta página ainda não foi traduzida para português. Está a ler o original.',
  hi: 'यह पृष्ठ अभी हिन्दी में अनूदित नहीं है। आप मूल पढ़ रहे हैं।',
  mr: 'हे पान अजून मराठीत अनुवादित झालेले नाही. आपण मूळ मजकूर वाचत आहात.',
};

/** What the translator reads beside each of the contact form's words. */
const CONTACT_WORD_LABELS: Record<ContactFormWord, string> = {
  heading: "Contact page: the form's heading",
  reachUs: 'Contact page: the heading over the address',
  note: 'Contact form: the note above the fields',
  organization: 'Contact form: the Organization label',
  name: 'Contact form: the Contact Person label',
  email: 'Contact form: the Email label',
  mobile: 'Contact form: the Mobile label',
  mobileHint: 'Contact form: the hint under Mobile (a company in India)',
  mobileHintAbroad: 'Contact form: the hint under Mobile (a company outside India)',
  requirements: 'Contact form: the Requirements label',
  submit: 'Contact form: the Submit button',
  sent: 'Contact form: the message once sent',
  failed: 'Contact form: the message when sending failed',
  refused: 'Contact form: the message when the server refused',
  nameRequired: 'Contact form: no contact person',
  emailInvalid: 'Contact form: no valid email',
  mobileInvalid: 'Contact form: no valid mobile number',
  phoneInvalid: 'Contact form: no valid phone number (with + or outside India)',
  requirementsRequired: 'Contact form: no requirements',
  organizationOneLine: 'Contact form: organization on several lines',
  organizationTooLong: 'Contact form: organization too long',
  nameOneLine: 'Contact form: contact person on several lines',
  nameTooLong: 'Contact form: contact person too long',
  requirementsTooLong: 'Contact form: requirements too long',
};

/**
 * The contact form's words in a language, as the form and its island use them: the default language's text of
 * each word → its translation (a word not translated is not listed: it stays as it is).
 */
export type ContactWords = Readonly<Record<string, string>>;

/** A text of the contact form in the shown language: its translation, or the text itself. */
export const sayIn = (words: ContactWords | undefined, text: string): string => words?.[text] ?? text;

/** One of the site's own words to translate: its key, the translator's label, the default language's text. */
export interface SiteTextUnit {
  key: string;
  label: string;
  source: string;
  /** Several lines (a form's help, message or mail); absent, one line. */
  kind?: 'textarea';
  /** The longest its text may be; absent, SITE_TEXT_LONGEST. */
  max?: number;
}

/** The longest of the site's own words of one line: a menu label, a tagline, a sentence of a form. */
export const SITE_TEXT_LONGEST = 300;

/** Why a site text cannot be kept as typed (too long, or lines in a text of one line); null when it can. */
export function siteTextProblem(unit: SiteTextUnit, text: string): string | null {
  const max = unit.max ?? SITE_TEXT_LONGEST;
  if (text.length > max) return `${unit.label}: at most ${max} characters.`;
  if (unit.kind !== 'textarea' && /[\r\n]/.test(text)) return `${unit.label}: one line only.`;
  return null;
}

/**
 * The words the firm may put in its own words in the default language, in place of Folio's (docs/design.md §34): the
 * contact form's, the site frame's and every form's fixed words (core/forms/form-words.ts). Their sources are Folio's
 * texts.
 */
export function ownWordUnits(): SiteTextUnit[] {
  const units: SiteTextUnit[] = [];
  for (const [name, text] of Object.entries(CONTACT_FORM_WORDS) as Array<[ContactFormWord, string]>) {
    units.push({ key: `contact.${name}`, label: CONTACT_WORD_LABELS[name], source: text });
  }
  for (const [key, word] of Object.entries(SITE_WORDS) as Array<[SiteWordKey, (typeof SITE_WORDS)[SiteWordKey]]>) {
    units.push({ key, label: word.label, source: word.text });
  }
  units.push(...formWordUnits());
  return units;
}

// Made on first use, not when the module loads: the public header brings this module into the staff app's first
// screen, which then need not carry the labels (a bundler keeps what a module's top level runs).
let ownWordKeys: ReadonlySet<string> | undefined;

/** Whether a site text's key is one of the words the firm may put in its own words in the default language. */
export const isOwnWordKey = (key: string): boolean =>
  (ownWordKeys ??= new Set(ownWordUnits().map((unit) => unit.key))).has(key);

/**
 * The site's own words in the default language, each a text to translate: the public menu's labels in order, the
 * tagline, the contact form's and the frame's words (the firm's own, `own`, where it put them; else Folio's), the
 * notice of a page not translated, and each form's texts (`forms`, the forms made without code).
 */
export function siteTextUnits(
  menu: readonly MenuEntry[],
  tagline: string,
  own: Readonly<Record<string, string>> = {},
  forms: readonly TranslatableForm[] = [],
): SiteTextUnit[] {
  const units: SiteTextUnit[] = [];
  for (const entry of menu) {
    units.push({ key: `menu.${entry.id}`, label: `Menu: ${entry.mainmenulabel}`, source: entry.mainmenulabel });
    for (const sub of entry.lstsubmenu) {
      units.push({
        key: `menu.${sub.id}`,
        label: `Menu: ${entry.mainmenulabel} › ${sub.submenulabel}`,
        source: sub.submenulabel,
      });
      for (const child of sub.lstchildmenu) {
        units.push({
          key: `menu.${child.id}`,
          label: `Menu: ${entry.mainmenulabel} › ${sub.submenulabel} › ${child.submenulabel}`,
          source: child.submenulabel,
        });
      }
    }
  }
  if (tagline.trim() !== '')
    units.push({ key: 'footer.tagline', label: 'Footer: the line under the company name', source: tagline });
  for (const unit of ownWordUnits()) units.push({ ...unit, source: own[unit.key]?.trim() || unit.source });
  units.push({ ...UNTRANSLATED_NOTICE });
  for (const form of forms) units.push(...formTextUnits(form));
  return units.filter((unit) => unit.source.trim() !== '');
}

/** The contact form's words of a language's translated site texts (by key), as `sayIn` reads them. */
export function contactWordsOf(texts: Readonly<Record<string, string>>): ContactWords {
  const words: Record<string, string> = {};
  for (const [name, text] of Object.entries(CONTACT_FORM_WORDS)) {
    const translated = texts[`contact.${name}`];
    if (translated && translated.trim() !== '') words[text] = translated;
  }
  return words;
}

/** The public menu in a language: each label translated where it has a translation. */
export function menuIn(menu: readonly MenuEntry[], texts: Readonly<Record<string, string>>): MenuEntry[] {
  const label = (id: number, text: string) => (texts[`menu.${id}`] ?? '').trim() || text;
  return menu.map((entry) => ({
    ...entry,
    mainmenulabel: label(entry.id, entry.mainmenulabel),
    lstsubmenu: entry.lstsubmenu.map((sub) => ({
      ...sub,
      submenulabel: label(sub.id, sub.submenulabel),
      lstchildmenu: sub.lstchildmenu.map((child) => ({ ...child, submenulabel: label(child.id, child.submenulabel) })),
    })),
  }));
}
