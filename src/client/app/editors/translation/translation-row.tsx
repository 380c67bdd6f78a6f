import { useEffect, useState } from 'react';
import type { TranslationUnit } from '../../../../core/schemas/locale';
import { EntryInput } from '../entry-input';
import type { EntryField } from '../entry-fields';
import { focusField } from '../list-editor';
import type { SaveRefusal } from '../save-messages';
import { isUntranslated, unitKind } from './translation-copy';

export const NOT_TRANSLATED = 'Not translated: visitors see the source.';

/** The source's text as it reads: rich text and accented headings as the server's sanitised HTML, plain text with its line breaks. */
function SourceText({ unit }: { unit: TranslationUnit }) {
  if (unit.source.trim() === '') return <p className="translation-row__empty">The source has no text here.</p>;
  if (unit.kind === 'accent') {
    // Text and bare spans, as the server cleans an accented heading (docs/design.md §34); the spans in the accent colour.
    return (
      <p
        className="translation-row__text translation-row__text--accent"
        dangerouslySetInnerHTML={{ __html: unit.source }}
      />
    );
  }
  if (unit.richText) {
    // The server's sanitised HTML (docs/design.md §6), as the public page shows it.
    return <div className="translation-row__text prose" dangerouslySetInnerHTML={{ __html: unit.source }} />;
  }
  return <p className="translation-row__text translation-row__text--plain">{unit.source}</p>;
}

/**
 * One text of the page to translate: its source (read-only) beside its translation, wide; the source above it,
 * narrow. Copy source puts the source's text in the field to edit from. A refusal of the save about this text
 * (`texts.<path>`) or a click on it in the preview points here: the field takes the focus, a refusal its sentence.
 */
export function TranslationRow({
  unit,
  id,
  value,
  sourceName,
  targetName,
  onChange,
  pointer,
}: {
  unit: TranslationUnit;
  id: string;
  value: string;
  /** The source language's name (English). */
  sourceName: string;
  /** The translation's language's name (Deutsch). */
  targetName: string;
  onChange: (text: string) => void;
  /** Where the editor points (a refusal or a click in the preview), if at this text. */
  pointer: SaveRefusal | null;
}) {
  /** The refusal the user has typed since (its sentence goes). */
  const [answered, setAnswered] = useState<number | null>(null);
  const pointedAt = pointer?.at;
  useEffect(() => {
    if (pointedAt !== undefined) requestAnimationFrame(() => focusField(id));
  }, [pointedAt, id]);
  const error = pointer && pointer.message && answered !== pointer.at ? pointer.message : undefined;
  const change = (text: string) => {
    if (pointer) setAnswered(pointer.at);
    onChange(text);
  };
  const field: EntryField<Record<string, string>> = {
    name: unit.path,
    label: unit.label,
    kind: unitKind(unit),
    required: false,
    ...(isUntranslated(value) ? { hint: NOT_TRANSLATED } : {}),
  };
  return (
    <div className="translation-row">
      {/* The row's title and the columns' captions are for the eye: the field is named by its label (hidden here, the
          title shows it) and the source by its group. */}
      <p className="translation-row__title" aria-hidden="true">
        {unit.label}
      </p>
      <div className="translation-row__source">
        <p className="translation-row__caption" aria-hidden="true">
          {sourceName} source
        </p>
        <div className="translation-row__source-box" role="group" aria-label={`${unit.label}, ${sourceName} source`}>
          <SourceText unit={unit} />
        </div>
      </div>
      <div className="translation-row__target">
        <div className="translation-row__target-head">
          <p className="translation-row__caption" aria-hidden="true">
            {targetName}
          </p>
          <button
            type="button"
            className="button button--outline translation-row__copy"
            onClick={() => change(unit.source)}
          >
            Copy source<span className="visually-hidden"> into {unit.label}</span>
          </button>
        </div>
        <EntryInput field={field} id={id} path={unit.path} value={value} error={error} onChange={change} />
      </div>
    </div>
  );
}
