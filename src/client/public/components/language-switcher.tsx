import type { PageLanguage } from '../../../core/schemas/locale';
import { Icon } from './icon';
import { useSay } from '../site-words';

/**
 * The public language switcher (docs/design.md §28): the page in every language it is published in, each link named in
 * its own language and marked as such (`lang`, `hreflang`), the one shown marked current. Plain server-rendered
 * links above the header's bar: they work without JavaScript and need no island (decision 011). A page in one
 * language has none.
 */
export function LanguageSwitcher({ languages }: { languages?: readonly PageLanguage[] | undefined }) {
  const say = useSay();
  if (!languages || languages.length < 2) return null;
  return (
    <nav className="language-switcher" aria-label={say('site.languages')}>
      <div className="container language-switcher__bar">
        <Icon name="globe" className="language-switcher__icon" />
        <ul className="language-switcher__list">
          {languages.map((language) => (
            <li key={language.code} className="language-switcher__item">
              <a
                className="language-switcher__link"
                href={language.path}
                hrefLang={language.code}
                lang={language.code}
                aria-current={language.current ? 'true' : undefined}
              >
                {language.name}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </nav>
  );
}
