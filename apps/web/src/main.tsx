import './index.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppErrorBoundary } from './components/fallback/app-error-boundary';
import { StartupSettingsError } from './components/fallback/startup-settings-error';
import { getBrowserTimeZone } from './lib/api-client';
import { hasAccessToken } from './lib/auth-tokens';
import { takeOverChunkReloads } from './lib/chunk-load';
import { type Env, readEnv } from './lib/env';
import { startErrorReporting } from './lib/error-reporting';
import { guardPendingChanges, startOnlineTracking } from './lib/offline';
import { createQueryClient } from './lib/query-client';
import { registerServiceWorker, unsubscribeFromPush } from './lib/service-worker';
import { setSessionEndHandler } from './lib/session';
import { createAppRouter } from './router';

function startApp(container: HTMLElement, env: Env) {
  startErrorReporting({ dsn: env.errorReportingDsn, environment: import.meta.env.MODE });

  takeOverChunkReloads();
  registerServiceWorker();
  startOnlineTracking();
  const queryClient = createQueryClient();
  guardPendingChanges(queryClient);
  const router = createAppRouter(queryClient);

  setSessionEndHandler(async (reason) => {
    const { location } = router.state;
    if (reason === 'account-deleted') {
      await router.navigate({ to: '/account/deleted', replace: true });
    } else if (location.pathname !== '/login') {
      // After an expired session the user comes back to where they were; after logging out, not.
      const redirect = reason === 'expired' ? location.href : undefined;
      await router.navigate({ to: '/login', search: { redirect } });
    }
    // The offline copy of this user's data must not outlive the session on a shared browser.
    await import('./lib/query-persistence')
      .then(({ clearPersistedQueries }) => clearPersistedQueries())
      .catch((error: unknown) => console.warn('The offline copy could not be cleared', error));
    if (reason !== 'expired') await unsubscribeFromPush();
    queryClient.clear();
  });

  createRoot(container).render(
    <StrictMode>
      <AppErrorBoundary>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AppErrorBoundary>
    </StrictMode>,
  );
}

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

const envResult = readEnv();
if (envResult.ok) {
  const { env } = envResult;
  // The first read of the time zone (the browser loads its time-zone data) and of the cookies cost tens
  // of milliseconds; done here, the app starts in a task of its own, and neither task is long.
  getBrowserTimeZone();
  hasAccessToken();
  setTimeout(() => startApp(container, env), 0);
} else {
  console.error(
    `Cairn cannot start: invalid build settings ${envResult.problems.map((problem) => problem.name).join(', ')}`,
  );
  createRoot(container).render(<StartupSettingsError problems={envResult.problems} />);
}
