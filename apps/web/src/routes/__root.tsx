import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, HeadContent, Outlet } from '@tanstack/react-router';
import { Toaster } from 'sonner';
import { NotFound } from '../components/fallback/not-found';
import { RootError } from '../components/fallback/root-error';
import { useTheme } from '../lib/theme';

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  errorComponent: ({ error }) => <RootError error={error} />,
  notFoundComponent: NotFound,
});

function RootLayout() {
  const { resolvedTheme } = useTheme();
  return (
    <>
      <HeadContent />
      <Outlet />
      {/* Spec section 9: bottom-right, 4 s, at most 3 at once; Sonner's toasts are 356 px wide. */}
      <Toaster position="bottom-right" duration={4000} visibleToasts={3} theme={resolvedTheme} closeButton />
    </>
  );
}
