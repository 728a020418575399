import { columnListSchema } from '@cairn/contracts/columns';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { taskKeys } from '../task-keys';

export function getColumns({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest('/api/v1/columns', { schema: columnListSchema, signal });
}

/** The board's columns, left to right. */
export function columnsQueryOptions() {
  return queryOptions({
    queryKey: taskKeys.columns(),
    queryFn: getColumns,
    select: (data) => data.items,
    meta: { errorMessage: 'Could not load the board columns' },
  });
}
