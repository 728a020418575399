import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { worklogCategoriesQueryOptions } from '../../../features/worklogs/api/get-worklog-categories';
import { worklogProjectsQueryOptions } from '../../../features/worklogs/api/get-worklog-projects';
import { worklogWeekQueryOptions } from '../../../features/worklogs/api/get-worklogs';
import { startOfWeek } from '../../../features/worklogs/utils/calendar-days';
import { zonedToday } from '../../../features/worklogs/utils/today';
import { readWeekSearch } from '../../../features/worklogs/utils/worklogs-search';
import { WorklogsWeekPage } from '../../../features/worklogs/week/worklogs-week-page';
import { getBrowserTimeZone } from '../../../lib/api-client';

export const Route = createFileRoute('/_authenticated/worklogs/')({
  validateSearch: readWeekSearch,
  // Its loader travels with its code, so /login carries neither (nor the work log contract's schemas).
  codeSplitGroupings: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
  loaderDeps: ({ search }) => ({ week: search.week }),
  // The pickers' lists are there when the form renders; the week starts loading beside them and
  // shows its own loading state.
  loader: async ({ context: { queryClient }, deps }) => {
    const monday = deps.week ?? startOfWeek(zonedToday(getBrowserTimeZone()));
    void queryClient.prefetchQuery(worklogWeekQueryOptions(monday));
    await Promise.all([
      queryClient.ensureQueryData(worklogProjectsQueryOptions()),
      queryClient.ensureQueryData(worklogCategoriesQueryOptions()),
    ]);
  },
  head: () => ({ meta: [{ title: 'Work log · Cairn' }] }),
  component: WorklogsWeekRoute,
});

function WorklogsWeekRoute() {
  const { week } = Route.useSearch();
  const navigate = Route.useNavigate();
  const onWeekChange = useCallback(
    (monday: string | undefined) => void navigate({ search: { week: monday } }),
    [navigate],
  );
  return <WorklogsWeekPage week={week} onWeekChange={onWeekChange} />;
}
