import { useEffect, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { CircleCheck, CircleOff, Pencil, Plus } from 'lucide-react';
import { MASTER_PAGE_SIZE, type MasterType } from '../../../../core/masters/master-data';
import { errorMessage } from '../../lib/api';
import { DataTable, type DataColumn } from '../../components/data-table';
import { FormField, FormSelect, RequiredNote } from '../../components/form-field';
import { IconButton } from '../../components/icon-button';
import { OptionalCell } from '../../components/optional-cell';
import { BackToHomeLink, LoadFailure, LoadingStatus, Screen } from '../../components/screen';
import { SearchToolbar } from '../../components/search-toolbar';
import { notify } from '../../toasts';
import {
  masterKeys,
  useDependencyOptions,
  useMasterType,
  useMasterTypes,
  useSaveMasterType,
  useSetMasterTypeStatus,
  type MasterTypeQuery,
} from './api';
import {
  MasterTypeFormSchema,
  dependencyOptions,
  masterTypeFormValues,
  masterTypeInput,
  typeListEmptyMessage,
  type MasterTypeFormInput,
  type MasterTypeFormOutput,
} from './master-forms';
import { StatusBadge } from '../../components/status-badge';
import { StaffForm, useStaffForm } from '../../components/staff-form';
import { MasterFormActions, MasterPanel, useMasterPanel, useStatusChange } from './master-parts';
import { SAVED_ON_SCREEN } from '../../lib/screen-words';

type MasterTypeRow = MasterType & { srno: number };

const column = createColumnHelper<MasterTypeRow>();

const COLUMNS: DataColumn<MasterTypeRow>[] = [
  column.accessor('srno', { header: 'Sr.No', meta: { align: 'end', width: '5.5rem' } }),
  column.accessor('code', { header: 'Code' }),
  column.accessor('name', { header: 'Name' }),
  column.accessor('dependsOnName', {
    header: 'Depends on',
    cell: ({ getValue }) => <OptionalCell text={getValue()} />,
  }),
  column.accessor('activeStatus', { header: 'Status', cell: ({ getValue }) => <StatusBadge status={getValue()} /> }),
];

/** commonMasterType: search, a paged list of master types, their form in a panel, activate / deactivate (docs/design.md §14). */
export function MasterTypeScreen() {
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [query, setQuery] = useState<MasterTypeQuery>({ searchText: '', pageno: 1 });
  const types = useMasterTypes(query);
  const setStatus = useSetMasterTypeStatus();
  const status = useStatusChange('master type', setStatus.mutateAsync, setStatus.isPending);
  const panel = useMasterPanel();

  const search = (event: FormEvent) => {
    event.preventDefault();
    setQuery({ searchText: text.trim(), pageno: 1 });
  };

  const refresh = () => {
    setText('');
    setQuery({ searchText: '', pageno: 1 });
    void queryClient.invalidateQueries({ queryKey: masterKeys.all });
  };

  const rowActions = (type: MasterTypeRow) => (
    <>
      <IconButton icon={Pencil} label={`Edit ${type.name}`} tooltipAlign="end" onClick={() => panel.open(type.id)} />
      {/* One button whose action follows the state: it keeps the focus when the state changes. */}
      <IconButton
        icon={type.activeStatus === 'Y' ? CircleOff : CircleCheck}
        label={type.activeStatus === 'Y' ? `Deactivate ${type.name}` : `Activate ${type.name}`}
        tone={type.activeStatus === 'Y' ? 'danger' : 'success'}
        tooltipAlign="end"
        onClick={() => void status.change(type)}
      />
    </>
  );

  return (
    <Screen
      title="Master Types"
      actions={
        <div className="screen-actions">
          <button type="button" className="button" onClick={() => panel.open()}>
            <Plus className="button__icon" aria-hidden="true" focusable="false" />
            Create New Type
          </button>
          <BackToHomeLink />
        </div>
      }
    >
      {panel.editing ? (
        <MasterPanel title={panel.editing.id === undefined ? 'New Master Type' : 'Edit Master Type'}>
          <MasterTypePanelBody key={panel.editing.id ?? 'new'} typeId={panel.editing.id} onClose={panel.close} />
        </MasterPanel>
      ) : null}
      <SearchToolbar
        label="Search master types"
        inputId="master-type-search"
        text={text}
        onTextChange={setText}
        onSearch={search}
        onRefresh={refresh}
      />
      <DataTable
        caption="Master types"
        columns={COLUMNS}
        rows={types.data?.items ?? []}
        getRowId={(type) => String(type.id)}
        status={types.status}
        errorMessage={types.isError ? errorMessage(types.error) : undefined}
        onRetry={() => void types.refetch()}
        refreshing={types.isPlaceholderData}
        loadingLabel="Loading master types…"
        emptyMessage={typeListEmptyMessage(query.searchText)}
        paging={{
          page: query.pageno,
          pageSize: MASTER_PAGE_SIZE,
          totalItems: types.data?.totalItems ?? 0,
          onPageChange: (pageno) => setQuery({ ...query, pageno }),
        }}
        rowActions={rowActions}
      />
      {status.dialog}
    </Screen>
  );
}

/** The panel's content: waits for the record (when editing) and the Depends on choices, then the form. */
function MasterTypePanelBody({ typeId, onClose }: { typeId: number | undefined; onClose: () => void }) {
  const record = useMasterType(typeId);
  const dependencies = useDependencyOptions(typeId);
  if ((typeId !== undefined && record.isPending) || dependencies.isPending) return <LoadingStatus inline />;
  if (typeId !== undefined && record.isError)
    return <LoadFailure inline message={errorMessage(record.error)} onRetry={() => void record.refetch()} />;
  if (dependencies.isError)
    return (
      <LoadFailure inline message={errorMessage(dependencies.error)} onRetry={() => void dependencies.refetch()} />
    );
  return (
    <MasterTypeForm
      typeId={typeId}
      record={record.data}
      dependsOnOptions={dependencyOptions(dependencies.data, record.data)}
      onClose={onClose}
    />
  );
}

function MasterTypeForm({
  typeId,
  record,
  dependsOnOptions,
  onClose,
}: {
  typeId: number | undefined;
  record: MasterType | undefined;
  dependsOnOptions: ReadonlyArray<{ value: string; label: string }>;
  onClose: () => void;
}) {
  const save = useSaveMasterType();
  const form = useStaffForm<MasterTypeFormInput, MasterTypeFormOutput>({
    schema: MasterTypeFormSchema,
    defaultValues: masterTypeFormValues(record),
    submit: async (values) => {
      await save.mutateAsync(masterTypeInput(values, typeId));
      notify.success(SAVED_ON_SCREEN.masterType);
      onClose();
    },
    // The server's sentence about none of the fields (a cycle, a gone record) as a toast; one about a field at it.
    onRefused: (message) => notify.error(message),
  });
  const { setFocus } = form.methods;

  // The panel opens on its first field.
  useEffect(() => setFocus('code'), [setFocus]);

  return (
    <StaffForm form={form} className="app-form masters-form">
      <RequiredNote />
      <div className="masters-form__fields">
        <FormField
          name="code"
          id="master-type-code"
          label="Code"
          required
          maxLength={20}
          hint="Letters, digits, hyphens or underscores."
        />
        <FormField name="name" id="master-type-name" label="Name" required maxLength={100} />
        <FormSelect
          name="dependsOn"
          id="master-type-depends-on"
          label="Depends on"
          placeholder="None"
          hint="Each value of this type then belongs to a value of that type (a City to its State)."
          options={dependsOnOptions}
        />
      </div>
      <MasterFormActions busy={form.busy} onCancel={onClose} />
    </StaffForm>
  );
}
