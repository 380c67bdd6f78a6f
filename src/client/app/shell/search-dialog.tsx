import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import type {
  KeyboardEvent as ReactKeyboardEvent,
  MouseEvent as ReactMouseEvent,
  PointerEvent as ReactPointerEvent,
  ReactNode,
  SyntheticEvent,
} from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { CornerDownLeft, FileText, ImageIcon, Inbox, ListTree, Search, UserRound, UsersRound, X } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { SEARCH_TEXT_MAX } from '../../../core/schemas/paging';
import { SearchAnswerSchema, type SearchItem, type SearchKind } from '../../../core/schemas/search';
import { api, errorMessage } from '../lib/api';
import '../../styles/search.css';
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

const IS_MAC = typeof navigator !== 'undefined' && /Mac|iPhone|iPad|iPod/.test(navigator.userAgent);

/** The shortcut as the Search button shows and names it (⌘K on a Mac, Ctrl K elsewhere). */
export const SEARCH_SHORTCUT = IS_MAC ? { hint: '⌘ K', keys: 'Meta+K /' } : { hint: 'Ctrl K', keys: 'Control+K /' };

/** Whether a key pressed here types text (a text field, a select, the rich-text editor): then / is a character. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target.closest('input, textarea, select')) return true;
  return (
    (target instanceof HTMLElement && target.isContentEditable) ||
    target.closest('[contenteditable]:not([contenteditable="false"])') !== null
  );
}

/** Ctrl+K or ⌘K (not with Alt: AltGr+K types a character on some keyboards). */
const isSearchChord = (event: KeyboardEvent | ReactKeyboardEvent) =>
  event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey;

/** A staff-app path (the server writes them; anything else is not followed). */
const isAppHref = (href: string) => href.startsWith('/') && !href.startsWith('//');

/** How the dialog closed: dismissed (Escape, Close, the backdrop) or by opening a result. */
export type CloseReason = 'dismiss' | 'open';

/**
 * `const { openSearch, searchDialog } = useStaffSearch(enabled)`: listens for the shortcuts while `enabled`
 * (someone is logged in and may use the menu), `openSearch(opener)` opens the dialog, and `searchDialog` goes
 * anywhere in the shell. Closing gives the focus back to what had it when the dialog opened (the Search button,
 * the field the user was in); after opening a result the new screen takes it (the shell moves it to <main>),
 * unless the screen stayed and nothing holds it.
 */
export function useStaffSearch(enabled: boolean): {
  openSearch: (opener?: HTMLElement | null) => void;
  searchDialog: ReactNode;
} {
  const { pathname } = useLocation();
  // The screen the dialog was opened on: a move to another (the browser's Back) closes it for good, and a
  // screen that only rewrites its query string (?page=2) leaves it open.
  const [openAt, setOpenAt] = useState<string | null>(null);
  if (openAt !== null && (!enabled || openAt !== pathname)) setOpenAt(null);
  const opener = useRef<HTMLElement | null>(null);
  const closedBy = useRef<CloseReason>('open');
  const shown = enabled && openAt === pathname;

  const openSearch = useCallback(
    (from?: HTMLElement | null) => {
      const focused = document.activeElement;
      opener.current = from ?? (focused instanceof HTMLElement && focused !== document.body ? focused : null);
      closedBy.current = 'open';
      setOpenAt(pathname);
    },
    [pathname],
  );

  const close = useCallback((reason: CloseReason) => {
    closedBy.current = reason;
    setOpenAt(null);
  }, []);

  // Once the dialog has gone (and the page is no longer inert), the focus goes back.
  const wasShown = useRef(false);
  useEffect(() => {
    if (shown) {
      wasShown.current = true;
      return;
    }
    if (!wasShown.current) return;
    wasShown.current = false;
    const target = opener.current;
    opener.current = null;
    if (!target?.isConnected) return;
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (closedBy.current === 'dismiss' || lost) target.focus();
  }, [shown]);

  // Listening from the moment the Search button shows its shortcut: a layout effect runs before the browser
  // paints and handles input, where a passive effect may run after a key pressed at once is already lost.
  useLayoutEffect(() => {
    if (!enabled || shown) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      // AltGr (Ctrl+Alt on Windows) types / on some keyboards.
      const slash = event.key === '/' && !event.metaKey && (!event.ctrlKey || event.altKey) && !isTyping(event.target);
      if (!slash && !isSearchChord(event)) return;
      // Another modal dialog (a confirmation, a record's detail) keeps the keys.
      if (document.querySelector('dialog[open]')) return;
      event.preventDefault();
      openSearch();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [enabled, shown, openSearch]);

  return { openSearch, searchDialog: shown ? <SearchDialog onClose={close} /> : null };
}

/** "3 results", "1 result". */
const resultCount = (count: number) => `${count} ${count === 1 ? 'result' : 'results'}`;

/**
 * The search dialog: a native `<dialog>` opened with showModal (the browser keeps the focus inside and the page
 * behind inert), the input a combobox whose listbox holds the results. The focus stays in the input; the
 * active result is `aria-activedescendant`. It is open while it is mounted.
 */
export function SearchDialog({ onClose }: { onClose: (reason: CloseReason) => void }) {
  const navigate = useNavigate();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const pressedOnBackdrop = useRef(false);
  const titleId = useId();
  const inputId = useId();
  const hintId = useId();
  const listId = useId();
  const optionId = (index: number) => `${listId}-option-${index}`;

  const [text, setText] = useState('');
  const q = searchText(text);
  const asked = useSettledValue(q, SEARCH_DEBOUNCE_MS);
  const results = useSearchResults(asked);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    inputRef.current?.focus();
  }, []);

  const waiting = q !== '' && (q !== asked || results.isPending || results.isPlaceholderData);
  const failed = q !== '' && !waiting && results.isError;
  const answer = q === '' || failed ? undefined : results.data;
  const items = answer?.items ?? [];
  const expanded = items.length > 0;

  // The active result: the first after any typing or any new answer, then where the arrows put it.
  const cursorKey = `${text}\n${answer?.q ?? ''}`;
  const [cursor, setCursor] = useState({ key: '', index: 0 });
  const active = !expanded ? -1 : cursor.key === cursorKey ? Math.min(cursor.index, items.length - 1) : 0;
  const activate = (index: number) => setCursor({ key: cursorKey, index });

  // The active result stays in sight (a new answer starts again at the top).
  useEffect(() => {
    if (active < 0) return;
    const option = listRef.current?.children[active];
    // jsdom has no scrollIntoView.
    if (option instanceof HTMLElement && typeof option.scrollIntoView === 'function')
      option.scrollIntoView({ block: 'nearest' });
  }, [active, answer]);

  const openItem = (item: SearchItem) => {
    if (!isAppHref(item.href)) return;
    onClose('open');
    navigate(item.href);
  };

  const dismiss = (event?: SyntheticEvent) => {
    event?.preventDefault();
    onClose('dismiss');
  };

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

  // A click on the backdrop (the dialog itself, around its panel) closes it; a text selection dragged out of
  // the input and let go there does not.
  const onPointerDown = (event: ReactPointerEvent<HTMLDialogElement>) => {
    pressedOnBackdrop.current = event.target === event.currentTarget;
  };
  const onDialogClick = (event: ReactMouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget && pressedOnBackdrop.current) dismiss();
    pressedOnBackdrop.current = false;
  };

  let status = '';
  if (waiting) status = 'Searching…';
  else if (answer) status = items.length > 0 ? resultCount(items.length) : `Nothing found for ‘${answer.q}’.`;

  return (
    <dialog
      ref={dialogRef}
      className="search-dialog"
      aria-labelledby={titleId}
      onKeyDown={onDialogKeyDown}
      onCancel={dismiss}
      onPointerDown={onPointerDown}
      onClick={onDialogClick}
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
          {failed ? (
            <p className="search-dialog__error" role="alert">
              {errorMessage(results.error)}
            </p>
          ) : null}
          <p
            className={
              expanded || waiting ? 'search-dialog__status' : 'search-dialog__status search-dialog__status--alone'
            }
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
                  onMouseMove={() => index !== active && activate(index)}
                  onClick={() => openItem(item)}
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
        </div>

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
      </div>
    </dialog>
  );
}
