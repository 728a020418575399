import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { taskManagerConfigQueryOptions } from '../../features/tasks/api/get-task-manager-config';
import { listsQueryOptions } from '../../features/tasks/api/lists/get-lists';
import { tasksInfiniteQueryOptions } from '../../features/tasks/api/tasks/get-tasks';
import { ClassicList } from '../../features/tasks/components/classic-list/classic-list';
import { replacesHistory } from '../../features/tasks/utils/filter-history';
import {
  type ClassicListSearch,
  classicListSearchSchema,
  toClassicListParams,
} from '../../features/tasks/utils/task-search';

export const Route = createFileRoute('/_authenticated/classic-list')({
  validateSearch: classicListSearchSchema,
  loaderDeps: ({ search }) => ({ params: toClassicListParams(search) }),
  // Not awaited, and kept in this file rather than the lazily loaded component: the first page of tasks
  // is requested at navigation, while the screen's code is still loading.
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchInfiniteQuery(tasksInfiniteQueryOptions(deps.params));
    void context.queryClient.prefetchQuery(listsQueryOptions());
    void context.queryClient.prefetchQuery(taskManagerConfigQueryOptions());
  },
  head: () => ({ meta: [{ title: 'Classic list · Cairn' }] }),
  component: ClassicListPage,
});

function ClassicListPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback(
    (patch: Partial<ClassicListSearch>) =>
      void navigate({ search: (previous) => ({ ...previous, ...patch }), replace: replacesHistory(patch) }),
    [navigate],
  );
  return <ClassicList search={search} onSearchChange={onSearchChange} />;
}
