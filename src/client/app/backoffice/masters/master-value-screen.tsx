import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { createColumnHelper } from '@tanstack/react-table';
import { CircleCheck, CircleOff, Pencil, Plus } from 'lucide-react';
import { MASTER_PAGE_SIZE, type MasterType, type MasterValue } from '../../../../core/masters/master-data';
import { errorMessage } from '../../lib/api';
import { DataTable, type DataColumn } from '../../components/data-table';
import { FormField, FormSelect, RequiredNote } from '../../components/form-field';
import { IconButton } from '../../components/icon-button';
import { OptionalCell } from '../../components/optional-cell';
import { BackToHomeLink, LoadFailure, LoadingStatus, Screen } from '../../components/screen';
import { SearchToolbar, ToolbarSelect } from '../../components/search-toolbar';
import { useRecordLink } from '../../components/use-record-link';
import { notify } from '../../toasts';
import {
  masterKeys,
  useActiveMasterTypes,
  useMasterChoices,
  useMasterType,
  useMasterValue,
  useMasterValues,
  useSaveMasterValue,
  useSetMasterValueStatus,
  type MasterValueQuery,
} from './api';
import {
  masterValueFormSchemaFor,
  masterValueFormValues,
  masterValueInput,
  parentOptions,
  parentTypeOf,
  typeOptions,
  valueListEmptyMessage,
  type MasterValueFormInput,
  type MasterValueFormOutput,
} from './master-forms';
import { StatusBadge } from '../../components/status-badge';
import { StaffForm, useStaffForm } from '../../components/staff-form';
import { MasterFormActions, MasterPanel, useMasterPanel, useStatusChange } from './master-parts';
import { SAVED_ON_SCREEN } from '../../lib/screen-words';

type MasterValueRow = MasterValue & { srno: number };
type TypeOption = { id: number; code: string; name: string; dependsOn: number | null };

const column = createColumnHelper<MasterValueRow>();

const COLUMNS: DataColumn<MasterValueRow>[] = [
  column.accessor('srno', { header: 'Sr.No', meta: { align: 'end', width: '5.5rem' } }),
  column.accessor('typeName', { header: 'Type' }),
  column.accessor('code', { header: 'Code' }),
  column.accessor('name', { header: 'Name' }),
  column.accessor('sequence', { header: 'Sequence', meta: { align: 'end' } }),
  column.accessor('parentName', { header: 'Parent', cell: ({ getValue }) => <OptionalCell text={getValue()} /> }),
  column.accessor('activeStatus', { header: 'Status', cell: ({ getValue }) => <StatusBadge status={getValue()} /> }),
];

/** commonMaster: values filtered by type and searched, their form in a panel, activate / deactivate (docs/design.md §14). */
export function MasterValueScreen() {
  const queryClient = useQueryClient();
  const types = useActiveMasterTypes();
  const [text, setText] = useState('');
  const [filterType, setFilterType] = useState('');
  const [query, setQuery] = useState<MasterValueQuery>({ typeId: undefined, searchText: '', pageno: 1 });
  const values = useMasterValues(query);
  const setStatus = useSetMasterValueStatus();
  const status = useStatusChange('master value', setStatus.mutateAsync, setStatus.isPending);
  const panel = useMasterPanel();

  // A link to one value (`/commonMaster?edit=9`, from the search) opens its edit panel, as its row's Edit does.
  const link = useRecordLink('edit');
  const { open: openPanel, close: closePanelOnly } = panel;
  const clearLink = link.clear;
  useEffect(() => {
    if (link.id !== undefined) openPanel(link.id);
    // An address that names no value (`?edit=abc`) is dropped.
    else if (link.present) clearLink();
  }, [link.id, link.present, openPanel, clearLink]);

  /** Closes the panel, and takes a link's `edit` out of the address so that Back does not open it again. */
  const closePanel = () => {
    closePanelOnly();
    clearLink();
  };

  const typeIdOf = (value: string) => (value === '' ? undefined : Number(value));

  // The type filter applies at once; the search text when searched.
  const filter = (value: string) => {
    setFilterType(value);
    setQuery({ typeId: typeIdOf(value), searchText: query.searchText, pageno: 1 });
  };

  const search = (event: FormEvent) => {
    event.preventDefault();
    setQuery({ typeId: typeIdOf(filterType), searchText: text.trim(), pageno: 1 });
  };

  const refresh = () => {
    setText('');
    setQuery({ typeId: typeIdOf(filterType), searchText: '', pageno: 1 });
    void queryClient.invalidateQueries({ queryKey: masterKeys.all });
  };

  const rowActions = (value: MasterValueRow) => (
    <>
      <IconButton icon={Pencil} label={`Edit ${value.name}`} tooltipAlign="end" onClick={() => panel.open(value.id)} />
      <IconButton
        icon={value.activeStatus === 'Y' ? CircleOff : CircleCheck}
        label={value.activeStatus === 'Y' ? `Deactivate ${value.name}` : `Activate ${value.name}`}
        tone={value.activeStatus === 'Y' ? 'danger' : 'success'}
        tooltipAlign="end"
        onClick={() => void status.change(value)}
      />
    </>
  );

  const activeTypes = types.data ?? [];
  const filterName = activeTypes.find((type) => type.id === query.typeId)?.name;
  return (
    <Screen
      title="Master Values"
      actions={
        <div className="screen-actions">
          <button type="button" className="button" onClick={() => panel.open()}>
            <Plus className="button__icon" aria-hidden="true" focusable="false" />
            Create New Value
          </button>
          <BackToHomeLink />
        </div>
      }
    >
      {panel.editing ? (
        <MasterPanel title={panel.editing.id === undefined ? 'New Master Value' : 'Edit Master Value'}>
          <MasterValuePanelBody
            key={panel.editing.id ?? 'new'}
            valueId={panel.editing.id}
            filterTypeId={query.typeId}
            onClose={closePanel}
          />
        </MasterPanel>
      ) : null}
      <SearchToolbar
        label="Search master values"
        inputId="master-value-search"
        text={text}
        onTextChange={setText}
        onSearch={search}
        onRefresh={refresh}
      >
        <ToolbarSelect
          id="master-value-filter-type"
          label="Filter by type"
          value={filterType}
          options={[
            { value: '', label: 'All types' },
            ...activeTypes.map((type) => ({ value: String(type.id), label: type.name })),
          ]}
          onChange={filter}
        />
      </SearchToolbar>
      <DataTable
        caption="Master values"
        columns={COLUMNS}
        rows={values.data?.items ?? []}
        getRowId={(value) => String(value.id)}
        status={values.status}
        errorMessage={values.isError ? errorMessage(values.error) : undefined}
        onRetry={() => void values.refetch()}
        refreshing={values.isPlaceholderData}
        loadingLabel="Loading master values…"
        emptyMessage={valueListEmptyMessage(query.searchText, filterName)}
        paging={{
          page: query.pageno,
          pageSize: MASTER_PAGE_SIZE,
          totalItems: values.data?.totalItems ?? 0,
          onPageChange: (pageno) => setQuery({ ...query, pageno }),
        }}
        rowActions={rowActions}
      />
      {status.dialog}
    </Screen>
  );
}

/** The panel's content: waits for the record (when editing) and the types, then the form. */
function MasterValuePanelBody({
  valueId,
  filterTypeId,
  onClose,
}: {
  valueId: number | undefined;
  filterTypeId: number | undefined;
  onClose: () => void;
}) {
  const record = useMasterValue(valueId);
  const types = useActiveMasterTypes();
  if ((valueId !== undefined && record.isPending) || types.isPending) return <LoadingStatus inline />;
  if (valueId !== undefined && record.isError)
    return <LoadFailure inline message={errorMessage(record.error)} onRetry={() => void record.refetch()} />;
  if (types.isError)
    return <LoadFailure inline message={errorMessage(types.error)} onRetry={() => void types.refetch()} />;
  // A new value starts in the filtered type, if that type is still offered.
  const startType =
    filterTypeId !== undefined && types.data.some((type) => type.id === filterTypeId) ? filterTypeId : undefined;
  return (
    <MasterValueForm
      valueId={valueId}
      record={record.data}
      types={types.data}
      initial={masterValueFormValues(record.data, startType)}
      onClose={onClose}
    />
  );
}

function MasterValueForm({
  valueId,
  record,
  types,
  initial,
  onClose,
}: {
  valueId: number | undefined;
  record: MasterValue | undefined;
  types: readonly TypeOption[];
  initial: MasterValueFormInput;
  onClose: () => void;
}) {
  const save = useSaveMasterValue();
  const typeChoices = typeOptions(types, record);
  // The record of a chosen type that is not among the active ones (the edited value's own, inactive type).
  const chosenTypeRecord = useRef<MasterType | undefined>(undefined);
  const form = useStaffForm<MasterValueFormInput, MasterValueFormOutput>({
    // The schema follows the chosen type: a type that depends on another needs the parent value.
    resolver: (values, context, options) => {
      const parent = parentTypeOf(values.typeId, types, chosenTypeRecord.current);
      const typeName = typeChoices.find((option) => option.value === values.typeId)?.label ?? '';
      return zodResolver(masterValueFormSchemaFor(parent && { typeName, parentTypeName: parent.name }))(
        values,
        context,
        options,
      );
    },
    defaultValues: initial,
    submit: async (values) => {
      await save.mutateAsync(masterValueInput(values, parentTypeRef.current?.id ?? null, valueId));
      notify.success(SAVED_ON_SCREEN.masterValue);
      onClose();
    },
    // The server's sentence about none of the fields (a parent of the wrong type, an inactive type) as a toast.
    onRefused: (message) => notify.error(message),
  });
  const { methods } = form;
  const typeId = useWatch({ control: methods.control, name: 'typeId' });

  // The chosen type's parent type: from the active types, or (the edited value's inactive type) its own record.
  const known = types.some((type) => String(type.id) === typeId);
  const chosenType = useMasterType(!known && typeId !== '' ? Number(typeId) : undefined);
  const parentType = parentTypeOf(typeId, types, chosenType.data);
  const parentTypeRef = useRef(parentType);
  parentTypeRef.current = parentType;
  const choices = useMasterChoices(parentType?.id);
  useEffect(() => {
    chosenTypeRecord.current = chosenType.data;
  });

  // A new type means a new parent: the old one belongs to another type.
  const shownType = useRef(typeId);
  useEffect(() => {
    if (shownType.current === typeId) return;
    shownType.current = typeId;
    methods.setValue('parentId', '');
  }, [typeId, methods]);

  // The panel opens on its first field.
  useEffect(() => methods.setFocus('typeId'), [methods]);

  const savedParent = record && String(record.typeId) === typeId ? record : undefined;

  let parentField = null;
  if (parentType) {
    if (choices.isPending) parentField = <LoadingStatus inline label={`Loading the values of ${parentType.name}…`} />;
    else if (choices.isError)
      parentField = <LoadFailure inline message={errorMessage(choices.error)} onRetry={() => void choices.refetch()} />;
    else
      parentField = (
        <FormSelect
          name="parentId"
          id="master-value-parent"
          label="Parent value"
          required
          placeholder={`Select ${parentType.name}`}
          hint={`The ${parentType.name} this value belongs to.`}
          options={parentOptions(choices.data, savedParent)}
        />
      );
  }

  return (
    <StaffForm form={form} className="app-form masters-form">
      <RequiredNote />
      <div className="masters-form__fields">
        <FormSelect
          name="typeId"
          id="master-value-type"
          label="Type"
          required
          placeholder="Select type"
          options={typeChoices}
        />
        <FormField
          name="code"
          id="master-value-code"
          label="Code"
          required
          maxLength={20}
          hint="Letters, digits, hyphens or underscores."
        />
        <FormField name="name" id="master-value-name" label="Name" required maxLength={100} />
        <FormField
          name="sequence"
          id="master-value-sequence"
          label="Sequence"
          inputMode="numeric"
          maxLength={6}
          hint="Lists and dropdowns show values in this order. Empty means 0."
        />
        {/* Last: it mounts (registers) once its choices are loaded, after the fields above; here the error Save
              focuses first is also the first one shown. */}
        {parentField}
      </div>
      <MasterFormActions busy={form.busy} onCancel={onClose} />
    </StaffForm>
  );
}
