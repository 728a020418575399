import { type FormulaPreviewBody, formulaPreviewSchema } from '@cairn/contracts/trackers';
import { keepPreviousData, queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { trackerKeys } from './tracker-keys';

export function previewFormula(body: FormulaPreviewBody, { signal }: { signal?: AbortSignal } = {}) {
  return apiRequest('/api/v1/trackers/formula-preview', {
    method: 'POST',
    body,
    schema: formulaPreviewSchema,
    signal,
  });
}

/**
 * The formula checked and evaluated for the latest day a source was logged. A read, though
 * sent as a POST, so it is a query: the editor asks again as the formula changes (debounced), and an
 * answer already had for the same formula is reused.
 */
export function formulaPreviewQueryOptions(body: FormulaPreviewBody | undefined) {
  return queryOptions({
    queryKey: [...trackerKeys.all, 'formula-preview', body] as const,
    queryFn: body ? ({ signal }) => previewFormula(body, { signal }) : skipToken,
    retry: false,
    placeholderData: keepPreviousData,
    // The editor shows a refusal under the formula itself.
    meta: { isErrorToastHidden: true },
  });
}

export function useFormulaPreview(body: FormulaPreviewBody | undefined) {
  return useQuery(formulaPreviewQueryOptions(body));
}
