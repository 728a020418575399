import { testPushResultSchema } from '@cairn/contracts/push';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { pushKeys } from './push-keys';

export function sendTestPush(subscriptionId: string) {
  return apiRequest(`/api/v1/push/subscriptions/${subscriptionId}/test`, {
    method: 'POST',
    schema: testPushResultSchema,
  });
}

export function useSendTestPushMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendTestPush,
    meta: { errorMessage: 'Could not send the test notification' },
    // A delivery updates the device's last success; a refused one may deactivate it.
    onSettled: () => queryClient.invalidateQueries({ queryKey: pushKeys.subscriptions() }),
  });
}
