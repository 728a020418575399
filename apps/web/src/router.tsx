import type { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { LoadingScreen } from './components/fallback/loading-screen';
import { NotFound } from './components/fallback/not-found';
import { RouteError } from './components/fallback/route-error';
import { skipPreloadsWhileScrolling } from './lib/preload-while-scrolling';
import { routeTree } from './routeTree.gen';

export function createAppRouter(queryClient: QueryClient) {
  const router = createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    // TanStack Query decides freshness; the router should always ask it.
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: PendingScreen,
    // The logo shows once a screen has taken a second to load; the router's default then keeps it for
    // at least 500 ms, so a screen ready just after it appeared waited for nothing (on a first visit to
    // / it held Home back by up to half a second). A short minimum still avoids a flash.
    defaultPendingMinMs: 150,
    defaultErrorComponent: RouteError,
    defaultNotFoundComponent: NotFound,
    scrollRestoration: true,
  });
  skipPreloadsWhileScrolling(router);
  return router;
}

function PendingScreen() {
  return <LoadingScreen isFullScreen={false} />;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
