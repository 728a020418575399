import { onlineManager } from '@tanstack/react-query';
import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { AppLayout } from '../components/layout/app-layout';
import type { SidebarSection } from '../components/layout/nav-list';
import { TaskShortcuts } from '../features/tasks/components/shortcuts/task-shortcuts';
import { TasksSidebar } from '../features/tasks/components/sidebar/tasks-sidebar';
import { HeaderTimer } from '../features/worklogs/timer/header-timer';
import { loadClassMerging } from '../lib/cn';
import { useCurrentUser } from '../lib/current-user';
import { ensureSession, logOut } from '../lib/session';
import { useTimeZoneOffer } from '../lib/time-zone';
import { seedStartUp } from './-start-up';

/** Each area with its own sidebar block (its lists, its views) adds it here, top to bottom. */
const sidebarSections: readonly SidebarSection[] = [{ id: 'tasks', Component: TasksSidebar }];

export const Route = createFileRoute('/_authenticated')({
  // Spec section 2: without an access token the refresh token is tried; failing that, the login page.
  beforeLoad: async ({ location, context }) => {
    void loadClassMerging();
    if (!(await ensureSession())) {
      throw redirect({ to: '/login', search: { redirect: location.href } });
    }
    // Offline, the last data seen comes back before the loaders run, so the screens open offline too.
    // Online, the copy is only kept up to date, and the loaders' requests need not wait for it.
    const persistence = import('../lib/query-persistence')
      .then(({ startQueryPersistence }) => startQueryPersistence(context.queryClient))
      .catch((error: unknown) => console.warn('The offline copy could not be restored', error));
    if (!onlineManager.isOnline()) await persistence;
  },
  loader: async ({ context }) => {
    // First and not awaited: the screens' loaders join its request, and the header and sidebar can
    // show their parts a moment later, the page need not wait for them.
    seedStartUp(context.queryClient);
    // The screens' components override classes; they render once merging is there (lib/cn.ts).
    await loadClassMerging();
  },
  component: AuthenticatedLayout,
});

function AuthenticatedLayout() {
  const { data: user } = useCurrentUser();
  useTimeZoneOffer();
  return (
    <AppLayout
      username={user?.username}
      email={user?.email}
      onLogOut={() => void logOut()}
      sidebarSections={sidebarSections}
      shortcuts={<TaskShortcuts />}
      headerActions={<HeaderTimer />}
    >
      <Outlet />
    </AppLayout>
  );
}
