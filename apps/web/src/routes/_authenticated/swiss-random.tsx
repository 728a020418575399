import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { randomTaskQueryOptions } from '../../features/swiss/api/get-random-task';
import { RandomDrawPage } from '../../features/swiss/components/random-draw-page';
import { readSwissRandomSearch } from '../../features/swiss/utils/swiss-search';
import { listsQueryOptions } from '../../features/tasks/api/lists/get-lists';
import { useCompleteTaskMutation } from '../../features/tasks/api/tasks/complete-task';
import { useUncompleteTaskMutation } from '../../features/tasks/api/tasks/uncomplete-task';
import { TaskMarkers } from '../../features/tasks/components/task-markers';

export const Route = createFileRoute('/_authenticated/swiss-random')({
  // A screen opened now and then: its loader travels with its code, so /login carries neither.
  codeSplitGroupings: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
  validateSearch: readSwissRandomSearch,
  loaderDeps: ({ search }) => ({ listId: search.listId }),
  // Not awaited: both load while the screen's code does, and the screen shows its own loading state.
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(randomTaskQueryOptions(deps.listId));
    void context.queryClient.prefetchQuery(listsQueryOptions());
  },
  head: () => ({ meta: [{ title: 'Random task · Cairn' }] }),
  component: SwissRandomRoute,
});

function SwissRandomRoute() {
  const { listId } = Route.useSearch();
  const navigate = Route.useNavigate();
  const lists = useQuery(listsQueryOptions());
  // Through the task screens' own requests, so their listings and counts follow.
  const { mutateAsync: completeTask } = useCompleteTaskMutation();
  const { mutate: reopenTask } = useUncompleteTaskMutation();
  return (
    <RandomDrawPage
      listId={listId}
      onListChange={(next) => void navigate({ search: next ? { listId: next } : {}, replace: true })}
      lists={lists.data}
      completeTask={completeTask}
      reopenTask={reopenTask}
      renderMarkers={(task) => <TaskMarkers task={task} />}
    />
  );
}
