import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent, RefObject } from 'react';
import { flushSync } from 'react-dom';
import type { z } from 'zod';
import type { FieldRule } from '../../../core/field-rules/field-rule';
import { notify } from '../toasts';
import { useConfirm } from '../components/confirm-dialog';
import { emptyInputs, entryOf, entryProblem, inputsOf, isBlank, withInput } from './entry-fields';
import type { EntryField, EntryInputs } from './entry-fields';
import { useEntryForm, useHeldEntry } from './entry-forms';
import type { EntryProblem } from './field-rules';
import type { SaveRefusal } from './save-messages';
import { ContentToggle, EntryFields, EntryFormFrame, EntryTable } from './list-editor-parts';
import type { RowActions } from './list-editor-parts';

/** Add while an image is still going up (docs/design.md §24, §27): nothing is added. */
export const UPLOAD_UNFINISHED = 'Wait until the image has uploaded, or cancel its upload.';

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
 * The entry form's state: what its inputs hold, the row it edits, why an entry was refused and which fields'
 * images are still going up. It starts from what the form held typed but not added (docs/design.md §34).
 */
function useEntryFormState<E>(idPrefix: string, fields: readonly EntryField<E>[]) {
  // What the form held typed but not added when it was last on screen, in this visit or an earlier one (docs/design.md §34).
  const held = useHeldEntry(idPrefix);
  const [inputs, setInputs] = useState<EntryInputs>(() =>
    held.initial ? heldInputs(fields, held.initial.inputs) : emptyInputs(fields),
  );
  const [editing, setEditing] = useState<number | null>(() => held.initial?.editing ?? null);
  const [problem, setProblem] = useState<EntryProblem | null>(null);
  /** Fields whose image file is on its way up. */
  const [pendingFiles, setPendingFiles] = useState<ReadonlySet<string>>(() => new Set());
  /** Counts clearings of the form: its inputs remount, which also empties their file pickers and stops their uploads. */
  const [formGeneration, setFormGeneration] = useState(0);
  const fieldId = (name: string) => `${idPrefix}-${name}`;

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

  /** Takes what was typed into a field; a refusal shown at that field goes with it. */
  const typeInput = (name: string, text: string) => {
    if (problem?.field === name) setProblem(null);
    setInputs((current) => withInput(fields, current, name, text));
  };

  const setPendingFile = (name: string, pending: boolean) =>
    setPendingFiles((current) => {
      if (current.has(name) === pending) return current;
      const next = new Set(current);
      if (pending) next.add(name);
      else next.delete(name);
      return next;
    });

  return {
    keep: held.keep,
    fieldId,
    inputs,
    setInputs,
    editing,
    setEditing,
    problem,
    setProblem,
    pendingFiles,
    formGeneration,
    clearForm,
    refuse,
    typeInput,
    setPendingFile,
  };
}

type EntryFormState<E> = ReturnType<typeof useEntryFormState<E>>;

/**
 * A save refused about a field of one of the list's entries (`skillList.2.skillName`): that entry opens for
 * editing, the sentence at its field, which takes the focus; never over what the form holds unsent.
 */
function useOpenRefusedEntry<E>({
  refusal,
  path,
  fields,
  entries,
  editingRow,
  form,
}: {
  refusal: SaveRefusal | null | undefined;
  path: string | undefined;
  fields: readonly EntryField<E>[];
  entries: readonly E[];
  editingRow: number | null;
  form: EntryFormState<E>;
}): void {
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
      holdsTyping(fields, form.inputs)
    )
      return;
    form.setInputs(inputsOf(fields, entry));
    form.setEditing(Number(index));
    // A refusal's sentence is shown at its field; a pointer (a click in the preview) has none.
    form.setProblem(refusal.message ? { field: field.name, message: refusal.message } : null);
    requestAnimationFrame(() => focusField(form.fieldId(field.name)));
    // Once per refusal: the entries and the form change as the user edits.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [refusedAt]);
}

/** Whether the inputs hold what the list does not: a new entry typed, or changes to the row being edited. */
function holdsTypingNotAdded<E>(
  fields: readonly EntryField<E>[],
  inputs: EntryInputs,
  entries: readonly E[],
  editingRow: number | null,
): boolean {
  return editingRow === null
    ? holdsTyping(fields, inputs)
    : fields.some(
        (field) => (inputs[field.name] ?? '') !== (inputsOf(fields, entries[editingRow] as E)[field.name] ?? ''),
      );
}

/**
 * Keeps what the form holds typed but not added beside the editor's draft on every change, so that leaving or
 * reloading loses none of it (docs/design.md §34), and registers the form, so that a save asks about it (§24).
 */
function useUnsentEntry<E>({
  form,
  typedNotAdded,
  editingRow,
  formRef,
  entryName,
  addEntry,
  firstFieldId,
}: {
  form: EntryFormState<E>;
  typedNotAdded: boolean;
  editingRow: number | null;
  formRef: RefObject<HTMLFormElement | null>;
  entryName: string;
  addEntry: () => boolean;
  firstFieldId: string;
}): void {
  const { keep, inputs, pendingFiles, clearForm } = form;
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
}

/** An uploaded image of an entry that left the list is deleted too, unless another entry still shows it. */
function deleteImagesOfRemovedEntry<E>(
  fields: readonly EntryField<E>[],
  removed: E | undefined,
  remaining: readonly E[],
) {
  for (const field of fields) {
    const folder = field.upload;
    if (!folder || removed === undefined || removed === null) continue;
    const url = removed[field.name];
    if (typeof url === 'string' && url !== '') {
      // The upload module is fetched by then (the entry's form showed its image), else now.
      void import('./image-upload').then(({ deleteImageOfRemovedEntry }) =>
        deleteImageOfRemovedEntry(
          url,
          folder,
          remaining.map((entry) => String(entry[field.name] ?? '')),
        ),
      );
    }
  }
}

/** What the row buttons (move, edit, delete) work on. */
interface RowChanges<E> {
  entries: readonly E[];
  fields: readonly EntryField<E>[];
  entryName: string;
  onChange: (entries: E[]) => void;
  form: EntryFormState<E>;
  /** Moves the focus to the form's first input, once React has put a row's values into it. */
  focusForm: () => void;
  announce: (sentence: string) => void;
  moveId: RowActions['moveId'];
  confirmDelete: string | undefined;
  confirm: ReturnType<typeof useConfirm>['confirm'];
}

/**
 * What the row buttons do (spec 000 §4): move and delete change the list at once, the row being edited following
 * its entry; edit loads the row into the form. A sentence announces what happened.
 */
function rowChanges<E>({
  entries,
  fields,
  entryName,
  onChange,
  form,
  focusForm,
  announce,
  moveId,
  confirmDelete,
  confirm,
}: RowChanges<E>) {
  const { editing, setEditing } = form;
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
    announce(`${entryName} ${index + 1} moved to place ${to + 1} of ${entries.length}.`);
    // The same direction's button in the new place; at the top or the bottom (no such button) the other one.
    const direction = step < 0 ? 'up' : 'down';
    const atEnd = step < 0 ? to === 0 : to === entries.length - 1;
    const target = atEnd ? moveId(to, step < 0 ? 'down' : 'up') : moveId(to, direction);
    requestAnimationFrame(() => document.getElementById(target)?.focus());
  };

  const edit = (index: number) => {
    const entry = entries[index];
    if (entry === undefined) return;
    // The row's values are in the inputs before the focus moves, within this click (focusForm).
    flushSync(() => {
      form.setInputs(inputsOf(fields, entry));
      setEditing(index);
      form.setProblem(null);
      announce('');
    });
    focusForm();
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
    deleteImagesOfRemovedEntry(fields, removed, remaining);
    if (editing === index) setEditing(null);
    else if (editing !== null && editing > index) setEditing(editing - 1);
    announce(`${entryName} ${index + 1} deleted.`);
  };

  return { move, edit, remove };
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
  const form = useEntryFormState(idPrefix, fields);
  const { fieldId, inputs, editing, pendingFiles, clearForm } = form;
  const [shown, setShown] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const formRef = useRef<HTMLFormElement>(null);
  const tableId = useId();
  const { confirm, dialog } = useConfirm();
  const moveId = (index: number, direction: 'up' | 'down') => `${idPrefix}-move-${direction}-${index}`;
  const firstFieldId = fields[0] ? fieldId(fields[0].name) : '';
  const editingRow = editing !== null && editing < entries.length ? editing : null;

  /**
   * Moves the focus to the form's first input at once, within the click that asked for it (its caller has put the
   * values in with flushSync): a focus moved a frame later could take a field the user had clicked meanwhile, and
   * what they typed there would land in the first input.
   */
  const focusForm = () => focusField(firstFieldId);

  /** Add: the entry joins the list (or replaces the row being edited) if it passes the checks. */
  const addEntry = (): boolean => {
    const unsentFile = fields.find((field) => pendingFiles.has(field.name));
    if (unsentFile) {
      form.refuse({ field: unsentFile.name, message: UPLOAD_UNFINISHED });
      return false;
    }
    const found = entryProblem(fields, inputs, rules, schema);
    if (found) {
      form.refuse(found);
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

  useOpenRefusedEntry({ refusal, path, fields, entries, editingRow, form });

  const typedNotAdded = holdsTypingNotAdded(fields, inputs, entries, editingRow);

  useUnsentEntry({ form, typedNotAdded, editingRow, formRef, entryName, addEntry, firstFieldId });

  const cancelEditing = () => {
    const row = editingRow;
    flushSync(() => {
      clearForm();
      setAnnouncement(row === null ? '' : `Editing ${entryName} ${row + 1} cancelled.`);
    });
    focusForm();
  };

  const { move, edit, remove } = rowChanges({
    entries,
    fields,
    entryName,
    onChange,
    form,
    focusForm,
    announce: setAnnouncement,
    moveId,
    confirmDelete,
    confirm,
  });

  const count = entries.length;
  return (
    <div className="list-editor">
      <EntryFormFrame
        formRef={formRef}
        onSubmit={add}
        entryName={entryName}
        editingRow={editingRow}
        count={count}
        onCancelEditing={cancelEditing}
        onClear={onClear}
      >
        <EntryFields
          key={form.formGeneration}
          fields={fields}
          fieldId={fieldId}
          path={path}
          editingRow={editingRow}
          inputs={inputs}
          problem={form.problem}
          onPendingFile={form.setPendingFile}
          onInput={form.typeInput}
        />
      </EntryFormFrame>
      <ContentToggle shown={shown} tableId={tableId} count={count} onToggle={() => setShown(!shown)} />
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      <EntryTable
        tableId={tableId}
        shown={shown}
        entryName={entryName}
        fields={fields}
        entries={entries}
        editingRow={editingRow}
        actions={{ moveId, onMove: move, onEdit: edit, onRemove: (index) => void remove(index) }}
      />
      {dialog}
    </div>
  );
}
