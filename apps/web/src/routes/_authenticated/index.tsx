import { createFileRoute, redirect } from '@tanstack/react-router';
import { taskManagerConfigQueryOptions } from '../../features/tasks/api/get-task-manager-config';
import { defaultViewPaths } from '../../features/tasks/utils/default-view-paths';
import { HomePage } from './-home-page';

export const Route = createFileRoute('/_authenticated/')({
  // Spec section 2: go (replace) to the user's default view; with none, or when the fetch fails, stay
  // here, on the home page (which also has its own address, /start, so it stays reachable).
  loader: async ({ context }) => {
    const config = await context.queryClient
      .ensureQueryData(taskManagerConfigQueryOptions())
      .catch(() => null);
    if (!config) return;
    const path = config.defaultView ? defaultViewPaths[config.defaultView] : undefined;
    if (path) throw redirect({ to: path, replace: true });
  },
  head: () => ({ meta: [{ title: 'Home · Cairn' }] }),
  component: HomePage,
});
