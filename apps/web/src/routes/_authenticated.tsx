import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { AppLayout } from '../components/layout/app-layout';
import { currentUserQueryOptions } from '../features/profile/api/get-current-user';
import { ensureSession, logOut } from '../lib/session';

export const Route = createFileRoute('/_authenticated')({
  // Spec section 2: without an access token the refresh token is tried; failing that, the login page.
  beforeLoad: async ({ location }) => {
    if (!(await ensureSession())) {
      throw redirect({ to: '/login', search: { redirect: location.href } });
    }
  },
  loader: ({ context }) => {
    // Not awaited: the header can show the name a moment later, the page need not wait for it.
    void context.queryClient.prefetchQuery(currentUserQueryOptions());
  },
  component: AuthenticatedLayout,
});

function AuthenticatedLayout() {
  const { data: user } = useQuery(currentUserQueryOptions());
  return (
    <AppLayout username={user?.username} email={user?.email} onLogOut={() => void logOut()}>
      <Outlet />
    </AppLayout>
  );
}
