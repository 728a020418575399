import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowLeftIcon } from 'lucide-react';
import { LoadingScreen } from '../../../components/fallback/loading-screen';
import { Button } from '../../../components/ui/button';
import { isHttpError } from '../../../lib/errors';
import { taskTreeQueryOptions } from '../api/trees/get-task-tree';
import { formatDueDate } from '../task-page/due-date';
import { TaskNotFound } from '../task-page/task-not-found';
import { TaskTree } from './task-tree';
import { TreeLoadError } from './tree-load-error';

/** A task and all of its subtasks as one tree, to restructure by dragging. */
export function TaskTreePage({ taskId, timeZone }: { taskId: string; timeZone: string }) {
  // The route's loader has just asked; a failure it saw is not asked again on arrival.
  const tree = useQuery({ ...taskTreeQueryOptions(taskId), retryOnMount: false });

  if (tree.isPending) return <LoadingScreen isFullScreen={false} />;
  if (tree.isError) {
    if (isHttpError(tree.error) && tree.error.status === 404) return <TaskNotFound />;
    if (isHttpError(tree.error) && tree.error.status === 409) {
      return (
        <TreeLoadError
          title="This task is in the trash"
          message="Restore it to see and rearrange its subtasks."
          action={
            <Button asChild>
              <Link to="/tasks/$taskId" params={{ taskId }}>
                Open the task
              </Link>
            </Button>
          }
        />
      );
    }
    return <TreeLoadError onRetry={() => void tree.refetch()} />;
  }

  const [root] = tree.data;
  return (
    <div className="mx-auto grid w-full max-w-3xl grid-cols-[minmax(0,1fr)] gap-4">
      <header className="grid gap-2">
        <Link
          to="/tasks/$taskId"
          params={{ taskId }}
          className="flex w-fit items-center gap-1 rounded-sm text-sm text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
        >
          <ArrowLeftIcon className="size-4" aria-hidden />
          Back to the task
        </Link>
        <h1 className="break-words text-2xl font-semibold">Tree of “{root?.title}”</h1>
        {root && root.children.length === 0 && (
          <p className="text-sm text-muted-foreground">No subtasks yet. Add some on the task page.</p>
        )}
      </header>
      <TaskTree
        forest={tree.data}
        label={`Subtasks of ${root?.title ?? 'the task'}`}
        lockedRootId={taskId}
        formatDueDate={(dueDate, options) => formatDueDate(dueDate, timeZone, options)}
      />
    </div>
  );
}
