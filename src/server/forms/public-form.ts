import type { FormField } from '../../core/schemas/forms';
import type { PublicForm } from '../../core/public-page';
import { listActiveChoices } from '../masters/masters.repository';
import type { Tenant } from '../tenants/tenants';
import { issueSubmissionToken } from './form-spam';
import { findFormRow } from './forms.repository';
import { formOf } from './forms.service';

/**
 * A form as a page shows it to visitors (docs/design.md §30): its fields, a choice field's options read from its master
 * data type, and the time token it is rendered with. Null for a form that is not there (deleted since the page was
 * published) or built in (the contact form has its own page).
 */
export async function publicFormOf(tenant: Tenant, id: number, now = Date.now()): Promise<PublicForm | null> {
  const row = await findFormRow(tenant.db, id);
  if (!row || row.built_in !== null) return null;
  const form = formOf(row);
  const [fields, token] = await Promise.all([
    Promise.all(form.fields.map((field) => withChoices(tenant, field))),
    issueSubmissionToken(tenant, id, now),
  ]);
  return { id, fields, successMessage: form.successMessage, token };
}

/** A choice field with its master data type's active values as its options (value: the value's id). */
export async function withChoices(tenant: Tenant, field: FormField): Promise<FormField> {
  if (field.masterType === undefined) return field;
  const values = await listActiveChoices(tenant.db, field.masterType, null);
  return { ...field, options: values.map((value) => ({ value: String(value.id), label: value.name })) };
}
