import { useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Link } from 'react-router';
import { useIdParam } from '../../lib/id-param';
import { createColumnHelper } from '@tanstack/react-table';
import { ArrowLeft, Pencil, Plus, Save, Trash2, X } from 'lucide-react';
import {
  PAGE_LEVELS,
  PARAMETER_TYPES,
  UNIT_TYPES_OF,
  VALIDATORS,
  type Parameter,
  type ParameterLabel,
  type ParameterType,
} from '../../../../core/page-defs/parameter';
import { pageTypeWords, type PageRecord } from '../../../../core/page-defs/page-definition';
import { isLineOfText, showsNameToVisitors } from '../../../../core/page-defs/parameter';
import { ApiError, errorMessage } from '../../lib/api';
import { Field } from '../../../components/field';
import { DataTable, type DataColumn } from '../../components/data-table';
import { IconButton } from '../../components/icon-button';
import { useConfirm } from '../../components/confirm-dialog';
import { LoadFailure, LoadingStatus, Screen } from '../../components/screen';
import { StaffForm, SubmitButton, useStaffForm } from '../../components/staff-form';
import { notify } from '../../toasts';
import { useParameterLabels, usePageParameters, useSaveParameters } from './api';
import {
  PAGE_LEVEL_LABELS,
  PARAMETER_TYPE_LABELS,
  UNIT_TYPE_LABELS,
  VALIDATOR_LABELS,
  addToTable,
  bySequence,
  chooseKind,
  chooseType,
  deleteFromTable,
  describeConfiguration,
  describeValidations,
  draftOf,
  emptyDraft,
  isTextKind,
  nextSequence,
  parameterOfDraft,
  tableProblems,
  type ParameterDraft,
} from './parameter-form';
import { SpecTerm } from './spec-term';
import { ValidationPanel } from './validation-panel';
import '../../../styles/page-defs.css';

/** The question asked before a field is deleted (spec 001 §5's delete question, in the screen's words: docs/design.md §34). */
const DELETE_QUESTION = 'The field leaves this list; the page changes when you save the list.';

/** What the screen says when the list is saved (the API keeps the spec's wording in its message). */
const FIELDS_SAVED = 'Fields saved. The editor and the public page use them from now on.';
const FIELDS_NOT_SAVED = 'The fields could not be saved.';

const Back = (
  <div className="screen-actions">
    <Link className="button button--outline" to="/homepages">
      <ArrowLeft className="button__icon" aria-hidden="true" focusable="false" />
      Back to pages
    </Link>
  </div>
);

/** paramactivity/:id: a page's parameters (spec 001 §2 parameter configuration, §4, §8; docs/design.md §12). */
export function ParameterScreen() {
  const pageId = useIdParam();
  const data = usePageParameters(pageId);
  const labels = useParameterLabels(pageId);
  const page = data.data?.page;
  const title = page ? `Fields of ${page.dspname}` : 'Fields of a page';

  let body: ReactNode;
  if (pageId === undefined) {
    body = (
      <p className="lead-text">
        Choose a page in the <Link to="/homepages">list of pages</Link> to choose its fields.
      </p>
    );
  } else if (data.isPending || labels.isPending) {
    body = <LoadingStatus inline label="Loading the fields…" />;
  } else if (data.isError) {
    body = <LoadFailure inline message={errorMessage(data.error)} onRetry={() => void data.refetch()} />;
  } else if (labels.isError) {
    body = <LoadFailure inline message={errorMessage(labels.error)} onRetry={() => void labels.refetch()} />;
  } else {
    body = (
      <ParameterEditor key={pageId} page={data.data.page} initialRows={data.data.parameters} labels={labels.data} />
    );
  }
  return (
    <Screen
      title={title}
      lead={
        <>
          {page ? (
            <p>{`/${page.filename} · ${pageTypeWords(page.type)}${page.modulename ? ` · ${page.modulename}` : ''}`}</p>
          ) : null}
          <p>What staff fill in on the page, the rules each value must keep, and how visitors see it.</p>
          <SpecTerm>
            Parameter Configuration (paramactivity): parameters, Page creation Type (Header or Detail)
          </SpecTerm>
        </>
      }
      actions={Back}
    >
      {body}
    </Screen>
  );
}

const column = createColumnHelper<Parameter>();

/** The table's columns; a wired page's field shows its on-screen label under its name. */
function parameterColumns(labelOf: ReadonlyMap<string, string>): DataColumn<Parameter>[] {
  return [
    column.accessor('sequence', { header: 'Order', meta: { align: 'end', width: '6.5rem' } }),
    column.accessor('parameterName', {
      header: 'Field',
      cell: ({ getValue }) => {
        const name = getValue();
        const label = labelOf.get(name);
        return (
          <span className="param-name">
            <span className="param-name__name">{name}</span>
            {label && label !== name ? <span className="param-name__label">{label}</span> : null}
          </span>
        );
      },
    }),
    column.display({
      id: 'configuration',
      header: 'Configuration',
      cell: ({ row }) => describeConfiguration(row.original),
    }),
    column.display({ id: 'validations', header: 'Rules', cell: ({ row }) => describeValidations(row.original) }),
  ];
}

type NameMode = 'text' | 'list';

/** How the form changes the draft: the fields it names, merged into the rest. */
type ChangeDraft = (changes: Partial<ParameterDraft>) => void;

/**
 * The list of a page's fields as it is being edited: the rows, the draft of the form (a new field or one being
 * edited), its problems, and Add, Edit, Cancel edit and Delete. A hook of its own so that the editor only lays out
 * the form and the table.
 */
function useParameterList(page: PageRecord, initialRows: Parameter[], labels: ParameterLabel[]) {
  const wired = page.type === 'wired';
  const [rows, setRows] = useState<Parameter[]>(() => bySequence(initialRows));
  const [editing, setEditing] = useState<number | null>(null);
  const [draft, setDraft] = useState<ParameterDraft>(() => emptyDraft(nextSequence(initialRows)));
  const [nameMode, setNameMode] = useState<NameMode>(wired && labels.length > 0 ? 'list' : 'text');
  const [problems, setProblems] = useState<string[]>([]);
  const { confirm, dialog } = useConfirm();
  const nameRef = useRef<HTMLInputElement & HTMLSelectElement>(null);
  const tableHeading = useRef<HTMLHeadingElement>(null);

  const change = (changes: Partial<ParameterDraft>) => setDraft((current) => ({ ...current, ...changes }));
  const focusName = () => requestAnimationFrame(() => nameRef.current?.focus());

  const add = () => {
    const checked = parameterOfDraft(draft);
    const found = checked.ok
      ? tableProblems({ rows, editing }, checked.parameter, {
          allowedNames: wired ? labels : null,
          pageName: page.dspname,
        })
      : checked.problems;
    if (!checked.ok || found.length > 0) {
      setProblems(found);
      notify.error(found[0]!);
      return;
    }
    const next = addToTable({ rows, editing }, checked.parameter);
    setRows(next.rows);
    setEditing(null);
    setProblems([]);
    setDraft(emptyDraft(next.sequence));
    if (wired && labels.length > 0) setNameMode('list');
    focusName();
  };

  const edit = (row: Parameter) => {
    const index = rows.indexOf(row);
    setEditing(index);
    setDraft(draftOf(row));
    setProblems([]);
    setNameMode(wired && labels.some((label) => label.name === row.parameterName) ? 'list' : 'text');
    focusName();
  };

  const cancelEdit = () => {
    setEditing(null);
    setProblems([]);
    setDraft(emptyDraft(nextSequence(rows)));
    if (wired && labels.length > 0) setNameMode('list');
    focusName();
  };

  const remove = async (row: Parameter) => {
    if (
      !(await confirm(DELETE_QUESTION, { title: `Delete ${row.parameterName}?`, confirmLabel: 'Delete', danger: true }))
    )
      return;
    const index = rows.indexOf(row);
    if (index < 0) return;
    const next = deleteFromTable({ rows, editing }, index, Number(draft.sequence) || 1);
    setRows(next.rows);
    setEditing(next.editing);
    if (next.editEnded) {
      setProblems([]);
      setDraft(emptyDraft(next.sequence));
    } else {
      change({ sequence: String(next.sequence) });
    }
    // The row's buttons are gone: the focus goes to the table's heading.
    requestAnimationFrame(() => tableHeading.current?.focus());
  };

  return {
    rows,
    setRows,
    editing,
    draft,
    setDraft,
    change,
    nameMode,
    setNameMode,
    problems,
    nameRef,
    tableHeading,
    dialog,
    add,
    edit,
    cancelEdit,
    remove,
  };
}

/** A page's fields: the form that adds or edits one, then the table of them all with Save the fields. */
function ParameterEditor({
  page,
  initialRows,
  labels,
}: {
  page: PageRecord;
  initialRows: Parameter[];
  labels: ParameterLabel[];
}) {
  const list = useParameterList(page, initialRows, labels);
  const { rows, editing, change } = list;
  const editingName = editing === null ? null : (rows[editing]?.parameterName ?? null);

  // The server numbers the rows 1, 2, 3 … in sequence order: the table shows what is stored.
  const saved = (stored: Parameter[]) => {
    list.setRows(stored);
    if (editing === null) change({ sequence: String(nextSequence(stored)) });
  };

  return (
    <>
      <ParameterForm
        wired={page.type === 'wired'}
        labels={labels}
        draft={list.draft}
        setDraft={list.setDraft}
        change={change}
        nameMode={list.nameMode}
        setNameMode={list.setNameMode}
        nameRef={list.nameRef}
        editingName={editingName}
        isEditing={editing !== null}
        problems={list.problems}
        onAdd={list.add}
        onCancelEdit={list.cancelEdit}
      />
      <FieldListSection
        page={page}
        labels={labels}
        rows={rows}
        tableHeading={list.tableHeading}
        onEdit={list.edit}
        onDelete={(row) => void list.remove(row)}
        onSaved={saved}
      />
      {list.dialog}
    </>
  );
}

/**
 * The form that adds a field, or edits the one chosen in the table (Add then replaces it): its name, settings,
 * kind of value and rules, with what keeps it from being added.
 */
function ParameterForm({
  wired,
  labels,
  draft,
  setDraft,
  change,
  nameMode,
  setNameMode,
  nameRef,
  editingName,
  isEditing,
  problems,
  onAdd,
  onCancelEdit,
}: {
  wired: boolean;
  labels: ParameterLabel[];
  draft: ParameterDraft;
  setDraft: (update: (current: ParameterDraft) => ParameterDraft) => void;
  change: ChangeDraft;
  nameMode: NameMode;
  setNameMode: (mode: NameMode) => void;
  nameRef: RefObject<(HTMLInputElement & HTMLSelectElement) | null>;
  /** The name of the field being edited, when there is one in the table. */
  editingName: string | null;
  isEditing: boolean;
  problems: string[];
  onAdd: () => void;
  onCancelEdit: () => void;
}) {
  // The draft is held by the list (its rules are the table's, parameter-form.ts): Add checks it and puts it in the
  // table, nothing is sent; what keeps it out is listed under the form.
  const form = useStaffForm<Record<string, never>>({ defaultValues: {}, submit: async () => onAdd() });
  return (
    <StaffForm form={form} className="app-panel param-form" aria-labelledby="param-form-title">
      <h2 className="param-form__title" id="param-form-title">
        {editingName === null ? 'Add a field' : `Edit field ${editingName}`}
      </h2>
      {editingName !== null ? (
        <p className="param-form__editing" role="status">
          Editing {editingName}: Add replaces it in the list.
        </p>
      ) : null}
      {wired && labels.length === 0 ? (
        <p className="app-notice">This page has no fields of its own to configure (it is a back-office screen).</p>
      ) : null}
      <div className="param-form__grid">
        <NameInput
          draft={draft}
          change={change}
          labels={labels}
          wired={wired}
          mode={nameMode}
          setMode={setNameMode}
          inputRef={nameRef}
        />
        <FieldSettings draft={draft} change={change} setDraft={setDraft} />
        <RequiredAndTranslated draft={draft} change={change} />
        <VisitorChoices draft={draft} change={change} />
      </div>
      <KindOfValue draft={draft} change={change} setDraft={setDraft} />
      {problems.length > 0 ? (
        <div className="param-form__problems" role="alert">
          <p className="param-form__problems-title">Not added yet:</p>
          <ul>
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="app-actions">
        {/* Add changes the list on the screen at once: nothing to wait for, and the focus stays on it. */}
        <SubmitButton busy={false} icon={Plus}>
          Add
        </SubmitButton>
        {isEditing ? (
          <button type="button" className="button button--outline" onClick={onCancelEdit}>
            <X className="button__icon" aria-hidden="true" focusable="false" />
            Cancel edit
          </button>
        ) : null}
      </div>
    </StaffForm>
  );
}

/** The field's type, its order on the page, where its values come from, and where on the page it goes. */
function FieldSettings({
  draft,
  change,
  setDraft,
}: {
  draft: ParameterDraft;
  change: ChangeDraft;
  setDraft: (update: (current: ParameterDraft) => ParameterDraft) => void;
}) {
  return (
    <>
      <Field id="param-type" label="Type" required markRequired>
        {(control) => (
          <select
            {...control}
            className="field__input"
            value={draft.type}
            onChange={(event) => setDraft((current) => chooseType(current, event.target.value as ParameterType))}
          >
            {PARAMETER_TYPES.map((type) => (
              <option key={type} value={type}>
                {PARAMETER_TYPE_LABELS[type]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field
        id="param-sequence"
        label="Order"
        required
        markRequired
        hint="The place of the field on the page: 1 comes first."
      >
        {(control) => (
          <input
            {...control}
            className="field__input"
            type="number"
            inputMode="numeric"
            min={1}
            max={1000}
            step={1}
            value={draft.sequence}
            onChange={(event) => change({ sequence: event.target.value })}
          />
        )}
      </Field>
      <Field
        id="param-validator"
        label="Values come from"
        hint="Chosen from master data: the editor picks one of a master type's values."
      >
        {(control) => (
          <select
            {...control}
            className="field__input"
            value={draft.validator}
            onChange={(event) => change({ validator: event.target.value as ParameterDraft['validator'] })}
          >
            {VALIDATORS.map((validator) => (
              <option key={validator} value={validator}>
                {VALIDATOR_LABELS[validator]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field
        id="param-level"
        label="Where it goes"
        hint="Once on the page (a heading, an introduction), or in each entry of a list on the page (a job, a product)."
      >
        {(control) => (
          <select
            {...control}
            className="field__input"
            value={draft.pagecreationtype}
            onChange={(event) => change({ pagecreationtype: event.target.value as ParameterDraft['pagecreationtype'] })}
          >
            {PAGE_LEVELS.map((level) => (
              <option key={level} value={level}>
                {PAGE_LEVEL_LABELS[level]}
              </option>
            ))}
          </select>
        )}
      </Field>
    </>
  );
}

/** Required, and for text whether it is translated (off: the same words in every language). */
function RequiredAndTranslated({ draft, change }: { draft: ParameterDraft; change: ChangeDraft }) {
  return (
    <>
      <div className="field param-form__mandatory">
        <label className="field__label page-form__check" htmlFor="param-mandatory">
          <input
            id="param-mandatory"
            type="checkbox"
            checked={draft.mandatory}
            onChange={(event) => change({ mandatory: event.target.checked })}
          />{' '}
          Required
        </label>
      </div>
      {isTextKind(draft) && (
        <div className="field param-form__mandatory">
          <label className="field__label page-form__check" htmlFor="param-translatable">
            <input
              id="param-translatable"
              type="checkbox"
              checked={draft.translatable}
              aria-describedby="param-translatable-hint"
              onChange={(event) => change({ translatable: event.target.checked })}
            />{' '}
            Translated
          </label>
          <p className="field__hint" id="param-translatable-hint">
            Off: the same words in every language (a code, a name).
          </p>
        </div>
      )}
    </>
  );
}

/** The kinds of value the chosen type allows, and below them the rules of the chosen kind. */
function KindOfValue({
  draft,
  change,
  setDraft,
}: {
  draft: ParameterDraft;
  change: ChangeDraft;
  setDraft: (update: (current: ParameterDraft) => ParameterDraft) => void;
}) {
  return (
    <fieldset className="app-fieldset param-form__kinds">
      <legend className="app-fieldset__legend">Kind of value</legend>
      <div className="page-form__choices">
        {UNIT_TYPES_OF[draft.type].map((kind) => (
          <label key={kind} className="page-form__check" htmlFor={`param-kind-${kind}`}>
            <input
              id={`param-kind-${kind}`}
              type="radio"
              name="param-kind"
              value={kind}
              checked={draft.unittype === kind}
              onChange={() => setDraft((current) => chooseKind(current, kind))}
            />{' '}
            {UNIT_TYPE_LABELS[kind]}
          </label>
        ))}
      </div>
      <p className="field__hint">Choosing a kind clears the rules of the others.</p>
      <ValidationPanel draft={draft} change={change} setDraft={setDraft} />
    </fieldset>
  );
}

/**
 * The table of the page's fields, each with Edit and Delete, and Save the fields: nothing is stored until then,
 * and a refused save keeps the table as it is.
 */
function FieldListSection({
  page,
  labels,
  rows,
  tableHeading,
  onEdit,
  onDelete,
  onSaved,
}: {
  page: PageRecord;
  labels: ParameterLabel[];
  rows: Parameter[];
  tableHeading: RefObject<HTMLHeadingElement | null>;
  onEdit: (row: Parameter) => void;
  onDelete: (row: Parameter) => void;
  /** The rows as the server stored them, numbered 1, 2, 3 … in sequence order. */
  onSaved: (stored: Parameter[]) => void;
}) {
  const [saveProblem, setSaveProblem] = useState<string | null>(null);
  const saveParameters = useSaveParameters();
  const columns = useMemo(() => parameterColumns(new Map(labels.map((label) => [label.name, label.label]))), [labels]);

  const save = async () => {
    setSaveProblem(null);
    try {
      await saveParameters.mutateAsync({ id: page.id, parameters: rows });
      onSaved(bySequence(rows).map((row, index) => ({ ...row, sequence: index + 1 })));
      notify.success(FIELDS_SAVED);
    } catch (error) {
      // Nothing typed is lost: the table and the form stay as they are.
      const sentence =
        error instanceof ApiError && error.status >= 400 && error.status < 500
          ? error.message
          : errorMessage(error, '');
      setSaveProblem(sentence ? `${FIELDS_NOT_SAVED} ${sentence}` : FIELDS_NOT_SAVED);
      if (sentence) notify.error(sentence, FIELDS_NOT_SAVED);
      else notify.error(FIELDS_NOT_SAVED);
    }
  };

  const rowActions = (row: Parameter) => (
    <>
      <IconButton icon={Pencil} label={`Edit ${row.parameterName}`} tooltipAlign="end" onClick={() => onEdit(row)} />
      <IconButton
        icon={Trash2}
        label={`Delete ${row.parameterName}`}
        tone="danger"
        tooltipAlign="end"
        onClick={() => onDelete(row)}
      />
    </>
  );

  return (
    <section className="param-table" aria-labelledby="param-table-title">
      <h2 className="param-table__title" id="param-table-title" ref={tableHeading} tabIndex={-1}>
        Fields ({rows.length})
      </h2>
      <DataTable
        caption={`Fields of ${page.dspname}`}
        columns={columns}
        rows={rows}
        getRowId={(row) => row.parameterName.toLowerCase()}
        status="success"
        emptyMessage="No fields yet: add the page's fields above."
        rowActions={rowActions}
      />
      {saveProblem ? (
        <p className="page-form__refusal" role="alert">
          {saveProblem}
        </p>
      ) : null}
      <div className="app-actions">
        <button
          type="button"
          className="button"
          onClick={() => void save()}
          disabled={saveParameters.isPending}
          aria-busy={saveParameters.isPending || undefined}
        >
          <Save className="button__icon" aria-hidden="true" focusable="false" />
          Save the fields
        </button>
        <Link className="button button--outline" to="/homepages">
          <ArrowLeft className="button__icon" aria-hidden="true" focusable="false" />
          Back to pages
        </Link>
      </div>
    </section>
  );
}

/**
 * What visitors see of the field (docs/design.md §34): its name above the value (off by default for text, which reads on
 * its own), and for a line of text, whether it is a heading.
 */
function VisitorChoices({
  draft,
  change,
}: {
  draft: ParameterDraft;
  change: (changes: Partial<ParameterDraft>) => void;
}) {
  const shown = showsNameToVisitors(draft);
  return (
    <>
      <div className="field param-form__mandatory">
        <label className="field__label page-form__check" htmlFor="param-showname">
          <input
            id="param-showname"
            type="checkbox"
            checked={shown}
            aria-describedby="param-showname-hint"
            onChange={(event) => change({ showName: event.target.checked })}
          />{' '}
          Show its name to visitors
        </label>
        <p className="field__hint" id="param-showname-hint">
          Off: visitors read only the value. On: the field&rsquo;s name shows above it (useful for a price or a date).
        </p>
      </div>
      {isLineOfText(draft) ? (
        <div className="field param-form__mandatory">
          <label className="field__label page-form__check" htmlFor="param-asheading">
            <input
              id="param-asheading"
              type="checkbox"
              checked={draft.asHeading}
              aria-describedby="param-asheading-hint"
              onChange={(event) => change({ asHeading: event.target.checked })}
            />{' '}
            Show it as a heading
          </label>
          <p className="field__hint" id="param-asheading-hint">
            Visitors read it as a heading: the page&rsquo;s headline, or an entry&rsquo;s title.
          </p>
        </div>
      ) : null}
    </>
  );
}

/** Parameter Name: typed, or chosen from the page's labels (for a wired page, it must be one of its fields). */
function NameInput({
  draft,
  change,
  labels,
  wired,
  mode,
  setMode,
  inputRef,
}: {
  draft: ParameterDraft;
  change: (changes: Partial<ParameterDraft>) => void;
  labels: ParameterLabel[];
  wired: boolean;
  mode: NameMode;
  setMode: (mode: NameMode) => void;
  inputRef: RefObject<(HTMLInputElement & HTMLSelectElement) | null>;
}) {
  const options = useMemo(
    () =>
      labels.map((label) => ({
        value: label.name,
        text: label.label === label.name ? label.name : `${label.label} (${label.name})`,
      })),
    [labels],
  );
  const listed = options.some((option) => option.value === draft.parameterName);
  return (
    <div className="param-form__name">
      {labels.length > 0 ? (
        <fieldset className="param-form__name-mode">
          <legend className="visually-hidden">Field name from</legend>
          <div className="page-form__choices">
            <label className="page-form__check" htmlFor="param-name-mode-list">
              <input
                id="param-name-mode-list"
                type="radio"
                name="param-name-mode"
                checked={mode === 'list'}
                onChange={() => setMode('list')}
              />{' '}
              From the page's labels
            </label>
            <label className="page-form__check" htmlFor="param-name-mode-text">
              <input
                id="param-name-mode-text"
                type="radio"
                name="param-name-mode"
                checked={mode === 'text'}
                onChange={() => setMode('text')}
              />{' '}
              Typed
            </label>
          </div>
        </fieldset>
      ) : null}
      {mode === 'list' && labels.length > 0 ? (
        <Field
          id="param-name"
          label="Field name"
          required
          markRequired
          hint={wired ? "A built-in page's fields are the ones its code has." : "The page's fields so far."}
        >
          {(control) => (
            <select
              {...control}
              ref={inputRef}
              className="field__input"
              value={listed ? draft.parameterName : ''}
              onChange={(event) => change({ parameterName: event.target.value })}
            >
              <option value="">Select a label</option>
              {options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.text}
                </option>
              ))}
            </select>
          )}
        </Field>
      ) : (
        <Field
          id="param-name"
          label="Field name"
          required
          markRequired
          hint={
            wired
              ? "Must be one of the page's fields."
              : 'Up to 100 characters; the editor shows it as the field’s label.'
          }
        >
          {(control) => (
            <input
              {...control}
              ref={inputRef}
              className="field__input"
              maxLength={100}
              autoComplete="off"
              value={draft.parameterName}
              onChange={(event) => change({ parameterName: event.target.value })}
            />
          )}
        </Field>
      )}
    </div>
  );
}
