import { useEffect, useState } from 'react';
import { RouterProvider, createBrowserRouter } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { SESSION_KEY, setUnauthorizedHandler } from './lib/api';
import { RouteError } from './pages/route-error';
import { APP_ROUTES } from './routes';
import { AppShell } from './shell/app-shell';
import { Toasts } from './toasts';

/** The staff app: login, first-run setup, the editing twins and the back office (docs/design.md §1, §3, §16). */
export function App() {
  const queryClient = useQueryClient();
  // A screen that cannot be shown (its code file gone after an upgrade, docs/design.md §34) says so inside the shell; the
  // shell's own failure, in a page of its own.
  const [router] = useState(() =>
    createBrowserRouter([
      {
        element: <AppShell />,
        errorElement: <RouteError standalone />,
        children: [{ errorElement: <RouteError />, children: APP_ROUTES }],
      },
    ]),
  );

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
