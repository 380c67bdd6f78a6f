import { lazy } from 'react';
import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { CONTENT_PAGES, SCREEN_PAGES } from '../../core/pages';
import type { ContentPageKey } from '../../core/pages';
import { RequireScreen } from './guard';
import { screenPaths } from './lib/app-paths';
import BlankPage from './pages/blank-page';
import NotFoundPage from './pages/not-found-page';
import { ScreenPending } from './pages/screen-pending';

// Screens are loaded when first opened (the forms bring zod and react-hook-form).
const LoginPage = lazy(() => import('./pages/login-page'));
const CompanyPage = lazy(() => import('./pages/company-page'));

/** The editing twin of each content page, by page key. A page not listed shows the pending screen. */
const EDITORS: Partial<Record<ContentPageKey, ReactNode>> = {};

/** Each back-office screen, by routing name (src/core/pages.ts). A screen not listed shows the pending screen. */
const SCREENS: Partial<Record<string, ReactNode>> = {
  companyForm: <CompanyPage />,
};

/** Screens that guard themselves: companyForm is open while the first-run setup is pending (DESIGN §7). */
const SELF_GUARDED: ReadonlySet<string> = new Set(['companyForm']);

function guarded(screen: string, element: ReactNode): ReactNode {
  return SELF_GUARDED.has(screen) ? element : <RequireScreen screen={screen}>{element}</RequireScreen>;
}

/**
 * The staff app's route table (DESIGN §3); app-paths.ts lists the same paths for code that only needs to
 * recognise them. React Router matches paths case-insensitively, as the server does.
 */
export const APP_ROUTES: RouteObject[] = [
  { path: '/login', element: <LoginPage /> },
  {
    path: '/Blankpage',
    element: (
      <RequireScreen>
        <BlankPage />
      </RequireScreen>
    ),
  },
  ...CONTENT_PAGES.map((page) => ({
    path: `/${page.routing}`,
    element: guarded(page.routing, EDITORS[page.key] ?? <ScreenPending page={page} />),
  })),
  ...SCREEN_PAGES.flatMap((screen) =>
    screenPaths(screen.routing).map((path) => ({
      path,
      element: guarded(screen.routing, SCREENS[screen.routing] ?? <ScreenPending screen={screen} />),
    })),
  ),
  { path: '*', element: <NotFoundPage /> },
];
