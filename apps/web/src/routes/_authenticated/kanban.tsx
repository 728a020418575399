import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { columnsQueryOptions } from '../../features/tasks/api/columns/get-columns';
import { taskManagerConfigQueryOptions } from '../../features/tasks/api/get-task-manager-config';
import { listsQueryOptions } from '../../features/tasks/api/lists/get-lists';
import { taskGroupsQueryOptions } from '../../features/tasks/api/tasks/get-task-groups';
import { boardGroupsParams } from '../../features/tasks/components/kanban/board-params';
import { KanbanBoard } from '../../features/tasks/components/kanban/kanban-board';
import { SubtasksToggle } from '../../features/tasks/components/subtasks-toggle';
import { TaskScreenHeader } from '../../features/tasks/components/task-screen-header';
import { type BoardSearch, boardSearchSchema } from '../../features/tasks/utils/board-search';
import { replacesHistory } from '../../features/tasks/utils/filter-history';
import { getBrowserTimeZone } from '../../lib/api-client';

export const Route = createFileRoute('/_authenticated/kanban')({
  validateSearch: boardSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    // Started here so they load in parallel with the route's code; the board shows its own loading state.
    void context.queryClient.prefetchQuery(
      taskGroupsQueryOptions(boardGroupsParams(deps, getBrowserTimeZone())),
    );
    void context.queryClient.prefetchQuery(columnsQueryOptions());
    void context.queryClient.prefetchQuery(listsQueryOptions());
    void context.queryClient.prefetchQuery(taskManagerConfigQueryOptions());
  },
  head: () => ({ meta: [{ title: 'Kanban · Cairn' }] }),
  component: KanbanPage,
});

function KanbanPage() {
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
        title="Kanban"
        search={search}
        onSearchChange={onSearchChange}
        defaultStatus="all"
        hiddenFilters={['status']}
      >
        <SubtasksToggle search={search} onSearchChange={onSearchChange} />
      </TaskScreenHeader>
      <KanbanBoard search={search} />
    </div>
  );
}
