import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { listsQueryOptions } from '../../features/tasks/api/lists/get-lists';
import { ImportanceGrid } from '../../features/tasks/components/importance-grid/importance-grid';
import { TaskScreenHeader } from '../../features/tasks/components/task-screen-header';
import { type TaskFiltersSearch, taskFiltersSearchSchema } from '../../features/tasks/utils/task-search';

export const Route = createFileRoute('/_authenticated/importance-grid')({
  validateSearch: taskFiltersSearchSchema,
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(listsQueryOptions());
  },
  head: () => ({ meta: [{ title: 'Importance grid · Cairn' }] }),
  component: ImportanceGridPage,
});

function ImportanceGridPage() {
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
        title="Importance grid"
        search={search}
        onSearchChange={onSearchChange}
        defaultStatus="open"
        hiddenFilters={['urgency', 'importance']}
      />
      <ImportanceGrid search={search} />
    </div>
  );
}
