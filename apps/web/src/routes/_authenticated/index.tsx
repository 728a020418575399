import { createFileRoute, redirect } from '@tanstack/react-router';
import { taskManagerConfigQueryOptions } from '../../features/tasks/api/get-task-manager-config';
import { defaultViewPaths } from '../../features/tasks/utils/default-view-paths';
import { HomePage } from './-home-page';

export const Route = createFileRoute('/_authenticated/')({
  // Spec section 2: go (replace) to the user's default view. With none, to the home page, which has its
  // own address so the sidebar's Home is the one entry highlighted; when the fetch fails, stay here.
  loader: async ({ context }) => {
    const config = await context.queryClient
      .ensureQueryData(taskManagerConfigQueryOptions())
      .catch(() => null);
    if (!config) return;
    const path = config.defaultView ? defaultViewPaths[config.defaultView] : undefined;
    throw redirect({ to: path ?? '/start', replace: true });
  },
  head: () => ({ meta: [{ title: 'Home · Cairn' }] }),
  component: HomePage,
});
