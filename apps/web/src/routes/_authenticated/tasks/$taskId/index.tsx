import { createFileRoute, notFound } from '@tanstack/react-router';
import { AttachmentsPanel } from '../../../../features/attachments/components/attachments-panel';
import { columnsQueryOptions } from '../../../../features/tasks/api/columns/get-columns';
import { listsQueryOptions } from '../../../../features/tasks/api/lists/get-lists';
import { taskDetailQueryOptions } from '../../../../features/tasks/api/task-detail/get-task-detail';
import { TaskNotFound } from '../../../../features/tasks/task-page/task-not-found';
import { TaskPage } from '../../../../features/tasks/task-page/task-page';
import { TaskWorklogsPanel } from '../../../../features/worklogs/timer/task-worklogs-panel';
import { isHttpError } from '../../../../lib/errors';
import { isUuid } from '../../../../lib/is-uuid';
import { useTimeZone } from '../../../../lib/time-zone';

export const Route = createFileRoute('/_authenticated/tasks/$taskId/')({
  loader: async ({ context, params }) => {
    // A malformed id cannot name a task; the API would refuse it as invalid input.
    if (!isUuid(params.taskId)) throw notFound();
    // The page's pickers need these too; not awaited, they load beside the task.
    void context.queryClient.prefetchQuery(listsQueryOptions());
    void context.queryClient.prefetchQuery(columnsQueryOptions());
    try {
      const task = await context.queryClient.ensureQueryData(taskDetailQueryOptions(params.taskId));
      return { title: task.title };
    } catch (error) {
      // Another user's task answers 404 exactly like one that never existed.
      if (isHttpError(error) && error.status === 404) throw notFound();
      throw error;
    }
  },
  head: ({ loaderData }) => ({ meta: [{ title: `${loaderData?.title ?? 'Task'} · Cairn` }] }),
  notFoundComponent: TaskNotFound,
  component: TaskRoute,
});

function TaskRoute() {
  const { taskId } = Route.useParams();
  const timeZone = useTimeZone();
  return (
    <TaskPage
      taskId={taskId}
      timeZone={timeZone}
      attachmentsPanel={<AttachmentsPanel key={taskId} taskId={taskId} />}
      worklogsPanel={<TaskWorklogsPanel key={taskId} taskId={taskId} />}
    />
  );
}
