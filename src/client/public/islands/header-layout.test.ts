// @vitest-environment jsdom
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MenuEntry } from '../../../core/schemas/menu';
import { Header } from '../components/header';
import { enhance } from './header';
import { fitHeader, layoutFor, watchHeaderLayout } from './header-layout';

const MENU: MenuEntry[] = [
  { id: 1, mainmenulabel: 'Home', mainmenulink: 'Home1', lstsubmenu: [] },
  { id: 2, mainmenulabel: 'News', mainmenulink: 'News1', lstsubmenu: [] },
];

/**
 * jsdom lays nothing out: the header's sizes are set here. The brand starts at 16 px and the login ends at
 * `rowEnd` while the header is being measured (its parts in one row); at any other time both read 0, so a
 * layout decided outside the measuring state would show.
 */
let barWidth = 0;
let rowEnd = 0;
let headerWidth = 0;
let observed: ResizeObserverCallback | null = null;

const header = () => document.querySelector<HTMLElement>('header')!;
const measuring = () => header().classList.contains('site-header--measuring');
const layoutClasses = () => [...header().classList].filter((name) => name !== 'site-header');

function rect(left: number, right: number): DOMRect {
  return { left, right, x: left, y: 0, top: 0, bottom: 40, width: right - left, height: 40, toJSON: () => ({}) };
}

beforeEach(() => {
  document.body.innerHTML = renderToStaticMarkup(
    createElement(Header, { menu: MENU, path: '/Home1', companyName: 'Innovo', logo: '' }),
  );
  Object.defineProperty(header(), 'clientWidth', { get: () => headerWidth });
  Object.defineProperty(header().querySelector('.site-header__bar'), 'clientWidth', {
    get: () => (measuring() ? barWidth : 0),
  });
  header().querySelector('.brand')!.getBoundingClientRect = () => (measuring() ? rect(16, 300) : rect(0, 0));
  header().querySelector('.login-link')!.getBoundingClientRect = () =>
    measuring() ? rect(rowEnd - 44, rowEnd) : rect(0, 0);
  observed = null;
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(callback: ResizeObserverCallback) {
        observed = callback;
      }
      observe() {}
      disconnect() {}
      unobserve() {}
    },
  );
});

afterEach(() => vi.unstubAllGlobals());

/** The window changes width: the observer reports the header's new size. */
function resize(width: number) {
  headerWidth = width;
  observed?.([], {} as ResizeObserver);
}

describe('the header layout', () => {
  it('puts the menu beside the brand when brand, menu and login fit the width, else folds it', () => {
    expect(layoutFor(1000, 1000)).toBe('expanded');
    expect(layoutFor(1001, 1000)).toBe('collapsed');
  });

  it('measures the header in its one-row state and leaves it laid out, the expanded bar as wide as it needs', () => {
    barWidth = 1100;
    rowEnd = 1080.2;
    expect(fitHeader(header())).toBe('expanded');
    expect(layoutClasses()).toEqual(['site-header--expanded']);
    expect(header().style.getPropertyValue('--site-header-needs')).toBe('1065px');

    barWidth = 1060;
    expect(fitHeader(header())).toBe('collapsed');
    expect(layoutClasses()).toEqual(['site-header--collapsed']);
    // Folded, it keeps to the page's content width.
    expect(header().style.getPropertyValue('--site-header-needs')).toBe('');
  });

  it('lays the header out at once and again when its width changes, not when only its height does', () => {
    const layouts: string[] = [];
    headerWidth = 1200;
    barWidth = 1168;
    rowEnd = 1000;
    watchHeaderLayout(header(), (layout) => layouts.push(layout));
    expect(layouts).toEqual(['expanded']);
    barWidth = 968;
    resize(1000);
    expect(layouts).toEqual(['expanded', 'collapsed']);
    expect(layoutClasses()).toEqual(['site-header--collapsed']);
    resize(1000);
    expect(layouts).toEqual(['expanded', 'collapsed']);
  });

  it('leaves the CSS its width-based guess in a browser without ResizeObserver', () => {
    vi.stubGlobal('ResizeObserver', undefined);
    const layouts: string[] = [];
    watchHeaderLayout(header(), (layout) => layouts.push(layout));
    expect(layouts).toEqual([]);
    expect(layoutClasses()).toEqual([]);
  });

  it('folds the open phone menu away when the window grows wide enough for the menu beside the brand', () => {
    headerWidth = 360;
    barWidth = 328;
    rowEnd = 1000;
    enhance(header());
    const toggle = header().querySelector<HTMLButtonElement>('.nav-toggle')!;
    toggle.click();
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    barWidth = 1168;
    resize(1200);
    expect(layoutClasses()).toEqual(['site-header--expanded']);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(header().querySelector('#site-nav')!.classList.contains('is-open')).toBe(false);
  });
});
