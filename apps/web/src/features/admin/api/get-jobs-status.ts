import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

export function getJobsStatus({ signal }: { signal?: AbortSignal } = {}) {
  const schema = import('@cairn/contracts/jobs').then((contract) => contract.jobsStatusSchema);
  return apiRequest('/api/v1/admin/jobs', { schema, signal });
}

/** The background jobs: schedules, the queue by name and status, recent failures. */
export function jobsStatusQueryOptions() {
  return queryOptions({
    queryKey: adminKeys.jobs(),
    queryFn: getJobsStatus,
    meta: { errorMessage: 'Could not load the job status' },
  });
}
