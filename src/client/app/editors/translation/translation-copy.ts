import type { TextKind } from '../../../../core/schemas/fields';
import type { TranslationDocument, TranslationSave, TranslationUnit } from '../../../../core/schemas/locale';
import { nextOf } from '../publishing-state';
import type { PublishingState } from '../publishing-state';

/**
 * A translation as its editor holds it (docs/design.md §28): the language, the revision it was read at (a save names it,
 * 409 when stale) and the translated text of each of the page's texts by path, '' for one left to the source.
 * It is the body of the translation's save and of its preview, without `publish`.
 */
export interface TranslationCopy {
  locale: string;
  revision: number;
  texts: Record<string, string>;
}

/** The working copy of a translation read from the server: every text of the page, translated or ''. */
export function copyOf(document: TranslationDocument): TranslationCopy {
  return {
    locale: document.locale,
    revision: document.revision,
    texts: Object.fromEntries(document.units.map((unit) => [unit.path, unit.target])),
  };
}

/** Where the translation stands with its revisions, as the action bar shows it. */
export function publishingStateOf(document: TranslationDocument): PublishingState {
  const { status, publishAt, published, scheduled, savedAt, nextRevision } = document;
  return { status, publishAt, published, scheduled, savedAt, ...nextOf(nextRevision) };
}

/**
 * What a save or a preview sends of a working copy: the text of each of the page's texts now (a draft kept from
 * an earlier visit may hold texts the page no longer has: they are left out), '' for one left to the source.
 */
export function textsToSend(copy: TranslationCopy, units: readonly Pick<TranslationUnit, 'path'>[]): TranslationCopy {
  return {
    locale: copy.locale,
    revision: copy.revision,
    texts: Object.fromEntries(units.map((unit) => [unit.path, copy.texts[unit.path] ?? ''])),
  };
}

/** The body of `POST /api/master/translate/:routing`. */
export function translationSave(copy: TranslationCopy, publish: TranslationSave['publish']): TranslationSave {
  return { locale: copy.locale, revision: copy.revision, texts: copy.texts, publish };
}

/** Whether a text is left to the source: nothing but blanks (rich text's empty paragraphs included). */
export function isUntranslated(text: string | undefined): boolean {
  return (text ?? '').replace(/<p>(?:\s|&nbsp;|<br\s*\/?>)*<\/p>/gi, '').trim() === '';
}

/** How many of the page's texts have a translation in the working copy. */
export function translatedCount(copy: TranslationCopy, units: readonly Pick<TranslationUnit, 'path'>[]): number {
  return units.filter((unit) => !isUntranslated(copy.texts[unit.path])).length;
}

/** A copy with one text changed. */
export function withText(copy: TranslationCopy, path: string, text: string): TranslationCopy {
  return { ...copy, texts: { ...copy.texts, [path]: text } };
}

/** The unit a field path names: a unit's own path, or a save's refusal of it (`texts.<path>`, docs/design.md §25). */
export function unitPathOf(field: string, units: readonly Pick<TranslationUnit, 'path'>[]): string | null {
  const path =
    field.startsWith('texts.') && !units.some((unit) => unit.path === field) ? field.slice('texts.'.length) : field;
  return units.some((unit) => unit.path === path) ? path : null;
}

/** The input of a unit: an id the page can hold (paths have dots; ids with them are valid but awkward in selectors). */
export const unitInputId = (prefix: string, path: string) => `${prefix}-${path.replace(/[^A-Za-z0-9_-]/g, '_')}`;

/**
 * How a unit is edited: as its source field is (docs/design.md §34: a one-line title stays one line, an accented heading
 * keeps its accent editor); where the server does not say, rich text in the rich-text editor, a long or
 * several-line text in a textarea, else one line.
 */
export function unitKind(unit: Pick<TranslationUnit, 'richText' | 'source' | 'kind'>): TextKind {
  if (unit.kind) return unit.kind;
  if (unit.richText) return 'richtext';
  return unit.source.includes('\n') || unit.source.length > 90 ? 'textarea' : 'text';
}
