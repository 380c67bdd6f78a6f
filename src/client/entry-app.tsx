// Must stay the first import: zod reads `jitless` when a schema is built, and the CSP forbids the eval zod
// would otherwise try (see lib/zod-jitless.ts).
import './lib/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
// The stylesheets in cascade order, before the modules that also import some of them (the first import fixes
// a stylesheet's place): the toasts' base, the public site's (design tokens, buttons, fields), the staff
// screens', then the staff shell's, which refines the other two for the staff app.
import 'react-toastify/ReactToastify.css';
import './styles/public.css';
import './styles/app.css';
import './styles/staff-shell.css';
import { App } from './app/app';
import { ApiError } from './app/lib/api';

document.documentElement.classList.remove('no-js');
document.documentElement.classList.add('js');

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A 4xx answer will not change on retry; a network failure or a 5xx may.
      retry: (failureCount, error) =>
        failureCount < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
    },
  },
});

const container = document.getElementById('app');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <App />
      </QueryClientProvider>
    </StrictMode>,
  );
}
