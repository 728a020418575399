import { createFileRoute } from '@tanstack/react-router';
import { taskManagerConfigQueryOptions } from '../../features/tasks/api/get-task-manager-config';
import { HomePage } from './-home-page';

/**
 * The home page itself, the sidebar's Home. It has its own address because / leads on to the default
 * view: the home page (and the default-view choice on it) stays reachable once a default view is set.
 */
export const Route = createFileRoute('/_authenticated/start')({
  // Not awaited: the default-view choice shows once the settings are in.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(taskManagerConfigQueryOptions());
  },
  head: () => ({ meta: [{ title: 'Home · Cairn' }] }),
  component: HomePage,
});
