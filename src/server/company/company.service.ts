import type { SiteCompany } from '../../client/public/public-types';
import type { Tenant } from '../tenants/tenants';

/** The company facts the public header and footer show. */
export async function getSiteCompany(tenant: Tenant): Promise<SiteCompany> {
  if (tenant.cache.company) return tenant.cache.company;
  const row = await tenant.db.selectFrom('company').select(['company_name', 'email', 'contact']).where('id', '=', 1).executeTakeFirst();
  const company: SiteCompany = {
    name: row?.company_name ?? 'Folio',
    email: row?.email ?? '',
    phone: formatIndianPhone(row?.contact ?? ''),
  };
  tenant.cache.company = company;
  return company;
}

/** The company form stores ten digits (spec 001 §5); visitors read them in the international form. */
export function formatIndianPhone(digits: string): string {
  if (!/^\d{10}$/.test(digits)) return digits;
  // Landlines of two-digit STD codes (Pune 20, Mumbai 22, …) read as +91 20 4567 8900; mobiles as +91 98220 12345.
  return /^[2-5]/.test(digits)
    ? `+91 ${digits.slice(0, 2)} ${digits.slice(2, 6)} ${digits.slice(6)}`
    : `+91 ${digits.slice(0, 5)} ${digits.slice(5)}`;
}
