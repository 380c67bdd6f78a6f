import { useEffect, useMemo, useState } from 'react';
import type { KeyboardEvent as ReactKeyboardEvent } from 'react';
import { Link } from 'react-router';
import { ChevronRight } from 'lucide-react';
import { SCREEN_PAGES } from '../../../core/pages';
import type { MenuEntry } from '../../../core/schemas/menu';
import { menuHref } from '../../public/components/header';
import { useIsAppPath } from '../lib/app-paths';

/** One item of the user's menu tree, whatever its level (main menu, sub menu, child menu). */
interface MenuNode {
  key: string;
  label: string;
  href: string | null;
  children: MenuNode[];
}

/** The spec's three-level menu (MenuEntry → lstsubmenu → lstchildmenu) as one recursive shape. */
function menuNodes(menu: readonly MenuEntry[]): MenuNode[] {
  return menu.map((main, i) => ({
    key: `m${main.id}-${i}`,
    label: main.mainmenulabel,
    href: menuHref(main.mainmenulink),
    children: (main.lstsubmenu ?? []).map((sub, j) => ({
      key: `s${sub.id}-${i}-${j}`,
      label: sub.submenulabel,
      href: menuHref(sub.submenulink),
      children: (sub.lstchildmenu ?? []).map((child, k) => ({
        key: `c${child.id}-${i}-${j}-${k}`,
        label: child.submenulabel,
        href: menuHref(child.submenulink),
        children: [],
      })),
    })),
  }));
}

const samePath = (href: string | null, path: string | null) =>
  href !== null && path !== null && href.toLowerCase() === path.toLowerCase();

/**
 * The menu screen a screen belongs to (pages.ts `within`): the user form lives under Users, the menu tree
 * under User Groups. Its menu item is marked as the current section when one of its inner screens is open.
 */
function sectionPath(path: string): string | null {
  const first = path.split('/')[1]?.toLowerCase() ?? '';
  const screen = SCREEN_PAGES.find((page) => page.routing.toLowerCase() === first);
  return screen?.within ? `/${screen.within}` : null;
}

/** Keys of the groups holding the link to `path`, outermost first (empty when no link matches). */
function groupsHolding(nodes: readonly MenuNode[], path: string | null): string[] {
  for (const node of nodes) {
    if (samePath(node.href, path)) return [];
    const inner = groupsHolding(node.children, path);
    if (inner.length > 0 || node.children.some((child) => samePath(child.href, path))) return [node.key, ...inner];
  }
  return [];
}

function containsPath(node: MenuNode, path: string | null): boolean {
  return node.children.some((child) => samePath(child.href, path) || containsPath(child, path));
}

const ITEM_SELECTOR = '.staff-menu__link, .staff-menu__toggle';

/** The links and group buttons the user can see now (not those inside a closed group). */
function visibleItems(nav: HTMLElement): HTMLElement[] {
  return Array.from(nav.querySelectorAll<HTMLElement>(ITEM_SELECTOR)).filter(
    (item) => item.closest('[hidden]') === null,
  );
}

/**
 * The logged-in user's own menu tree as the staff app's navigation: nested lists of links; a group (an item
 * with items under it) is a disclosure button that shows or hides them. Groups holding the screen shown start
 * open. Tab walks every visible item; the arrow keys also move up and down, Right opens a group, Left closes
 * it or goes to the group an item sits in, Home and End jump to the first and last item.
 */
export function StaffMenu({
  menu,
  path,
  status,
}: {
  menu: readonly MenuEntry[];
  path: string;
  status: 'pending' | 'error' | 'ready';
}) {
  const nodes = useMemo(() => menuNodes(menu), [menu]);
  const isAppPath = useIsAppPath();
  const section = sectionPath(path);
  // A group's state when the user opened or closed it; otherwise it is open when it holds the current screen.
  const [toggled, setToggled] = useState<Record<string, boolean>>({});

  // Arriving at a screen opens the groups on its way, even one the user closed earlier.
  const currentGroups = useMemo(() => {
    const direct = groupsHolding(nodes, path);
    return direct.length > 0 ? direct : groupsHolding(nodes, section);
  }, [nodes, path, section]);
  useEffect(() => {
    setToggled((state) => {
      if (!currentGroups.some((key) => state[key] === false)) return state;
      const next = { ...state };
      for (const key of currentGroups) delete next[key];
      return next;
    });
  }, [currentGroups]);

  const isOpen = (node: MenuNode) => toggled[node.key] ?? (containsPath(node, path) || containsPath(node, section));
  const setOpen = (node: MenuNode, open: boolean) => setToggled((state) => ({ ...state, [node.key]: open }));

  const onKeyDown = (event: ReactKeyboardEvent<HTMLElement>) => {
    const target = event.target as HTMLElement;
    if (!target.matches(ITEM_SELECTOR)) return;
    const items = visibleItems(event.currentTarget);
    const index = items.indexOf(target);
    const focusAt = (i: number) => items[(i + items.length) % items.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        focusAt(index + 1);
        break;
      case 'ArrowUp':
        focusAt(index - 1);
        break;
      case 'Home':
        focusAt(0);
        break;
      case 'End':
        focusAt(items.length - 1);
        break;
      case 'ArrowRight':
        if (target.getAttribute('aria-expanded') === 'false') target.click();
        else if (target.getAttribute('aria-expanded') === 'true') focusAt(index + 1);
        else return;
        break;
      case 'ArrowLeft': {
        if (target.getAttribute('aria-expanded') === 'true') {
          target.click();
          break;
        }
        // From an item inside a group to that group's button.
        const list = target.closest('ul')?.closest('li')?.querySelector<HTMLElement>(':scope > .staff-menu__toggle');
        if (!list) return;
        list.focus();
        break;
      }
      default:
        return;
    }
    event.preventDefault();
  };

  const renderNodes = (list: readonly MenuNode[], depth: number) =>
    list.map((node) => {
      const current = samePath(node.href, path) ? 'page' : samePath(node.href, section) ? 'true' : undefined;
      const link =
        node.href === null ? null : isAppPath(node.href) ? (
          <Link className="staff-menu__link" to={node.href} aria-current={current}>
            <span className="staff-menu__label">{node.label}</span>
          </Link>
        ) : (
          <a className="staff-menu__link" href={node.href} aria-current={current}>
            <span className="staff-menu__label">{node.label}</span>
          </a>
        );
      if (node.children.length === 0) {
        return (
          <li key={node.key} className="staff-menu__item">
            {link ?? <span className="staff-menu__link staff-menu__link--static">{node.label}</span>}
          </li>
        );
      }
      const open = isOpen(node);
      const listId = `staff-menu-${node.key}`;
      const holdsCurrent = containsPath(node, path) || containsPath(node, section);
      return (
        <li key={node.key} className="staff-menu__item staff-menu__item--group">
          {/* An item that is a link and a group (possible in the spec's model) shows both. */}
          {link}
          <button
            type="button"
            className={holdsCurrent ? 'staff-menu__toggle is-current' : 'staff-menu__toggle'}
            aria-expanded={open}
            aria-controls={listId}
            aria-label={link ? `${node.label}: more` : undefined}
            onClick={() => setOpen(node, !open)}
          >
            {link ? null : <span className="staff-menu__label">{node.label}</span>}
            <ChevronRight className="staff-menu__chevron" aria-hidden="true" size={16} />
          </button>
          <ul id={listId} className={`staff-menu__list staff-menu__list--level-${depth + 1}`} hidden={!open}>
            {renderNodes(node.children, depth + 1)}
          </ul>
        </li>
      );
    });

  return (
    <div className="staff-menu" onKeyDown={onKeyDown}>
      {status === 'pending' && nodes.length === 0 ? (
        <p className="staff-menu__note" role="status">
          Loading your menu…
        </p>
      ) : status === 'error' && nodes.length === 0 ? (
        <p className="staff-menu__note" role="alert">
          Your menu could not be loaded. Reload the page to try again.
        </p>
      ) : nodes.length === 0 ? (
        <p className="staff-menu__note">Your menu is empty.</p>
      ) : (
        <ul className="staff-menu__list staff-menu__list--level-0">{renderNodes(nodes, 0)}</ul>
      )}
    </div>
  );
}
