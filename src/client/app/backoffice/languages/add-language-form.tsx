import { useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Plus } from 'lucide-react';
import { Field } from '../../../components/field';
import { addProblems, suggestionsFor, type LanguageList } from './language-list';

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
  const [values, setValues] = useState({ code: '', name: '' });
  const [problems, setProblems] = useState<{ code?: string; name?: string }>({});
  const inputs = { code: useRef<HTMLInputElement>(null), name: useRef<HTMLInputElement>(null) };
  const suggestions = suggestionsFor(list);

  const change = (field: 'code' | 'name', value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setProblems((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = addProblems(list, values);
    if (found.code || found.name) {
      setProblems(found);
      inputs[found.code ? 'code' : 'name'].current?.focus();
      return;
    }
    onAdd(values);
    setValues({ code: '', name: '' });
    setProblems({});
    inputs.code.current?.focus();
  };

  return (
    <section className="app-panel languages-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Add a language</h2>
      <form className="app-form add-language" noValidate onSubmit={submit}>
        {suggestions.length > 0 ? (
          <div className="add-language__suggestions" role="group" aria-labelledby={suggestionsId}>
            <p id={suggestionsId} className="add-language__suggestions-label">
              Common languages
            </p>
            <ul className="add-language__chips">
              {suggestions.map((suggestion) => (
                <li key={suggestion.code}>
                  <button
                    type="button"
                    className="language-chip"
                    onClick={() => {
                      setValues({ code: suggestion.code, name: suggestion.name });
                      setProblems({});
                    }}
                  >
                    <span lang={suggestion.code}>{suggestion.name}</span>{' '}
                    <span className="language-chip__code">{suggestion.code}</span>
                  </button>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <div className="add-language__fields">
          <Field
            id="add-language-code"
            label="Code"
            required
            markRequired
            hint="A BCP 47 code such as de, hi, mr or en-GB."
            error={problems.code}
          >
            {(control) => (
              <input
                {...control}
                ref={inputs.code}
                className="field__input"
                value={values.code}
                onChange={(event) => change('code', event.target.value)}
                autoComplete="off"
                spellCheck={false}
                maxLength={35}
              />
            )}
          </Field>
          <Field
            id="add-language-name"
            label="Name"
            required
            markRequired
            hint="As visitors see it in the language switcher, in its own words: Deutsch, हिन्दी."
            error={problems.name}
          >
            {(control) => (
              <input
                {...control}
                ref={inputs.name}
                className="field__input"
                value={values.name}
                onChange={(event) => change('name', event.target.value)}
                maxLength={60}
              />
            )}
          </Field>
        </div>
        <div className="app-actions">
          <button type="submit" className="button button--outline">
            <Plus className="button__icon" aria-hidden="true" focusable="false" />
            Add to the list
          </button>
        </div>
      </form>
    </section>
  );
}
