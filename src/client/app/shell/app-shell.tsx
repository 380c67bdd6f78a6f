import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigate } from 'react-router';
import { ENTRY_PATHS } from '../../../core/paths';
import { GUARD_REDIRECT } from '../guard';
import { api, useMenu, useSession } from '../lib/api';
import { useIsAppPath } from '../lib/app-paths';
import { clearProfile } from '../lib/profile';
import { LoadingStatus } from '../components/screen';
import { useConfirm } from '../components/confirm-dialog';
import { agreeToLeave, hasUnsavedEdits, LEAVE_QUESTION } from '../editors/leave-guard';
import { useStaffSearch } from './search-shortcut';
import { StaffMenu } from './staff-menu';
import { ShellBrand, StaffTopBar } from './staff-top-bar';
// Loaded after public.css and app.css (see entry-app.tsx): the staff look refines the site's tokens and kit.
import '../../styles/staff-shell.css';
import { signOut } from '../../../core/api/session';

/**
 * Logout (spec 001 §2): ends the session, forgets the stored profile, and reloads onto the public home page.
 * With unsaved edits in an editor it asks first (docs/design.md §19), before the session ends: staying keeps both.
 */
async function logOut(confirm: ReturnType<typeof useConfirm>['confirm']): Promise<void> {
  if (hasUnsavedEdits()) {
    if (
      !(await confirm(LEAVE_QUESTION, {
        title: 'Log out without saving?',
        confirmLabel: 'Log out',
        cancelLabel: 'Stay',
        danger: true,
      }))
    )
      return;
    agreeToLeave();
  }
  try {
    await api(signOut, { body: {} });
  } catch {
    // Unreachable server: the cookie expires on its own; the user still leaves.
  }
  clearProfile();
  window.location.assign(GUARD_REDIRECT);
}

/**
 * A click on a plain anchor (rich text, a screen's own link) that leads to a screen of this app navigates in
 * place instead of reloading the page; other links (the public pages) load normally.
 */
function useInAppLinks(): void {
  const navigate = useNavigate();
  const isAppPath = useIsAppPath();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.ctrlKey ||
        event.shiftKey ||
        event.altKey
      )
        return;
      const anchor = event.target instanceof Element ? event.target.closest('a') : null;
      if (!anchor || !anchor.href || (anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download'))
        return;
      const url = new URL(anchor.href);
      if (url.origin !== window.location.origin || !isAppPath(url.pathname)) return;
      // A jump within the page (the skip link) stays the browser's.
      if (url.hash && url.pathname === window.location.pathname && url.search === window.location.search) return;
      event.preventDefault();
      navigate(url.pathname + url.search + url.hash);
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [navigate, isAppPath]);
}

/**
 * Which frame a screen gets: 'staff' (top bar and the user's menu) once someone is logged in; 'entry' (a
 * centred column under the company's name) for the login screen, the first-run setup and anyone not logged
 * in; 'pending' (nothing around the screen) while the session is not known yet.
 */
type ShellKind = 'staff' | 'entry' | 'pending';

const NAV_ID = 'staff-nav';
const WIDE = '(min-width: 1024px)';

/**
 * The frame of every screen of the staff app (docs/design.md §16). Logged-in screens get the top bar and the user's
 * menu tree as a sidebar (folded behind the top bar's menu button below 1024 px, then opening over the
 * screen); the login screen and the first-run setup get a centred column. The public header and footer are
 * the public site's only. The slots around <main> keep their places whatever the frame, so a change of frame
 * never remounts the screen.
 */
export function AppShell() {
  const session = useSession();
  const location = useLocation();
  const mainRef = useRef<HTMLElement>(null);
  const navRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const shownPath = useRef(location.pathname);
  const [navOpen, setNavOpen] = useState(false);
  useInAppLinks();

  const info = session.data;
  const user = info?.authenticated ? info.user : null;
  const companyName = info?.companyName || 'Folio';
  const logo = info?.companyLogo ?? '';
  const iconVersion = info?.iconVersion;
  const kind: ShellKind = ENTRY_PATHS.some((path) => path.toLowerCase() === location.pathname.toLowerCase())
    ? 'entry'
    : info === undefined && !session.isError
      ? 'pending'
      : user
        ? 'staff'
        : 'entry';
  const menu = useMenu();

  // The tab's icon follows a new logo at once (docs/design.md §34): the shell linked the icons' version it was loaded with.
  useEffect(() => {
    if (!iconVersion) return;
    for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="icon"], link[rel="apple-touch-icon"]')) {
      const url = new URL(link.href);
      url.searchParams.set('v', iconVersion);
      link.href = `${url.pathname}${url.search}`;
    }
  }, [iconVersion]);

  // After a navigation in place, focus moves to the new screen, as it would after a page load; an open menu
  // drawer closes.
  useEffect(() => {
    setNavOpen(false);
    if (location.pathname === shownPath.current) return;
    shownPath.current = location.pathname;
    mainRef.current?.focus({ preventScroll: true });
  }, [location.pathname, location.search]);

  const closeNav = useCallback((returnFocus: boolean) => {
    setNavOpen(false);
    if (returnFocus) toggleRef.current?.focus();
  }, []);

  // The open drawer (below 1024 px): focus moves into it; Escape, a click outside it or focus leaving it closes it.
  useEffect(() => {
    if (!navOpen || window.matchMedia(WIDE).matches) return;
    const nav = navRef.current;
    // The current screen's link if the menu has one, else its first entry (querySelector with a selector list
    // would take whichever comes first in the document).
    const first =
      nav?.querySelector<HTMLElement>('[aria-current="page"]') ??
      nav?.querySelector<HTMLElement>('.staff-menu__link, .staff-menu__toggle');
    const frame = requestAnimationFrame(() => first?.focus());
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      closeNav(true);
    };
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target;
      if (!(target instanceof Node) || nav?.contains(target) || toggleRef.current?.contains(target)) return;
      closeNav(false);
    };
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target;
      if (!(target instanceof Node) || nav?.contains(target) || toggleRef.current?.contains(target)) return;
      closeNav(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('focusin', onFocusIn);
    };
  }, [navOpen, closeNav]);

  const userName = user ? user.firstName.trim() || user.username : '';
  const heldToAccount = Boolean(user?.twoFactorRequired || user?.passwordChangeRequired);
  const menuStatus = menu.isError ? 'error' : menu.data === undefined ? 'pending' : 'ready';
  const { confirm, dialog: logoutQuestion } = useConfirm();
  // Search (Ctrl+K, /) for a logged-in user with a menu; one held to /account has nothing to find yet.
  const { openSearch, searchDialog } = useStaffSearch(kind === 'staff' && user !== null && !heldToAccount);

  return (
    <div className={`shell shell--${kind}${navOpen ? ' shell--nav-open' : ''}`}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {kind === 'staff' && user ? (
        <StaffTopBar
          companyName={companyName}
          logo={logo}
          startPage={user.landpage || '/Blankpage'}
          userName={userName}
          loginName={user.username}
          navId={NAV_ID}
          navOpen={navOpen}
          onToggleNav={() => setNavOpen((open) => !open)}
          toggleRef={toggleRef}
          onLogout={() => void logOut(confirm)}
          onSearch={heldToAccount ? undefined : openSearch}
        />
      ) : kind === 'entry' ? (
        <header className="entry-header">
          <ShellBrand companyName={companyName} logo={logo} />
        </header>
      ) : null}
      {kind === 'staff' ? (
        <>
          <nav id={NAV_ID} ref={navRef} className="staff-sidebar" aria-label="Staff menu">
            {/* A user who must turn two-step sign-in on, or replace a one-time password, may open only /account: no menu until then (docs/design.md §21, §22). */}
            <StaffMenu
              menu={heldToAccount ? [] : (menu.data ?? [])}
              path={location.pathname}
              status={heldToAccount ? 'ready' : menuStatus}
            />
          </nav>
          <div className="staff-backdrop" aria-hidden="true" />
        </>
      ) : null}
      <main id="main" tabIndex={-1} ref={mainRef} className="shell__main">
        <Suspense fallback={<LoadingStatus />}>
          <Outlet />
        </Suspense>
      </main>
      {kind === 'entry' ? (
        <footer className="entry-footer">
          <a href="/Home1">Back to the website</a>
        </footer>
      ) : null}
      <ScrollRestoration />
      {logoutQuestion}
      {searchDialog}
    </div>
  );
}
