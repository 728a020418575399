import { apiRequest, noContentSchema } from '../../../lib/api-client';

export function deletePushSubscription(subscriptionId: string) {
  return apiRequest(`/api/v1/push/subscriptions/${subscriptionId}`, {
    method: 'DELETE',
    schema: noContentSchema,
  });
}
