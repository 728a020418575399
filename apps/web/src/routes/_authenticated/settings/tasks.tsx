import { defaultViews } from '@cairn/contracts/task-manager-config';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { TaskSettingsPage } from '../../../features/task-settings/components/task-settings-page';
import {
  taskManagerConfigQueryKey,
  taskManagerConfigQueryOptions,
} from '../../../features/tasks/api/get-task-manager-config';
import { taskKeys } from '../../../features/tasks/api/task-keys';
import { updateTaskManagerConfig } from '../../../features/tasks/api/update-task-manager-config';
import { defaultViewLabels } from '../../../features/tasks/utils/default-view-paths';

export const Route = createFileRoute('/_authenticated/settings/tasks')({
  // A screen opened now and then: its loader travels with its code, so /login carries neither.
  codeSplitGroupings: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
  // Not awaited: the page shows the form's outline until the settings arrive, and its own retry.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(taskManagerConfigQueryOptions());
  },
  head: () => ({ meta: [{ title: 'Task settings · Cairn' }] }),
  component: TaskSettingsRoute,
});

const defaultViewOptions = defaultViews.map((view) => ({
  value: view,
  label: defaultViewLabels[view].label,
}));

/**
 * Saves the settings form. The form shows a refusal beside the field it names, so the app-wide error
 * toast stays off; what was saved goes into the cache at once, for the default-view redirect and the
 * task screens.
 */
function useSaveTaskSettingsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTaskManagerConfig,
    meta: { isErrorToastHidden: true },
    // A fetch still on its way would bring back the settings from before the save.
    onMutate: () => queryClient.cancelQueries({ queryKey: taskManagerConfigQueryKey }),
    onSuccess: (config) => {
      queryClient.setQueryData(taskManagerConfigQueryKey, config);
      // Today's plan shows the limit and the work-day hours.
      void queryClient.invalidateQueries({ queryKey: taskKeys.todayPlan() });
    },
  });
}

function TaskSettingsRoute() {
  const config = useQuery(taskManagerConfigQueryOptions());
  const save = useSaveTaskSettingsMutation();
  return (
    <TaskSettingsPage
      config={config.data}
      isLoadFailed={config.isError}
      isRetrying={config.isFetching}
      onRetry={() => void config.refetch()}
      defaultViewOptions={defaultViewOptions}
      onSave={save.mutateAsync}
    />
  );
}
