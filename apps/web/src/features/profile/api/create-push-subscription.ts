import { type CreatePushSubscriptionBody, pushSubscriptionSchema } from '@cairn/contracts/push';
import { apiRequest } from '../../../lib/api-client';

/** Registers this browser's subscription; the same endpoint again updates the existing device. */
export function createPushSubscription(body: CreatePushSubscriptionBody) {
  return apiRequest('/api/v1/push/subscriptions', { method: 'POST', body, schema: pushSubscriptionSchema });
}
