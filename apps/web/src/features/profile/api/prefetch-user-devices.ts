import { userDevicesSchema } from '@cairn/contracts/users';
import type { QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { pushSubscriptionsQueryOptions } from './get-push-subscriptions';
import { userSessionsQueryOptions } from './get-user-sessions';

export function getUserDevices({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest('/api/v1/users/me/devices', { schema: userDevicesSchema, signal });
}

/**
 * The signed-in devices and the notified ones, which the profile lists, for its loader: when both are
 * missing, in one request, each list under its own key in the shape its own endpoint answers, so
 * refetches later go to that endpoint.
 */
export function prefetchUserDevices(queryClient: QueryClient): void {
  const sessions = userSessionsQueryOptions();
  const subscriptions = pushSubscriptionsQueryOptions();
  const isMissing = (queryKey: readonly unknown[]) => queryClient.getQueryData(queryKey) === undefined;
  if (!isMissing(sessions.queryKey) || !isMissing(subscriptions.queryKey)) {
    void queryClient.prefetchQuery(sessions);
    void queryClient.prefetchQuery(subscriptions);
    return;
  }
  // Sent by the first part that fetches, so nothing goes out while queries are paused offline.
  let shared: ReturnType<typeof getUserDevices> | undefined;
  const both = () => (shared ??= getUserDevices());
  void queryClient.prefetchQuery({
    queryKey: sessions.queryKey,
    meta: sessions.meta,
    queryFn: () => both().then((answer) => answer.sessions),
  });
  void queryClient.prefetchQuery({
    queryKey: subscriptions.queryKey,
    meta: subscriptions.meta,
    queryFn: () => both().then((answer) => answer.pushSubscriptions),
  });
}
