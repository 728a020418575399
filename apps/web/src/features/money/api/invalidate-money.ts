import type { QueryClient } from '@tanstack/react-query';
import { moneyKeys } from './money-keys';

/** Balances, counts and reports all follow from every write, so a write refreshes the whole area. */
export function invalidateMoney(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: moneyKeys.all });
}
