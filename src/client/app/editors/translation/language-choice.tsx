import type { ReactNode } from 'react';
import { LoadingStatus, Screen } from '../../components/screen';
import { useEditorLocale } from './api';
import { TranslationEditor } from './translation-editor';
import type { TranslationEditorProps } from './translation-editor';

/**
 * An editor's screen in the language its address names (docs/design.md §28): the page's own editor (`children`) for the
 * default language, the translation editor for another (`?locale=de`), a new one for each language.
 */
export function LanguageChoice({
  children,
  ...page
}: Omit<TranslationEditorProps, 'locale'> & { children: ReactNode }) {
  const { pending, locale } = useEditorLocale();
  if (pending) {
    return (
      <Screen title={`${page.pageName} editor`}>
        <LoadingStatus inline />
      </Screen>
    );
  }
  return locale ? <TranslationEditor key={locale} locale={locale} {...page} /> : <>{children}</>;
}
