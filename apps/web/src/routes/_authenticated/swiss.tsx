import type { SwissHole } from '@cairn/contracts/task-planning';
import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { swissCandidatesQueryOptions } from '../../features/swiss/api/get-swiss-candidates';
import { swissDeckQueryOptions } from '../../features/swiss/api/get-swiss-deck';
import { SwissPage } from '../../features/swiss/components/swiss-page';
import { readSwissSearch } from '../../features/swiss/utils/swiss-search';
import { useUpdateChecklistItemMutation } from '../../features/tasks/api/checklist-items/update-checklist-item';
import { useCompleteTaskMutation } from '../../features/tasks/api/tasks/complete-task';
import { formatMinutes } from '../../features/tasks/task-page/format-minutes';

export const Route = createFileRoute('/_authenticated/swiss')({
  // A screen opened now and then: its loader travels with its code, so /login carries neither.
  codeSplitGroupings: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
  validateSearch: readSwissSearch,
  loaderDeps: ({ search }) => ({ taskId: search.taskId }),
  // Not awaited: they load while the screen's code does, and the screen shows its own loading state.
  // Without a chosen task, the biggest one's deck is asked for as soon as the candidates are in.
  loader: ({ context: { queryClient }, deps }) => {
    if (deps.taskId) {
      void queryClient.prefetchQuery(swissCandidatesQueryOptions());
      void queryClient.prefetchQuery(swissDeckQueryOptions(deps.taskId));
      return;
    }
    void queryClient.fetchQuery(swissCandidatesQueryOptions()).then(
      ({ items }) => items[0] && queryClient.prefetchQuery(swissDeckQueryOptions(items[0].id)),
      // The screen shows the failure.
      () => undefined,
    );
  },
  head: () => ({ meta: [{ title: 'Swiss cheese · Cairn' }] }),
  component: SwissRoute,
});

function SwissRoute() {
  const { taskId } = Route.useSearch();
  const completeHole = useCompleteHole();
  return <SwissPage taskId={taskId} completeHole={completeHole} formatMinutes={formatMinutes} />;
}

/**
 * Done on a hole goes through the task screens' own requests, so their listings, badges and counts
 * follow: a subtask is completed, a checklist item ticked.
 */
function useCompleteHole() {
  const { mutateAsync: completeTask } = useCompleteTaskMutation();
  const { mutateAsync: updateChecklistItem } = useUpdateChecklistItemMutation();
  return useCallback(
    (hole: SwissHole) =>
      hole.kind === 'subtask'
        ? completeTask({ taskId: hole.id })
        : updateChecklistItem({ taskId: hole.taskId, itemId: hole.id, body: { isCompleted: true } }),
    [completeTask, updateChecklistItem],
  );
}
