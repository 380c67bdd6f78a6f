import type { Ref } from 'react';
import { Link, NavLink } from 'react-router';
import { CircleUserRound, ExternalLink, LogOut, Menu, Search, X } from 'lucide-react';
import { BrandImage } from '../../public/components/header';
import { SEARCH_SHORTCUT } from './search-shortcut';

/**
 * The company's logo and name (docs/design.md §34: the firm's logo, the demo's until one is uploaded); inside the staff
 * app it leads to the user's start page. The logo's alt text is the name, which is not read twice.
 */
export function ShellBrand({ companyName, logo, to }: { companyName: string; logo: string; to?: string | undefined }) {
  const content = (
    <>
      <BrandImage className="shell-brand__logo" logo={logo} alt={companyName} />
      <span className="shell-brand__name" aria-hidden="true">
        {companyName}
      </span>
    </>
  );
  return to ? (
    <Link className="shell-brand" to={to}>
      {content}
    </Link>
  ) : (
    <span className="shell-brand">{content}</span>
  );
}

/**
 * The staff app's top bar: the menu button (below 1024 px, where the sidebar folds away), the company, a link
 * to the public site, who is logged in, their own account (docs/design.md §21), and Log out; Search (docs/design.md §23) when
 * `onSearch` is given. On a phone the texts of the actions fold into their icons; their names stay for
 * assistive technology.
 */
export function StaffTopBar({
  companyName,
  logo,
  startPage,
  userName,
  loginName,
  navId,
  navOpen,
  onToggleNav,
  toggleRef,
  onLogout,
  onSearch,
}: {
  companyName: string;
  /** The company's logo field. */
  logo: string;
  startPage: string;
  userName: string;
  loginName: string;
  navId: string;
  navOpen: boolean;
  onToggleNav: () => void;
  toggleRef: Ref<HTMLButtonElement>;
  onLogout: () => void;
  /** Opens the search dialog; the button is given so the focus comes back to it. */
  onSearch?: ((opener: HTMLElement) => void) | undefined;
}) {
  const initial = (userName.trim()[0] ?? '?').toUpperCase();
  return (
    <header className="staff-topbar">
      <button
        ref={toggleRef}
        type="button"
        className="staff-topbar__menu-button"
        aria-expanded={navOpen}
        aria-controls={navId}
        onClick={onToggleNav}
      >
        {navOpen ? <X aria-hidden="true" size={20} /> : <Menu aria-hidden="true" size={20} />}
        <span className="visually-hidden">Menu</span>
      </button>
      <ShellBrand companyName={companyName} logo={logo} to={startPage} />
      <div className="staff-topbar__end">
        {onSearch ? (
          <button
            type="button"
            className="staff-topbar__action staff-search-button"
            // Named "Search the back office": it starts with the visible word (axe: label-content-name-mismatch)
            // and differs from the Search buttons of the lists' filters; the shortcut is aria-keyshortcuts.
            aria-keyshortcuts={SEARCH_SHORTCUT.keys}
            aria-haspopup="dialog"
            onClick={(event) => onSearch(event.currentTarget)}
          >
            <Search aria-hidden="true" size={16} />
            <span className="staff-topbar__label">Search</span>
            <span className="visually-hidden"> the back office</span>
            <kbd className="staff-search-button__keys" aria-hidden="true">
              {SEARCH_SHORTCUT.hint}
            </kbd>
          </button>
        ) : null}
        <a className="staff-topbar__action" href="/Home1">
          <ExternalLink aria-hidden="true" size={16} />
          <span className="staff-topbar__label">View site</span>
        </a>
        <span className="staff-topbar__divider" aria-hidden="true" />
        <p className="staff-user" title={loginName !== userName ? `${userName} (${loginName})` : userName}>
          <span className="staff-user__avatar" aria-hidden="true">
            {initial}
          </span>
          <span className="staff-user__text">
            <span className="visually-hidden">Logged in as </span>
            <span className="staff-user__name">{userName}</span>
            {loginName !== userName ? (
              <span className="staff-user__login">
                <span className="visually-hidden">, user name </span>
                {loginName}
              </span>
            ) : null}
          </span>
        </p>
        <NavLink className="staff-topbar__action" to="/account">
          <CircleUserRound aria-hidden="true" size={16} />
          <span className="staff-topbar__label">Account</span>
        </NavLink>
        <button type="button" className="staff-topbar__action" onClick={onLogout}>
          <LogOut aria-hidden="true" size={16} />
          <span className="staff-topbar__label">Log out</span>
        </button>
      </div>
    </header>
  );
}
