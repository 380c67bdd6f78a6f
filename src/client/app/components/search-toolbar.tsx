import type { FormEvent, ReactNode } from 'react';
import { RefreshCw } from 'lucide-react';
import { IconButton } from './icon-button';

/**
 * The search bar above a list: optional filters (children), the search text, Search and Refresh. One
 * component for every list screen, so they look and behave alike.
 */
export function SearchToolbar({
  label,
  inputId,
  text,
  onTextChange,
  onSearch,
  onRefresh,
  children,
}: {
  /** The search landmark's name ('Search users'). */
  label: string;
  inputId: string;
  text: string;
  onTextChange: (text: string) => void;
  onSearch: (event: FormEvent<HTMLFormElement>) => void;
  onRefresh: () => void;
  children?: ReactNode;
}) {
  return (
    <form className="list-toolbar" role="search" aria-label={label} onSubmit={onSearch}>
      {children}
      <div className="list-toolbar__field list-toolbar__field--grow">
        <label className="list-toolbar__label" htmlFor={inputId}>
          Search text
        </label>
        <input
          id={inputId}
          className="field__input"
          type="search"
          value={text}
          maxLength={100}
          onChange={(event) => onTextChange(event.target.value)}
        />
      </div>
      <button type="submit" className="button list-toolbar__button">
        Search
      </button>
      <IconButton icon={RefreshCw} label="Refresh the list" onClick={onRefresh} />
    </form>
  );
}

/** A filter of a list's toolbar: a labelled select whose choice applies at once (children of SearchToolbar). */
export function ToolbarSelect<V extends string>({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: V;
  options: ReadonlyArray<{ value: V; label: string }>;
  onChange: (value: string) => void;
}) {
  return (
    <div className="list-toolbar__field">
      <label className="list-toolbar__label" htmlFor={id}>
        {label}
      </label>
      <select id={id} className="field__input" value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
