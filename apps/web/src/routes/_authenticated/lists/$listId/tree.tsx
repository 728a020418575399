import { createFileRoute, notFound } from '@tanstack/react-router';
import { z } from 'zod';
import { listTreeQueryOptions } from '../../../../features/tasks/api/trees/get-list-tree';
import { ListTreePage } from '../../../../features/tasks/tree/list-tree-page';
import { useTimeZone } from '../../../../lib/time-zone';

export const Route = createFileRoute('/_authenticated/lists/$listId/tree')({
  loader: async ({ context, params }) => {
    if (!z.uuid().safeParse(params.listId).success) throw notFound();
    // Failures (a deleted list) are shown by the page itself.
    await context.queryClient.ensureQueryData(listTreeQueryOptions(params.listId)).catch(() => null);
  },
  head: () => ({ meta: [{ title: 'List tree · Cairn' }] }),
  component: ListTreeRoute,
});

function ListTreeRoute() {
  const { listId } = Route.useParams();
  const timeZone = useTimeZone();
  return <ListTreePage listId={listId} timeZone={timeZone} />;
}
