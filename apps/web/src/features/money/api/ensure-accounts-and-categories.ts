import { moneyAccountListWithCategoriesSchema } from '@cairn/contracts/money';
import type { QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { moneyAccountsQueryOptions } from './get-money-accounts';
import { getMoneyCategories, moneyCategoriesQueryOptions } from './get-money-categories';

export function getMoneyAccountsWithCategories({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest('/api/v1/money/accounts?include=categories', {
    schema: moneyAccountListWithCategoriesSchema,
    signal,
  });
}

/**
 * The accounts and the categories, which the register names in its rows and filters, for a loader:
 * when both are missing, in one request, each part under its own key in the shape its own endpoint
 * answers, so refetches later go to that endpoint.
 */
export function ensureAccountsAndCategories(queryClient: QueryClient): Promise<unknown> {
  const accounts = moneyAccountsQueryOptions();
  const categories = moneyCategoriesQueryOptions();
  const isMissing = (queryKey: readonly unknown[]) => queryClient.getQueryData(queryKey) === undefined;
  if (!isMissing(accounts.queryKey) || !isMissing(categories.queryKey)) {
    return Promise.all([queryClient.ensureQueryData(accounts), queryClient.ensureQueryData(categories)]);
  }
  // Sent by the first part that fetches, so nothing goes out while queries are paused offline.
  let shared: ReturnType<typeof getMoneyAccountsWithCategories> | undefined;
  const both = () => (shared ??= getMoneyAccountsWithCategories());
  return Promise.all([
    queryClient.ensureQueryData({
      queryKey: accounts.queryKey,
      meta: accounts.meta,
      queryFn: () => both().then(({ items }) => ({ items })),
    }),
    queryClient.ensureQueryData({
      queryKey: categories.queryKey,
      meta: categories.meta,
      // Only a server that does not know include=categories leaves them out.
      queryFn: ({ signal }) => both().then((answer) => answer.categories ?? getMoneyCategories({ signal })),
    }),
  ]);
}
