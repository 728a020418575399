import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { currentUserQueryOptions } from '../../features/profile/api/get-current-user';
import { tasksInfiniteQueryOptions } from '../../features/tasks/api/tasks/get-tasks';
import { formatDueDate } from '../../features/tasks/task-page/due-date';
import { ArchivePage, archiveListParams } from '../../features/tasks/trash/archive-page';
import { getBrowserTimeZone } from '../../lib/api-client';

export const Route = createFileRoute('/_authenticated/archive')({
  loader: ({ context }) =>
    context.queryClient.prefetchInfiniteQuery(tasksInfiniteQueryOptions(archiveListParams)),
  head: () => ({ meta: [{ title: 'Archive · Cairn' }] }),
  component: ArchiveRoute,
});

function ArchiveRoute() {
  const { data: user } = useQuery(currentUserQueryOptions());
  const timeZone = user?.timezone ?? getBrowserTimeZone();
  return <ArchivePage formatDate={(date) => formatDueDate(date, timeZone)} />;
}
