import { planUsageSchema } from '@cairn/contracts/plans';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { accountKeys } from './account-keys';

export function getPlanUsage({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest('/api/v1/users/me/usage', { schema: planUsageSchema, signal });
}

/** The user's plan and each of its limits with what is used of it. */
export function planUsageQueryOptions() {
  return queryOptions({
    queryKey: accountKeys.usage(),
    queryFn: getPlanUsage,
    // The section shows the failure itself, with a retry.
    meta: { isErrorToastHidden: true },
  });
}
