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
        <input id={inputId} className="field__input" type="search" value={text} maxLength={100} onChange={(event) => onTextChange(event.target.value)} />
      </div>
      <button type="submit" className="button list-toolbar__button">
        Search
      </button>
      <IconButton icon={RefreshCw} label="Refresh the list" onClick={onRefresh} />
    </form>
  );
}
