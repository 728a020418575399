import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, noContentSchema } from '../../../lib/api-client';
import { moneyReportKeys } from './money-report-keys';

/** The series ends; transactions it already posted stay in the register. */
export function deleteRecurring(recurringId: string) {
  return apiRequest(`/api/v1/money/recurring/${recurringId}`, { method: 'DELETE', schema: noContentSchema });
}

export function useDeleteRecurringMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRecurring,
    meta: { errorMessage: 'Could not delete the recurring transaction' },
    // The posted transactions lose their link to the series, which the register shows.
    onSettled: () => queryClient.invalidateQueries({ queryKey: moneyReportKeys.all }),
  });
}
