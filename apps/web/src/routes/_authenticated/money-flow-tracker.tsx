import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { fetchWithSession } from '../../features/attachments/api/authorized-request';
import { ensureAccountsAndCategories } from '../../features/money/api/ensure-accounts-and-categories';
import { moneyAccountsQueryOptions } from '../../features/money/api/get-money-accounts';
import { moneyBalancesQueryOptions } from '../../features/money/api/get-money-balances';
import { moneyCategoriesQueryOptions } from '../../features/money/api/get-money-categories';
import { moneyTransactionsInfiniteQueryOptions } from '../../features/money/api/get-money-transactions';
import { MoneyPage, type MoneySearchChangeOptions } from '../../features/money/page/money-page';
import { type MoneySearch, readMoneySearch, registerFiltersOf } from '../../features/money/page/money-search';
import { currenciesQueryOptions } from '../../lib/currencies';
import { currentUserQueryOptions } from '../../lib/current-user';

export const Route = createFileRoute('/_authenticated/money-flow-tracker')({
  validateSearch: readMoneySearch,
  // Its loader travels with its code, so /login carries neither (nor the money contract's schemas).
  codeSplitGroupings: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
  loaderDeps: ({ search }) => ({ tab: search.tab, filters: registerFiltersOf(search) }),
  // The lists the first tab cannot do without are there when it renders. The figures (the register's
  // first page, the balances) start loading with the route's code, and the tab shows their loading
  // and error states itself, so a failed page of rows never takes the whole screen down.
  loader: async ({ context: { queryClient }, deps }) => {
    const lists: Promise<unknown>[] = [
      queryClient.ensureQueryData(currenciesQueryOptions()),
      queryClient.ensureQueryData(currentUserQueryOptions()),
    ];
    if (deps.tab === undefined) {
      void queryClient.prefetchInfiniteQuery(moneyTransactionsInfiniteQueryOptions(deps.filters));
      lists.push(ensureAccountsAndCategories(queryClient));
    } else if (deps.tab === 'accounts') {
      void queryClient.prefetchQuery(moneyBalancesQueryOptions());
      lists.push(queryClient.ensureQueryData(moneyAccountsQueryOptions()));
    } else if (deps.tab === 'categories') {
      lists.push(queryClient.ensureQueryData(moneyCategoriesQueryOptions()));
    }
    await Promise.all(lists);
  },
  head: () => ({ meta: [{ title: 'Money · Cairn' }] }),
  component: MoneyRoute,
});

function MoneyRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback(
    (patch: Partial<MoneySearch>, { replace = false }: MoneySearchChangeOptions = {}) =>
      void navigate({ search: (previous) => ({ ...previous, ...patch }), replace }),
    [navigate],
  );
  return <MoneyPage search={search} onSearchChange={onSearchChange} fetchWithSession={fetchWithSession} />;
}
