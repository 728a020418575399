import { moneyRecurringSchema, type UpdateMoneyRecurringBody } from '@cairn/contracts/money';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { moneyReportKeys } from './money-report-keys';

export interface UpdateRecurringVariables {
  recurringId: string;
  body: UpdateMoneyRecurringBody;
}

export function updateRecurring({ recurringId, body }: UpdateRecurringVariables) {
  return apiRequest(`/api/v1/money/recurring/${recurringId}`, {
    method: 'PATCH',
    body,
    schema: moneyRecurringSchema,
  });
}

/** A rule moved into the past posts what became due, so every money view refreshes. */
export function useUpdateRecurringMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRecurring,
    meta: { errorMessage: 'Could not save the recurring transaction' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: moneyReportKeys.all }),
  });
}
