import { Suspense, useEffect, useRef, useState } from 'react';
import { Outlet, RouterProvider, ScrollRestoration, createBrowserRouter, useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Footer } from '../public/components/footer';
import { Header } from '../public/components/header';
import { GUARD_REDIRECT } from './guard';
import { SESSION_KEY, api, setUnauthorizedHandler, useMenu, useSession } from './lib/api';
import { isAppPath } from './lib/app-paths';
import { clearProfile } from './lib/profile';
import { LoadingStatus } from './components/screen';
import { APP_ROUTES } from './routes';
import { Toasts } from './toasts';

/** Logout (spec 001 §2): ends the session, forgets the stored profile, and reloads onto the public home page. */
async function logOut(): Promise<void> {
  try {
    await api('/api/auth/signout', {});
  } catch {
    // Unreachable server: the cookie expires on its own; the user still leaves.
  }
  clearProfile();
  window.location.assign(GUARD_REDIRECT);
}

/**
 * The header and footer are those of the public site, whose links are plain anchors. A click on one that
 * leads to a screen of this app navigates in place instead of reloading the page; other links (the public
 * pages) load normally.
 */
function useInAppLinks(): void {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = event.target instanceof Element ? event.target.closest('a') : null;
      if (!anchor || !anchor.href || (anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return;
      const url = new URL(anchor.href);
      if (url.origin !== window.location.origin || !isAppPath(url.pathname)) return;
      // A jump within the page (the skip link) stays the browser's.
      if (url.hash && url.pathname === window.location.pathname && url.search === window.location.search) return;
      event.preventDefault();
      navigate(url.pathname + url.search + url.hash);
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [navigate]);
}

/** The frame of every screen: skip link, the site's header (the user's menu), the screen, the footer. */
function AppLayout() {
  const session = useSession();
  const menu = useMenu();
  const location = useLocation();
  const mainRef = useRef<HTMLElement>(null);
  const shownPath = useRef(location.pathname);
  useInAppLinks();

  // After a navigation in place, focus moves to the new screen, as it would after a page load.
  useEffect(() => {
    if (location.pathname === shownPath.current) return;
    shownPath.current = location.pathname;
    mainRef.current?.focus({ preventScroll: true });
  }, [location.pathname]);

  const info = session.data;
  const companyName = info?.companyName || 'Folio';
  const loggedIn = info?.authenticated === true;

  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {/* Keyed by path: a navigation in place closes the open dropdowns and the folded menu, as a page load would. */}
      <Header
        key={location.pathname}
        menu={menu.data ?? []}
        path={location.pathname}
        companyName={companyName}
        onLogout={loggedIn ? () => void logOut() : undefined}
      />
      <main id="main" tabIndex={-1} ref={mainRef} className="app-main">
        <Suspense fallback={<LoadingStatus />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer company={{ name: companyName, email: '', phone: '' }} copyrightYear={new Date().getFullYear()} />
      <ScrollRestoration />
    </>
  );
}

/** The staff app: login, first-run setup, the editing twins and the back office (DESIGN §1, §3). */
export function App() {
  const queryClient = useQueryClient();
  const [router] = useState(() => createBrowserRouter([{ element: <AppLayout />, children: APP_ROUTES }]));

  // A call that finds the session gone refreshes it; the route guard then leaves for the public site.
  useEffect(() => {
    setUnauthorizedHandler(() => void queryClient.invalidateQueries({ queryKey: SESSION_KEY }));
    return () => setUnauthorizedHandler(null);
  }, [queryClient]);

  return (
    <>
      <RouterProvider router={router} />
      <Toasts />
    </>
  );
}
