import { moneyRecurringSchema } from '@cairn/contracts/money';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { moneyReportKeys } from './money-report-keys';

export interface SkipRecurringOccurrenceVariables {
  recurringId: string;
  /** The occurrence's day (YYYY-MM-DD); it must still be to come. */
  date: string;
}

export function skipRecurringOccurrence({ recurringId, date }: SkipRecurringOccurrenceVariables) {
  return apiRequest(`/api/v1/money/recurring/${recurringId}/skip`, {
    method: 'POST',
    body: { date },
    schema: moneyRecurringSchema,
  });
}

export function useSkipRecurringOccurrenceMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: skipRecurringOccurrence,
    meta: { errorMessage: 'Could not skip this occurrence' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: moneyReportKeys.all }),
  });
}
