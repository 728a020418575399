import { type ListMoneyTransactionsQuery, moneyTransactionPageSchema } from '@cairn/contracts/money';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { RegisterFilters } from '../page/money-search';
import { moneyKeys } from './money-keys';

/** The register loads this many transactions at a time, and the next page as it scrolls near its end. */
export const REGISTER_PAGE_SIZE = 100;

/** The query string of a register listing (also the export's, without the paging). */
export function toTransactionSearchParams(query: Partial<ListMoneyTransactionsQuery>): URLSearchParams {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) search.set(name, String(value));
  }
  return search;
}

export function getMoneyTransactions(
  query: ListMoneyTransactionsQuery,
  { signal }: { signal?: AbortSignal } = {},
) {
  const search = toTransactionSearchParams(query);
  const suffix = search.size > 0 ? `?${search}` : '';
  return apiRequest(`/api/v1/money/transactions${suffix}`, { schema: moneyTransactionPageSchema, signal });
}

/** The register with its filters, page by page (`fetchNextPage` follows the cursor). */
export function moneyTransactionsInfiniteQueryOptions(
  filters: RegisterFilters,
  pageSize: number = REGISTER_PAGE_SIZE,
) {
  return infiniteQueryOptions({
    queryKey: moneyKeys.transactionList(filters),
    queryFn: ({ pageParam, signal }) =>
      getMoneyTransactions(
        { ...filters, limit: pageSize, ...(pageParam && { cursor: pageParam }) },
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    meta: {
      errorMessage: filters.q ? 'Could not search your transactions' : 'Could not load your transactions',
    },
  });
}
