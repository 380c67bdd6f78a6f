import { diffWords } from 'diff';
import type { ReactNode } from 'react';
import type { LabelTree } from '../../../core/content/common/content-page';
import type { Change, Comparison } from '../../../core/schemas/revision';
import '../../styles/seo-compare.css';

/** Elements whose end separates words: without a space there, `<p>one</p><p>two</p>` would read "onetwo". */
const WORD_BREAKS =
  'address, article, aside, blockquote, br, dd, div, dl, dt, figcaption, figure, h1, h2, h3, h4, h5, h6, hr, li, ol, p, pre, section, table, td, th, tr, ul';

/**
 * Rich text as one line of plain text, read by DOMParser: the parsed document is inert (it runs no script and
 * loads no image), and only its text is kept, so a revision's HTML is never put into the page.
 */
export function richTextToPlain(html: string): string {
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  for (const hidden of parsed.querySelectorAll('script, style, template, noscript')) hidden.remove();
  for (const block of parsed.body.querySelectorAll(WORD_BREAKS)) block.after(' ');
  return (parsed.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** A piece of a word diff: words both revisions have, or words only the later one (inserted) or the earlier one (removed) has. */
export interface WordPart {
  text: string;
  kind: 'same' | 'inserted' | 'removed';
}

/** The words inserted and removed between two rich texts (jsdiff's diffWords on their plain text). */
export function wordChanges(before: unknown, after: unknown): WordPart[] {
  const plain = (value: unknown) => (typeof value === 'string' ? richTextToPlain(value) : '');
  return diffWords(plain(before), plain(after)).map((part) => ({
    text: part.value,
    kind: part.added ? 'inserted' : part.removed ? 'removed' : 'same',
  }));
}

/**
 * The editor's word for a field of a list entry: `skillList[2]` and `skillName` → 'Skill Name' with the
 * page's labels; the field's own name when the labels do not know it (an Autowired page's parameter names).
 */
export function entryFieldLabel(labels: LabelTree | undefined, path: string, field: string): string {
  let fields: LabelTree | undefined = labels;
  for (const name of path.split(/[.[\]]+/).filter((part) => part !== '' && !/^\d+$/.test(part))) {
    const label: LabelTree[string] | undefined = fields && Object.hasOwn(fields, name) ? fields[name] : undefined;
    fields = typeof label === 'object' ? label.fields : undefined;
  }
  const label = fields && Object.hasOwn(fields, field) ? fields[field] : undefined;
  return typeof label === 'string' ? label : field;
}

const KIND_WORDS: Record<Change['kind'], string> = { changed: 'Changed', added: 'Added', removed: 'Removed' };

/** Text that may hold markup (a list entry's rich text): shown as its words. */
const looksLikeMarkup = (text: string) => /<[a-z!/]/i.test(text);

/** A field's value as text: plain text as it is, rich text as its words, lists and entries field by field. */
function ValueView({
  value,
  richText,
  path,
  labels,
}: {
  value: unknown;
  richText: boolean;
  path: string;
  labels: LabelTree | undefined;
}): ReactNode {
  if (value === undefined || value === null) return <span className="compare-value__empty">(nothing)</span>;
  if (typeof value === 'string') {
    const text = richText || looksLikeMarkup(value) ? richTextToPlain(value) : value;
    return text.trim() === '' ? (
      <span className="compare-value__empty">(empty)</span>
    ) : (
      <span className="compare-value__text">{text}</span>
    );
  }
  if (typeof value === 'boolean') return <span className="compare-value__text">{value ? 'Yes' : 'No'}</span>;
  if (typeof value === 'number' || typeof value === 'bigint')
    return <span className="compare-value__text">{String(value)}</span>;
  if (Array.isArray(value)) {
    if (value.length === 0) return <span className="compare-value__empty">(empty list)</span>;
    return (
      <ol className="compare-value__list">
        {value.map((item, index) => (
          <li key={index}>
            <ValueView value={item} richText={false} path={`${path}[${index}]`} labels={labels} />
          </li>
        ))}
      </ol>
    );
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0) return <span className="compare-value__empty">(empty)</span>;
    return (
      <dl className="compare-value__fields">
        {entries.map(([field, fieldValue]) => (
          <div key={field} className="compare-value__field">
            <dt>{entryFieldLabel(labels, path, field)}</dt>
            <dd>
              <ValueView value={fieldValue} richText={false} path={`${path}.${field}`} labels={labels} />
            </dd>
          </div>
        ))}
      </dl>
    );
  }
  return <span className="compare-value__text">{String(value)}</span>;
}

/** One side of a rich text's word diff: the earlier revision's words with the removed ones, or the later one's with the inserted ones. */
function WordDiffSide({ parts, side }: { parts: WordPart[]; side: 'before' | 'after' }) {
  const shown = parts.filter((part) => part.kind !== (side === 'before' ? 'inserted' : 'removed'));
  if (shown.every((part) => part.text.trim() === '')) return <span className="compare-value__empty">(empty)</span>;
  return (
    <p className="compare-value__words">
      {shown.map((part, index) =>
        part.kind === 'inserted' ? (
          <ins key={index} className="compare-word compare-word--inserted">
            <span className="visually-hidden">inserted: </span>
            {part.text}
          </ins>
        ) : part.kind === 'removed' ? (
          <del key={index} className="compare-word compare-word--removed">
            <span className="visually-hidden">removed: </span>
            {part.text}
          </del>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </p>
  );
}

function ChangeRow({
  change,
  comparison,
  labels,
}: {
  change: Change;
  comparison: Comparison;
  labels: LabelTree | undefined;
}) {
  const words = change.kind === 'changed' && change.richText ? wordChanges(change.before, change.after) : null;
  const side = (which: 'before' | 'after') => {
    const missing = which === 'before' ? change.kind === 'added' : change.kind === 'removed';
    const revision = which === 'before' ? comparison.from : comparison.to;
    if (missing) return <span className="compare-value__empty">Not in revision {revision}</span>;
    if (words) return <WordDiffSide parts={words} side={which} />;
    return (
      <ValueView
        value={which === 'before' ? change.before : change.after}
        richText={change.richText}
        path={change.path}
        labels={labels}
      />
    );
  };
  return (
    <li className={`compare-change compare-change--${change.kind}`}>
      <h4 className="compare-change__label">
        {change.label} <span className="compare-change__kind">{KIND_WORDS[change.kind]}</span>
      </h4>
      <div className="compare-change__sides">
        <div className="compare-change__side compare-change__side--before">
          <p className="compare-change__side-name">Before (revision {comparison.from})</p>
          {side('before')}
        </div>
        <div className="compare-change__side compare-change__side--after">
          <p className="compare-change__side-name">After (revision {comparison.to})</p>
          {side('after')}
        </div>
      </div>
    </li>
  );
}

/**
 * The changes between two revisions side by side (docs/design.md §19): each changed field under its label with the
 * earlier value beside the later one, list entries added or removed said in words, rich text as the words
 * inserted and removed. `labels` names the fields of whole entries (the twelve pages' words).
 */
export function CompareView({ comparison, labels }: { comparison: Comparison; labels?: LabelTree | undefined }) {
  if (comparison.changes.length === 0) {
    return (
      <p className="compare-none">
        No differences: revision {comparison.from} and revision {comparison.to} have the same content.
      </p>
    );
  }
  return (
    <ol className="compare-list">
      {comparison.changes.map((change, index) => (
        <ChangeRow key={`${change.path}-${index}`} change={change} comparison={comparison} labels={labels} />
      ))}
    </ol>
  );
}
