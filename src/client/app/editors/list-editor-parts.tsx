import type { FormEvent, ReactNode, RefObject } from 'react';
import { ToolIcon } from './editor-icons';
import type { ToolIconName } from './editor-icons';
import { EntryInput } from './entry-input';
import { ImagePreview } from './image-preview';
import { displayText, toInputText } from './entry-fields';
import type { EntryField, EntryInputs } from './entry-fields';
import type { EntryProblem } from './field-rules';

const EXCERPT_LENGTH = 160;

function excerpt(text: string): string {
  return text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH - 1).trimEnd()}…` : text;
}

/**
 * How an entry's field shows in the table: text as text, rich text as its plain text, a checkbox as its
 * yes/no word, images as a thumbnail.
 */
function Cell<E>({ field, value }: { field: EntryField<E>; value: unknown }) {
  const text = toInputText(field, value);
  if (field.kind === 'image-url') {
    return (
      <div className="entry-image">
        <ImagePreview src={text} className="entry-image__thumb" />
        <span className="entry-image__url">{text ? excerpt(text) : '—'}</span>
      </div>
    );
  }
  return <>{excerpt(displayText(field, value))}</>;
}

/** A row's action: an icon button named in words (the name is also its tooltip). */
function RowButton({
  id,
  icon,
  label,
  danger = false,
  onClick,
}: {
  id?: string;
  icon: ToolIconName;
  label: string;
  danger?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      id={id}
      type="button"
      className={danger ? 'icon-button icon-button--danger' : 'icon-button'}
      aria-label={label}
      title={label}
      onClick={onClick}
    >
      <ToolIcon name={icon} />
    </button>
  );
}

/** Where the form says which entry it edits, with Cancel editing: the next Add replaces that entry. */
function EditingNote({ row, count, onCancel }: { row: number; count: number; onCancel: () => void }) {
  return (
    <div className="list-editor__editing">
      <p>
        Editing entry {row + 1} of {count}: Add replaces it.
      </p>
      <button type="button" className="button button--outline list-editor__cancel" onClick={onCancel}>
        Cancel editing
      </button>
    </div>
  );
}

/**
 * The entry form around its inputs: the legend (a new entry, or the one being edited, with Cancel editing), then
 * Add and Clear. Add submits the form, so that Enter in an input adds the entry too.
 */
export function EntryFormFrame({
  formRef,
  onSubmit,
  entryName,
  editingRow,
  count,
  onCancelEditing,
  onClear,
  children,
}: {
  formRef: RefObject<HTMLFormElement | null>;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  entryName: string;
  editingRow: number | null;
  /** How many entries the list holds. */
  count: number;
  onCancelEditing: () => void;
  onClear: () => void;
  /** The inputs. */
  children: ReactNode;
}) {
  return (
    <form ref={formRef} className="list-editor__form" noValidate onSubmit={onSubmit}>
      <fieldset className="app-fieldset">
        <legend className="app-fieldset__legend">
          {editingRow !== null ? `Edit ${entryName} ${editingRow + 1}` : `New ${entryName}`}
        </legend>
        {editingRow !== null ? <EditingNote row={editingRow} count={count} onCancel={onCancelEditing} /> : null}
        {children}
        <div className="app-actions">
          <button type="submit" className="button">
            Add
          </button>
          <button type="button" className="button button--outline" onClick={onClear}>
            Clear
          </button>
        </div>
      </fieldset>
    </form>
  );
}

/**
 * The entry form's inputs, one per field. The list editor gives it a new key to clear the form: the inputs
 * remount, which also empties their file pickers and stops their uploads.
 */
export function EntryFields<E>({
  fields,
  fieldId,
  path,
  editingRow,
  inputs,
  problem,
  onPendingFile,
  onInput,
}: {
  fields: readonly EntryField<E>[];
  fieldId: (name: string) => string;
  /** The list's name in the document: an entry being edited names its fields' paths with it (the preview outlines them). */
  path: string | undefined;
  editingRow: number | null;
  inputs: EntryInputs;
  problem: EntryProblem | null;
  onPendingFile: (name: string, pending: boolean) => void;
  onInput: (name: string, text: string) => void;
}) {
  return (
    <div className="list-editor__fields">
      {fields.map((field) => (
        <EntryInput
          key={field.name}
          field={field}
          id={fieldId(field.name)}
          path={editingRow !== null && path !== undefined ? `${path}.${editingRow}.${field.name}` : undefined}
          value={inputs[field.name] ?? ''}
          siblings={inputs}
          error={problem?.field === field.name ? problem.message : undefined}
          onPendingFile={(pending) => onPendingFile(field.name, pending)}
          onChange={(text) => onInput(field.name, text)}
        />
      ))}
    </div>
  );
}

/** The Show Content / Hide Content toggle of the table of entries, with how many entries the list holds. */
export function ContentToggle({
  shown,
  tableId,
  count,
  onToggle,
}: {
  shown: boolean;
  tableId: string;
  count: number;
  onToggle: () => void;
}) {
  return (
    <div className="list-editor__bar">
      <button
        type="button"
        className="button button--outline"
        aria-expanded={shown}
        aria-controls={tableId}
        onClick={onToggle}
      >
        {shown ? 'Hide Content' : 'Show Content'}
      </button>
      <span className="list-editor__count">{count === 1 ? '1 entry' : `${count} entries`}</span>
    </div>
  );
}

/** What a row of the table can do to its entry. */
export interface RowActions {
  /** The id of a row's move button, which keeps the focus after a move. */
  moveId: (index: number, direction: 'up' | 'down') => string;
  onMove: (index: number, step: -1 | 1) => void;
  onEdit: (index: number) => void;
  onRemove: (index: number) => void;
}

/** A row's buttons: move up, move down, edit and delete (spec 000 §4). */
function EntryRowActions({ index, count, actions }: { index: number; count: number; actions: RowActions }) {
  const { moveId, onMove, onEdit, onRemove } = actions;
  return (
    <div className="entry-actions">
      {/* The first entry has no Up and the last no Down: a blank keeps the buttons in their columns. */}
      {index > 0 ? (
        <RowButton
          id={moveId(index, 'up')}
          icon="up"
          label={`Move entry ${index + 1} up`}
          onClick={() => onMove(index, -1)}
        />
      ) : (
        <span className="entry-actions__blank" />
      )}
      {index < count - 1 ? (
        <RowButton
          id={moveId(index, 'down')}
          icon="down"
          label={`Move entry ${index + 1} down`}
          onClick={() => onMove(index, 1)}
        />
      ) : (
        <span className="entry-actions__blank" />
      )}
      <RowButton icon="edit" label={`Edit entry ${index + 1}`} onClick={() => onEdit(index)} />
      <RowButton icon="delete" label={`Delete entry ${index + 1}`} danger onClick={() => onRemove(index)} />
    </div>
  );
}

/**
 * The table of a list's entries, hidden until Show Content: a row per entry with its values and its buttons;
 * the row being edited is marked current.
 */
export function EntryTable<E>({
  tableId,
  shown,
  entryName,
  fields,
  entries,
  editingRow,
  actions,
}: {
  tableId: string;
  shown: boolean;
  entryName: string;
  fields: readonly EntryField<E>[];
  entries: readonly E[];
  editingRow: number | null;
  actions: RowActions;
}) {
  const count = entries.length;
  return (
    <div id={tableId} className="table-scroll list-editor__table" hidden={!shown}>
      <table className="data-table entry-table">
        <caption className="visually-hidden">Entries: {entryName}</caption>
        <thead>
          <tr>
            <th scope="col">Sr.No</th>
            {fields.map((field) => (
              <th scope="col" key={field.name}>
                {field.label}
              </th>
            ))}
            <th scope="col">Action</th>
          </tr>
        </thead>
        <tbody>
          {count === 0 ? (
            <tr>
              <td colSpan={fields.length + 2}>No entries yet.</td>
            </tr>
          ) : (
            entries.map((entry, index) => (
              <tr key={index} aria-current={index === editingRow ? 'true' : undefined}>
                {/* Each value's column name, shown above it where the entries stack as cards (a narrow column). */}
                <td data-label="Sr.No">{index + 1}</td>
                {fields.map((field) => (
                  <td key={field.name} data-label={field.label}>
                    <Cell field={field} value={entry[field.name]} />
                  </td>
                ))}
                <td data-label="Action">
                  <EntryRowActions index={index} count={count} actions={actions} />
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
