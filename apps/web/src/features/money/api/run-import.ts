import { type MoneyImportBody, moneyImportResultSchema } from '@cairn/contracts/money';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { moneyReportKeys } from './money-report-keys';

/** Writes every new row in one database transaction; duplicates and invalid rows are skipped. */
export function runImport(body: MoneyImportBody) {
  return apiRequest('/api/v1/money/imports', { method: 'POST', body, schema: moneyImportResultSchema });
}

export function useRunImportMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runImport,
    meta: { errorMessage: 'Could not import the file' },
    // New transactions (and perhaps new categories) change every money view.
    onSettled: () => queryClient.invalidateQueries({ queryKey: moneyReportKeys.all }),
  });
}
