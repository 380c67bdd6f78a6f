import { formIn } from '../../core/forms/form-texts';
import { formWordsOf, type FormWords } from '../../core/forms/form-words';
import type { FormField } from '../../core/schemas/forms';
import type { PublicForm } from '../../core/public-page';
import { localeSettings, publicLocales } from '../locales/locales.service';
import { siteTextsIn, wordsIn } from '../locales/site-texts.service';
import { listActiveChoices } from '../masters/masters.repository';
import type { Tenant } from '../tenants/tenants';
import { issueSubmissionToken } from './form-spam';
import { findFormRow } from './forms.repository';
import { formOf } from './forms.service';

/**
 * A form as a page shows it to visitors (docs/design.md §30): its fields, a choice field's options read from its master
 * data type, and the time token it is rendered with. In another language than the default (`locale`), its texts as
 * translated where they are (the language's site texts), else the default language's. Null for a form that is not
 * there (deleted since the page was published) or built in (the contact form has its own page).
 */
export async function publicFormOf(
  tenant: Tenant,
  id: number,
  locale?: string,
  now = Date.now(),
): Promise<PublicForm | null> {
  const row = await findFormRow(tenant.db, id);
  if (!row || row.built_in !== null) return null;
  const form = locale ? formIn(formOf(row), await siteTextsIn(tenant, locale)) : formOf(row);
  const [fields, token] = await Promise.all([
    Promise.all(form.fields.map((field) => withChoices(tenant, field))),
    issueSubmissionToken(tenant, id, now),
  ]);
  return { id, fields, successMessage: form.successMessage, token, ...(locale ? { language: locale } : {}) };
}

/** A choice field with its master data type's active values as its options (value: the value's id). */
export async function withChoices(tenant: Tenant, field: FormField): Promise<FormField> {
  if (field.masterType === undefined) return field;
  const values = await listActiveChoices(tenant.db, field.masterType, null);
  return { ...field, options: values.map((value) => ({ value: String(value.id), label: value.name })) };
}

/**
 * The language a form was shown in, as its post names it (`_language`): a language visitors can read other than the
 * default, else undefined (the default; anything else is no language of the site and reads as the default).
 */
export async function formLanguage(tenant: Tenant, code: string | undefined): Promise<string | undefined> {
  if (!code) return undefined;
  const [settings, locales] = await Promise.all([localeSettings(tenant), publicLocales(tenant)]);
  return code !== settings.defaultLocale && locales.some((locale) => locale.code === code) ? code : undefined;
}

/** The forms' fixed words in a language (undefined, the default): the firm's own, and over them their translation. */
export async function formWordsIn(tenant: Tenant, language: string | undefined): Promise<FormWords> {
  return formWordsOf((await wordsIn(tenant, language)).frame);
}
