import { moneyCategoryListSchema } from '@cairn/contracts/money';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { moneyKeys } from './money-keys';

export function getMoneyCategories({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest('/api/v1/money/categories', { schema: moneyCategoryListSchema, signal });
}

/** The user's categories and sub-categories, flat (each names its parent). */
export function moneyCategoriesQueryOptions() {
  return queryOptions({
    queryKey: moneyKeys.categories(),
    queryFn: getMoneyCategories,
    select: (data) => data.items,
    meta: { errorMessage: 'Could not load your categories' },
  });
}

export function useMoneyCategories() {
  return useQuery(moneyCategoriesQueryOptions());
}
