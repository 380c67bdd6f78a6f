import { useEffect, useRef, useState } from 'react';
import type { FocusEvent as ReactFocusEvent, KeyboardEvent as ReactKeyboardEvent, ReactNode } from 'react';
import type { MenuEntry } from '../../../core/schemas/menu';
import { Icon } from './icon';

/** The address a menu link points to, or null when it is no link at all ('' or '#'). */
export function menuHref(link: string | null | undefined): string | null {
  const value = (link ?? '').trim();
  if (value === '' || value === '#') return null;
  if (/^(?:[a-z][a-z0-9+.-]*:|\/|#)/i.test(value)) return value;
  return `/${value.replace(/^\.?\//, '')}`;
}

function samePath(href: string | null, path: string): boolean {
  return href !== null && href.toLowerCase() === path.toLowerCase();
}

function classes(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}

const FOCUSABLE = 'a[href], button:not([disabled])';

/** Visible focusable items of one dropdown level (its own links and buttons, not those of a closed nested list). */
function levelItems(list: Element): HTMLElement[] {
  return Array.from(list.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => el.closest('ul') === list || el.offsetParent !== null,
  );
}

function MenuLink({ label, link, path, className }: { label: string; link: string; path: string; className: string }) {
  const href = menuHref(link);
  if (href === null) return <span className={`${className} menu__link--static`}>{label}</span>;
  return (
    <a className={className} href={href} aria-current={samePath(href, path) ? 'page' : undefined}>
      {label}
    </a>
  );
}


/**
 * The site header: logo and name, the public menu (dropdowns nest one more level) and the login link.
 * Below 992px the menu folds behind a 'Menu' button and the dropdowns stack as accordions. Without
 * JavaScript (`html.no-js`) the CSS shows the menu expanded and the dropdowns on hover and focus.
 * Given `onLogout` (the logged-in app), a 'Log out' button takes the login link's place.
 */
export function Header({
  menu,
  path,
  companyName,
  onLogout,
}: {
  menu: readonly MenuEntry[];
  path: string;
  companyName: string;
  onLogout?: (() => void) | undefined;
}) {
  const [openTop, setOpenTop] = useState<string | null>(null);
  const [openChild, setOpenChild] = useState<string | null>(null);
  const [navOpen, setNavOpen] = useState(false);
  const headerRef = useRef<HTMLElement>(null);
  const navRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const onDocumentClick = (event: MouseEvent) => {
      const target = event.target;
      if (!(target instanceof Node)) return;
      if (navRef.current && !navRef.current.contains(target)) {
        setOpenTop(null);
        setOpenChild(null);
      }
      if (headerRef.current && !headerRef.current.contains(target)) setNavOpen(false);
    };
    document.addEventListener('click', onDocumentClick);
    return () => document.removeEventListener('click', onDocumentClick);
  }, []);

  const focusButton = (listId: string) => {
    navRef.current?.querySelector<HTMLElement>(`[aria-controls="${listId}"]`)?.focus();
  };

  const focusFirstIn = (listId: string) => {
    // The list becomes visible on the next render; wait for it before moving focus in.
    requestAnimationFrame(() => {
      const list = document.getElementById(listId);
      if (list) levelItems(list)[0]?.focus();
    });
  };

  // ArrowDown on a top-level button opens its dropdown and moves into it.
  const onTopButtonKeyDown = (event: ReactKeyboardEvent<HTMLButtonElement>, listId: string) => {
    if (event.key !== 'ArrowDown') return;
    event.preventDefault();
    if (openTop !== listId) setOpenChild(null);
    setOpenTop(listId);
    focusFirstIn(listId);
  };

  const onNavKeyDown = (event: ReactKeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape') {
      if (openChild) {
        setOpenChild(null);
        focusButton(openChild);
      } else if (openTop) {
        setOpenTop(null);
        focusButton(openTop);
      } else if (navOpen) {
        setNavOpen(false);
        toggleRef.current?.focus();
      } else {
        return;
      }
      event.preventDefault();
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const target = event.target as HTMLElement;
    const list = target.closest('.submenu');
    if (!list) return;
    const items = levelItems(list);
    const index = items.indexOf(target);
    if (index === -1) return;
    event.preventDefault();
    const next = event.key === 'ArrowDown' ? index + 1 : index - 1;
    items[(next + items.length) % items.length]?.focus();
  };

  const toggleTop = (listId: string) => {
    setOpenChild(null);
    setOpenTop((open) => (open === listId ? null : listId));
  };

  const toggleChild = (listId: string) => {
    setOpenChild((open) => (open === listId ? null : listId));
  };

  // Closes a dropdown when keyboard focus leaves it (a click elsewhere is handled by the document listener).
  const onItemBlur = (event: ReactFocusEvent<HTMLLIElement>, listId: string, level: 'top' | 'child') => {
    const next = event.relatedTarget;
    if (!(next instanceof Node) || event.currentTarget.contains(next)) return;
    if (level === 'top') {
      setOpenTop((open) => (open === listId ? null : open));
      setOpenChild(null);
    } else {
      setOpenChild((open) => (open === listId ? null : open));
    }
  };

  const items: ReactNode[] = menu.map((entry, i) => {
    const subs = entry.lstsubmenu ?? [];
    const key = `${entry.id}-${i}`;
    if (subs.length === 0) {
      return (
        <li key={key} className="menu__item">
          <MenuLink className="menu__link" label={entry.mainmenulabel} link={entry.mainmenulink} path={path} />
        </li>
      );
    }
    const listId = `nav-sub-${i}`;
    const isOpen = openTop === listId;
    const hasCurrent = subs.some(
      (sub) =>
        samePath(menuHref(sub.submenulink), path) ||
        (sub.lstchildmenu ?? []).some((child) => samePath(menuHref(child.submenulink), path)),
    );
    return (
      <li
        key={key}
        className={classes('menu__item', 'menu__item--has-sub', isOpen && 'is-open')}
        onBlur={(event) => onItemBlur(event, listId, 'top')}
      >
        <button
          type="button"
          className={classes('menu__link', 'menu__button', hasCurrent && 'is-current')}
          aria-expanded={isOpen}
          aria-controls={listId}
          onClick={() => toggleTop(listId)}
          onKeyDown={(event) => onTopButtonKeyDown(event, listId)}
        >
          {entry.mainmenulabel}
          <Icon name="chevron-down" className="menu__chevron" />
        </button>
        <ul className="submenu" id={listId}>
          {subs.map((sub, j) => {
            const children = sub.lstchildmenu ?? [];
            const subKey = `${sub.id}-${j}`;
            if (children.length === 0) {
              return (
                <li key={subKey} className="submenu__item">
                  <MenuLink className="submenu__link" label={sub.submenulabel} link={sub.submenulink} path={path} />
                </li>
              );
            }
            const childListId = `${listId}-${j}`;
            const childOpen = openChild === childListId;
            const childCurrent = children.some((child) => samePath(menuHref(child.submenulink), path));
            return (
              <li
                key={subKey}
                className={classes('submenu__item', 'submenu__item--has-sub', childOpen && 'is-open')}
                onBlur={(event) => onItemBlur(event, childListId, 'child')}
              >
                <button
                  type="button"
                  className={classes('submenu__link', 'menu__button', childCurrent && 'is-current')}
                  aria-expanded={childOpen}
                  aria-controls={childListId}
                  onClick={() => toggleChild(childListId)}
                >
                  {sub.submenulabel}
                  <Icon name="chevron-down" className="menu__chevron" />
                </button>
                <ul className="submenu submenu--nested" id={childListId}>
                  {children.map((child, k) => (
                    <li key={`${child.id}-${k}`} className="submenu__item">
                      <MenuLink
                        className="submenu__link"
                        label={child.submenulabel}
                        link={child.submenulink}
                        path={path}
                      />
                    </li>
                  ))}
                </ul>
              </li>
            );
          })}
        </ul>
      </li>
    );
  });

  return (
    <header className="site-header" ref={headerRef}>
      <div className="container site-header__bar">
        <a className="brand" href="/Home1">
          <img className="brand__logo" src="/images/logo.svg" width={40} height={40} alt="" />
          <span className="brand__name">{companyName}</span>
        </a>
        <button
          ref={toggleRef}
          type="button"
          className="nav-toggle"
          aria-expanded={navOpen}
          aria-controls="site-nav"
          onClick={() => setNavOpen((open) => !open)}
        >
          <Icon name="menu" />
          <span className="nav-toggle__label">Menu</span>
        </button>
        <nav
          id="site-nav"
          ref={navRef}
          className={classes('site-nav', navOpen && 'is-open')}
          aria-label="Main"
          onKeyDown={onNavKeyDown}
        >
          <ul className="menu">{items}</ul>
        </nav>
        {onLogout ? (
          <button type="button" className="login-link" aria-label="Log out" onClick={onLogout}>
            <Icon name="logout" />
          </button>
        ) : (
          <a className="login-link" href="/login" aria-label="Log in">
            <Icon name="login" />
          </a>
        )}
      </div>
    </header>
  );
}
