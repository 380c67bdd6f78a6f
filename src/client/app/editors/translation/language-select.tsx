import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { LOCALE_PARAM, languageChoices, useLocales } from './api';
import '../../../styles/translation-editor.css';

/**
 * The editor's Language choice in its action bar (docs/design.md §28): the page's source in the default language, or its
 * translation into another. The choice is the address's `?locale=` (the default has none), so a reload keeps it
 * and the translations screen links to it; leaving unsaved edits asks first (the editor's leave guard). A site of
 * one language shows none.
 */
export function LanguageSelect() {
  const id = useId();
  const locales = useLocales();
  const [params, setParams] = useSearchParams();
  const settings = locales.data;
  if (!settings || settings.locales.length < 2) return null;
  const current = params.get(LOCALE_PARAM) ?? settings.defaultLocale;

  const choose = (code: string) => {
    const next = new URLSearchParams(params);
    if (code === settings.defaultLocale) next.delete(LOCALE_PARAM);
    else next.set(LOCALE_PARAM, code);
    setParams(next);
  };

  return (
    <div className="language-select">
      <label className="language-select__label" htmlFor={id}>
        Language
      </label>
      <select
        id={id}
        className="field__input language-select__input"
        value={current}
        onChange={(event) => choose(event.currentTarget.value)}
      >
        {languageChoices(settings).map((locale) => (
          <option key={locale.code} value={locale.code}>
            {locale.name}
            {locale.code === settings.defaultLocale ? ' (source)' : locale.enabled ? '' : ' (off)'}
          </option>
        ))}
      </select>
    </div>
  );
}
