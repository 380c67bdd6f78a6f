/** The header's two layouts (public.css): the menu folded behind the 'Menu' button, or beside the brand. */
export type HeaderLayout = 'collapsed' | 'expanded';

const LAYOUT_CLASS: Record<HeaderLayout, string> = {
  collapsed: 'site-header--collapsed',
  expanded: 'site-header--expanded',
};
const MEASURING_CLASS = 'site-header--measuring';
/** How wide the expanded header needs to be (px); lets its bar grow past the page's content width to hold it. */
const NEEDS_PROPERTY = '--site-header-needs';

/** The layout for a header whose brand, menu in one row and login need `needed` px where `available` px are. */
export const layoutFor = (needed: number, available: number): HeaderLayout =>
  needed <= available ? 'expanded' : 'collapsed';

/**
 * Measures the header and lays it out (docs/design.md §24: the brand and the menu never cover each other). For the
 * measuring the header takes the expanded layout with every part at its natural width in one row (the
 * `site-header--measuring` rules); it is read and put back within this call, so no frame shows it.
 */
export function fitHeader(header: HTMLElement): HeaderLayout {
  const bar = header.querySelector<HTMLElement>('.site-header__bar');
  const brand = header.querySelector<HTMLElement>('.brand');
  const login = header.querySelector<HTMLElement>('.login-link');
  if (!bar || !brand || !login) return 'collapsed';
  header.classList.remove(LAYOUT_CLASS.collapsed, LAYOUT_CLASS.expanded);
  header.classList.add(MEASURING_CLASS);
  const available = bar.clientWidth;
  const needed = Math.ceil(login.getBoundingClientRect().right - brand.getBoundingClientRect().left);
  header.classList.remove(MEASURING_CLASS);
  const layout = layoutFor(needed, available);
  // Only the expanded header widens; folded, it keeps to the page's content width like the rest of the page.
  if (layout === 'expanded') header.style.setProperty(NEEDS_PROPERTY, `${needed}px`);
  else header.style.removeProperty(NEEDS_PROPERTY);
  header.classList.add(LAYOUT_CLASS[layout]);
  return layout;
}

/**
 * Lays the header out now and again whenever its width changes (a window resized, a phone turned), telling
 * `onLayout` each time. Without ResizeObserver (browsers before 2020) the CSS keeps its width-based guess.
 */
export function watchHeaderLayout(header: HTMLElement, onLayout: (layout: HeaderLayout) => void): void {
  if (typeof ResizeObserver !== 'function') return;
  let width = header.clientWidth;
  onLayout(fitHeader(header));
  // Only the width matters: a height change (the folded menu opened) needs no new measuring.
  new ResizeObserver(() => {
    if (header.clientWidth === width) return;
    width = header.clientWidth;
    onLayout(fitHeader(header));
  }).observe(header);
}
