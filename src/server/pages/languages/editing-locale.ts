import { translationLocale } from '../../locales/locales.service';
import type { Tenant } from '../../tenants/tenants';

/**
 * The language of an editor open (docs/design.md §28): none named, the source (''); else one of the site's languages to
 * translate into (a 400 with a sentence for any other code).
 */
export async function editingLocale(tenant: Tenant, code: string | undefined): Promise<string> {
  return code === undefined ? '' : (await translationLocale(tenant, code)).code;
}
