import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, HeadContent, Outlet } from '@tanstack/react-router';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { NotFound } from '../components/fallback/not-found';
import { RootError } from '../components/fallback/root-error';
import { useTheme } from '../lib/theme';
import { isToastsRequested, loadToasts, type Sonner, subscribeToToastsRequest } from '../lib/toasts';

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  errorComponent: ({ error }) => <RootError error={error} />,
  notFoundComponent: NotFound,
});

function RootLayout() {
  return (
    <>
      <HeadContent />
      <Outlet />
      <RootToaster />
    </>
  );
}

/**
 * The toasts' container, loaded with the first toast asked for (lib/toasts.ts) rather than with the page:
 * no screen needs a toast to show itself.
 */
function RootToaster() {
  const { resolvedTheme } = useTheme();
  const isRequested = useSyncExternalStore(subscribeToToastsRequest, isToastsRequested, () => false);
  const [sonner, setSonner] = useState<Sonner>();

  useEffect(() => {
    if (!isRequested) return;
    let isCurrent = true;
    loadToasts().then(
      (loaded) => {
        if (isCurrent) setSonner(loaded);
      },
      // The page stays usable without toasts; the next one tries the download again.
      (error: unknown) => console.error('The toasts could not be loaded', error),
    );
    return () => {
      isCurrent = false;
    };
  }, [isRequested]);

  if (!sonner) return null;
  const { Toaster } = sonner;
  // Spec section 9: bottom-right, 4 s, at most 3 at once; Sonner's toasts are 356 px wide.
  return (
    <Toaster position="bottom-right" duration={4000} visibleToasts={3} theme={resolvedTheme} closeButton />
  );
}
