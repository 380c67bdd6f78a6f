import type { Company } from '../../../core/schemas/company';
import { FormField } from './form-field';

/** The company details as form values: every field a string. */
export type CompanyFormValues = Record<keyof Company, string>;

export const EMPTY_COMPANY: CompanyFormValues = {
  companyCode: '',
  companyName: '',
  address: '',
  city: '',
  state: '',
  pincode: '',
  country: '',
  websiteUrl: '',
  contact: '',
  email: '',
};

/** Company details from the server as form values (a missing field becomes ''). */
export function companyFormValues(company: Partial<Record<keyof Company, unknown>> | null | undefined): CompanyFormValues {
  const values = { ...EMPTY_COMPANY };
  for (const key of Object.keys(values) as (keyof Company)[]) {
    const value = company?.[key];
    values[key] = typeof value === 'string' ? value : value == null ? '' : String(value);
  }
  return values;
}

/**
 * The fields of the company form (spec 001 §2), under `company.` in the form's values. Used by the first-run
 * setup and by the company details screen.
 */
export function CompanyFields({ idPrefix }: { idPrefix: string }) {
  const id = (field: keyof Company) => `${idPrefix}-${field}`;
  const name = (field: keyof Company) => `company.${field}`;
  return (
    <>
      <div className="field-row">
        <FormField name={name('companyCode')} id={id('companyCode')} label="Company Code" required maxLength={20} spellCheck={false} />
        <FormField name={name('companyName')} id={id('companyName')} label="Company Name" required maxLength={30} autoComplete="organization" />
      </div>
      <FormField name={name('address')} id={id('address')} label="Address" required multiline maxLength={500} autoComplete="street-address" />
      <div className="field-row">
        <FormField name={name('city')} id={id('city')} label="City" maxLength={20} autoComplete="address-level2" />
        <FormField name={name('state')} id={id('state')} label="State" maxLength={20} autoComplete="address-level1" />
      </div>
      <div className="field-row">
        <FormField
          name={name('pincode')}
          id={id('pincode')}
          label="Pincode"
          hint="5 to 7 digits"
          inputMode="numeric"
          maxLength={7}
          autoComplete="postal-code"
        />
        <FormField name={name('country')} id={id('country')} label="Country" maxLength={20} autoComplete="country-name" />
      </div>
      <div className="field-row">
        <FormField
          name={name('websiteUrl')}
          id={id('websiteUrl')}
          label="Website URL"
          type="url"
          hint="Starts with https:// or http://"
          maxLength={100}
          autoComplete="url"
          spellCheck={false}
        />
        <FormField
          name={name('contact')}
          id={id('contact')}
          label="Contact Number"
          required
          type="tel"
          hint="10 digits, without +91"
          inputMode="numeric"
          maxLength={10}
          autoComplete="tel-national"
        />
      </div>
      <FormField name={name('email')} id={id('email')} label="Email" required type="email" maxLength={50} autoComplete="email" spellCheck={false} />
    </>
  );
}
