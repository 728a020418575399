import { useMutation } from '@tanstack/react-query';
import { httpErrorFrom } from '../../../lib/errors';
import type { RegisterFilters } from '../page/money-search';
import { toTransactionSearchParams } from './get-money-transactions';

/**
 * A fetch against the API with the session's token (and its refresh), answering the response as is:
 * a download is bytes, which the JSON client does not read. The route hands it in.
 */
export type SessionFetch = (path: string, init?: RequestInit) => Promise<Response>;

/** The file name the server suggests (Content-Disposition), else one with the day. */
export function exportFileName(contentDisposition: string | null, today: string): string {
  const encoded = contentDisposition && /filename\*=UTF-8''([^;]+)/i.exec(contentDisposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // A malformed name: the plain one below, or the default.
    }
  }
  const plain = contentDisposition && /filename="?([^";]+)"?/i.exec(contentDisposition)?.[1];
  return plain || `transactions-${today}.csv`;
}

/** Downloads the register with these filters, every matching row, as CSV. */
export async function exportMoneyTransactions(
  filters: RegisterFilters,
  { fetchWithSession, today }: { fetchWithSession: SessionFetch; today: string },
): Promise<void> {
  const search = toTransactionSearchParams(filters);
  const suffix = search.size > 0 ? `?${search}` : '';
  const response = await fetchWithSession(`/api/v1/money/transactions/export${suffix}`);
  if (!response.ok) throw await httpErrorFrom(response);
  const blob = await response.blob();
  const url = URL.createObjectURL(new Blob([blob], { type: 'text/csv' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = exportFileName(response.headers.get('Content-Disposition'), today);
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file to the browser; the URL can go once it has read it.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function useExportMoneyTransactionsMutation(fetchWithSession: SessionFetch) {
  return useMutation({
    mutationFn: ({ filters, today }: { filters: RegisterFilters; today: string }) =>
      exportMoneyTransactions(filters, { fetchWithSession, today }),
    meta: { errorMessage: 'Could not export your transactions' },
  });
}
