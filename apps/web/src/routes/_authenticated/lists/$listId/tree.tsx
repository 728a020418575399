import { useQuery } from '@tanstack/react-query';
import { createFileRoute, notFound } from '@tanstack/react-router';
import { z } from 'zod';
import { currentUserQueryOptions } from '../../../../features/profile/api/get-current-user';
import { listTreeQueryOptions } from '../../../../features/tasks/api/trees/get-list-tree';
import { ListTreePage } from '../../../../features/tasks/tree/list-tree-page';
import { getBrowserTimeZone } from '../../../../lib/api-client';

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
  const { data: user } = useQuery(currentUserQueryOptions());
  return <ListTreePage listId={listId} timeZone={user?.timezone ?? getBrowserTimeZone()} />;
}
