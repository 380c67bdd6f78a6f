import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import type { z } from 'zod';
import type { FieldRule } from '../../../core/field-rules/field-rule';
import { notify } from '../toasts';
import { deleteImageOfRemovedEntry } from './image-upload';
import { ToolIcon } from './editor-icons';
import { EntryInput } from './entry-input';
import { ImagePreview } from './image-preview';
import { useConfirm } from '../components/confirm-dialog';
import { displayText, emptyInputs, entryOf, entryProblem, inputsOf, toInputText, withInput } from './entry-fields';
import type { EntryField, EntryInputs } from './entry-fields';

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

export interface ListEditorProps<E> {
  /** Unique on the screen: the ids of the inputs start with it. */
  idPrefix: string;
  /** What one entry is called ('expertise card', 'skill'): the form's legend and the table's caption. */
  entryName: string;
  fields: readonly EntryField<E>[];
  entries: readonly E[];
  onChange: (entries: E[]) => void;
  /** The page's field rules (getParamconf), checked before Add. */
  rules: readonly FieldRule[];
  /** The entry's model from src/core: the editor refuses what the server would. */
  schema?: z.ZodType;
  /** Clear (spec 000 §2): reloads the page's saved copy, discarding unsaved edits. */
  onClear: () => void;
  /** Asked before a row is deleted (entries with images, spec 000 §5); without it, delete is immediate. */
  confirmDelete?: string;
}

/**
 * The list editor every page editor shares (STYLE habit 11): an entry form with Add and Clear, a Show Content
 * / Hide Content toggle for the table of entries, and edit and delete per row. The state rules are spec 000
 * §4: edit loads the row into the inputs and remembers its index; the next Add replaces that row and leaves
 * edit mode; delete removes the row at once; the inputs clear after a successful Add.
 */
export function ListEditor<E>({ idPrefix, entryName, fields, entries, onChange, rules, schema, onClear, confirmDelete }: ListEditorProps<E>) {
  const [inputs, setInputs] = useState<EntryInputs>(() => emptyInputs(fields));
  const [editing, setEditing] = useState<number | null>(null);
  const [shown, setShown] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const tableId = useId();
  const { confirm, dialog } = useConfirm();
  const fieldId = (name: string) => `${idPrefix}-${name}`;
  const firstFieldId = fields[0] ? fieldId(fields[0].name) : '';
  const editingRow = editing !== null && editing < entries.length ? editing : null;

  const focusForm = () => {
    // After React has put the row's values into the inputs.
    requestAnimationFrame(() => document.getElementById(firstFieldId)?.focus());
  };

  const add = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = entryProblem(fields, inputs, rules, schema);
    if (problem) {
      notify.error(problem, 'Oops');
      return;
    }
    const entry = entryOf(fields, inputs);
    if (editingRow !== null) {
      onChange(entries.map((current, index) => (index === editingRow ? entry : current)));
      setAnnouncement(`${entryName} ${editingRow + 1} updated.`);
    } else {
      onChange([...entries, entry]);
      setAnnouncement(`${entryName} ${entries.length + 1} added.`);
    }
    setEditing(null);
    setInputs(emptyInputs(fields));
  };

  const edit = (index: number) => {
    const entry = entries[index];
    if (entry === undefined) return;
    setInputs(inputsOf(fields, entry));
    setEditing(index);
    setAnnouncement('');
    focusForm();
  };

  const remove = async (index: number) => {
    if (confirmDelete && !(await confirm(confirmDelete, { title: `Delete entry ${index + 1}?`, confirmLabel: 'Delete', danger: true }))) return;
    const removed = entries[index];
    const remaining = entries.filter((_, current) => current !== index);
    onChange(remaining);
    // An uploaded image of the removed entry is deleted too, unless another entry still shows it.
    for (const field of fields) {
      if (!field.upload || removed === undefined || removed === null) continue;
      const url = removed[field.name];
      if (typeof url === 'string' && url !== '') {
        void deleteImageOfRemovedEntry(url, field.upload, remaining.map((entry) => String(entry[field.name] ?? '')));
      }
    }
    if (editing === index) setEditing(null);
    else if (editing !== null && editing > index) setEditing(editing - 1);
    setAnnouncement(`${entryName} ${index + 1} deleted.`);
  };

  const count = entries.length;
  return (
    <div className="list-editor">
      <form className="list-editor__form" noValidate onSubmit={add}>
        <fieldset className="app-fieldset">
          <legend className="app-fieldset__legend">{editingRow !== null ? `Edit ${entryName} ${editingRow + 1}` : `New ${entryName}`}</legend>
          {editingRow !== null ? (
            <p className="list-editor__editing">
              Editing entry {editingRow + 1}: Add replaces it.
            </p>
          ) : null}
          {fields.map((field) => (
            <EntryInput
              key={field.name}
              field={field}
              id={fieldId(field.name)}
              value={inputs[field.name] ?? ''}
              siblings={inputs}
              onChange={(text) => setInputs((current) => withInput(fields, current, field.name, text))}
            />
          ))}
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
      <div className="list-editor__bar">
        <button type="button" className="button button--outline" aria-expanded={shown} aria-controls={tableId} onClick={() => setShown(!shown)}>
          {shown ? 'Hide Content' : 'Show Content'}
        </button>
        <span className="list-editor__count">{count === 1 ? '1 entry' : `${count} entries`}</span>
      </div>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
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
                  <td>{index + 1}</td>
                  {fields.map((field) => (
                    <td key={field.name}>
                      <Cell field={field} value={entry[field.name]} />
                    </td>
                  ))}
                  <td>
                    <div className="entry-actions">
                      <button type="button" className="icon-button" aria-label={`Edit entry ${index + 1}`} title={`Edit entry ${index + 1}`} onClick={() => edit(index)}>
                        <ToolIcon name="edit" />
                      </button>
                      <button
                        type="button"
                        className="icon-button icon-button--danger"
                        aria-label={`Delete entry ${index + 1}`}
                        title={`Delete entry ${index + 1}`}
                        onClick={() => void remove(index)}
                      >
                        <ToolIcon name="delete" />
                      </button>
                    </div>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      {dialog}
    </div>
  );
}
