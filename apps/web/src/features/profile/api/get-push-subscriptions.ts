import { pushSubscriptionsSchema } from '@cairn/contracts/push';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { pushKeys } from './push-keys';

export function getPushSubscriptions({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest('/api/v1/push/subscriptions', { schema: pushSubscriptionsSchema, signal });
}

/** The devices that receive the user's notifications. */
export function pushSubscriptionsQueryOptions() {
  return queryOptions({
    queryKey: pushKeys.subscriptions(),
    queryFn: getPushSubscriptions,
    // The section shows the failure itself, with a retry.
    meta: { isErrorToastHidden: true },
  });
}
