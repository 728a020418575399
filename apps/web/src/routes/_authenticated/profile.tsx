import { type DefaultView, defaultViews } from '@cairn/contracts/task-manager-config';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { LoadingScreen } from '../../components/fallback/loading-screen';
import { fetchWithSession, sendWithSession } from '../../features/attachments/api/authorized-request';
import { planUsageQueryOptions } from '../../features/profile/api/get-plan-usage';
import { prefetchUserDevices } from '../../features/profile/api/prefetch-user-devices';
import { ChangePasswordForm } from '../../features/profile/components/change-password-form';
import { DataTransferSection } from '../../features/profile/components/data-transfer-section';
import { DefaultViewSection } from '../../features/profile/components/default-view-section';
import { DeleteAccountSection } from '../../features/profile/components/delete-account-section';
import { PlanUsageSection } from '../../features/profile/components/plan-usage-section';
import { ProfileDetailsForm } from '../../features/profile/components/profile-details-form';
import { PushNotificationsSection } from '../../features/profile/components/push-notifications-section';
import { SessionsSection } from '../../features/profile/components/sessions-section';
import { TaskSettingsLink } from '../../features/profile/components/task-settings-link';
import { ThemeSection } from '../../features/profile/components/theme-section';
import { taskManagerConfigQueryOptions } from '../../features/tasks/api/get-task-manager-config';
import { useUpdateTaskManagerConfigMutation } from '../../features/tasks/api/update-task-manager-config';
import { defaultViewLabels } from '../../features/tasks/utils/default-view-paths';
import { currenciesQueryOptions, useCurrencies } from '../../lib/currencies';
import { currentUserQueryOptions, useCurrentUser } from '../../lib/current-user';
import { toast } from '../../lib/toasts';

export const Route = createFileRoute('/_authenticated/profile')({
  // A screen opened now and then: its loader travels with its code, so /login carries neither.
  codeSplitGroupings: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
  loader: async ({ context }) => {
    // The currency list and the default view only fill pickers; the page does not wait for them.
    void context.queryClient.prefetchQuery(currenciesQueryOptions());
    void context.queryClient.prefetchQuery(taskManagerConfigQueryOptions());
    void context.queryClient.prefetchQuery(planUsageQueryOptions());
    // The signed-in and the notified devices, in one request.
    prefetchUserDevices(context.queryClient);
    await context.queryClient.ensureQueryData(currentUserQueryOptions());
  },
  head: () => ({ meta: [{ title: 'Profile · Cairn' }] }),
  component: ProfilePage,
});

const defaultViewOptions = defaultViews.map((view) => ({
  value: view,
  label: defaultViewLabels[view].label,
}));

function isDefaultView(value: string): value is DefaultView {
  return defaultViews.some((view) => view === value);
}

function ProfilePage() {
  const user = useCurrentUser();
  const currencies = useCurrencies();

  if (!user.data) return <LoadingScreen isFullScreen={false} />;

  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <header className="grid gap-1">
        <h1 className="text-2xl font-semibold sm:text-3xl">Profile</h1>
        <p className="text-muted-foreground">Your account, preferences and security.</p>
      </header>
      <ProfileDetailsForm user={user.data} currencies={currencies.data} />
      <ThemeSection />
      <DefaultViewSetting />
      <TaskSettingsLink />
      <PlanUsageSection />
      <PushNotificationsSection />
      <ChangePasswordForm />
      <SessionsSection />
      <DataTransferSection fetchWithSession={fetchWithSession} sendWithSession={sendWithSession} />
      <DeleteAccountSection />
    </div>
  );
}

/** The task manager's default view, chosen here as well as on the home page. */
function DefaultViewSetting() {
  const config = useQuery(taskManagerConfigQueryOptions());
  const update = useUpdateTaskManagerConfigMutation();
  return (
    <DefaultViewSection
      value={config.isSuccess ? (config.data.defaultView ?? null) : undefined}
      options={defaultViewOptions}
      isLoadFailed={config.isError}
      onRetry={() => void config.refetch()}
      onChange={(value) => {
        const defaultView = value !== null && isDefaultView(value) ? value : null;
        update.mutate(
          { defaultView },
          {
            onSuccess: () =>
              toast.success(
                defaultView
                  ? `Saved. Cairn will open on ${defaultViewLabels[defaultView].label}.`
                  : 'Saved. Cairn will open on the home page.',
              ),
          },
        );
      }}
    />
  );
}
