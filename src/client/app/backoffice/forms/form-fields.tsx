import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import {
  closestCenter,
  DndContext,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ArrowDown, ArrowUp, GripVertical, Plus, Trash2 } from 'lucide-react';
import {
  FORM_FIELD_KIND_LABELS,
  FORM_FIELD_KINDS,
  FORM_FILE_TYPE_INFO,
  FORM_FILE_TYPES,
  FORM_LIMITS,
} from '../../../../core/schemas/forms';
import { FormSelect, FormField as TextField } from '../../components/form-field';
import { IconButton } from '../../components/icon-button';
import { useActiveMasterTypes } from '../masters/api';
import { keyFor, type EditedForm } from './edited-form';

/**
 * The fields of a form in its editor (docs/design.md §30): each its label, key, kind, whether it is required, its help,
 * its choices (typed in, or the values of a master data type), its kinds of file and limit, and the field and value
 * that show it. Fields move by drag (the handle, by pointer), by the up and down arrow keys on the handle (the focus
 * stays on it) and by the Up and Down buttons; a screen reader is told where a field went.
 */
export function FieldList() {
  const { control, getValues } = useFormContext<EditedForm>();
  const { fields, append, remove, move } = useFieldArray({ control, name: 'fields', keyName: 'id' });
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }));
  /** The field moved by keyboard, whose handle takes the focus back once it is in its new place; and what is said. */
  const [moved, setMoved] = useState<{ id: string; said: string } | null>(null);
  const positionOf = (id: string | number) => fields.findIndex((field) => field.id === id) + 1;
  const nameOf = (id: string | number) => {
    const at = positionOf(id);
    return `field ${at} (${getValues(`fields.${at - 1}.label`) || 'no label yet'})`;
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over ? `${nameOf(active.id)} is over position ${positionOf(over.id)} of ${fields.length}.` : undefined,
    onDragEnd: ({ active, over }) =>
      over ? `${nameOf(active.id)} dropped at position ${positionOf(over.id)} of ${fields.length}.` : undefined,
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled: it stays where it was.`,
  };
  const moveByKey = (index: number, to: number) => {
    const id = fields[index]!.id;
    move(index, to);
    setMoved({ id, said: `Field ${index + 1} is now field ${to + 1} of ${fields.length}.` });
  };
  const dropped = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    move(positionOf(active.id) - 1, positionOf(over.id) - 1);
  };
  const add = () => {
    const taken = new Set(getValues('fields').map((field) => field.key));
    append(
      {
        key: keyFor(`field ${fields.length + 1}`, taken),
        label: '',
        help: '',
        kind: 'text',
        required: false,
        choicesFrom: '',
        choices: '',
        accept: ['pdf'],
        maxMb: '5',
        showWhenField: '',
        showWhenEquals: '',
      },
      { focusName: `fields.${fields.length}.label` },
    );
  };
  return (
    <fieldset className="app-fieldset">
      <legend className="app-fieldset__legend">Fields</legend>
      {fields.length === 0 ? <p>No fields yet: add the first.</p> : null}
      <p className="visually-hidden" role="status">
        {moved?.said ?? ''}
      </p>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={dropped}
        accessibility={{
          announcements,
          screenReaderInstructions: {
            draggable: 'Drag the field to its place, or press the up and down arrow keys to move it.',
          },
        }}
      >
        <SortableContext items={fields.map((field) => field.id)} strategy={verticalListSortingStrategy}>
          <ol className="form-editor__fields">
            {fields.map((item, index) => (
              <SortableField
                key={item.id}
                id={item.id}
                index={index}
                last={index === fields.length - 1}
                onMove={(to) => move(index, to)}
                onMoveByKey={(to) => moveByKey(index, to)}
                focusHandle={moved?.id === item.id}
                onRemove={() => remove(index)}
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
      <button type="button" className="button button--outline" onClick={add}>
        <Plus className="button__icon" aria-hidden="true" focusable="false" />
        Add a field
      </button>
    </fieldset>
  );
}

/** One field's card: a handle to drag it, its inputs, and Up, Down and Remove. */
function SortableField({
  id,
  index,
  last,
  onMove,
  onMoveByKey,
  focusHandle,
  onRemove,
}: {
  id: string;
  index: number;
  last: boolean;
  onMove: (to: number) => void;
  /** Up and Down on the handle: the field moves, the focus stays on its handle. */
  onMoveByKey: (to: number) => void;
  focusHandle: boolean;
  onRemove: () => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
  });
  const handle = useRef<HTMLButtonElement | null>(null);
  // Moving a node in the document takes the focus off it: the handle takes it back in its new place.
  useEffect(() => {
    if (focusHandle) handle.current?.focus();
  }, [focusHandle, index]);
  const keyMoves = (event: KeyboardEvent<HTMLButtonElement>) => {
    const to = event.key === 'ArrowUp' ? index - 1 : event.key === 'ArrowDown' ? index + 1 : null;
    if (to === null || to < 0 || (to > index && last)) return;
    event.preventDefault();
    onMoveByKey(to);
  };
  return (
    <li
      ref={setNodeRef}
      className={`app-panel form-editor__field${isDragging ? ' form-editor__field--dragging' : ''}`}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      <div className="form-editor__field-head">
        <IconButton
          ref={(node) => {
            handle.current = node;
            setActivatorNodeRef(node);
          }}
          icon={GripVertical}
          label={`Drag field ${index + 1} to move it`}
          className="form-editor__handle"
          {...attributes}
          {...listeners}
          onKeyDown={keyMoves}
        />
        <span className="form-editor__position">Field {index + 1}</span>
      </div>
      <FieldEditor index={index} />
      <div className="app-actions">
        <IconButton
          icon={ArrowUp}
          label={`Move field ${index + 1} up`}
          disabled={index === 0}
          onClick={() => onMove(index - 1)}
        />
        <IconButton
          icon={ArrowDown}
          label={`Move field ${index + 1} down`}
          disabled={last}
          onClick={() => onMove(index + 1)}
        />
        <IconButton icon={Trash2} tone="danger" label={`Remove field ${index + 1}`} onClick={onRemove} />
      </div>
    </li>
  );
}

function FieldEditor({ index }: { index: number }) {
  const { register } = useFormContext<EditedForm>();
  const kind = useWatch<EditedForm, `fields.${number}.kind`>({ name: `fields.${index}.kind` });
  const above = useWatch<EditedForm, 'fields'>({ name: 'fields' }).slice(0, index);
  const id = `form-field-${index}`;
  return (
    <>
      <TextField name={`fields.${index}.label`} id={`${id}-label`} label={`Field ${index + 1}: label`} required />
      <TextField
        name={`fields.${index}.key`}
        id={`${id}-key`}
        label="Key"
        required
        spellCheck={false}
        hint="Lower-case letters, digits and _: the column of the CSV, and {{key}} in the confirmation."
      />
      <div className="field">
        <label className="field__label" htmlFor={`${id}-kind`}>
          Kind
        </label>
        <select id={`${id}-kind`} className="field__input" {...register(`fields.${index}.kind`)}>
          {FORM_FIELD_KINDS.map((value) => (
            <option key={value} value={value}>
              {FORM_FIELD_KIND_LABELS[value]}
            </option>
          ))}
        </select>
      </div>
      {kind === 'consent' ? null : (
        <label className="app-check">
          <input type="checkbox" {...register(`fields.${index}.required`)} /> Required
        </label>
      )}
      <TextField name={`fields.${index}.help`} id={`${id}-help`} label="Help under the field" />
      {kind === 'choice' || kind === 'checkboxes' ? <Choices index={index} id={id} /> : null}
      {kind === 'file' ? <FileRule index={index} id={id} /> : null}
      <div className="field">
        <label className="field__label" htmlFor={`${id}-shown-by`}>
          Shown only when
        </label>
        <select id={`${id}-shown-by`} className="field__input" {...register(`fields.${index}.showWhenField`)}>
          <option value="">Always shown</option>
          {above.map((field) => (
            <option key={field.key} value={field.key}>
              {field.label || field.key}
            </option>
          ))}
        </select>
      </div>
      <TextField name={`fields.${index}.showWhenEquals`} id={`${id}-shown-equals`} label="…has the value" />
    </>
  );
}

/** A choice field's choices: typed in, one a line, or the active values of a master data type (read when shown). */
function Choices({ index, id }: { index: number; id: string }) {
  const from = useWatch<EditedForm, `fields.${number}.choicesFrom`>({ name: `fields.${index}.choicesFrom` });
  const types = useActiveMasterTypes();
  const held = from !== '' && !(types.data ?? []).some((type) => String(type.id) === from);
  return (
    <>
      <FormSelect
        name={`fields.${index}.choicesFrom`}
        id={`${id}-choices-from`}
        label="Choices from"
        placeholder="Typed in below"
        options={[
          ...(held ? [{ value: from, label: types.isLoading ? 'Loading…' : `Master data type ${from}` }] : []),
          ...(types.data ?? []).map((type) => ({ value: String(type.id), label: `Master data: ${type.name}` })),
        ]}
        hint={
          types.isError
            ? 'The master data types could not be loaded; reopen the form to try again.'
            : 'Master data: the type’s active values, as they are when a visitor opens the page.'
        }
      />
      {from === '' ? (
        <TextField
          name={`fields.${index}.choices`}
          id={`${id}-choices`}
          label="Choices"
          multiline
          hint="One a line; `value = label` to store a short value, such as `dev = Developer`."
        />
      ) : null}
    </>
  );
}

function FileRule({ index, id }: { index: number; id: string }) {
  const { register } = useFormContext<EditedForm>();
  return (
    <>
      <fieldset className="app-fieldset">
        <legend className="app-fieldset__legend">Kinds of file</legend>
        {FORM_FILE_TYPES.map((type) => (
          <label key={type} className="app-check">
            <input type="checkbox" value={type} {...register(`fields.${index}.accept`)} />{' '}
            {FORM_FILE_TYPE_INFO[type].label}
          </label>
        ))}
      </fieldset>
      <TextField
        name={`fields.${index}.maxMb`}
        id={`${id}-max-mb`}
        label="Largest file (MB)"
        inputMode="decimal"
        hint={`At most ${FORM_LIMITS.fileMaxMb} MB.`}
      />
    </>
  );
}
