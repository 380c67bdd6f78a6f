import { describe, expect, it } from 'vitest';
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

const state = (changes: Partial<MenuState>): MenuState => ({ ...CLOSED_MENU, ...changes });

describe('the header menu state', () => {
  it('opens one dropdown at a time; opening another or closing it closes its nested list', () => {
    expect(toggleTop(CLOSED_MENU, 'a')).toEqual(state({ openTop: 'a' }));
    expect(toggleTop(state({ openTop: 'a', openChild: 'a-1' }), 'b')).toEqual(state({ openTop: 'b' }));
    expect(toggleTop(state({ openTop: 'a', openChild: 'a-1' }), 'a')).toEqual(CLOSED_MENU);
  });

  it('opens and closes a nested list inside the open dropdown', () => {
    expect(toggleChild(state({ openTop: 'a' }), 'a-1')).toEqual(state({ openTop: 'a', openChild: 'a-1' }));
    expect(toggleChild(state({ openTop: 'a', openChild: 'a-1' }), 'a-2')).toEqual(
      state({ openTop: 'a', openChild: 'a-2' }),
    );
    expect(toggleChild(state({ openTop: 'a', openChild: 'a-1' }), 'a-1')).toEqual(state({ openTop: 'a' }));
  });

  it('ArrowDown opens a dropdown and keeps its nested list only when it was open already', () => {
    expect(openTopByKey(CLOSED_MENU, 'a')).toEqual(state({ openTop: 'a' }));
    expect(openTopByKey(state({ openTop: 'a', openChild: 'a-1' }), 'a')).toEqual(
      state({ openTop: 'a', openChild: 'a-1' }),
    );
    expect(openTopByKey(state({ openTop: 'b', openChild: 'b-1' }), 'a')).toEqual(state({ openTop: 'a' }));
  });

  it('the phone toggle folds and unfolds the menu, leaving the dropdowns as they are', () => {
    expect(toggleNav(state({ openTop: 'a' }))).toEqual(state({ openTop: 'a', navOpen: true }));
    expect(toggleNav(state({ navOpen: true }))).toEqual(CLOSED_MENU);
  });

  it('the menu coming out beside the brand is no longer unfolded; its open dropdown stays open', () => {
    expect(layoutExpanded(state({ openTop: 'a', navOpen: true }))).toEqual(state({ openTop: 'a' }));
  });

  it('a click outside the menu closes its dropdowns; outside the header, the folded menu too', () => {
    const open = state({ openTop: 'a', openChild: 'a-1', navOpen: true });
    expect(clickAt(open, { inNav: true, inHeader: true })).toEqual(open);
    expect(clickAt(open, { inNav: false, inHeader: true })).toEqual(state({ navOpen: true }));
    expect(clickAt(open, { inNav: false, inHeader: false })).toEqual(CLOSED_MENU);
  });

  it('focus leaving an item closes its own list only; leaving a top item closes any nested list', () => {
    expect(focusLeft(state({ openTop: 'a', openChild: 'a-1' }), 'a-1', 'child')).toEqual(state({ openTop: 'a' }));
    expect(focusLeft(state({ openTop: 'a', openChild: 'a-2' }), 'a-1', 'child')).toEqual(
      state({ openTop: 'a', openChild: 'a-2' }),
    );
    expect(focusLeft(state({ openTop: 'a', openChild: 'a-1' }), 'a', 'top')).toEqual(CLOSED_MENU);
    expect(focusLeft(state({ openTop: 'b' }), 'a', 'top')).toEqual(state({ openTop: 'b' }));
  });

  it('Escape closes the innermost open thing and names where focus goes back', () => {
    const all = state({ openTop: 'a', openChild: 'a-1', navOpen: true });
    const first = escape(all);
    expect(first).toEqual({ state: state({ openTop: 'a', navOpen: true }), focus: 'a-1' });
    const second = escape(first.state);
    expect(second).toEqual({ state: state({ navOpen: true }), focus: 'a' });
    const third = escape(second.state);
    expect(third).toEqual({ state: CLOSED_MENU, focus: 'toggle' });
    expect(escape(CLOSED_MENU)).toEqual({ state: CLOSED_MENU, focus: null });
  });
});
