import { useState, type FormEvent } from 'react';
import { RefreshCw } from 'lucide-react';
import { IconButton } from '../../components/icon-button';
import { ToolbarSelect } from '../../components/search-toolbar';
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

/**
 * The audit log's filters, in the list toolbar's frame (the SearchToolbar's look: a search landmark of
 * labelled fields): User name, Action, Target type, From, To. What is typed or chosen applies on Apply (or
 * Enter); Clear empties them all; Refresh asks again for the list as it is. `applied` is what the list shows
 * (the address's filters): the fields follow it when it changes (Back, Clear, a link).
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
  const [draft, setDraft] = useState<AuditFilters>(applied);
  // The fields follow the applied filters when those change from outside (Back, a reload, Clear).
  const appliedKey = JSON.stringify(applied);
  const [shownKey, setShownKey] = useState(appliedKey);
  if (shownKey !== appliedKey) {
    setShownKey(appliedKey);
    setDraft(applied);
  }

  const set = (key: keyof AuditFilters) => (value: string) => setDraft((current) => ({ ...current, [key]: value }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onApply({
      userName: draft.userName.trim(),
      action: draft.action,
      targetType: draft.targetType,
      from: draft.from,
      to: draft.to,
    });
  };

  const clear = () => {
    setDraft(NO_FILTERS);
    onApply(NO_FILTERS);
  };

  const zone = viewerTimeZone();
  const described = errorId ? { 'aria-describedby': errorId } : {};
  return (
    <form className="list-toolbar audit-filters" role="search" aria-label="Filter the audit log" onSubmit={submit}>
      <div className="list-toolbar__field audit-filters__user">
        <label className="list-toolbar__label" htmlFor={USER_INPUT_ID}>
          User name
        </label>
        <input
          id={USER_INPUT_ID}
          className="field__input"
          type="search"
          value={draft.userName}
          maxLength={100}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => set('userName')(event.target.value)}
          {...described}
        />
      </div>
      <div className="list-toolbar__field audit-filters__action">
        <label className="list-toolbar__label" htmlFor="audit-filter-action">
          Action
        </label>
        <select
          id="audit-filter-action"
          className="field__input"
          value={draft.action}
          onChange={(event) => set('action')(event.target.value)}
          {...described}
        >
          <option value="">{ALL_ACTIONS_LABEL}</option>
          {isKnownAction(draft.action) ? null : <option value={draft.action}>{actionLabel(draft.action)}</option>}
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
      <ToolbarSelect
        id="audit-filter-target"
        label="Target type"
        value={draft.targetType}
        options={targetTypeOptions(draft.targetType)}
        onChange={set('targetType')}
      />
      <div className="list-toolbar__field">
        <label className="list-toolbar__label" htmlFor="audit-filter-from">
          From
        </label>
        <input
          id="audit-filter-from"
          className="field__input"
          type="date"
          value={draft.from}
          onChange={(event) => set('from')(event.target.value)}
          aria-describedby={['audit-filter-days', errorId].filter(Boolean).join(' ')}
        />
      </div>
      <div className="list-toolbar__field">
        <label className="list-toolbar__label" htmlFor="audit-filter-to">
          To
        </label>
        <input
          id="audit-filter-to"
          className="field__input"
          type="date"
          value={draft.to}
          onChange={(event) => set('to')(event.target.value)}
          aria-describedby={['audit-filter-days', errorId].filter(Boolean).join(' ')}
        />
      </div>
      <div className="audit-filters__buttons">
        <button type="submit" className="button list-toolbar__button">
          Apply
        </button>
        <button type="button" className="button button--outline list-toolbar__button" onClick={clear}>
          Clear
        </button>
        <IconButton icon={RefreshCw} label="Refresh the list" onClick={onRefresh} />
      </div>
      <p id="audit-filter-days" className="audit-filters__hint">
        User names match whole (any case). From and To are whole days in your time zone ({zone}), both included.
      </p>
    </form>
  );
}
