import type { ContactDetails } from '../../core/content/contact';
import type { SiteCompany } from '../../core/public-page';
import { DEFAULT_COUNTRY } from '../../core/countries';
import { showPhone } from '../../core/phone-numbers';
import type { Company } from '../../core/schemas/company';
import { audit, changedFields } from '../audit/audit';
import { cached, invalidate } from '../cache/cached';
import { TAGS } from '../cache/tags';
import { inTransaction, type Db } from '../db/database';
import type { Tenant } from '../tenants/tenants';
import { findCompany, updateContentApiPublic, upsertCompany } from './company.repository';

/** The company details as the company form shows them: spec 001 §3's fields, the tagline and the logo. */
export type CompanyDetails = Company & { tagline: string; logo: string };

/** The company details (spec 001 §3) as the company form shows them. */
export async function getCompanyDetails(tenant: Tenant): Promise<CompanyDetails> {
  return companyOf(await findCompany(tenant.db));
}

function companyOf(row: Awaited<ReturnType<typeof findCompany>>): CompanyDetails {
  return {
    companyCode: row?.company_code ?? '',
    companyName: row?.company_name ?? '',
    address: row?.address ?? '',
    city: row?.city ?? '',
    state: row?.state ?? '',
    pincode: row?.pincode ?? '',
    country: row?.country ?? '',
    countryCode: row?.country_code ?? DEFAULT_COUNTRY,
    websiteUrl: row?.website_url ?? '',
    // Stored as E.164 when typed with + or outside India (docs/design.md §34): shown formatted, and read back when saved.
    contact: showPhone(row?.contact ?? ''),
    email: row?.email ?? '',
    tagline: row?.tagline ?? '',
    logo: row?.logo ?? '',
  };
}

/**
 * Stores the company details; every cached page shows the new name at once. A save without the tagline or the
 * logo (a client of spec 001, which knows neither) keeps the stored ones.
 */
export async function saveCompanyDetails(tenant: Tenant, company: Company, now = new Date()): Promise<void> {
  await inTransaction(tenant.db, async (trx) => {
    const before = companyOf(await findCompany(trx));
    await writeCompany(
      trx,
      { ...company, tagline: company.tagline ?? before.tagline, logo: company.logo ?? before.logo },
      now,
    );
    const after = companyOf(await findCompany(trx));
    await audit(
      trx,
      tenant,
      {
        action: 'company.update',
        targetType: 'company',
        targetId: after.companyCode,
        summary: `Updated the company details of ${after.companyName}`,
        details: changedFields(before, after),
      },
      now,
    );
  });
  invalidate(tenant, [TAGS.company]);
}

/**
 * Writes the company details as given: a tagline or logo left out is written empty. The first-run setup writes
 * the firm's own details over the demo company's, whose tagline and logo must not stay under another name.
 */
export async function writeCompany(db: Db, company: Company, now: Date): Promise<void> {
  await upsertCompany(db, {
    company_code: company.companyCode,
    company_name: company.companyName,
    address: company.address,
    city: company.city,
    state: company.state,
    pincode: company.pincode,
    country: company.country,
    country_code: company.countryCode,
    website_url: company.websiteUrl,
    contact: company.contact,
    email: company.email.toLowerCase(),
    tagline: company.tagline ?? '',
    logo: company.logo ?? '',
    updated_at: now.toISOString(),
  });
}

/** The company facts the public header and footer show, read once per change of the company. */
const siteCompany = cached({
  name: 'site-company',
  tags: [TAGS.company],
  load: async (tenant: Tenant): Promise<SiteCompany> => {
    const details = await getCompanyDetails(tenant);
    return {
      name: details.companyName || 'Folio',
      email: details.email,
      phone: phoneForVisitors(details.contact),
      countryCode: details.countryCode,
      tagline: details.tagline,
      logo: details.logo,
    };
  },
});

/** Whether anyone may read the content API without a token (docs/design.md §33), read once per change of the company. */
const contentApiOpen = cached({
  name: 'content-api-open',
  tags: [TAGS.company],
  load: async (tenant: Tenant): Promise<boolean> => (await findCompany(tenant.db))?.content_api_public === 1,
});

export async function contentApiIsPublic(tenant: Tenant): Promise<boolean> {
  return contentApiOpen.get(tenant);
}

/** Opens the content API to anyone, or closes it to all but tokens and staff sessions; audited as a company change. */
export async function setContentApiPublic(
  tenant: Tenant,
  open: boolean,
  now = new Date(),
): Promise<{ public: boolean }> {
  await inTransaction(tenant.db, async (trx) => {
    const before = (await findCompany(trx))?.content_api_public === 1;
    if (before === open) return;
    await updateContentApiPublic(trx, open ? 1 : 0, now.toISOString());
    await audit(
      trx,
      tenant,
      {
        action: 'company.update',
        targetType: 'company',
        targetId: (await findCompany(trx))?.company_code ?? '',
        summary: open ? 'Opened the content API to anyone' : 'Closed the content API to all but API tokens',
        details: { contentApiPublic: { before, after: open } },
      },
      now,
    );
  });
  invalidate(tenant, [TAGS.company]);
  return { public: open };
}

export async function getSiteCompany(tenant: Tenant): Promise<SiteCompany> {
  return siteCompany.get(tenant);
}

/** The company's country (docs/design.md §34): how the numbers typed for it are read. From the cached site company. */
export async function companyCountry(tenant: Tenant): Promise<string> {
  return (await getSiteCompany(tenant)).countryCode ?? DEFAULT_COUNTRY;
}

/** A stored number as visitors read it: ten Indian digits (spec 001 §5) or E.164 (docs/design.md §34), in the international form. */
export const phoneForVisitors = (stored: string): string =>
  stored.startsWith('+') ? showPhone(stored) : formatIndianPhone(stored);

/** The company form stores ten digits (spec 001 §5); visitors read them in the international form. */
export function formatIndianPhone(digits: string): string {
  if (!/^\d{10}$/.test(digits)) return digits;
  // Landlines of two-digit STD codes (Pune 20, Mumbai 22, …) read as +91 20 4567 8900; mobiles as +91 98220 12345.
  return /^[2-5]/.test(digits)
    ? `+91 ${digits.slice(0, 2)} ${digits.slice(2, 6)} ${digits.slice(6)}`
    : `+91 ${digits.slice(0, 5)} ${digits.slice(5)}`;
}

/**
 * The Contact page's address, e-mail and phone from the company's details (docs/design.md §24), laid out as the demo's:
 * the name, the street address, the city with its PIN code, the state with the country; the phone as visitors
 * read it.
 */
export function contactDetailsOf(
  company: Pick<Company, 'companyName' | 'address' | 'city' | 'pincode' | 'state' | 'country' | 'email' | 'contact'>,
): ContactDetails {
  const line = (parts: string[], separator: string) =>
    parts
      .map((part) => part.trim())
      .filter((part) => part !== '')
      .join(separator);
  return {
    address: line(
      [
        company.companyName,
        company.address,
        line([company.city, company.pincode], ' '),
        line([company.state, company.country], ', '),
      ],
      '\n',
    ),
    email: company.email.toLowerCase(),
    phone: phoneForVisitors(company.contact),
  };
}
