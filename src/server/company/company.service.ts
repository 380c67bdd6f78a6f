import type { SiteCompany } from '../../client/public/public-types';
import type { Tenant } from '../tenants/tenants';

/** The company facts the public header and footer show. */
export async function getSiteCompany(tenant: Tenant): Promise<SiteCompany> {
  if (tenant.cache.company) return tenant.cache.company;
  const row = await tenant.db.selectFrom('company').select(['company_name', 'email', 'contact']).where('id', '=', 1).executeTakeFirst();
  const company: SiteCompany = {
    name: row?.company_name ?? 'Folio',
    email: row?.email ?? '',
    phone: row?.contact ?? '',
  };
  tenant.cache.company = company;
  return company;
}
