import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { fetchWithSession } from '../../../features/attachments/api/authorized-request';
import { worklogCategoriesQueryOptions } from '../../../features/worklogs/api/get-worklog-categories';
import { worklogProjectsQueryOptions } from '../../../features/worklogs/api/get-worklog-projects';
import { worklogListInfiniteQueryOptions } from '../../../features/worklogs/api/get-worklogs';
import {
  type WorklogListSearchChangeOptions,
  WorklogsListPage,
} from '../../../features/worklogs/list/worklogs-list-page';
import {
  readWorklogListSearch,
  type WorklogListSearch,
  worklogFiltersOf,
} from '../../../features/worklogs/utils/worklogs-search';

export const Route = createFileRoute('/_authenticated/worklogs/list')({
  validateSearch: readWorklogListSearch,
  // Its loader travels with its code, so /login carries neither (nor the work log contract's schemas).
  codeSplitGroupings: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
  loaderDeps: ({ search }) => ({ tab: search.tab, filters: worklogFiltersOf(search) }),
  // The lists the filters and labels need are there when the page renders; the first page of entries
  // starts loading beside them (the reports load their own figures).
  loader: async ({ context: { queryClient }, deps }) => {
    if (deps.tab === undefined)
      void queryClient.prefetchInfiniteQuery(worklogListInfiniteQueryOptions(deps.filters));
    await Promise.all([
      queryClient.ensureQueryData(worklogProjectsQueryOptions()),
      queryClient.ensureQueryData(worklogCategoriesQueryOptions()),
    ]);
  },
  head: ({ match }) => ({
    meta: [{ title: match.search.tab === 'reports' ? 'Work log reports · Cairn' : 'Work log list · Cairn' }],
  }),
  component: WorklogsListRoute,
});

function WorklogsListRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback(
    (patch: Partial<WorklogListSearch>, { replace = false }: WorklogListSearchChangeOptions = {}) =>
      void navigate({ search: (previous) => ({ ...previous, ...patch }), replace }),
    [navigate],
  );
  return (
    <WorklogsListPage search={search} onSearchChange={onSearchChange} fetchWithSession={fetchWithSession} />
  );
}
