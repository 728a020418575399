import { createFileRoute } from '@tanstack/react-router';
import { LoadingScreen } from '../../components/fallback/loading-screen';
import { ChangePasswordForm } from '../../features/profile/components/change-password-form';
import { DeleteAccountSection } from '../../features/profile/components/delete-account-section';
import { ProfileDetailsForm } from '../../features/profile/components/profile-details-form';
import { currenciesQueryOptions, useCurrencies } from '../../lib/currencies';
import { currentUserQueryOptions, useCurrentUser } from '../../lib/current-user';

export const Route = createFileRoute('/_authenticated/profile')({
  loader: async ({ context }) => {
    // The currency list only fills a picker; the page does not wait for it.
    void context.queryClient.prefetchQuery(currenciesQueryOptions());
    await context.queryClient.ensureQueryData(currentUserQueryOptions());
  },
  head: () => ({ meta: [{ title: 'Profile · Cairn' }] }),
  component: ProfilePage,
});

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
      <ChangePasswordForm />
      <DeleteAccountSection />
    </div>
  );
}
