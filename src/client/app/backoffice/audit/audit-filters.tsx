import { useEffect } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { RefreshCw } from 'lucide-react';
import { IconButton } from '../../components/icon-button';
import { ToolbarSelect } from '../../components/search-toolbar';
import { StaffForm, SubmitButton, useStaffForm } from '../../components/staff-form';
import {
  ACTION_GROUPS,
  ALL_ACTIONS_LABEL,
  NO_FILTERS,
  actionLabel,
  isKnownAction,
  targetTypeOptions,
  viewerTimeZone,
  type AuditFilters,
} from './audit-list';

export const USER_INPUT_ID = 'audit-filter-user';

/** The fields' tie to the server's sentence about the filters, when there is one. */
type Described = { 'aria-describedby'?: string };

/**
 * The Action filter: an action or a whole area. Held by the form as a controlled select, so that an action the list
 * does not know (an address typed by hand) is offered as itself when it comes in from outside.
 */
function ActionField({ described }: { described: Described }) {
  const { field } = useController<AuditFilters, 'action'>({ name: 'action' });
  return (
    <div className="list-toolbar__field audit-filters__action">
      <label className="list-toolbar__label" htmlFor="audit-filter-action">
        Action
      </label>
      <select id="audit-filter-action" className="field__input" {...field} {...described}>
        <option value="">{ALL_ACTIONS_LABEL}</option>
        {isKnownAction(field.value) ? null : <option value={field.value}>{actionLabel(field.value)}</option>}
        {ACTION_GROUPS.map((group) => (
          <optgroup key={group.area} label={group.area}>
            {group.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
    </div>
  );
}

/** The Target type filter in the toolbar's select, which offers a type it does not know as itself (as Action does). */
function TargetTypeField() {
  const { field } = useController<AuditFilters, 'targetType'>({ name: 'targetType' });
  return (
    <ToolbarSelect
      id="audit-filter-target"
      label="Target type"
      value={field.value}
      options={targetTypeOptions(field.value)}
      onChange={field.onChange}
    />
  );
}

/** From or To: a whole local day, described by the hint under the toolbar (and the server's sentence, if any). */
function DayField({ name, label, errorId }: { name: 'from' | 'to'; label: string; errorId: string | undefined }) {
  const { register } = useFormContext<AuditFilters>();
  const id = `audit-filter-${name}`;
  return (
    <div className="list-toolbar__field">
      <label className="list-toolbar__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="field__input"
        type="date"
        {...register(name)}
        aria-describedby={['audit-filter-days', errorId].filter(Boolean).join(' ')}
      />
    </div>
  );
}

/** The User name filter: the start of the list, where the focus goes when what had it is gone. */
function UserNameField({ described }: { described: Described }) {
  const { register } = useFormContext<AuditFilters>();
  return (
    <div className="list-toolbar__field audit-filters__user">
      <label className="list-toolbar__label" htmlFor={USER_INPUT_ID}>
        User name
      </label>
      <input
        id={USER_INPUT_ID}
        className="field__input"
        type="search"
        maxLength={100}
        autoComplete="off"
        spellCheck={false}
        {...register('userName')}
        {...described}
      />
    </div>
  );
}

/**
 * The audit log's filters, in the list toolbar's frame (the SearchToolbar's look: a search landmark of
 * labelled fields): User name, Action, Target type, From, To. What is typed or chosen applies on Apply (or
 * Enter); Clear empties them all; Refresh asks again for the list as it is. `applied` is what the list shows
 * (the address's filters): the fields follow it when it changes (Back, Clear, a link). Apply sends nothing the
 * server could refuse: it judges the filters as it lists, and the screen shows its sentence under the toolbar
 * (`errorId`).
 */
export function AuditFilterBar({
  applied,
  onApply,
  onRefresh,
  errorId,
}: {
  applied: AuditFilters;
  onApply: (filters: AuditFilters) => void;
  onRefresh: () => void;
  /** The id of the server's sentence about the filters, when there is one: the fields point at it. */
  errorId?: string;
}) {
  const form = useStaffForm<AuditFilters>({
    defaultValues: applied,
    submit: async (draft) =>
      onApply({
        userName: draft.userName.trim(),
        action: draft.action,
        targetType: draft.targetType,
        from: draft.from,
        to: draft.to,
      }),
  });

  // The fields follow the applied filters when those change from outside (Back, a reload, Clear); the inputs stay
  // registered (the focus can come back to them).
  const appliedKey = JSON.stringify(applied);
  const { reset } = form.methods;
  useEffect(() => {
    reset(JSON.parse(appliedKey) as AuditFilters, { keepFieldsRef: true });
  }, [appliedKey, reset]);

  const clear = () => {
    reset(NO_FILTERS, { keepFieldsRef: true });
    onApply(NO_FILTERS);
  };

  const zone = viewerTimeZone();
  const described = errorId ? { 'aria-describedby': errorId } : {};
  return (
    // A StaffForm takes no role: the search landmark is the box around it (the form, unnamed, is no landmark itself).
    <div role="search" aria-label="Filter the audit log">
      <StaffForm form={form} className="list-toolbar audit-filters">
        <UserNameField described={described} />
        <ActionField described={described} />
        <TargetTypeField />
        <DayField name="from" label="From" errorId={errorId} />
        <DayField name="to" label="To" errorId={errorId} />
        <div className="audit-filters__buttons">
          <SubmitButton busy={form.busy} className="button list-toolbar__button">
            Apply
          </SubmitButton>
          <button type="button" className="button button--outline list-toolbar__button" onClick={clear}>
            Clear
          </button>
          <IconButton icon={RefreshCw} label="Refresh the list" onClick={onRefresh} />
        </div>
        <p id="audit-filter-days" className="audit-filters__hint">
          User names match whole (any case). From and To are whole days in your time zone ({zone}), both included.
        </p>
      </StaffForm>
    </div>
  );
}
