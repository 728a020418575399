import type { TaskDetail } from '@cairn/contracts/tasks';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { ArchiveIcon, ArchiveRestoreIcon, RotateCcwIcon, Trash2Icon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { LoadingScreen } from '../../../components/fallback/loading-screen';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { isHttpError } from '../../../lib/errors';
import { toast } from '../../../lib/toasts';
import { columnsQueryOptions } from '../api/columns/get-columns';
import { listsQueryOptions } from '../api/lists/get-lists';
import { taskDetailQueryOptions } from '../api/task-detail/get-task-detail';
import { usePurgeTaskMutation } from '../api/task-detail/purge-task';
import { useRestoreTaskMutation } from '../api/tasks/restore-task';
import { useUnarchiveTaskMutation } from '../api/tasks/unarchive-task';
import { useUpdateTaskMutation } from '../api/tasks/update-task';
import { CompleteTaskCheckbox } from '../components/complete-task-checkbox';
import { TaskActions } from './task-actions';
import { TaskBreadcrumbs } from './task-breadcrumbs';
import { TaskChecklist } from './task-checklist';
import { TaskDetails } from './task-details';
import { TaskNotFound } from './task-not-found';
import { TaskNote } from './task-note';
import { TaskSubtasks } from './task-subtasks';
import { TaskTitle } from './task-title';

interface TaskPageProps {
  taskId: string;
  /** The user's time zone, in which due dates are shown and entered. */
  timeZone: string;
  /** The task's files (from the attachments feature), shown under "Attachments". */
  attachmentsPanel?: ReactNode;
  /** The time logged on the task (from the work log feature), shown under "Time logged". */
  worklogsPanel?: ReactNode;
}

/** Everything about one task on one page, edited in place. */
export function TaskPage({ taskId, timeZone, attachmentsPanel, worklogsPanel }: TaskPageProps) {
  const detail = useQuery(taskDetailQueryOptions(taskId));
  const lists = useQuery(listsQueryOptions());
  const columns = useQuery(columnsQueryOptions());
  const update = useUpdateTaskMutation();

  if (detail.isPending) return <LoadingScreen isFullScreen={false} />;
  if (detail.isError) {
    if (isHttpError(detail.error) && detail.error.status === 404) return <TaskNotFound />;
    return (
      <div
        role="alert"
        className="flex min-h-[60dvh] flex-1 flex-col items-center justify-center gap-3 text-center"
      >
        <h1 className="text-2xl font-semibold">The task could not be loaded</h1>
        <p className="text-muted-foreground">Check your connection and try again.</p>
        <Button onClick={() => void detail.refetch()}>Try again</Button>
      </div>
    );
  }

  const task = detail.data;
  const isTrashed = task.deletedAt !== null;

  return (
    <article
      aria-labelledby="task-heading"
      className="mx-auto grid w-full max-w-5xl grid-cols-[minmax(0,1fr)] gap-6"
    >
      <header className="grid gap-3">
        <TaskBreadcrumbs task={task} />
        <div className="flex items-start gap-3">
          {!isTrashed && <CompleteTaskCheckbox task={task} className="mt-1.5 size-6 sm:mt-2" />}
          <div id="task-heading" className="min-w-0 flex-1">
            <TaskTitle
              title={task.title}
              isCompleted={task.completedAt !== null}
              isReadOnly={isTrashed}
              onRename={(title) => update.mutate({ taskId, body: { title } })}
            />
          </div>
          {!isTrashed && <TaskActions task={task} />}
        </div>
        <TaskStatusBanner task={task} />
      </header>

      <div className="grid grid-cols-[minmax(0,1fr)] gap-8 lg:grid-cols-[minmax(0,1fr)_20rem] lg:gap-10">
        <aside aria-label="Task details" className="lg:col-start-2 lg:row-start-1">
          <TaskDetails
            task={task}
            lists={lists.data}
            columns={columns.data}
            timeZone={timeZone}
            isReadOnly={isTrashed}
            onChange={(body) => update.mutate({ taskId, body })}
          />
        </aside>
        <div className="grid content-start gap-8 lg:col-start-1 lg:row-start-1">
          <TaskNote key={task.id} taskId={task.id} note={task.note} isReadOnly={isTrashed} />
          <TaskChecklist task={task} isReadOnly={isTrashed} />
          <TaskSubtasks task={task} timeZone={timeZone} isReadOnly={isTrashed} />
          {attachmentsPanel && (
            <section aria-labelledby="attachments-title" className="grid gap-3">
              <h2 id="attachments-title" className="text-base font-semibold">
                Attachments
              </h2>
              {attachmentsPanel}
            </section>
          )}
          {worklogsPanel && (
            <section aria-labelledby="worklogs-title" className="grid gap-3">
              <h2 id="worklogs-title" className="text-base font-semibold">
                Time logged
              </h2>
              {worklogsPanel}
            </section>
          )}
        </div>
      </div>
    </article>
  );
}

function Banner({ icon, children, actions }: { icon: ReactNode; children: ReactNode; actions: ReactNode }) {
  return (
    <div
      role="status"
      className="flex flex-wrap items-center gap-3 rounded-lg border bg-muted/60 px-4 py-3 text-sm"
    >
      <span className="flex min-w-0 flex-1 basis-56 items-center gap-2 [&_svg]:size-4 [&_svg]:shrink-0">
        {icon}
        {children}
      </span>
      <div className="flex flex-wrap gap-2">{actions}</div>
    </div>
  );
}

/** Says when the task is in the trash or the archive, with the way back. */
function TaskStatusBanner({ task }: { task: TaskDetail }) {
  const navigate = useNavigate();
  const restore = useRestoreTaskMutation();
  const unarchive = useUnarchiveTaskMutation();
  const deleteForever = usePurgeTaskMutation();
  const [isConfirming, setIsConfirming] = useState(false);

  if (task.deletedAt) {
    return (
      <>
        <Banner
          icon={<Trash2Icon aria-hidden />}
          actions={
            <>
              <Button size="sm" variant="outline" onClick={() => restore.mutate(task.id)}>
                <RotateCcwIcon aria-hidden />
                Restore
              </Button>
              <Button size="sm" variant="destructive" onClick={() => setIsConfirming(true)}>
                Delete forever
              </Button>
            </>
          }
        >
          This task is in the trash. Restore it to work on it again.
        </Banner>
        <ConfirmDialog
          isOpen={isConfirming}
          onOpenChange={setIsConfirming}
          title="Delete this task forever?"
          description={`“${task.title}” and its subtasks will be deleted for good. This cannot be undone.`}
          confirmLabel="Delete forever"
          onConfirm={() =>
            deleteForever.mutate(task.id, {
              onSuccess: () => {
                toast.success('Task deleted for good');
                void navigate({ to: '/trash' });
              },
            })
          }
        />
      </>
    );
  }
  if (task.archivedAt) {
    return (
      <Banner
        icon={<ArchiveIcon aria-hidden />}
        actions={
          <Button size="sm" variant="outline" onClick={() => unarchive.mutate(task.id)}>
            <ArchiveRestoreIcon aria-hidden />
            Unarchive
          </Button>
        }
      >
        This task is archived and hidden from your views.
      </Banner>
    );
  }
  return null;
}
