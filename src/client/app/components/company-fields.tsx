import { Fragment, useEffect } from 'react';
import { useController, useFormContext, useWatch, type FieldValues } from 'react-hook-form';
import { countryOptions, DEFAULT_COUNTRY } from '../../../core/countries';
import { PHONE_MAX_LENGTH } from '../../../core/phone';
import { TAGLINE_MAX, type Company } from '../../../core/schemas/company';
import { Field } from '../../components/field';
import { ImageUploadField } from '../editors/image-upload';
import { FormField, FormSelect, useFieldError, type FormFieldProps } from './form-field';

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
  countryCode: DEFAULT_COUNTRY,
  websiteUrl: '',
  contact: '',
  email: '',
  tagline: '',
  logo: '',
};

/** Company details from the server as form values (a missing field becomes ''). */
export function companyFormValues(
  company: Partial<Record<keyof Company, unknown>> | null | undefined,
): CompanyFormValues {
  const values = { ...EMPTY_COMPANY };
  for (const key of Object.keys(values) as (keyof Company)[]) {
    const value = company?.[key];
    // A field the server did not send keeps its empty value (the country: India, docs/design.md §34).
    values[key] = typeof value === 'string' ? value : value == null ? EMPTY_COMPANY[key] : String(value);
  }
  return values;
}

/** The countries by their English names (docs/design.md §34). */
const COUNTRY_OPTIONS = countryOptions().map(({ code, name }) => ({ value: code, label: name }));

type CompanyField = Omit<FormFieldProps, 'name' | 'id'> & { field: keyof Company };

/** The company form's layout (spec 001 §2): one row of one or two fields each. */
const COMPANY_ROWS: CompanyField[][] = [
  [
    { field: 'companyCode', label: 'Company Code', required: true, maxLength: 20, spellCheck: false },
    { field: 'companyName', label: 'Company Name', required: true, maxLength: 30, autoComplete: 'organization' },
  ],
  [
    {
      field: 'address',
      label: 'Address',
      required: true,
      multiline: true,
      maxLength: 500,
      autoComplete: 'street-address',
    },
  ],
  [
    { field: 'city', label: 'City', maxLength: 20, autoComplete: 'address-level2' },
    { field: 'state', label: 'State', maxLength: 20, autoComplete: 'address-level1' },
  ],
  [
    {
      field: 'pincode',
      label: 'Pincode',
      hint: '5 to 7 digits',
      inputMode: 'numeric',
      maxLength: 7,
      autoComplete: 'postal-code',
    },
    { field: 'country', label: 'Country', maxLength: 20, autoComplete: 'country-name' },
  ],
  [
    {
      field: 'websiteUrl',
      label: 'Website URL',
      type: 'url',
      hint: 'Starts with https:// or http://',
      maxLength: 100,
      autoComplete: 'url',
      spellCheck: false,
    },
    // Any country's number (docs/design.md §34): a keyboard with +, and nothing cut short of the longest number.
    {
      field: 'contact',
      label: 'Contact Number',
      required: true,
      type: 'tel',
      hint: 'In India 10 digits; elsewhere, or from abroad, with the country code, like +49 30 1234567.',
      inputMode: 'tel',
      maxLength: PHONE_MAX_LENGTH,
      autoComplete: 'tel',
    },
  ],
  [
    {
      field: 'email',
      label: 'Email',
      required: true,
      type: 'email',
      maxLength: 50,
      autoComplete: 'email',
      spellCheck: false,
    },
  ],
];

const COUNTRY_LABEL = 'Country of the company';

/** What each field of the company form is called on screen (`company.contact` → 'Contact Number'). */
export const COMPANY_FIELD_LABELS: Readonly<Record<string, string>> = Object.fromEntries(
  // In the order the form shows them: the country just before the contact number.
  COMPANY_ROWS.flat().flatMap(({ field, label }) => [
    ...(field === 'contact' ? [['company.countryCode', COUNTRY_LABEL]] : []),
    [`company.${field}`, label],
  ]),
);

/** The country decides how the contact number reads: a number already left is checked again when it changes. */
function useRecheckContactOnCountry() {
  const { trigger, getFieldState } = useFormContext<FieldValues>();
  const country: unknown = useWatch<FieldValues>({ name: 'company.countryCode' });
  useEffect(() => {
    if (getFieldState('company.contact').isTouched) void trigger('company.contact');
  }, [country, trigger, getFieldState]);
}

/**
 * The fields of the company form, under `company.` in the form's values. Used by the first-run setup and by
 * the company details screen; `idPrefix` keeps their element ids apart.
 */
export function CompanyFields({ idPrefix }: { idPrefix: string }) {
  const input = ({ field, ...props }: CompanyField) => (
    <FormField key={field} name={`company.${field}`} id={`${idPrefix}-${field}`} {...props} />
  );
  useRecheckContactOnCountry();
  const countrySelect = (
    <FormSelect
      name="company.countryCode"
      id={`${idPrefix}-countryCode`}
      label={COUNTRY_LABEL}
      required
      hint="Phone numbers typed without + are read as numbers of this country."
      placeholder="Choose the country"
      options={COUNTRY_OPTIONS}
    />
  );
  return (
    <>
      {COMPANY_ROWS.map((row, index) => (
        <Fragment key={index}>
          {/* The country just before the contact number, which it decides how to read. */}
          {row.some(({ field }) => field === 'contact') ? countrySelect : null}
          {row.length === 1 ? row.map(input) : <div className="field-row">{row.map(input)}</div>}
        </Fragment>
      ))}
    </>
  );
}

/**
 * The company's own words and image on the public site (docs/design.md §20): the tagline under its name in the footer
 * and the logo, the sharing image of every page without one of its own. On the company details screen only: an
 * upload needs a session, which the first-run setup does not have.
 */
export function CompanySiteFields({ idPrefix }: { idPrefix: string }) {
  return (
    <>
      <FormField
        name="company.tagline"
        id={`${idPrefix}-tagline`}
        label="Tagline"
        hint={`Shown under the company name at the foot of every public page; at most ${TAGLINE_MAX} characters. Leave it empty to show none.`}
        maxLength={TAGLINE_MAX}
      />
      <LogoField id={`${idPrefix}-logo`} />
    </>
  );
}

function LogoField({ id }: { id: string }) {
  const { field } = useController<FieldValues>({ name: 'company.logo' });
  const message = useFieldError('company.logo');
  return (
    <Field
      id={id}
      label="Logo"
      markRequired
      hint="Upload a PNG or JPEG, or give an image's address. Pages shared without a sharing image of their own show it."
      error={message}
    >
      {(control) => (
        <ImageUploadField
          id={id}
          folder="company"
          value={typeof field.value === 'string' ? field.value : ''}
          onChange={(text) => {
            field.onChange(text);
            // Marks the field touched, so that a wrong address says so at once (the form checks on touch).
            field.onBlur();
          }}
          describedBy={control['aria-describedby']}
        />
      )}
    </Field>
  );
}
