import { lazy } from 'react';
import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { CONTENT_PAGES, SCREEN_PAGES } from '../../core/pages';
import type { ContentPageKey } from '../../core/pages';
import { RequireScreen } from './guard';
import { screenPaths } from '../../core/paths';
import BlankPage from './pages/blank-page';
import NotFoundPage from './pages/not-found-page';
import { ScreenPending } from './pages/screen-pending';
import { EDITOR_MODULES } from './editors/editor-modules';

// Screens are loaded when first opened (the forms bring zod and react-hook-form).
const LoginPage = lazy(() => import('./pages/login-page'));
// Accounts (docs/design.md §21): the second step of a sign-in, password reset by mail, the own account.
const TwoStepPage = lazy(() => import('./account/two-step-page'));
const ForgotPasswordPage = lazy(() => import('./account/forgot-password-page'));
const ResetPasswordPage = lazy(() => import('./account/reset-password-page'));
const AccountPage = lazy(() => import('./account/account-page'));
const CompanyPage = lazy(() => import('./pages/company-page'));
const GroupListScreen = lazy(() =>
  import('./backoffice/groups/group-list-screen').then((m) => ({ default: m.GroupListScreen })),
);
const GroupFormScreen = lazy(() =>
  import('./backoffice/groups/group-form-screen').then((m) => ({ default: m.GroupFormScreen })),
);
const UserListScreen = lazy(() =>
  import('./backoffice/users/user-list-screen').then((m) => ({ default: m.UserListScreen })),
);
const UserFormScreen = lazy(() =>
  import('./backoffice/users/user-form-screen').then((m) => ({ default: m.UserFormScreen })),
);
const MenuByUserScreen = lazy(() => import('./backoffice/menu-screens').then((m) => ({ default: m.MenuByUserScreen })));
const MenuTreeScreen = lazy(() => import('./backoffice/menu-screens').then((m) => ({ default: m.MenuTreeScreen })));
/** The generic editor of pages made in page creation (docs/design.md §13): its own chunk, like the twelve editors. */
const AutowiredEditor = lazy(() => import('./editors/autowired-editor'));
const MenuItemScreen = lazy(() => import('./backoffice/menu-screens').then((m) => ({ default: m.MenuItemScreen })));
const MasterTypeScreen = lazy(() =>
  import('./backoffice/masters/master-type-screen').then((m) => ({ default: m.MasterTypeScreen })),
);
const MasterValueScreen = lazy(() =>
  import('./backoffice/masters/master-value-screen').then((m) => ({ default: m.MasterValueScreen })),
);
const PageListScreen = lazy(() =>
  import('./backoffice/pages/page-list-screen').then((m) => ({ default: m.PageListScreen })),
);
const PageFormScreen = lazy(() =>
  import('./backoffice/pages/page-form-screen').then((m) => ({ default: m.PageFormScreen })),
);
const EnquiriesScreen = lazy(() =>
  import('./backoffice/enquiries/enquiries-screen').then((m) => ({ default: m.EnquiriesScreen })),
);
const AuditLogScreen = lazy(() =>
  import('./backoffice/audit/audit-log-screen').then((m) => ({ default: m.AuditLogScreen })),
);
const BackupsScreen = lazy(() => import('./backoffice/backups/backups-screen'));
const RedirectsScreen = lazy(() => import('./backoffice/redirects/redirects-screen'));
const MediaScreen = lazy(() => import('./backoffice/media/media-screen'));
// The site in several languages (docs/design.md §28): its languages, and every page's translations with XLIFF out and in.
const LanguagesScreen = lazy(() => import('./backoffice/languages/languages-screen'));
const TranslationsScreen = lazy(() => import('./backoffice/languages/translations-screen'));
const DashboardScreen = lazy(() => import('./backoffice/dashboard/dashboard-screen'));
const FormsScreen = lazy(() => import('./backoffice/forms/forms-screen'));
// Visits counted without cookies (docs/design.md §31).
const VisitsScreen = lazy(() => import('./backoffice/visits/visits-screen'));
const ReviewsScreen = lazy(() => import('./backoffice/reviews/reviews-screen'));
const CalendarScreen = lazy(() => import('./backoffice/calendar/calendar-screen'));
const ReleasesScreen = lazy(() => import('./backoffice/releases/releases-screen'));
// Single sign-on with the firm's OpenID Connect provider (docs/design.md §33).
const SignInSettingsScreen = lazy(() => import('./backoffice/signin-settings/signin-settings-screen'));
const WebhooksScreen = lazy(() => import('./backoffice/webhooks/webhooks-screen'));
const ParameterScreen = lazy(() =>
  import('./backoffice/pages/parameter-screen').then((m) => ({ default: m.ParameterScreen })),
);

const EDITORS: Partial<Record<ContentPageKey, ReactNode>> = Object.fromEntries(
  CONTENT_PAGES.flatMap(({ key }) => {
    const load = EDITOR_MODULES[key];
    if (!load) return [];
    const Editor = lazy(load);
    return [[key, <Editor />] as const];
  }),
);

/** Each back-office screen, by routing name (src/core/pages.ts). A screen not listed shows the pending screen. */
const SCREENS: Partial<Record<string, ReactNode>> = {
  companyForm: <CompanyPage />,
  newGrouphome: <GroupListScreen />,
  newGroup: <GroupFormScreen />,
  userHomepage: <UserListScreen />,
  user: <UserFormScreen />,
  MenuByUser: <MenuByUserScreen />,
  bmstree: <MenuTreeScreen />,
  menu2: <MenuItemScreen />,
  commonMasterType: <MasterTypeScreen />,
  commonMaster: <MasterValueScreen />,
  homepages: <PageListScreen />,
  formcreation: <PageFormScreen />,
  paramactivity: <ParameterScreen />,
  enquiries: <EnquiriesScreen />,
  auditlog: <AuditLogScreen />,
  backups: <BackupsScreen />,
  redirects: <RedirectsScreen />,
  media: <MediaScreen />,
  languages: <LanguagesScreen />,
  translations: <TranslationsScreen />,
  dashboard: <DashboardScreen />,
  forms: <FormsScreen />,
  visits: <VisitsScreen />,
  reviews: <ReviewsScreen />,
  calendar: <CalendarScreen />,
  releases: <ReleasesScreen />,
  'signin-settings': <SignInSettingsScreen />,
  webhooks: <WebhooksScreen />,
};

/** Screens that guard themselves: companyForm is open while the first-run setup is pending (docs/design.md §7). */
const SELF_GUARDED: ReadonlySet<string> = new Set(['companyForm']);

function guarded(screen: string, element: ReactNode): ReactNode {
  return SELF_GUARDED.has(screen) ? element : <RequireScreen screen={screen}>{element}</RequireScreen>;
}

/**
 * The staff app's route table (docs/design.md §3); app-paths.ts lists the same paths for code that only needs to
 * recognise them. React Router matches paths case-insensitively, as the server does.
 */
export const APP_ROUTES: RouteObject[] = [
  { path: '/login', element: <LoginPage /> },
  { path: '/login/two-step', element: <TwoStepPage /> },
  { path: '/forgot-password', element: <ForgotPasswordPage /> },
  { path: '/reset-password', element: <ResetPasswordPage /> },
  {
    // Every logged-in user's own account: not a menu screen (docs/design.md §21).
    path: '/account',
    element: (
      <RequireScreen>
        <AccountPage />
      </RequireScreen>
    ),
  },
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
  // Any other single-segment path may be an Autowired page's editing twin (`/Careers`): the fixed routes above
  // rank before it. Its editor answers Not found or Not allowed from the page's definition; a session is
  // needed first, as for every screen.
  {
    path: '/:routing',
    element: (
      <RequireScreen>
        <AutowiredEditor />
      </RequireScreen>
    ),
  },
  { path: '*', element: <NotFoundPage /> },
];
