import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import type { z } from 'zod';
import type { FieldRule } from '../../../core/field-rules/field-rule';
import { notify } from '../toasts';
import { deleteImageOfRemovedEntry } from './image-upload';
import { ToolIcon } from './editor-icons';
import type { ToolIconName } from './editor-icons';
import { EntryInput } from './entry-input';
import { ImagePreview } from './image-preview';
import { useConfirm } from '../components/confirm-dialog';
import {
  displayText,
  emptyInputs,
  entryOf,
  entryProblem,
  inputsOf,
  isBlank,
  toInputText,
  withInput,
} from './entry-fields';
import type { EntryField, EntryInputs } from './entry-fields';
import { useEntryForm, useHeldEntry } from './entry-forms';
import type { EntryProblem } from './field-rules';
import type { SaveRefusal } from './save-messages';

/** Add while an image is still going up (docs/design.md §24, §27): nothing is added. */
export const UPLOAD_UNFINISHED = 'Wait until the image has uploaded, or cancel its upload.';

const EXCERPT_LENGTH = 160;

/** Moves the focus to a field of the form: its control (the first radio button of a group). */
export function focusField(id: string): void {
  const element = document.getElementById(id);
  const target = element instanceof HTMLFieldSetElement ? element.querySelector('input') : element;
  target?.focus();
}

/** Whether the inputs hold anything typed (an unticked checkbox is nothing). */
function holdsTyping<E>(fields: readonly EntryField<E>[], inputs: EntryInputs): boolean {
  return fields.some((field) => {
    const text = inputs[field.name] ?? '';
    return field.kind === 'checkbox' ? text === 'true' : !isBlank(field.kind, text);
  });
}

/** The inputs a form held, for the fields it has now (a page made without code may have changed its fields since). */
function heldInputs<E>(fields: readonly EntryField<E>[], held: Readonly<Record<string, string>>): EntryInputs {
  const empty = emptyInputs(fields);
  return Object.fromEntries(Object.entries(empty).map(([name, text]) => [name, held[name] ?? text]));
}

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
  /** The list's name in the document (`skillList`): a save refused about one of its entries' fields names it so. */
  path?: string;
  /** The field the last save was refused about: when it is a field of an entry of this list, that entry opens with it marked. */
  refusal?: SaveRefusal | null;
}

/**
 * The list editor every page editor shares (STYLE habit 11): an entry form with Add and Clear, a Show Content
 * / Hide Content toggle for the table of entries, and move up, move down, edit and delete per row. The state
 * rules are spec 000 §4: edit loads the row into the inputs and remembers its index; the next Add replaces
 * that row and leaves edit mode (the form says so, with Cancel editing); delete removes the row at once; the
 * inputs clear after a successful Add. A refused Add shows why at the field as well as in the toast. The form
 * registers with the editor, so that a save asks about an entry typed but not added (docs/design.md §24).
 */
export function ListEditor<E>({
  idPrefix,
  entryName,
  fields,
  entries,
  onChange,
  rules,
  schema,
  onClear,
  confirmDelete,
  path,
  refusal,
}: ListEditorProps<E>) {
  // What the form held typed but not added when it was last on screen, in this visit or an earlier one (docs/design.md §34).
  const held = useHeldEntry(idPrefix);
  const [inputs, setInputs] = useState<EntryInputs>(() =>
    held.initial ? heldInputs(fields, held.initial.inputs) : emptyInputs(fields),
  );
  const [editing, setEditing] = useState<number | null>(() => held.initial?.editing ?? null);
  const [shown, setShown] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const [problem, setProblem] = useState<EntryProblem | null>(null);
  /** Fields whose image file is on its way up. */
  const [pendingFiles, setPendingFiles] = useState<ReadonlySet<string>>(() => new Set());
  /** Counts clearings of the form: its inputs remount, which also empties their file pickers and stops their uploads. */
  const [formGeneration, setFormGeneration] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const tableId = useId();
  const { confirm, dialog } = useConfirm();
  const fieldId = (name: string) => `${idPrefix}-${name}`;
  const moveId = (index: number, direction: 'up' | 'down') => `${idPrefix}-move-${direction}-${index}`;
  const firstFieldId = fields[0] ? fieldId(fields[0].name) : '';
  const editingRow = editing !== null && editing < entries.length ? editing : null;

  const focusForm = () => {
    // After React has put the row's values into the inputs.
    requestAnimationFrame(() => focusField(firstFieldId));
  };

  const clearForm = () => {
    setEditing(null);
    setInputs(emptyInputs(fields));
    setProblem(null);
    setPendingFiles(new Set());
    setFormGeneration((generation) => generation + 1);
  };

  /** Shows why the entry was refused: at its field (which takes the focus) and in the spec's toast. */
  const refuse = (found: EntryProblem) => {
    setProblem(found);
    notify.error(found.message, 'Oops');
    if (found.field !== null) {
      const id = fieldId(found.field);
      requestAnimationFrame(() => focusField(id));
    }
  };

  /** Add: the entry joins the list (or replaces the row being edited) if it passes the checks. */
  const addEntry = (): boolean => {
    const unsentFile = fields.find((field) => pendingFiles.has(field.name));
    if (unsentFile) {
      refuse({ field: unsentFile.name, message: UPLOAD_UNFINISHED });
      return false;
    }
    const found = entryProblem(fields, inputs, rules, schema);
    if (found) {
      refuse(found);
      return false;
    }
    const entry = entryOf(fields, inputs);
    if (editingRow !== null) {
      onChange(entries.map((current, index) => (index === editingRow ? entry : current)));
      setAnnouncement(`${entryName} ${editingRow + 1} updated.`);
    } else {
      onChange([...entries, entry]);
      setAnnouncement(`${entryName} ${entries.length + 1} added.`);
    }
    clearForm();
    return true;
  };

  const add = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    addEntry();
  };

  // A save refused about a field of one of these entries (`skillList.2.skillName`): that entry opens for editing,
  // the sentence at its field, which takes the focus; never over what the form holds unsent.
  const refusedAt = refusal?.at;
  useEffect(() => {
    if (!refusal || path === undefined || !refusal.path.startsWith(`${path}.`)) return;
    const [index, name] = refusal.path.slice(path.length + 1).split('.');
    const entry = entries[Number(index)];
    const field = fields.find((candidate) => candidate.name === name);
    if (
      entry === undefined ||
      !field ||
      !/^\d+$/.test(index ?? '') ||
      editingRow !== null ||
      holdsTyping(fields, inputs)
    )
      return;
    setInputs(inputsOf(fields, entry));
    setEditing(Number(index));
    // A refusal's sentence is shown at its field; a pointer (a click in the preview) has none.
    setProblem(refusal.message ? { field: field.name, message: refusal.message } : null);
    requestAnimationFrame(() => focusField(fieldId(field.name)));
    // Once per refusal: the entries and the form change as the user edits.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [refusedAt]);

  /** Whether the inputs hold what the list does not: a new entry typed, or changes to the row being edited. */
  const typedNotAdded =
    editingRow === null
      ? holdsTyping(fields, inputs)
      : fields.some(
          (field) => (inputs[field.name] ?? '') !== (inputsOf(fields, entries[editingRow] as E)[field.name] ?? ''),
        );

  // Kept beside the editor's draft on every change, so that leaving or reloading loses none of it (docs/design.md §34).
  const { keep } = held;
  useEffect(() => {
    keep(typedNotAdded ? { inputs, editing: editingRow } : null);
  }, [keep, typedNotAdded, inputs, editingRow]);

  useEntryForm({
    element: () => formRef.current,
    unsent: () =>
      pendingFiles.size > 0 || typedNotAdded
        ? { entryName, editing: editingRow === null ? null : editingRow + 1 }
        : null,
    add: addEntry,
    discard: clearForm,
    focus: () => focusField(firstFieldId),
  });

  const edit = (index: number) => {
    const entry = entries[index];
    if (entry === undefined) return;
    setInputs(inputsOf(fields, entry));
    setEditing(index);
    setProblem(null);
    setAnnouncement('');
    focusForm();
  };

  const cancelEditing = () => {
    const row = editingRow;
    clearForm();
    setAnnouncement(row === null ? '' : `Editing ${entryName} ${row + 1} cancelled.`);
    focusForm();
  };

  /** Moves an entry one place up (-1) or down (+1); the focus stays on the moved entry's button. */
  const move = (index: number, step: -1 | 1) => {
    const to = index + step;
    if (to < 0 || to >= entries.length) return;
    const moved = [...entries];
    const [entry] = moved.splice(index, 1);
    moved.splice(to, 0, entry as E);
    onChange(moved);
    // The row being edited moves with its entry, and so does the one it swapped places with.
    if (editing === index) setEditing(to);
    else if (editing === to) setEditing(index);
    setAnnouncement(`${entryName} ${index + 1} moved to place ${to + 1} of ${entries.length}.`);
    // The same direction's button in the new place; at the top or the bottom (no such button) the other one.
    const direction = step < 0 ? 'up' : 'down';
    const atEnd = step < 0 ? to === 0 : to === entries.length - 1;
    const target = atEnd ? moveId(to, step < 0 ? 'down' : 'up') : moveId(to, direction);
    requestAnimationFrame(() => document.getElementById(target)?.focus());
  };

  const remove = async (index: number) => {
    if (
      confirmDelete &&
      !(await confirm(confirmDelete, { title: `Delete entry ${index + 1}?`, confirmLabel: 'Delete', danger: true }))
    )
      return;
    const removed = entries[index];
    const remaining = entries.filter((_, current) => current !== index);
    onChange(remaining);
    // An uploaded image of the removed entry is deleted too, unless another entry still shows it.
    for (const field of fields) {
      if (!field.upload || removed === undefined || removed === null) continue;
      const url = removed[field.name];
      if (typeof url === 'string' && url !== '') {
        void deleteImageOfRemovedEntry(
          url,
          field.upload,
          remaining.map((entry) => String(entry[field.name] ?? '')),
        );
      }
    }
    if (editing === index) setEditing(null);
    else if (editing !== null && editing > index) setEditing(editing - 1);
    setAnnouncement(`${entryName} ${index + 1} deleted.`);
  };

  const setPendingFile = (name: string, pending: boolean) =>
    setPendingFiles((current) => {
      if (current.has(name) === pending) return current;
      const next = new Set(current);
      if (pending) next.add(name);
      else next.delete(name);
      return next;
    });

  const count = entries.length;
  return (
    <div className="list-editor">
      <form ref={formRef} className="list-editor__form" noValidate onSubmit={add}>
        <fieldset className="app-fieldset">
          <legend className="app-fieldset__legend">
            {editingRow !== null ? `Edit ${entryName} ${editingRow + 1}` : `New ${entryName}`}
          </legend>
          {editingRow !== null ? (
            <div className="list-editor__editing">
              <p>
                Editing entry {editingRow + 1} of {count}: Add replaces it.
              </p>
              <button type="button" className="button button--outline list-editor__cancel" onClick={cancelEditing}>
                Cancel editing
              </button>
            </div>
          ) : null}
          <div key={formGeneration} className="list-editor__fields">
            {fields.map((field) => (
              <EntryInput
                key={field.name}
                field={field}
                id={fieldId(field.name)}
                path={editingRow !== null && path !== undefined ? `${path}.${editingRow}.${field.name}` : undefined}
                value={inputs[field.name] ?? ''}
                siblings={inputs}
                error={problem?.field === field.name ? problem.message : undefined}
                onPendingFile={(pending) => setPendingFile(field.name, pending)}
                onChange={(text) => {
                  if (problem?.field === field.name) setProblem(null);
                  setInputs((current) => withInput(fields, current, field.name, text));
                }}
              />
            ))}
          </div>
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
        <button
          type="button"
          className="button button--outline"
          aria-expanded={shown}
          aria-controls={tableId}
          onClick={() => setShown(!shown)}
        >
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
                  {/* Each value's column name, shown above it where the entries stack as cards (a narrow column). */}
                  <td data-label="Sr.No">{index + 1}</td>
                  {fields.map((field) => (
                    <td key={field.name} data-label={field.label}>
                      <Cell field={field} value={entry[field.name]} />
                    </td>
                  ))}
                  <td data-label="Action">
                    <div className="entry-actions">
                      {/* The first entry has no Up and the last no Down: a blank keeps the buttons in their columns. */}
                      {index > 0 ? (
                        <RowButton
                          id={moveId(index, 'up')}
                          icon="up"
                          label={`Move entry ${index + 1} up`}
                          onClick={() => move(index, -1)}
                        />
                      ) : (
                        <span className="entry-actions__blank" />
                      )}
                      {index < count - 1 ? (
                        <RowButton
                          id={moveId(index, 'down')}
                          icon="down"
                          label={`Move entry ${index + 1} down`}
                          onClick={() => move(index, 1)}
                        />
                      ) : (
                        <span className="entry-actions__blank" />
                      )}
                      <RowButton icon="edit" label={`Edit entry ${index + 1}`} onClick={() => edit(index)} />
                      <RowButton
                        icon="delete"
                        label={`Delete entry ${index + 1}`}
                        danger
                        onClick={() => void remove(index)}
                      />
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
