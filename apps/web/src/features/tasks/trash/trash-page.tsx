import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { RotateCcwIcon, Trash2Icon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../lib/toasts';
import { usePurgeTaskMutation } from '../api/task-detail/purge-task';
import { tasksInfiniteQueryOptions } from '../api/tasks/get-tasks';
import { useRestoreTaskMutation } from '../api/tasks/restore-task';
import { useEmptyTrashMutation } from './api/empty-trash';
import { groupTrash } from './group-trash';
import { trashListParams } from './listing-params';
import { TaskCollection, TaskCollectionRow } from './task-collection';

type Confirmation = { kind: 'empty' } | { kind: 'delete'; taskId: string; title: string };

/** Tasks moved to the trash, to restore or delete for good. */
export function TrashPage() {
  const query = useInfiniteQuery(tasksInfiniteQueryOptions(trashListParams));
  const restore = useRestoreTaskMutation();
  const deleteForever = usePurgeTaskMutation();
  const emptyTrash = useEmptyTrashMutation();
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const entries = useMemo(
    () => groupTrash(query.data?.pages.flatMap((page) => page.items) ?? []),
    [query.data],
  );

  return (
    <div className="mx-auto grid w-full max-w-3xl grid-cols-[minmax(0,1fr)] gap-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold sm:text-3xl">Trash</h1>
          <p className="text-muted-foreground">Deleted tasks stay here until you delete them for good.</p>
        </div>
        {entries.length > 0 && (
          <Button variant="destructive" onClick={() => setConfirmation({ kind: 'empty' })}>
            <Trash2Icon aria-hidden />
            Empty trash
          </Button>
        )}
      </header>
      <TaskCollection
        isPending={query.isPending}
        isError={query.isError}
        isEmpty={entries.length === 0}
        empty={{
          icon: <Trash2Icon aria-hidden />,
          title: 'The trash is empty',
          description: 'Tasks you delete land here, with their subtasks, so you can bring them back.',
        }}
        onRetry={() => void query.refetch()}
        hasNextPage={query.hasNextPage}
        isFetchingNextPage={query.isFetchingNextPage}
        onLoadMore={() => void query.fetchNextPage()}
      >
        {entries.map(({ task, subtaskCount }) => (
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
            meta={
              subtaskCount > 0 ? `With ${subtaskCount} subtask${subtaskCount === 1 ? '' : 's'}` : undefined
            }
            actions={
              <>
                <Button
                  size="sm"
                  variant="outline"
                  aria-label={`Restore “${task.title}”`}
                  onClick={() =>
                    restore.mutate(task.id, { onSuccess: () => toast.success(`Restored “${task.title}”`) })
                  }
                >
                  <RotateCcwIcon aria-hidden />
                  Restore
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  className="text-destructive hover:text-destructive"
                  aria-label={`Delete “${task.title}” forever`}
                  onClick={() => setConfirmation({ kind: 'delete', taskId: task.id, title: task.title })}
                >
                  Delete forever
                </Button>
              </>
            }
          />
        ))}
      </TaskCollection>
      <ConfirmDialog
        isOpen={confirmation !== null}
        onOpenChange={(isOpen) => !isOpen && setConfirmation(null)}
        title={confirmation?.kind === 'delete' ? 'Delete this task forever?' : 'Empty the trash?'}
        description={
          confirmation?.kind === 'delete'
            ? `“${confirmation.title}” and its subtasks will be deleted for good. This cannot be undone.`
            : 'Every task in the trash will be deleted for good. This cannot be undone.'
        }
        confirmLabel={confirmation?.kind === 'delete' ? 'Delete forever' : 'Empty trash'}
        onConfirm={() => {
          if (confirmation?.kind === 'delete') {
            deleteForever.mutate(confirmation.taskId, {
              onSuccess: () => toast.success('Task deleted for good'),
            });
          } else {
            emptyTrash.mutate(undefined, {
              onSuccess: ({ purged }) =>
                toast.success(`Trash emptied: ${purged} task${purged === 1 ? '' : 's'} deleted for good`),
            });
          }
        }}
      />
    </div>
  );
}
