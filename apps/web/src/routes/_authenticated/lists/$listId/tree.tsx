import { createFileRoute, notFound } from '@tanstack/react-router';
import { listQueryOptions } from '../../../../features/tasks/api/lists/get-list';
import { listTreeQueryOptions } from '../../../../features/tasks/api/trees/get-list-tree';
import { ListNotFound } from '../../../../features/tasks/tree/list-not-found';
import { ListTreePage } from '../../../../features/tasks/tree/list-tree-page';
import { isHttpError } from '../../../../lib/errors';
import { isUuid } from '../../../../lib/is-uuid';
import { useTimeZone } from '../../../../lib/time-zone';

export const Route = createFileRoute('/_authenticated/lists/$listId/tree')({
  // A screen opened now and then: its loader travels with its code, so /login carries neither.
  codeSplitGroupings: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
  loader: async ({ context, params }) => {
    // A malformed id cannot name a list; the API would refuse it as invalid input.
    if (!isUuid(params.listId)) throw notFound();
    // The list's name, asked for beside the tree rather than after it; the page explains a failure itself.
    void context.queryClient.prefetchQuery({
      ...listQueryOptions(params.listId),
      meta: { isErrorToastHidden: true },
    });
    try {
      await context.queryClient.ensureQueryData(listTreeQueryOptions(params.listId));
    } catch (error) {
      // Another user's list answers 404 exactly like one that never existed.
      if (isHttpError(error) && error.status === 404) throw notFound();
      // Other failures are shown by the page itself, with a way to try again.
    }
  },
  head: () => ({ meta: [{ title: 'List tree · Cairn' }] }),
  notFoundComponent: ListNotFound,
  component: ListTreeRoute,
});

function ListTreeRoute() {
  const { listId } = Route.useParams();
  const timeZone = useTimeZone();
  return <ListTreePage listId={listId} timeZone={timeZone} />;
}
