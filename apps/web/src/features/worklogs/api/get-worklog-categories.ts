import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { worklogKeys } from './worklog-keys';

export function getWorklogCategories({ signal }: { signal?: AbortSignal } = {}) {
  // Imported lazily: route loaders use this, and the contract would bring its schema library to every page.
  const schema = import('@cairn/contracts/worklogs').then((contract) => contract.worklogCategoryListSchema);
  return apiRequest('/api/v1/worklogs/categories', { schema, signal });
}

export function worklogCategoriesQueryOptions() {
  return queryOptions({
    queryKey: worklogKeys.categoryList(),
    queryFn: ({ signal }) => getWorklogCategories({ signal }),
    meta: { errorMessage: 'Could not load your categories' },
  });
}
