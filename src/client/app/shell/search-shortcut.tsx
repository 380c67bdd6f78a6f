import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { isSearchChord, type CloseReason } from './search-keys';

/**
 * The staff app's search shortcuts and the state of its dialog (docs/design.md §23): Ctrl+K (⌘K on a Mac) anywhere, or /
 * outside a text field, opens the dialog of search-dialog.tsx, whose code is loaded apart from every screen's first
 * load (docs/design.md §10: an editor's first screen stays within its budget).
 */

const loadSearchDialog = () => import('./search-dialog');
const SearchDialog = lazy(loadSearchDialog);

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

  // The dialog's code arrives once the shell is idle (it is not on any screen's first load), long before a person
  // asks for it; a shortcut pressed sooner shows it the moment its chunk is in.
  useEffect(() => {
    if (!enabled) return;
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1));
    idle(() => void loadSearchDialog());
  }, [enabled]);

  return {
    openSearch,
    searchDialog: shown ? (
      <Suspense fallback={null}>
        <SearchDialog onClose={close} />
      </Suspense>
    ) : null,
  };
}
