import type { Tenant } from '../tenants/tenants';
import { listFormParameters, listShownDocuments } from './forms.repository';

/** A page that shows a form: its routing name and the name staff know it by. */
export interface FormUse {
  routing: string;
  name: string;
}

/**
 * The pages that show each form (docs/design.md §30): a page made without code whose `Form` parameter holds the form's
 * id in its newest revision or in the one visitors see (`header: {application: 7}`). A form one of them names cannot
 * be deleted: the page would lose it, now or at its next publication.
 */
export async function formUses(tenant: Tenant): Promise<ReadonlyMap<number, FormUse[]>> {
  const parameters = await listFormParameters(tenant.db);
  const uses = new Map<number, FormUse[]>();
  if (parameters.length === 0) return uses;
  const revisions = await listShownDocuments(tenant.db, [...new Set(parameters.map((p) => p.id))]);
  for (const { page_id: pageId, document } of revisions) {
    const header = (JSON.parse(document) as { header?: Record<string, unknown> }).header ?? {};
    for (const parameter of parameters.filter((p) => p.id === pageId)) {
      const formId = Number(header[parameter.parameter_name]);
      if (!Number.isInteger(formId) || formId <= 0) continue;
      const use = { routing: parameter.routing, name: parameter.display_name || parameter.name };
      const list = uses.get(formId) ?? [];
      if (!list.some((u) => u.routing === use.routing)) list.push(use);
      uses.set(formId, list);
    }
  }
  return uses;
}
