import { useId, useRef } from 'react';
import { Plus } from 'lucide-react';
import type { Resolver, UseFormReturn } from 'react-hook-form';
import { FormField } from '../../components/form-field';
import { StaffForm, SubmitButton, useStaffForm } from '../../components/staff-form';
import { addProblems, suggestionsFor, type LanguageList } from './language-list';

interface AddValues {
  code: string;
  name: string;
}

/** The form's rules, against the list as it is now (a language listed already is refused before anything is sent). */
function rulesOf(list: { current: LanguageList }): Resolver<AddValues> {
  return (values) => {
    const found = addProblems(list.current, values);
    const errors = Object.fromEntries(
      (['code', 'name'] as const)
        .filter((field) => found[field])
        .map((field) => [field, { type: 'validate', message: found[field] }]),
    );
    return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
  };
}

/** Puts a language's code and name in the fields (a suggestion picked), or empties them. */
function fill(methods: UseFormReturn<AddValues>, values: AddValues = { code: '', name: '' }): void {
  methods.clearErrors();
  methods.setValue('code', values.code);
  methods.setValue('name', values.name);
}

/**
 * Add a language: its code and its name, or a common language picked from the suggestions (which fill both).
 * Adding puts it at the end of the list, not saved yet: Save languages stores it, and the server judges its code.
 */
export function AddLanguageForm({
  list,
  onAdd,
}: {
  list: LanguageList;
  onAdd: (input: { code: string; name: string }) => void;
}) {
  const headingId = useId();
  const suggestionsId = useId();
  const current = useRef(list);
  current.current = list;
  const suggestions = suggestionsFor(list);
  const form = useStaffForm<AddValues>({
    resolver: rulesOf(current),
    defaultValues: { code: '', name: '' },
    submit: async (values) => {
      onAdd(values);
      // Emptied field by field (a reset would drop the fields' registration until the next render) for the next one,
      // typed from its code.
      fill(form.methods);
      form.methods.setFocus('code');
    },
  });

  return (
    <section className="app-panel languages-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Add a language</h2>
      <StaffForm form={form} className="app-form add-language">
        {suggestions.length > 0 ? (
          <div className="add-language__suggestions" role="group" aria-labelledby={suggestionsId}>
            <p id={suggestionsId} className="add-language__suggestions-label">
              Common languages
            </p>
            <ul className="add-language__chips">
              {suggestions.map((suggestion) => (
                <li key={suggestion.code}>
                  <button type="button" className="language-chip" onClick={() => fill(form.methods, suggestion)}>
                    <span lang={suggestion.code}>{suggestion.name}</span>{' '}
                    <span className="language-chip__code">{suggestion.code}</span>
                  </button>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <div className="add-language__fields">
          <FormField
            name="code"
            id="add-language-code"
            label="Code"
            required
            hint="A BCP 47 code such as de, hi, mr or en-GB."
            spellCheck={false}
            maxLength={35}
          />
          <FormField
            name="name"
            id="add-language-name"
            label="Name"
            required
            hint="As visitors see it in the language switcher, in its own words: Deutsch, हिन्दी."
            maxLength={60}
          />
        </div>
        <div className="app-actions">
          <SubmitButton busy={form.busy} icon={Plus} className="button button--outline">
            Add to the list
          </SubmitButton>
        </div>
      </StaffForm>
    </section>
  );
}
