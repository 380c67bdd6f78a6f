import { watchHeaderLayout } from './header-layout';
import {
  CLOSED_MENU,
  clickAt,
  escape,
  focusLeft,
  layoutExpanded,
  openTopByKey,
  toggleChild,
  toggleNav,
  toggleTop,
  type MenuState,
} from './menu-state';

const FOCUSABLE = 'a[href], button:not([disabled])';
const ITEM_WITH_LIST = '.menu__item--has-sub, .submenu__item--has-sub';

/** Visible focusable items of one dropdown level (its own links and buttons, not those of a closed nested list). */
function levelItems(list: Element): HTMLElement[] {
  return Array.from(list.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => el.closest('ul') === list || el.offsetParent !== null,
  );
}

/** Whether a dropdown's button sits in the top row (else it opens a nested list inside a dropdown). */
const isTopLevel = (button: Element) => button.parentElement?.classList.contains('menu__item--has-sub') ?? false;

/**
 * The header island: the dropdowns of the server-rendered menu (click, keyboard, click outside, focus leaving),
 * the layout (the menu beside the brand where it fits, else folded: `header-layout.ts`) and the 'Menu' button
 * that unfolds the folded menu. Open dropdowns show as `is-open` on their item and aria-expanded on their
 * button; the CSS does the rest.
 */
export function enhance(header: HTMLElement): void {
  const nav = header.querySelector<HTMLElement>('#site-nav');
  const toggle = header.querySelector<HTMLButtonElement>('.nav-toggle');
  if (!nav || !toggle) return;
  const buttons = Array.from(nav.querySelectorAll<HTMLButtonElement>('button[aria-controls]'));
  const buttonOf = (list: string) => buttons.find((button) => button.getAttribute('aria-controls') === list);
  let state: MenuState = CLOSED_MENU;

  const show = (next: MenuState) => {
    state = next;
    for (const button of buttons) {
      const list = button.getAttribute('aria-controls');
      const open = list === (isTopLevel(button) ? state.openTop : state.openChild);
      button.setAttribute('aria-expanded', String(open));
      button.parentElement?.classList.toggle('is-open', open);
    }
    nav.classList.toggle('is-open', state.navOpen);
    toggle.setAttribute('aria-expanded', String(state.navOpen));
  };

  toggle.addEventListener('click', () => show(toggleNav(state)));
  watchHeaderLayout(header, (layout) => {
    if (layout === 'expanded' && state.navOpen) show(layoutExpanded(state));
  });

  nav.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest('button[aria-controls]') : null;
    const list = button?.getAttribute('aria-controls');
    if (!button || !list) return;
    show(isTopLevel(button) ? toggleTop(state, list) : toggleChild(state, list));
  });

  document.addEventListener('click', (event) => {
    if (!(event.target instanceof Node)) return;
    show(clickAt(state, { inNav: nav.contains(event.target), inHeader: header.contains(event.target) }));
  });

  // Closes a dropdown when keyboard focus leaves its item (a click elsewhere is the document listener's).
  nav.addEventListener('focusout', (event) => {
    const next = event.relatedTarget;
    if (!(next instanceof Node) || !(event.target instanceof Element)) return;
    // Innermost item first, as the focus leaves a nested list before it leaves the dropdown holding it.
    for (
      let item = event.target.closest(ITEM_WITH_LIST);
      item && nav.contains(item);
      item = item.parentElement?.closest(ITEM_WITH_LIST) ?? null
    ) {
      const button = item.querySelector(':scope > button[aria-controls]');
      const list = button?.getAttribute('aria-controls');
      if (!button || !list || item.contains(next)) continue;
      show(focusLeft(state, list, isTopLevel(button) ? 'top' : 'child'));
    }
  });

  nav.addEventListener('keydown', (event) => {
    const target = event.target instanceof HTMLElement ? event.target : null;
    if (!target) return;
    if (event.key === 'Escape') {
      const closed = escape(state);
      if (closed.focus === null) return;
      event.preventDefault();
      show(closed.state);
      (closed.focus === 'toggle' ? toggle : buttonOf(closed.focus))?.focus();
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const list = target.getAttribute('aria-controls');
    // ArrowDown on a top-level button opens its dropdown and moves into it.
    if (event.key === 'ArrowDown' && list && target.matches('button') && isTopLevel(target)) {
      event.preventDefault();
      show(openTopByKey(state, list));
      const opened = document.getElementById(list);
      if (opened) levelItems(opened)[0]?.focus();
      return;
    }
    // Up and down move within the open dropdown's own level, round at the ends.
    const level = target.closest('.submenu');
    if (!level) return;
    const items = levelItems(level);
    const index = items.indexOf(target);
    if (index === -1) return;
    event.preventDefault();
    const next = event.key === 'ArrowDown' ? index + 1 : index - 1;
    items[(next + items.length) % items.length]?.focus();
  });
}
