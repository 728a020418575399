import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArchiveIcon, ArchiveRestoreIcon, Trash2Icon } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../lib/toasts';
import { tasksInfiniteQueryOptions } from '../api/tasks/get-tasks';
import { useTrashTaskMutation } from '../api/tasks/trash-task';
import { useUnarchiveTaskMutation } from '../api/tasks/unarchive-task';
import { archiveListParams } from './listing-params';
import { TaskCollection, TaskCollectionRow } from './task-collection';

/** Archived tasks: out of every view, kept for reference, and brought back with one click. */
export function ArchivePage({ formatDate }: { formatDate: (date: Date) => string }) {
  const query = useInfiniteQuery(tasksInfiniteQueryOptions(archiveListParams));
  const unarchive = useUnarchiveTaskMutation();
  const trash = useTrashTaskMutation();
  const tasks = query.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <div className="mx-auto grid w-full max-w-3xl grid-cols-[minmax(0,1fr)] gap-6">
      <header className="grid gap-1">
        <h1 className="text-2xl font-semibold sm:text-3xl">Archive</h1>
        <p className="text-muted-foreground">Tasks you archived, hidden from your views but kept.</p>
      </header>
      <TaskCollection
        isPending={query.isPending}
        isError={query.isError}
        isEmpty={tasks.length === 0}
        empty={{
          icon: <ArchiveIcon aria-hidden />,
          title: 'Nothing archived',
          description: 'Archive a task from its page to put it away without deleting it.',
        }}
        onRetry={() => void query.refetch()}
        hasNextPage={query.hasNextPage}
        isFetchingNextPage={query.isFetchingNextPage}
        onLoadMore={() => void query.fetchNextPage()}
      >
        {tasks.map((task) => (
          <TaskCollectionRow
            key={task.id}
            title={
              <Link
                to="/tasks/$taskId"
                params={{ taskId: task.id }}
                className="rounded-sm outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
              >
                {task.title}
              </Link>
            }
            meta={task.archivedAt ? `Archived ${formatDate(task.archivedAt)}` : undefined}
            actions={
              <>
                <Button
                  size="sm"
                  variant="outline"
                  aria-label={`Unarchive “${task.title}”`}
                  onClick={() =>
                    unarchive.mutate(task.id, { onSuccess: () => toast.success(`“${task.title}” is back`) })
                  }
                >
                  <ArchiveRestoreIcon aria-hidden />
                  Unarchive
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  className="text-destructive hover:text-destructive"
                  aria-label={`Move “${task.title}” to the trash`}
                  onClick={() =>
                    trash.mutate(task.id, { onSuccess: () => toast.success('Moved to the trash') })
                  }
                >
                  <Trash2Icon aria-hidden />
                  Move to trash
                </Button>
              </>
            }
          />
        ))}
      </TaskCollection>
    </div>
  );
}
