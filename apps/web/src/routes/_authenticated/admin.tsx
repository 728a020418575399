import { createFileRoute, notFound } from '@tanstack/react-router';
import { useCallback } from 'react';
import { adminUsersInfiniteQueryOptions } from '../../features/admin/api/get-admin-users';
import { AdminPage } from '../../features/admin/components/admin-page';
import { adminTabLabels, readAdminSearch } from '../../features/admin/utils/admin-search';
import { currentUserQueryOptions } from '../../lib/current-user';

export const Route = createFileRoute('/_authenticated/admin')({
  validateSearch: readAdminSearch,
  // Opened by few: its loader travels with its code, so no other page carries either.
  codeSplitGroupings: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
  loaderDeps: ({ search }) => ({ tab: search.tab, search: search.search }),
  loader: async ({ context: { queryClient }, deps }) => {
    const user = await queryClient.ensureQueryData(currentUserQueryOptions());
    // Hidden from everyone else exactly like an address that does not exist (the API answers 404 too).
    if (!user.isAdmin) throw notFound();
    if (deps.tab === undefined)
      void queryClient.prefetchInfiniteQuery(adminUsersInfiniteQueryOptions(deps.search));
    return { isAdmin: true };
  },
  // No title of its own for others: the page is not there for them.
  head: ({ match, loaderData }) =>
    loaderData ? { meta: [{ title: `${adminTabLabels[match.search.tab ?? 'users']} · Admin · Cairn` }] } : {},
  component: AdminRoute,
});

function AdminRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  // Typing in the search box replaces the history entry; switching tabs adds one (links).
  const onSearchTextChange = useCallback(
    (text: string) =>
      void navigate({
        search: (previous) => ({ ...previous, search: text.trim() || undefined }),
        replace: true,
      }),
    [navigate],
  );
  return <AdminPage search={search} onSearchTextChange={onSearchTextChange} />;
}
