// @vitest-environment jsdom
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeEach, describe, expect, it } from 'vitest';
import type { MenuEntry } from '../../../core/schemas/menu';
import { Header } from '../components/header';
import { enhance } from './header';

const MENU: MenuEntry[] = [
  { id: 1, mainmenulabel: 'Home', mainmenulink: 'Home1', lstsubmenu: [] },
  {
    id: 2,
    mainmenulabel: 'Services',
    mainmenulink: '#',
    lstsubmenu: [
      { id: 3, submenulabel: 'Bespoke', submenulink: 'Bespoke1', lstchildmenu: [] },
      { id: 4, submenulabel: 'Expertise', submenulink: 'Expertise1', lstchildmenu: [] },
    ],
  },
  {
    id: 5,
    mainmenulabel: 'Products',
    mainmenulink: '#',
    lstsubmenu: [
      {
        id: 6,
        submenulabel: 'Relationware CRM',
        submenulink: '#',
        lstchildmenu: [
          { id: 7, submenulabel: 'Manufacturing', submenulink: 'RelationwareCRM-Manufacturing1' },
          { id: 8, submenulabel: 'Pharma', submenulink: 'RelationwareCRM-Pharma1' },
        ],
      },
      { id: 9, submenulabel: 'InnovoCare', submenulink: 'InnovoCare1', lstchildmenu: [] },
    ],
  },
];

const byText = (text: string) =>
  [...document.querySelectorAll<HTMLElement>('a, button')].find((el) => el.textContent?.trim() === text)!;
const services = () => byText('Services');
const products = () => byText('Products');
const crm = () => byText('Relationware CRM');
const toggle = () => document.querySelector<HTMLButtonElement>('.nav-toggle')!;
const nav = () => document.getElementById('site-nav')!;
const expanded = (button: HTMLElement) =>
  button.getAttribute('aria-expanded') === 'true' && button.parentElement!.classList.contains('is-open');
const key = (target: HTMLElement, name: string) => {
  const event = new KeyboardEvent('keydown', { key: name, bubbles: true, cancelable: true });
  target.dispatchEvent(event);
  return event.defaultPrevented;
};

beforeEach(() => {
  document.body.innerHTML = `${renderToStaticMarkup(createElement(Header, { menu: MENU, path: '/Home1', companyName: 'Innovo', logo: '' }))}<main><p id="outside">Text</p></main>`;
  enhance(document.querySelector('header')!);
});

describe('the header island', () => {
  it('opens a dropdown by click, one at a time, and closes it on a second click', () => {
    services().click();
    expect(expanded(services())).toBe(true);
    products().click();
    expect(expanded(products())).toBe(true);
    expect(expanded(services())).toBe(false);
    expect(services().getAttribute('aria-expanded')).toBe('false');
    products().click();
    expect(expanded(products())).toBe(false);
  });

  it('opens the nested list inside a dropdown; closing the dropdown closes it too', () => {
    products().click();
    crm().click();
    expect(expanded(crm())).toBe(true);
    products().click();
    expect(expanded(crm())).toBe(false);
  });

  it('closes the dropdowns on a click outside the menu', () => {
    services().click();
    document.getElementById('outside')!.click();
    expect(expanded(services())).toBe(false);
  });

  it('folds and unfolds the menu with the phone toggle; a click outside the header folds it', () => {
    toggle().click();
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    expect(nav().classList.contains('is-open')).toBe(true);
    // A click on the toggle is outside the menu: open dropdowns close, the menu stays unfolded.
    services().click();
    toggle().click();
    expect(nav().classList.contains('is-open')).toBe(false);
    expect(expanded(services())).toBe(false);
    toggle().click();
    document.getElementById('outside')!.click();
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    expect(nav().classList.contains('is-open')).toBe(false);
  });

  it('ArrowDown opens a dropdown and moves into it; the arrows go round its own level only', () => {
    services().focus();
    expect(key(services(), 'ArrowDown')).toBe(true);
    expect(expanded(services())).toBe(true);
    expect(document.activeElement).toBe(byText('Bespoke'));
    key(byText('Bespoke'), 'ArrowDown');
    expect(document.activeElement).toBe(byText('Expertise'));
    key(byText('Expertise'), 'ArrowDown');
    expect(document.activeElement).toBe(byText('Bespoke'));
    key(byText('Bespoke'), 'ArrowUp');
    expect(document.activeElement).toBe(byText('Expertise'));
    // In Products the items of the closed nested list are skipped.
    products().focus();
    key(products(), 'ArrowDown');
    expect(document.activeElement).toBe(crm());
    key(crm(), 'ArrowDown');
    expect(document.activeElement).toBe(byText('InnovoCare'));
  });

  it('Escape closes the innermost open list and gives focus back to its button, then folds the menu', () => {
    toggle().click();
    products().click();
    crm().click();
    byText('Pharma').focus();
    expect(key(byText('Pharma'), 'Escape')).toBe(true);
    expect(expanded(crm())).toBe(false);
    expect(expanded(products())).toBe(true);
    expect(document.activeElement).toBe(crm());
    key(crm(), 'Escape');
    expect(expanded(products())).toBe(false);
    expect(document.activeElement).toBe(products());
    key(products(), 'Escape');
    expect(nav().classList.contains('is-open')).toBe(false);
    expect(document.activeElement).toBe(toggle());
    // Nothing left open: the key is not the menu's.
    expect(key(byText('Home'), 'Escape')).toBe(false);
  });

  it('closes a dropdown when keyboard focus leaves it, not when it moves inside it', () => {
    products().click();
    crm().click();
    const leave = (from: HTMLElement, to: HTMLElement | null) =>
      from.dispatchEvent(new FocusEvent('focusout', { bubbles: true, relatedTarget: to }));
    leave(byText('Manufacturing'), byText('Pharma'));
    expect(expanded(crm())).toBe(true);
    leave(byText('Pharma'), byText('InnovoCare'));
    expect(expanded(crm())).toBe(false);
    expect(expanded(products())).toBe(true);
    // Focus going nowhere (a click on the page) is the document click's business.
    leave(byText('InnovoCare'), null);
    expect(expanded(products())).toBe(true);
    leave(byText('InnovoCare'), byText('Home'));
    expect(expanded(products())).toBe(false);
  });
});
