import { createFileRoute } from '@tanstack/react-router';
import { tasksInfiniteQueryOptions } from '../../features/tasks/api/tasks/get-tasks';
import { formatDueDate } from '../../features/tasks/task-page/due-date';
import { ArchivePage } from '../../features/tasks/trash/archive-page';
import { archiveListParams } from '../../features/tasks/trash/listing-params';
import { useTimeZone } from '../../lib/time-zone';

export const Route = createFileRoute('/_authenticated/archive')({
  // A screen opened now and then: its loader travels with its code, so /login carries neither.
  codeSplitGroupings: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
  loader: ({ context }) =>
    context.queryClient.prefetchInfiniteQuery(tasksInfiniteQueryOptions(archiveListParams)),
  head: () => ({ meta: [{ title: 'Archive · Cairn' }] }),
  component: ArchiveRoute,
});

function ArchiveRoute() {
  const timeZone = useTimeZone();
  return <ArchivePage formatDate={(date) => formatDueDate(date, timeZone)} />;
}
