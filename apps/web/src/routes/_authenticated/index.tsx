import { createFileRoute, redirect } from '@tanstack/react-router';
import { Welcome } from '../../features/home/components/welcome';
import { taskManagerConfigQueryOptions } from '../../features/tasks/api/get-task-manager-config';
import { DefaultViewPicker } from '../../features/tasks/components/default-view-picker';
import { defaultViewPaths } from '../../features/tasks/utils/default-view-paths';
import { useCurrentUser } from '../../lib/current-user';

export const Route = createFileRoute('/_authenticated/')({
  // Spec section 2: go (replace) to the user's default view; with none, or when the fetch fails, stay here.
  loader: async ({ context }) => {
    const config = await context.queryClient
      .ensureQueryData(taskManagerConfigQueryOptions())
      .catch(() => null);
    const path = config?.defaultView ? defaultViewPaths[config.defaultView] : undefined;
    if (path) throw redirect({ to: path, replace: true });
  },
  head: () => ({ meta: [{ title: 'Home · Cairn' }] }),
  component: HomePage,
});

function HomePage() {
  const { data: user } = useCurrentUser();
  return (
    <Welcome username={user?.username}>
      <section aria-labelledby="default-view-title" className="grid gap-2">
        <h2 id="default-view-title" className="text-lg font-semibold">
          Your default view
        </h2>
        <DefaultViewPicker />
      </section>
    </Welcome>
  );
}
