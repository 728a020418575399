import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { columnsQueryOptions } from '../../features/tasks/api/columns/get-columns';
import { taskManagerConfigQueryOptions } from '../../features/tasks/api/get-task-manager-config';
import { listsQueryOptions } from '../../features/tasks/api/lists/get-lists';
import { KanbanBoard } from '../../features/tasks/components/kanban/kanban-board';
import { TaskScreenHeader } from '../../features/tasks/components/task-screen-header';
import { type TaskFiltersSearch, taskFiltersSearchSchema } from '../../features/tasks/utils/task-search';

export const Route = createFileRoute('/_authenticated/kanban')({
  validateSearch: taskFiltersSearchSchema,
  loader: ({ context }) => {
    // Started here so they load in parallel with the route's code; the board shows its own loading state.
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
    (patch: Partial<TaskFiltersSearch>) =>
      void navigate({ search: (previous) => ({ ...previous, ...patch }), replace: true }),
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
      />
      <KanbanBoard search={search} />
    </div>
  );
}
