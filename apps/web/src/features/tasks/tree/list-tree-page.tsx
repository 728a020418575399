import { useQuery } from '@tanstack/react-query';
import { ListTreeIcon } from 'lucide-react';
import { LoadingScreen } from '../../../components/fallback/loading-screen';
import { isHttpError } from '../../../lib/errors';
import { listQueryOptions } from '../api/lists/get-list';
import { listTreeQueryOptions } from '../api/trees/get-list-tree';
import { formatDueDate } from '../task-page/due-date';
import { ListNotFound } from './list-not-found';
import { TaskTree } from './task-tree';
import { TreeLoadError } from './tree-load-error';

/** Every task of a list with its subtasks, as a forest to restructure by dragging. */
export function ListTreePage({ listId, timeZone }: { listId: string; timeZone: string }) {
  const list = useQuery({ ...listQueryOptions(listId), meta: { isErrorToastHidden: true } });
  // The route's loader has just asked; a failure it saw is not asked again on arrival.
  const tree = useQuery({ ...listTreeQueryOptions(listId), retryOnMount: false });

  if (tree.isPending) return <LoadingScreen isFullScreen={false} />;
  if (tree.isError) {
    if (isHttpError(tree.error) && tree.error.status === 404) return <ListNotFound />;
    return <TreeLoadError onRetry={() => void tree.refetch()} />;
  }

  const name = list.data?.name ?? 'List';
  return (
    <div className="mx-auto grid w-full max-w-3xl grid-cols-[minmax(0,1fr)] gap-4">
      <header className="grid gap-1">
        <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
          <ListTreeIcon className="size-4" aria-hidden />
          List tree
        </p>
        <h1 className="break-words text-2xl font-semibold">{name}</h1>
      </header>
      {tree.data.length === 0 ? (
        <div className="grid justify-items-center gap-2 rounded-lg border border-dashed p-10 text-center">
          <p className="font-medium">This list has no tasks yet</p>
          <p className="text-sm text-muted-foreground">
            Tasks you add to the list show here with their subtasks.
          </p>
        </div>
      ) : (
        <TaskTree
          forest={tree.data}
          label={`Tasks of ${name}`}
          formatDueDate={(dueDate, options) => formatDueDate(dueDate, timeZone, options)}
        />
      )}
    </div>
  );
}
