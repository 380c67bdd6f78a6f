/**
 * What the header menu has open: at most one dropdown of the top level, one nested dropdown inside it, and on
 * phones the folded menu itself. Dropdowns are named by the id of their list (`aria-controls` of their button).
 * Every move is a function from state to state, so the rules are tested without a page.
 */
export interface MenuState {
  openTop: string | null;
  openChild: string | null;
  navOpen: boolean;
}

export const CLOSED_MENU: MenuState = { openTop: null, openChild: null, navOpen: false };

/** A click on a top-level button: opens its dropdown (closing any other and any nested one), or closes it. */
export const toggleTop = (state: MenuState, list: string): MenuState => ({
  ...state,
  openTop: state.openTop === list ? null : list,
  openChild: null,
});

/** A click on a nested button: opens or closes its list inside the open dropdown. */
export const toggleChild = (state: MenuState, list: string): MenuState => ({
  ...state,
  openChild: state.openChild === list ? null : list,
});

/** ArrowDown on a top-level button opens its dropdown (keeping a nested list open if it was already open). */
export const openTopByKey = (state: MenuState, list: string): MenuState => ({
  ...state,
  openTop: list,
  openChild: state.openTop === list ? state.openChild : null,
});

/** The 'Menu' button on phones. */
export const toggleNav = (state: MenuState): MenuState => ({ ...state, navOpen: !state.navOpen });

/** The menu came out beside the brand (the window grew): the 'Menu' button is gone, so the menu is no longer unfolded. */
export const layoutExpanded = (state: MenuState): MenuState => ({ ...state, navOpen: false });

/** A click anywhere: outside the menu closes its dropdowns, outside the header folds the menu too. */
export const clickAt = (state: MenuState, where: { inNav: boolean; inHeader: boolean }): MenuState => ({
  openTop: where.inNav ? state.openTop : null,
  openChild: where.inNav ? state.openChild : null,
  navOpen: where.inHeader ? state.navOpen : false,
});

/**
 * Keyboard focus left the item holding a dropdown (for another element outside it): that dropdown closes; leaving
 * a top-level item closes any nested list as well.
 */
export function focusLeft(state: MenuState, list: string, level: 'top' | 'child'): MenuState {
  if (level === 'top') return { ...state, openTop: state.openTop === list ? null : state.openTop, openChild: null };
  return { ...state, openChild: state.openChild === list ? null : state.openChild };
}

/**
 * Escape closes the innermost open thing and says where focus goes back to: the button of the closed dropdown,
 * or the 'Menu' button ('toggle'). `focus` null: nothing was open, the key is not the menu's.
 */
export function escape(state: MenuState): { state: MenuState; focus: string | null } {
  if (state.openChild) return { state: { ...state, openChild: null }, focus: state.openChild };
  if (state.openTop) return { state: { ...state, openTop: null }, focus: state.openTop };
  if (state.navOpen) return { state: { ...state, navOpen: false }, focus: 'toggle' };
  return { state, focus: null };
}
