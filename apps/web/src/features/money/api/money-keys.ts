import type { RegisterFilters } from '../page/money-search';

/**
 * Every cache key of the money area, defined once, all under ['money']. Balances and reports depend on
 * every write, so each money mutation refreshes the whole area by invalidating `moneyKeys.all`.
 */
export const moneyKeys = {
  all: ['money'] as const,
  accounts: () => [...moneyKeys.all, 'accounts'] as const,
  categories: () => [...moneyKeys.all, 'categories'] as const,
  /** Every register listing, whatever its filters. */
  transactionLists: () => [...moneyKeys.all, 'transactions'] as const,
  transactionList: (filters: RegisterFilters) => [...moneyKeys.transactionLists(), filters] as const,
  balances: () => [...moneyKeys.all, 'balances'] as const,
};
