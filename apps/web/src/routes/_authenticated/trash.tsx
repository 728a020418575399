import { createFileRoute } from '@tanstack/react-router';
import { tasksInfiniteQueryOptions } from '../../features/tasks/api/tasks/get-tasks';
import { trashListParams } from '../../features/tasks/trash/listing-params';
import { TrashPage } from '../../features/tasks/trash/trash-page';

export const Route = createFileRoute('/_authenticated/trash')({
  // A screen opened now and then: its loader travels with its code, so /login carries neither.
  codeSplitGroupings: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
  loader: ({ context }) =>
    context.queryClient.prefetchInfiniteQuery(tasksInfiniteQueryOptions(trashListParams)),
  head: () => ({ meta: [{ title: 'Trash · Cairn' }] }),
  component: TrashPage,
});
