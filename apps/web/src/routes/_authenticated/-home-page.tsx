import { Welcome } from '../../features/home/components/welcome';
import { DefaultViewPicker } from '../../features/tasks/components/default-view-picker';
import { useCurrentUser } from '../../lib/current-user';

/** The home page: a greeting and the choice of default view. Shown at /start, and at / when that fails. */
export function HomePage() {
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
