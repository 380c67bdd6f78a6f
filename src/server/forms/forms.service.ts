import { FORM_LIMITS, type FormDefinition, type FormField, type StoredForm } from '../../core/schemas/forms';
import { contentPageByKey } from '../../core/pages';
import { audit } from '../audit/audit';
import { invalidate } from '../cache/cached';
import { TAGS } from '../cache/tags';
import { inTransaction } from '../db/database';
import { ConflictError, InUseError, NotFoundError, ValidationError } from '../errors';
import type { Tenant } from '../tenants/tenants';
import {
  deleteFormRow,
  findFormRow,
  insertFormRow,
  listFormRows,
  listMadeFormRows,
  updateFormRow,
  type FormRow,
} from './forms.repository';
import { formUses, type FormUse } from './form-uses';

/**
 * Forms made without code (docs/design.md §30, decision 032): the forms screen's list, a form's editor, its save
 * (a stale revision is refused, as a page's is) and its delete (refused while a page shows the form). The built-in
 * form `contact` is listed and read like the others; its fields are the spec's, so it is not changed here.
 */

export const FORM_MESSAGES = {
  notFound: 'There is no such form: it may have been deleted.',
  stale: 'Someone saved this form after you opened it. Reload it to see their changes, then make yours again.',
  builtIn: 'The contact form is built in: its fields are the ones the Contact page has always had.',
  inUse: (count: number) =>
    `This form is on ${count === 1 ? 'a page' : `${count} pages`}: take it off ${count === 1 ? 'that page' : 'those pages'} first.`,
} as const;

type Definition = Omit<FormDefinition, 'id' | 'revision' | 'name'>;

/** A stored form as the editor reads it. */
export function formOf(row: FormRow): StoredForm {
  const definition = JSON.parse(row.definition) as Definition;
  return {
    id: row.id,
    revision: row.revision,
    builtIn: row.built_in,
    name: row.name,
    fields: definition.fields,
    recipients: definition.recipients,
    confirmation: definition.confirmation,
    successMessage: definition.successMessage,
    retentionDays: definition.retentionDays ?? FORM_LIMITS.retentionDaysDefault,
  };
}

/** The forms screen's list: every form with its fields, how many submissions it has, and the pages that show it. */
export async function listForms(tenant: Tenant): Promise<{
  items: Array<{
    id: number;
    name: string;
    builtIn: string | null;
    fields: FormField[];
    submissions: number;
    usedOn: FormUse[];
  }>;
}> {
  const [rows, uses] = await Promise.all([listFormRows(tenant.db), formUses(tenant)]);
  return {
    items: rows.map((row) => ({
      id: row.id,
      name: row.name,
      builtIn: row.built_in,
      fields: formOf(row).fields,
      submissions: row.submissions,
      usedOn: usesOf(row, uses),
    })),
  };
}

/**
 * The forms whose texts translate (docs/design.md §30): every form made without code, by name. The built-in contact
 * form's words are site words of their own (core/site-texts.ts).
 */
export async function translatableForms(tenant: Tenant): Promise<StoredForm[]> {
  return (await listMadeFormRows(tenant.db)).map(formOf);
}

/** The pages that show a form: the built-in contact form is the Contact page's. */
function usesOf(row: FormRow, uses: ReadonlyMap<number, FormUse[]>): FormUse[] {
  if (row.built_in === 'contact') {
    const contact = contentPageByKey('contact');
    return [{ routing: contact.routing, name: contact.name }, ...(uses.get(row.id) ?? [])];
  }
  return uses.get(row.id) ?? [];
}

export async function getForm(tenant: Tenant, id: number): Promise<StoredForm> {
  const row = await findFormRow(tenant.db, id);
  if (!row) throw new NotFoundError(FORM_MESSAGES.notFound);
  return formOf(row);
}

const definitionOf = (form: FormDefinition): string =>
  JSON.stringify({
    fields: form.fields,
    recipients: form.recipients,
    confirmation: form.confirmation,
    successMessage: form.successMessage,
    retentionDays: form.retentionDays,
  } satisfies Definition);

/**
 * Creates a form (no `id`) or stores a saved one's next revision (`id` and the `revision` the editor opened): a
 * revision older than the form's newest is refused with 409, nothing overwritten.
 */
export async function saveForm(
  tenant: Tenant,
  form: FormDefinition,
  now = new Date(),
): Promise<{ id: number; revision: number }> {
  const definition = definitionOf(form);
  const at = now.toISOString();
  if (form.id === undefined) {
    return inTransaction(tenant.db, async (trx) => {
      const saved = await insertFormRow(trx, { name: form.name, definition, now: at });
      await audit(trx, tenant, {
        action: 'form.create',
        targetType: 'form',
        targetId: saved.id,
        summary: `Created the form ${form.name}`,
        details: { fields: form.fields.map((field) => field.key) },
      });
      return saved;
    });
  }
  const id = form.id;
  if (form.revision === undefined) throw new ValidationError('Name the revision of the form you opened.', 'revision');
  const revision = form.revision;
  const saved = await inTransaction(tenant.db, async (trx) => {
    const before = await findFormRow(trx, id);
    if (!before) throw new NotFoundError(FORM_MESSAGES.notFound);
    if (before.built_in !== null && JSON.stringify(formOf(before).fields) !== JSON.stringify(form.fields))
      throw new ValidationError(FORM_MESSAGES.builtIn, 'fields');
    if (!(await updateFormRow(trx, { id, revision, name: form.name, definition, now: at }))) return null;
    await audit(trx, tenant, {
      action: 'form.update',
      targetType: 'form',
      targetId: id,
      summary: `Saved the form ${form.name} (revision ${revision + 1})`,
      details: { revision: revision + 1, fields: form.fields.map((field) => field.key) },
    });
    return { id, revision: revision + 1 };
  });
  if (!saved) throw new ConflictError(FORM_MESSAGES.stale);
  invalidate(tenant, [TAGS.forms]);
  return saved;
}

/** Deletes a form and its submissions; refused (409, with the pages) while a page shows it, and for a built-in form. */
export async function deleteForm(tenant: Tenant, id: number): Promise<{ message: 'Success' }> {
  const row = await findFormRow(tenant.db, id);
  if (!row) throw new NotFoundError(FORM_MESSAGES.notFound);
  const usedOn = usesOf(row, await formUses(tenant));
  if (row.built_in !== null) throw new InUseError(FORM_MESSAGES.builtIn, usedOn, 'usedOn');
  if (usedOn.length > 0) throw new InUseError(FORM_MESSAGES.inUse(usedOn.length), usedOn, 'usedOn');
  await inTransaction(tenant.db, async (trx) => {
    if (!(await deleteFormRow(trx, id))) throw new NotFoundError(FORM_MESSAGES.notFound);
    await audit(trx, tenant, {
      action: 'form.delete',
      targetType: 'form',
      targetId: id,
      summary: `Deleted the form ${row.name} and its submissions`,
    });
  });
  invalidate(tenant, [TAGS.forms]);
  return { message: 'Success' };
}

/** The forms a page's editor may place (docs/design.md §30): those made without code, by name. */
export async function formChoices(tenant: Tenant): Promise<{ items: Array<{ id: number; name: string }> }> {
  return { items: (await listMadeFormRows(tenant.db)).map((row) => ({ id: row.id, name: row.name })) };
}
