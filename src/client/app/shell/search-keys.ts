import type { KeyboardEvent as ReactKeyboardEvent } from 'react';

/** What the search shortcuts (search-shortcut.tsx) and the dialog (search-dialog.tsx) both know. */

/** Ctrl+K or ⌘K (not with Alt: AltGr+K types a character on some keyboards). */
export const isSearchChord = (event: KeyboardEvent | ReactKeyboardEvent) =>
  event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey;

/** How the dialog closed: dismissed (Escape, Close, the backdrop) or by opening a result. */
export type CloseReason = 'dismiss' | 'open';
