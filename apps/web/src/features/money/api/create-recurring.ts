import { type CreateMoneyRecurringBody, moneyRecurringSchema } from '@cairn/contracts/money';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { moneyReportKeys } from './money-report-keys';

export function createRecurring(body: CreateMoneyRecurringBody) {
  return apiRequest('/api/v1/money/recurring', { method: 'POST', body, schema: moneyRecurringSchema });
}

/** Occurrences already due are posted on creation, so balances, the register and reports all refresh. */
export function useCreateRecurringMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRecurring,
    meta: { errorMessage: 'Could not create the recurring transaction' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: moneyReportKeys.all }),
  });
}
