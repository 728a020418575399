import { createFileRoute, notFound } from '@tanstack/react-router';
import { taskTreeQueryOptions } from '../../../../features/tasks/api/trees/get-task-tree';
import { TaskNotFound } from '../../../../features/tasks/task-page/task-not-found';
import { TaskTreePage } from '../../../../features/tasks/tree/task-tree-page';
import { isHttpError } from '../../../../lib/errors';
import { isUuid } from '../../../../lib/is-uuid';
import { useTimeZone } from '../../../../lib/time-zone';

export const Route = createFileRoute('/_authenticated/tasks/$taskId/tree')({
  // A screen opened now and then: its loader travels with its code, so /login carries neither.
  codeSplitGroupings: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
  loader: async ({ context, params }) => {
    if (!isUuid(params.taskId)) throw notFound();
    try {
      const forest = await context.queryClient.ensureQueryData(taskTreeQueryOptions(params.taskId));
      return { title: forest[0]?.title };
    } catch (error) {
      // Another user's task answers 404 exactly like one that never existed.
      if (isHttpError(error) && error.status === 404) throw notFound();
      // Other failures (a task in the trash) are shown by the page itself.
      return { title: undefined };
    }
  },
  head: ({ loaderData }) => ({
    meta: [{ title: loaderData?.title ? `Tree of ${loaderData.title} · Cairn` : 'Task tree · Cairn' }],
  }),
  notFoundComponent: TaskNotFound,
  component: TaskTreeRoute,
});

function TaskTreeRoute() {
  const { taskId } = Route.useParams();
  const timeZone = useTimeZone();
  return <TaskTreePage taskId={taskId} timeZone={timeZone} />;
}
