import { type MoneyImportBody, moneyImportPreviewSchema } from '@cairn/contracts/money';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * Reads the file as the import would: without a mapping only its columns and first rows, with one
 * also what each row becomes and whether it is new, a duplicate or invalid. Nothing is written.
 */
export function previewImport(body: MoneyImportBody) {
  return apiRequest('/api/v1/money/imports/preview', {
    method: 'POST',
    body,
    schema: moneyImportPreviewSchema,
  });
}

export function usePreviewImportMutation() {
  return useMutation({
    mutationFn: previewImport,
    meta: { errorMessage: 'Could not read the file' },
  });
}
