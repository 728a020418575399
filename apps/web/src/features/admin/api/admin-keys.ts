/**
 * Every cache key of the admin screen, defined once, under ['admin'], so its changes refresh only its
 * own data. Never persisted for offline use (lib/query-persistence.ts keeps a list of roots).
 */
export const adminKeys = {
  all: ['admin'] as const,
  userLists: () => [...adminKeys.all, 'users'] as const,
  userList: (search: string | undefined) => [...adminKeys.userLists(), { search: search ?? '' }] as const,
  clientErrors: () => [...adminKeys.all, 'client-errors'] as const,
  jobs: () => [...adminKeys.all, 'jobs'] as const,
  currencyRates: () => [...adminKeys.all, 'currency-rates'] as const,
};
