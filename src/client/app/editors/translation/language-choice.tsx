import { lazy, Suspense, type ReactNode } from 'react';
import { LoadingStatus, Screen } from '../../components/screen';
import { useEditorLocale } from './api';
import type { TranslationEditorProps } from './translation-editor';

// Loaded when a translation is opened: not on every editor's first screen (its budget, docs/design.md §26).
const TranslationEditor = lazy(() => import('./translation-editor').then((m) => ({ default: m.TranslationEditor })));

/**
 * An editor's screen in the language its address names (docs/design.md §28): the page's own editor (`children`) for the
 * default language, the translation editor for another (`?locale=de`), a new one for each language.
 */
export function LanguageChoice({
  children,
  ...page
}: Omit<TranslationEditorProps, 'locale'> & { children: ReactNode }) {
  const { pending, locale } = useEditorLocale();
  const loading = (
    <Screen title={`${page.pageName} editor`}>
      <LoadingStatus inline />
    </Screen>
  );
  if (pending) return loading;
  return locale ? (
    <Suspense fallback={loading}>
      <TranslationEditor key={locale} locale={locale} {...page} />
    </Suspense>
  ) : (
    <>{children}</>
  );
}
