import { useState } from 'react';
import { Building2 } from 'lucide-react';
import { ContactDetailsSchema, type ContactContent } from '../../../../core/content/contact';
import { api, errorMessage } from '../../lib/api';
import { notify } from '../../toasts';
import { LEAD_FIELD } from '../common-fields';
import type { FieldLayout } from '../entry-fields';
import { pageEditor, type PartContext } from '../page-editor';
import { getCompanyContact } from '../../../../core/api/company-contact';

/** All four are required, and the set passes the field-rule check before Save All (spec 000 §5). */
const REACH_US: Omit<FieldLayout<ContactContent>, 'lead'> = {
  address: { kind: 'textarea' },
  email: { kind: 'text' },
  phone: { kind: 'text' },
  maplink: { kind: 'text', hint: 'The address of the map (https://…) the map image links to.' },
};

/**
 * "Use the company's details" (docs/design.md §24: one set of contact details): the address, e-mail and phone of the
 * company form, laid out as the Contact page shows them (the server's getCompanyContact), put into the working
 * copy; like any edit, nothing is published until Save All.
 */
function UseCompanyDetails({ update }: Pick<PartContext<ContactContent>, 'update'>) {
  const [state, setState] = useState<'idle' | 'busy' | 'filled'>('idle');
  const fill = async () => {
    if (state === 'busy') return;
    setState('busy');
    try {
      const details = ContactDetailsSchema.parse(await api(getCompanyContact, { body: {} }));
      update((doc) => ({ ...doc, ...details }));
      setState('filled');
    } catch (error) {
      setState('idle');
      notify.error(errorMessage(error));
    }
  };
  return (
    <div className="app-actions">
      <button
        type="button"
        className="button button--outline"
        aria-busy={state === 'busy' || undefined}
        onClick={() => void fill()}
      >
        <Building2 className="button__icon" aria-hidden="true" focusable="false" />
        Use the company&apos;s details
      </button>
      <p className="field__hint" role="status">
        {state === 'filled'
          ? 'The address, e-mail and phone now hold the company’s details: Save All publishes them.'
          : 'Fills the address, e-mail and phone below from the company details.'}
      </p>
    </div>
  );
}

/** Contact (page 11): the introduction and the 'Reach Us' settings; Save All (spec 000 §2); words: src/core/content/contact.ts. */
export default pageEditor({
  page: 'contact',
  saveLabel: 'Save All',
  checkOnSave: REACH_US,
  blocks: (p) => [
    {
      title: 'Reach Us',
      parts: [
        p.field('lead', LEAD_FIELD),
        p.custom(({ update }) => <UseCompanyDetails update={update} />),
        ...p.fields(REACH_US),
      ],
    },
  ],
});
