import { useEffect, useId, useRef, useState } from 'react';
import type {
  KeyboardEvent as ReactKeyboardEvent,
  MouseEvent as ReactMouseEvent,
  PointerEvent as ReactPointerEvent,
  RefObject,
  SyntheticEvent,
} from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { CornerDownLeft, FileText, ImageIcon, Inbox, ListTree, Search, UserRound, UsersRound, X } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { SEARCH_TEXT_MAX } from '../../../core/schemas/paging';
import { SearchAnswerSchema, type SearchItem, type SearchKind } from '../../../core/schemas/search';
import { api, errorMessage } from '../lib/api';
import '../../styles/search.css';
import { isSearchChord, type CloseReason } from './search-keys';
import * as searchApi from '../../../core/api/search';

/**
 * Search in the staff app's top bar (docs/design.md §23): Ctrl+K (⌘K on a Mac) anywhere, or / outside a text field,
 * opens a modal dialog whose input is a WAI-ARIA combobox over a listbox of what the caller may open (pages,
 * users, groups, enquiries, master values, images). Choosing a result moves to its staff screen.
 */

export const SEARCH_HINT = 'Pages, users, groups, enquiries, master values and images you can open.';

/** Each kind of result in the product's words, as the result shows it. */
export const SEARCH_KIND_WORDS: Record<SearchKind, string> = {
  page: 'Page',
  user: 'User',
  group: 'Group',
  enquiry: 'Enquiry',
  master: 'Master value',
  image: 'Image',
};

const KIND_ICONS: Record<SearchKind, LucideIcon> = {
  page: FileText,
  user: UserRound,
  group: UsersRound,
  enquiry: Inbox,
  master: ListTree,
  image: ImageIcon,
};

/** How long typing must pause before the text is searched. */
export const SEARCH_DEBOUNCE_MS = 150;

export const searchKeys = {
  all: ['search'] as const,
  text: (q: string) => ['search', q] as const,
};

/** The text as the server uses it (trimmed, cut to its maximum), so one query key stands for one answer. */
const searchText = (text: string) => text.trim().slice(0, SEARCH_TEXT_MAX);

export function fetchSearch(q: string) {
  return api(searchApi.search, { body: { q } }).then((data) => ({ q, items: SearchAnswerSchema.parse(data).items }));
}

/** Results for `q` ('' asks nothing); while the next text is asked, the results shown stay. */
function useSearchResults(q: string) {
  return useQuery({
    queryKey: searchKeys.text(q),
    queryFn: () => fetchSearch(q),
    enabled: q !== '',
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** `value`, once it has stayed the same for `delay` ms; an empty value at once (nothing to wait for). */
function useSettledValue(value: string, delay: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (value === '') {
      setSettled('');
      return;
    }
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return value === '' ? '' : settled;
}

/** A staff-app path (the server writes them; anything else is not followed). */
const isAppHref = (href: string) => href.startsWith('/') && !href.startsWith('//');

/** "3 results", "1 result". */
const resultCount = (count: number) => `${count} ${count === 1 ? 'result' : 'results'}`;

/** The search of `q` as the dialog shows it: whether it waits for an answer, whether it failed, and the answer. */
function useSearchAnswer(q: string) {
  const asked = useSettledValue(q, SEARCH_DEBOUNCE_MS);
  const results = useSearchResults(asked);
  const waiting = q !== '' && (q !== asked || results.isPending || results.isPlaceholderData);
  const failed = q !== '' && !waiting && results.isError;
  const answer = q === '' || failed ? undefined : results.data;
  return { waiting, failed, error: results.error, answer };
}

/**
 * The active result, kept in sight in the list: the first after any typing or any new answer (a new `key`), then
 * where the arrows or the pointer put it; -1 while there are no results.
 */
function useActiveResult(key: string, count: number, answer: unknown) {
  const listRef = useRef<HTMLUListElement>(null);
  const [cursor, setCursor] = useState({ key: '', index: 0 });
  const active = count === 0 ? -1 : cursor.key === key ? Math.min(cursor.index, count - 1) : 0;
  const activate = (index: number) => setCursor({ key, index });

  // The active result stays in sight (a new answer starts again at the top).
  useEffect(() => {
    if (active < 0) return;
    const option = listRef.current?.children[active];
    // jsdom has no scrollIntoView.
    if (option instanceof HTMLElement && typeof option.scrollIntoView === 'function')
      option.scrollIntoView({ block: 'nearest' });
  }, [active, answer]);

  return { listRef, active, activate };
}

/**
 * A click on the backdrop (the dialog itself, around its panel) calls `onBackdropClick`; a text selection dragged
 * out of the input and let go there does not.
 */
function useBackdropClick(onBackdropClick: () => void) {
  const pressedOnBackdrop = useRef(false);
  const onPointerDown = (event: ReactPointerEvent<HTMLDialogElement>) => {
    pressedOnBackdrop.current = event.target === event.currentTarget;
  };
  const onClick = (event: ReactMouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget && pressedOnBackdrop.current) onBackdropClick();
    pressedOnBackdrop.current = false;
  };
  return { onPointerDown, onClick };
}

/**
 * The search dialog: a native `<dialog>` opened with showModal (the browser keeps the focus inside and the page
 * behind inert), the input a combobox whose listbox holds the results. The focus stays in the input; the
 * active result is `aria-activedescendant`. It is open while it is mounted.
 */
export default function SearchDialog({ onClose }: { onClose: (reason: CloseReason) => void }) {
  const navigate = useNavigate();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const inputId = useId();
  const hintId = useId();
  const listId = useId();
  const optionId = (index: number) => `${listId}-option-${index}`;

  const [text, setText] = useState('');
  const q = searchText(text);
  const { waiting, failed, error, answer } = useSearchAnswer(q);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    inputRef.current?.focus();
  }, []);

  const items = answer?.items ?? [];
  const expanded = items.length > 0;
  const { listRef, active, activate } = useActiveResult(`${text}\n${answer?.q ?? ''}`, items.length, answer);

  const openItem = (item: SearchItem) => {
    if (!isAppHref(item.href)) return;
    onClose('open');
    navigate(item.href);
  };

  const dismiss = (event?: SyntheticEvent) => {
    event?.preventDefault();
    onClose('dismiss');
  };
  const backdrop = useBackdropClick(() => dismiss());

  const onDialogKeyDown = (event: ReactKeyboardEvent<HTMLDialogElement>) => {
    // The browser cancels on Escape too; answering here keeps one path (and works where it does not).
    if (event.key === 'Escape') dismiss(event);
    else if (isSearchChord(event)) {
      event.preventDefault();
      inputRef.current?.focus();
      inputRef.current?.select();
    }
  };

  const onInputKeyDown = (event: ReactKeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing || event.altKey || event.ctrlKey || event.metaKey) return;
    if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && expanded) {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      activate((active + step + items.length) % items.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const item = items[active];
      if (item) openItem(item);
    }
  };

  return (
    <dialog
      ref={dialogRef}
      className="search-dialog"
      aria-labelledby={titleId}
      onKeyDown={onDialogKeyDown}
      onCancel={dismiss}
      onPointerDown={backdrop.onPointerDown}
      onClick={backdrop.onClick}
    >
      <div className="search-dialog__panel">
        <h2 className="visually-hidden" id={titleId}>
          Search
        </h2>
        <div className="search-dialog__bar">
          <Search className="search-dialog__icon" aria-hidden="true" size={20} />
          <label className="visually-hidden" htmlFor={inputId}>
            Search text
          </label>
          <input
            ref={inputRef}
            id={inputId}
            className="search-dialog__input"
            type="text"
            inputMode="search"
            enterKeyHint="go"
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            placeholder="Search…"
            role="combobox"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={active >= 0 ? optionId(active) : undefined}
            aria-describedby={hintId}
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={onInputKeyDown}
          />
          <button type="button" className="search-dialog__close" onClick={() => dismiss()}>
            <X aria-hidden="true" size={16} />
            <span className="visually-hidden">Close</span>
          </button>
        </div>

        <div className="search-dialog__body">
          <p className="search-dialog__hint" id={hintId} hidden={q !== ''}>
            {SEARCH_HINT}
          </p>
          <SearchResults
            listRef={listRef}
            listId={listId}
            optionId={optionId}
            waiting={waiting}
            failure={failed ? errorMessage(error) : null}
            answer={answer}
            items={items}
            active={active}
            onActivate={activate}
            onOpen={openItem}
          />
        </div>

        <SearchKeys />
      </div>
    </dialog>
  );
}

/**
 * What the dialog says of the search under the hint: the error, the status line read out as it changes ("Searching…",
 * "3 results"), and the listbox of results, each an option the pointer activates and a click opens.
 */
function SearchResults({
  listRef,
  listId,
  optionId,
  waiting,
  failure,
  answer,
  items,
  active,
  onActivate,
  onOpen,
}: {
  listRef: RefObject<HTMLUListElement | null>;
  listId: string;
  optionId: (index: number) => string;
  waiting: boolean;
  /** The message of a search that failed, or null. */
  failure: string | null;
  answer: { q: string } | undefined;
  items: SearchItem[];
  active: number;
  onActivate: (index: number) => void;
  onOpen: (item: SearchItem) => void;
}) {
  const expanded = items.length > 0;
  let status = '';
  if (waiting) status = 'Searching…';
  else if (answer) status = items.length > 0 ? resultCount(items.length) : `Nothing found for ‘${answer.q}’.`;

  return (
    <>
      {failure !== null ? (
        <p className="search-dialog__error" role="alert">
          {failure}
        </p>
      ) : null}
      <p
        className={expanded || waiting ? 'search-dialog__status' : 'search-dialog__status search-dialog__status--alone'}
        role="status"
        aria-live="polite"
      >
        {status}
      </p>
      <ul
        ref={listRef}
        className={waiting ? 'search-dialog__list is-stale' : 'search-dialog__list'}
        id={listId}
        role="listbox"
        aria-label="Results"
        hidden={!expanded}
      >
        {items.map((item, index) => {
          const Icon = KIND_ICONS[item.kind];
          return (
            <li
              key={`${index} ${item.href}`}
              id={optionId(index)}
              className="search-option"
              role="option"
              aria-selected={index === active}
              // The focus stays in the input: a click chooses without taking it.
              onMouseDown={(event) => event.preventDefault()}
              onMouseMove={() => index !== active && onActivate(index)}
              onClick={() => onOpen(item)}
            >
              <span className={`search-option__kind search-option__kind--${item.kind}`}>
                <Icon aria-hidden="true" size={14} />
                {SEARCH_KIND_WORDS[item.kind]}
              </span>
              <span className="visually-hidden">: </span>
              <span className="search-option__label">{item.label}</span>
              <CornerDownLeft className="search-option__enter" aria-hidden="true" size={16} />
            </li>
          );
        })}
      </ul>
    </>
  );
}

/** The keys the dialog answers to, for sighted keyboard users (the combobox's own roles tell assistive technology). */
function SearchKeys() {
  return (
    <p className="search-dialog__keys" aria-hidden="true">
      <span>
        <kbd>↑</kbd> <kbd>↓</kbd> to move
      </span>
      <span>
        <kbd>Enter</kbd> to open
      </span>
      <span>
        <kbd>Esc</kbd> to close
      </span>
    </p>
  );
}
