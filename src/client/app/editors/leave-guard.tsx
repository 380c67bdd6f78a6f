import { useCallback, useContext, useEffect, useRef } from 'react';
import { UNSAFE_DataRouterContext, useBlocker } from 'react-router';
import type { BlockerFunction } from 'react-router';
import { useConfirm } from '../components/confirm-dialog';

export const LEAVE_QUESTION =
  'Your changes are not saved yet. If you leave, they stay in this browser only and are offered again when you come back to this editor.';

/** How many editors on screen hold unsaved edits, and whether the user already agreed to leave (Log out). */
const unsaved = { editors: 0, leaving: false };

/** Whether an editor on screen holds unsaved edits (Log out asks first, then leaves without the browser's question). */
export const hasUnsavedEdits = () => unsaved.editors > 0;
/** The user agreed to leave: the tab's question is not asked again. */
export const agreeToLeave = () => {
  unsaved.leaving = true;
};

/** While `active`, closing or reloading the tab makes the browser ask first (its own words; a page cannot set them). */
export function useBeforeUnloadGuard(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    unsaved.editors += 1;
    const ask = (event: BeforeUnloadEvent) => {
      if (unsaved.leaving) return;
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => {
      unsaved.editors -= 1;
      window.removeEventListener('beforeunload', ask);
    };
  }, [active]);
}

/** The language an editor's address names (`?locale=de`, docs/design.md §28): another one is another editor. */
const localeOf = (search: string) => new URLSearchParams(search).get('locale');

/** Moving to another screen of the app (or to the page in another language) while `active` asks first, with the app's one dialog hook. */
function RouterLeaveGuard({ active, question }: { active: boolean; question: string }) {
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      active &&
      (currentLocation.pathname !== nextLocation.pathname ||
        localeOf(currentLocation.search) !== localeOf(nextLocation.search)),
    [active],
  );
  const blocker = useBlocker(shouldBlock);
  const latest = useRef(blocker);
  latest.current = blocker;
  const { confirm, dialog } = useConfirm();
  const blocked = blocker.state === 'blocked';

  useEffect(() => {
    if (!blocked) return;
    // Saved or discarded while the question was open: nothing is left to lose.
    if (!active) {
      latest.current.proceed?.();
      return;
    }
    let asking = true;
    void confirm(question, {
      title: 'Leave without saving?',
      confirmLabel: 'Leave',
      cancelLabel: 'Stay',
      danger: true,
    }).then((leave) => {
      const now = latest.current;
      if (!asking || now.state !== 'blocked') return;
      if (leave) now.proceed();
      else now.reset();
    });
    return () => {
      asking = false;
    };
  }, [blocked, active, confirm, question]);

  return blocked && active ? dialog : null;
}

/**
 * Leaving an editor with unsaved changes asks first (docs/design.md §19): another screen of the app (the router's
 * blocker) and closing or reloading the tab (`beforeunload`). Nothing is asked while nothing is unsaved.
 * The blocker needs a data router (the app's createBrowserRouter); under another router (a component test's
 * MemoryRouter) only the tab is guarded. `question` says what leaving loses (an editor's default: its changes are
 * kept in this browser; a settings screen, such as Languages, keeps none).
 */
export function LeaveGuard({ active, question = LEAVE_QUESTION }: { active: boolean; question?: string }) {
  useBeforeUnloadGuard(active);
  const dataRouter = useContext(UNSAFE_DataRouterContext);
  return dataRouter ? <RouterLeaveGuard active={active} question={question} /> : null;
}
