import { createFileRoute } from '@tanstack/react-router';
import { tasksInfiniteQueryOptions } from '../../features/tasks/api/tasks/get-tasks';
import { trashListParams } from '../../features/tasks/trash/listing-params';
import { TrashPage } from '../../features/tasks/trash/trash-page';

export const Route = createFileRoute('/_authenticated/trash')({
  loader: ({ context }) =>
    context.queryClient.prefetchInfiniteQuery(tasksInfiniteQueryOptions(trashListParams)),
  head: () => ({ meta: [{ title: 'Trash · Cairn' }] }),
  component: TrashPage,
});
