import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { listsQueryOptions } from '../../features/tasks/api/lists/get-lists';
import { taskGroupsQueryOptions } from '../../features/tasks/api/tasks/get-task-groups';
import { gridGroupsParams } from '../../features/tasks/components/importance-grid/grid-params';
import { ImportanceGrid } from '../../features/tasks/components/importance-grid/importance-grid';
import { SubtasksToggle } from '../../features/tasks/components/subtasks-toggle';
import { TaskScreenHeader } from '../../features/tasks/components/task-screen-header';
import { type BoardSearch, boardSearchSchema } from '../../features/tasks/utils/board-search';
import { replacesHistory } from '../../features/tasks/utils/filter-history';

export const Route = createFileRoute('/_authenticated/importance-grid')({
  validateSearch: boardSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    // Started here so it loads in parallel with the route's code; the grid shows its own loading state.
    void context.queryClient.prefetchQuery(taskGroupsQueryOptions(gridGroupsParams(deps)));
    void context.queryClient.prefetchQuery(listsQueryOptions());
  },
  head: () => ({ meta: [{ title: 'Importance grid · Cairn' }] }),
  component: ImportanceGridPage,
});

function ImportanceGridPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback(
    (patch: Partial<BoardSearch>) =>
      void navigate({ search: (previous) => ({ ...previous, ...patch }), replace: replacesHistory(patch) }),
    [navigate],
  );
  return (
    <div className="grid min-w-0 gap-4">
      <TaskScreenHeader
        title="Importance grid"
        search={search}
        onSearchChange={onSearchChange}
        defaultStatus="open"
        hiddenFilters={['urgency', 'importance']}
      >
        <SubtasksToggle search={search} onSearchChange={onSearchChange} />
      </TaskScreenHeader>
      <ImportanceGrid search={search} />
    </div>
  );
}
